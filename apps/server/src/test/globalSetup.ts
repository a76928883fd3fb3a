import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated PGlite database's dump, that each test app starts from */
    pgliteTemplate: string;
    /** a migrated PostgreSQL database that each test app's scratch database copies (when DATABASE_URL is set) */
    postgresTemplate: string | null;
  }
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates one database of each kind once per run; every test app starts from a copy of it instead of creating and
 * migrating its own (initdb and the migrations took seconds per app).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'it4u-test-'));
  const pglite = await openPglite();
  await migrate(pglite);
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const file = path.join(dir, 'pglite-template.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);

  let template: string | null = null;
  if (process.env.DATABASE_URL) {
    template = `it4u_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${template}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${template}`;
    const database = await openPostgres(url.toString(), 2);
    await migrate(database);
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template) await adminQuery(`drop database if exists ${template} with (force)`);
  };
}
