// The simulator in its own process (bench/spawn.ts startOnSimulatorProcess), on the benchmarks' standing clock, as a
// controller is its own machine: it then takes no time from the process that makes the load. Over IPC it says where
// it listens and its sites, and answers how many guests a site has let in.
import { startSimulator } from '@it4u/unifi-sim';
import { BENCH_NOON, BENCH_SIM } from './spawn.ts';

const sim = await startSimulator({ port: 0, flavor: 'classic', ...BENCH_SIM, now: () => BENCH_NOON });
const send = (message: unknown) => process.send?.(message);
send({ url: sim.url, sites: sim.state.sites.map((s) => ({ name: s.name, ap: s.devices[0]?.mac ?? '' })) });
process.on('message', (site: string) =>
  send({ site, authorized: sim.state.sites.find((s) => s.name === site)?.authorized.size ?? 0 }),
);
process.on('disconnect', () => sim.close().then(() => process.exit(0)));
