/** `npm run sim`: a UniFi Network controller simulator on 127.0.0.1 (plain HTTP). */
import { type Flavor, startSimulator } from './server.ts';

const flavor: Flavor = process.env.SIM_FLAVOR === 'unifios' ? 'unifios' : 'classic';
const sim = await startSimulator({
  port: Number(process.env.SIM_PORT ?? 8843),
  host: '127.0.0.1',
  flavor,
  apGroups: process.env.SIM_AP_GROUPS === 'on',
  username: process.env.SIM_USERNAME ?? 'admin',
  password: process.env.SIM_PASSWORD ?? 'demo-password',
  seed: process.env.SIM_SEED ? Number(process.env.SIM_SEED) : 1,
});

const base = flavor === 'unifios' ? `${sim.url}/proxy/network` : sim.url;
console.log(`UniFi controller simulator (${flavor}) listening on ${sim.url}`);
console.log(
  `  Network API base: ${base}/api   login: POST ${sim.url}${flavor === 'unifios' ? '/api/auth/login' : '/api/login'}`,
);
console.log(`  username: ${sim.username}   password: ${sim.password}`);
console.log(`  sites: ${sim.state.sites.map((s) => `${s.name} (${s.desc})`).join(', ')}`);

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
