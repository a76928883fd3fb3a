import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { loadMasterKey } from './lib/secrets.ts';
import { ensureFirstAdmin } from './modules/users/users.bootstrap.ts';

const config = loadConfig();
const database = await openDatabase(config);
const firstAdmin = await ensureFirstAdmin(database, config.adminPassword);
const app = await buildApp({
  database,
  masterKey: loadMasterKey(config.secretKey, config.dataDir),
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  } as { level: string },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const where = `http://localhost:${config.port}`;
const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}/pg`;
const lines = [``, `  IT4U console is running on ${db}.`, `  Sign in at ${where}/login`];
if (firstAdmin?.generated) {
  // Printed once, on the first start only; it is never logged or stored in clear.
  lines.push(`  First start: user "admin", password "${firstAdmin.password}" (you will be asked to change it).`);
} else if (firstAdmin) {
  lines.push(`  First start: user "admin" with the password in ADMIN_PASSWORD.`);
}
lines.push(`  API description: ${where}/api/docs`, ``);
process.stdout.write(`${lines.join('\n')}\n`);
