// The console's offline worker (built into /sw.js with the list of the build's files). It keeps the whole app, so a
// phone opens it without a network, and a copy of the lists a technician reads (the warehouse's, the session's), so
// they show, marked as kept, when the console cannot be reached. Nothing else is kept: no other answer, no write.

const VERSION = '__VERSION__';
const FILES = ['__FILES__'];
const SHELL = `it4u-shell-${VERSION}`;
const DATA = 'it4u-data';
const KEPT_AT = 'x-it4u-kept-at';
const MAX_KEPT = 300;
/** How long a kept read waits for the console before it answers with the copy kept (a bad connection's read). */
const READ_DEADLINE_MS = 3000;
/** The reads whose answers are kept (by path and query): the session and what a stock-out needs. */
const KEPT_READS = [
  '/api/v1/user/me',
  '/api/v1/it4u/exportWarehouse',
  '/api/v1/it4u/importWarehouse',
  '/api/v1/it4u/listSupplies',
  '/api/v1/it4u/contract',
  '/api/v1/it4u/getSitename',
  '/api/v1/it4u/stock/',
];
/** Paths the app does not own: the guest page, the splash images, the sockets. */
const NOT_THE_APP = ['/api/', '/guest', '/images/', '/socket.io/', '/webssh', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(['/', ...FILES.map((f) => `/${f}`)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // a new version keeps the files of the one before (a tab opened before the deploy still runs it and loads its
      // screens' code from them) and drops older ones, and the lists kept by the old version (they fill up again as
      // read). Caches are listed in the order they were made: the last other shell is the version before.
      const shells = (await caches.keys()).filter((name) => name.startsWith('it4u-shell-') && name !== SHELL);
      for (const name of shells.slice(0, -1)) await caches.delete(name);
      await caches.delete(DATA);
      await self.clients.claim();
    })(),
  );
});

/**
 * The console's answer, kept; else (no network, or no answer within READ_DEADLINE_MS while a copy is kept) the copy
 * kept last, marked with when it was kept. The console's answer, come late, is kept for the next read.
 */
async function keptRead(request) {
  const cache = await caches.open(DATA);
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) {
      const headers = new Headers(response.headers);
      headers.set(KEPT_AT, String(Date.now()));
      const body = await response.clone().arrayBuffer();
      await cache.delete(request);
      await cache.put(request, new Response(body, { status: 200, headers }));
      // the oldest copies go past MAX_KEPT (every search and page read is one)
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT))) await cache.delete(old);
    } else if (response.status === 401 || response.status === 403) {
      await cache.delete(request);
    }
    return response;
  });
  const copy = await cache.match(request);
  if (!copy) return network;
  network.catch(() => undefined);
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(copy), READ_DEADLINE_MS);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return copy;
  } finally {
    clearTimeout(timer);
  }
}

/** A page of the app: from the network, else the app kept (a client route is the app's index). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.open(SHELL);
    const copy = await shell.match('/');
    if (copy) return copy;
    throw error;
  }
}

/** A file of the build: named by its content, so the kept one is right. */
async function file(request) {
  const copy = await caches.match(request);
  return copy ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (KEPT_READS.some((p) => url.pathname.startsWith(p))) {
      event.respondWith(keptRead(request));
    }
    return;
  }
  if (NOT_THE_APP.some((p) => url.pathname.startsWith(p))) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(file(request));
});
