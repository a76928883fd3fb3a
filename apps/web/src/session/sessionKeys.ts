/** Query keys of the signed-in session; cleared as a whole on sign-in and sign-out. */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  mySites: () => [...sessionKeys.all, 'mySites'] as const,
  controller: () => [...sessionKeys.all, 'controller'] as const,
};
