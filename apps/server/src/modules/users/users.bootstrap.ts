import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createUsersRepository } from './users.repository.ts';

export type FirstAdmin = { username: string; password: string; generated: boolean } | undefined;

/**
 * On the first start (no user at all) create `admin` (ROLE_ADMIN, type User): with ADMIN_PASSWORD when set,
 * else a generated password that must be changed at the first sign-in. Answers what it created, if anything.
 */
export async function ensureFirstAdmin(database: Database, adminPassword: string | undefined): Promise<FirstAdmin> {
  return database.exclusive(async () => {
    const users = createUsersRepository(database.db);
    if ((await users.count()) > 0) return undefined;
    const generated = !adminPassword;
    const password = adminPassword ?? randomBytes(12).toString('base64url');
    await users.insert(
      {
        name: 'Administrator',
        username: 'admin',
        email: 'admin@localhost.localdomain',
        passwordHash: await hashPassword(password),
        gender: 'Male',
        language: 'English',
        type: 'User',
        status: 'Active',
        roles: ['ROLE_ADMIN'],
        changePw: generated,
      },
      [],
    );
    return { username: 'admin', password, generated };
  });
}
