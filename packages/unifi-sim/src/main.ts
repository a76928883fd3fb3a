/** `npm run sim`: a UniFi Network controller simulator on 127.0.0.1 (plain HTTP), one per process. */
import { type Flavor, type Misbehaviour, startSimulator } from './server.ts';

const flavor: Flavor = process.env.SIM_FLAVOR === 'unifios' ? 'unifios' : 'classic';

/** A whole number from the environment, or undefined when the variable is not set. */
function whole(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number: ${raw}`);
  return value;
}

/** How it misbehaves from the start: SIM_MISBEHAVE, JSON of the Misbehaviour fields (README). */
function misbehaviour(): Partial<Misbehaviour> | undefined {
  const raw = process.env.SIM_MISBEHAVE;
  if (!raw) return undefined;
  const value: unknown = JSON.parse(raw);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`SIM_MISBEHAVE must be a JSON object: ${raw}`);
  return value as Partial<Misbehaviour>;
}

const sim = await startSimulator({
  port: whole('SIM_PORT') ?? 8843,
  host: '127.0.0.1',
  flavor,
  apGroups: process.env.SIM_AP_GROUPS === 'on',
  username: process.env.SIM_USERNAME ?? 'admin',
  password: process.env.SIM_PASSWORD ?? 'demo-password',
  seed: whole('SIM_SEED') ?? 1,
  sites: whole('SIM_SITES'),
  vouchers: whole('SIM_VOUCHERS'),
  apiKey: process.env.SIM_API_KEY,
  twoFactor: process.env.SIM_TWO_FACTOR === 'on',
  misbehave: misbehaviour(),
  // SIM_TLS=on: HTTPS with a new self-signed certificate, as a console serves out of the box
  ...(process.env.SIM_TLS === 'on' ? { tls: true as const } : {}),
});

const base = flavor === 'unifios' ? `${sim.url}/proxy/network` : sim.url;
console.log(`UniFi controller simulator (${flavor}) listening on ${sim.url}`);
console.log(
  `  Network API base: ${base}/api   login: POST ${sim.url}${flavor === 'unifios' ? '/api/auth/login' : '/api/login'}`,
);
console.log(`  username: ${sim.username}   password: ${sim.password}`);
if (sim.apiKey) console.log(`  API key (header X-API-KEY): ${sim.apiKey}`);
if (sim.certificate) console.log(`  self-signed certificate, SHA-256 ${sim.certificate.fingerprint256}`);
if (process.env.SIM_MISBEHAVE)
  console.log(`  misbehaving: ${process.env.SIM_MISBEHAVE} (POST /__sim/misbehave changes it)`);
if (process.env.SIM_TWO_FACTOR === 'on') console.log('  two-factor sign-in: a login with the password is refused');
const { sites } = sim.state;
const shown = sites.slice(0, 8).map((s) => `${s.name} (${s.desc})`);
console.log(`  sites (${sites.length}): ${shown.join(', ')}${sites.length > 8 ? `, … ${sites.length - 8} more` : ''}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the simulator`);
  sim.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
