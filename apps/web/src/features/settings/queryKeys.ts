export const settingsKeys = {
  all: ['settings'] as const,
  parameters: () => [...settingsKeys.all, 'parameters'] as const,
  controllers: () => [...settingsKeys.all, 'controllers'] as const,
  backups: () => [...settingsKeys.all, 'backups'] as const,
  demo: () => [...settingsKeys.all, 'demo'] as const,
};
