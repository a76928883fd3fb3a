import { randomBytes } from 'node:crypto';
import type { RoleName } from '@it4u/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { migratedPglite } from './template.ts';

export type Driver = 'pglite' | 'postgres';

/**
 * The databases a test file runs on. `npm test` runs every file once on PGlite (`TEST_DATABASE=pglite`), then the
 * files named `*.db.test.ts` (the repositories' SQL, migrations, locks, backups and restores, several instances on
 * one database) on PostgreSQL (`TEST_DATABASE=postgres`): the SQL is the same on both, so what goes through a
 * repository only needs its own tests on both. Run by hand without TEST_DATABASE: PGlite, and PostgreSQL too when
 * DATABASE_URL is set.
 */
const chosen = process.env.TEST_DATABASE;
export const drivers: Driver[] =
  chosen === 'pglite' || chosen === 'postgres'
    ? [chosen]
    : process.env.DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** the scratch database's address (PostgreSQL only) and the app's master key: a second instance shares both */
  url?: string;
  masterKey: Buffer;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database (in-memory PGlite, or a scratch database on the server), copied from the one the run's
 * set-up migrated (test/globalSetup.ts), and the app on it.
 */
export async function createTestApp(
  driver: Driver,
  appOptions: Partial<Omit<AppOptions, 'database' | 'masterKey'>> = {},
  /** the secrets key (a random one unless given) */
  masterKey: Buffer = randomBytes(32),
): Promise<TestApp> {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let url: URL | undefined;
  if (driver === 'pglite') {
    database = await openPglite(undefined, migratedPglite());
  } else {
    const base = process.env.DATABASE_URL as string;
    const name = `it4u_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    url = new URL(base);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 5);
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  // the overview waits for every list here (a loaded CI machine is slow), where the console answers without the late ones
  const app = await buildApp({ database, masterKey, overviewBudgetMs: 30_000, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    url: url?.toString(),
    masterKey,
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      // every write the tests made successfully left the audit line its contract names
      if (app.auditMisses.size) throw new Error(`writes without their audit line: ${[...app.auditMisses].join(', ')}`);
    },
  };
}

/** Another instance of the console on a PostgreSQL test app's database, with its key (its own pool and state). */
export async function secondInstance(
  t: TestApp,
  appOptions: Partial<Omit<AppOptions, 'database' | 'masterKey'>> = {},
): Promise<Omit<TestApp, 'close'> & { close(): Promise<void> }> {
  if (!t.url) throw new Error('a second instance needs PostgreSQL');
  const database = await openPostgres(t.url, 5);
  const app = await buildApp({ database, masterKey: t.masterKey, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    url: t.url,
    masterKey: t.masterKey,
    async close() {
      await app.close();
      await database.close();
      if (app.auditMisses.size) throw new Error(`writes without their audit line: ${[...app.auditMisses].join(', ')}`);
    },
  };
}

let counter = 0;
export type SeedUser = {
  id: number;
  username: string;
  email: string;
  password: string;
};

/** Makes a user straight in the database (the tests of user administration make theirs through the API). */
export async function seedUser(
  database: Database,
  opts: {
    roles?: RoleName[];
    type?: 'User' | 'Client';
    status?: 'Active' | 'Block';
    changePw?: boolean;
    siteIds?: number[];
    username?: string;
    email?: string;
    password?: string;
  } = {},
): Promise<SeedUser> {
  counter += 1;
  const username = opts.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
  const password = opts.password ?? `Passw0rd-${counter}`;
  const email = opts.email ?? `${username}@example.test`;
  const id = await createUsersRepository(database.db).insert(
    {
      name: `Name ${username}`,
      username,
      email,
      passwordHash: await hashPassword(password),
      roles: opts.roles ?? ['ROLE_KH'],
      type: opts.type ?? 'User',
      status: opts.status ?? 'Active',
      changePw: opts.changePw ?? false,
    },
    opts.siteIds ?? [],
  );
  return { id, username, email, password };
}

export async function signin(app: FastifyInstance, usernameOrEmail: string, password: string, remember = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { usernameOrEmail, password, remember },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; refreshToken: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a fresh user of the given role in and answers their access token. */
export async function tokenFor(t: TestApp, roles: RoleName[], extra: Parameters<typeof seedUser>[1] = {}) {
  const user = await seedUser(t.database, { roles, ...extra });
  const tokens = await signin(t.app, user.username, user.password);
  return { user, ...tokens, headers: bearer(tokens.accessToken) };
}

/** Sets the routers' device token (Parameter tab) as an administrator, as the customer report's tests need. */
export async function setDeviceToken(t: Pick<TestApp, 'app'>, admin: Record<string, string>, tokenDev: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/it4u/systemConfig',
    headers: admin,
    payload: { tokenUcrm: 'ucrm', tokenDev },
  });
  if (res.statusCode !== 200) throw new Error(`the device token was not set: ${res.statusCode} ${res.body}`);
}

/** A router's push of its WAN links (`POST /it4u/customer_info`) with a device token (none: `null`). */
export function pushWan(t: Pick<TestApp, 'app'>, token: string | null, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/it4u/customer_info',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload: body,
  });
}
