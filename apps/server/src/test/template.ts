import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

let pgliteTemplate: Blob | undefined;

/**
 * The migrated PGlite database the run's set-up made (test/globalSetup.ts), read once per worker: opening a database
 * from it spares initdb and the migrations (seconds each on a busy machine).
 */
export function migratedPglite(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return pgliteTemplate;
}
