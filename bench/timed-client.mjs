// The benchmarks' HTTP client in a thread of its own: a benchmark that runs simulators in its own process would
// otherwise time the console's answers late by however long its event loop is busy serving the console's calls to
// them. Asked { id, url, init }, it answers { id, ms, status, body }.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', async ({ id, url, init }) => {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    parentPort?.postMessage({ id, ms: performance.now() - started, status: res.status, body });
  } catch (err) {
    parentPort?.postMessage({ id, ms: performance.now() - started, status: 0, body: String(err) });
  }
});
