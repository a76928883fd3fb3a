import { type Capability, can } from '@it4u/shared';
import { useCurrentUser } from './useCurrentUser.ts';

/** Whether the signed-in user's roles grant a capability (false until the user is known); the server checks too. */
export function useCan(capability: Capability): boolean {
  const { data: user } = useCurrentUser();
  return user
    ? can(
        user.roles.map((r) => r.name),
        capability,
      )
    : false;
}
