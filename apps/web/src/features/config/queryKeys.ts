export const configKeys = {
  all: ['config'] as const,
  parameters: () => [...configKeys.all, 'parameters'] as const,
};
