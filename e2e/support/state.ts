import { ADMIN_PASSWORD } from './console.ts';

/** What every spec signs in with: `admin` and the password its console was started with. */
export function readState() {
  return { adminNewPassword: ADMIN_PASSWORD };
}
