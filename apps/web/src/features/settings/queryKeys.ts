export const settingsKeys = {
  all: ['settings'] as const,
  parameters: () => [...settingsKeys.all, 'parameters'] as const,
};
