// The door page's service worker (decision 032): registered only by /dashboard/checkin/{eventId}, with
// that folder as its scope, so no other page of the site is served by it. It keeps what the page needs
// to open with no connection in a church hall:
// - the page's HTML, network first (a new release is seen as soon as there is a connection);
// - the hashed build files it loads (scripts, styles, ZXing's WebAssembly), cache first: a hashed name
//   never changes its bytes;
// - the signed-in account and the site's settings (GET /api/users/me, /api/site), network first, so the
//   page's sign-in check passes offline. The account is kept apart ('hh-checkin-account'), and signing
//   out deletes it.
// The event's door list is kept by the page itself (IndexedDB), with the check-ins waiting to be sent.

const SHELL = 'hh-checkin-shell-v1';
const ACCOUNT = 'hh-checkin-account';
const KEPT_API = new Set(['/api/users/me', '/api/site']);

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('hh-checkin-shell-') && name !== SHELL).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

const isHashedAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

async function networkFirst(request, cacheName, fallbackKey) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request, { ignoreVary: true })) ?? (fallbackKey ? await fallbackKey(cache) : undefined);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Offline, another event's door page opens from any door page kept: the app draws it from its own URL. */
async function anyDoorPage(cache) {
  const keys = await cache.keys();
  const page = keys.find((request) => new URL(request.url).pathname.startsWith('/dashboard/checkin/'));
  return page ? cache.match(page, { ignoreVary: true }) : undefined;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/dashboard/checkin/')) {
    event.respondWith(networkFirst(request, SHELL, anyDoorPage));
  } else if (isHashedAsset(url)) {
    event.respondWith(cacheFirst(request));
  } else if (KEPT_API.has(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname === '/api/users/me' ? ACCOUNT : SHELL));
  }
});

// The page names the files it loaded before this worker took charge of it (its first visit): kept now.
self.addEventListener('message', (event) => {
  const urls = event.data?.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : [];
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      for (const href of urls) {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) continue;
        if (!isHashedAsset(url) && !url.pathname.startsWith('/dashboard/checkin/') && !KEPT_API.has(url.pathname)) continue;
        if (isHashedAsset(url) && (await shell.match(url.href, { ignoreVary: true }))) continue;
        const cache = url.pathname === '/api/users/me' ? await caches.open(ACCOUNT) : shell;
        try {
          const response = await fetch(url.href, { credentials: 'same-origin' });
          if (response.ok) await cache.put(url.href, response);
        } catch {
          // No connection now: kept on a later visit.
        }
      }
      event.source?.postMessage({ type: 'kept', count: urls.length });
    })(),
  );
});
