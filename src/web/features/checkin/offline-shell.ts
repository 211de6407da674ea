/**
 * Makes the door page open with no connection: registers its service worker (public/checkin-sw.js,
 * scoped to the door pages alone), loads the QR reader and its WebAssembly once so they are kept too,
 * and names to the worker every file this visit loaded before the worker took charge (the first visit).
 * Resolves with whether it was done; it never throws (a browser without service workers still checks
 * people in while it has a connection, and keeps what it checks in offline).
 */
export async function keepDoorPageForOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !navigator.onLine) return false;
  try {
    const registration = await navigator.serviceWorker.register('/checkin-sw.js', { scope: '/dashboard/checkin/' });
    // Not `navigator.serviceWorker.ready`: it waits for a worker whose scope covers the address the page
    // was first opened at, which never comes when the door was reached from All Events (/dashboard/…).
    const worker = await activeWorker(registration);
    const reader = await import('./qr-reader.ts');
    await reader.keepReaderForOffline();
    // The files loaded so far, and those the page links to (its scripts, styles and preloaded modules).
    const linked = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')].map((element) =>
      element instanceof HTMLScriptElement ? element.src : element.href,
    );
    const loaded = [...new Set([...performance.getEntriesByType('resource').map((entry) => entry.name), ...linked])].filter(
      (name) => new URL(name, location.href).origin === location.origin && new URL(name, location.href).pathname.startsWith('/assets/'),
    );
    const kept = new Promise<boolean>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if ((event.data as { type?: string } | null)?.type !== 'kept') return;
        navigator.serviceWorker.removeEventListener('message', onMessage);
        resolve(true);
      };
      navigator.serviceWorker.addEventListener('message', onMessage);
    });
    // The page, the account and the site's settings (the sign-in check and the header need them), and the files.
    worker.postMessage({ type: 'keep', urls: [location.pathname, '/api/users/me', '/api/site', ...loaded] });
    return await kept;
  } catch {
    return false;
  }
}

/** The registration's worker once it is active (installed and activated), however far it had got. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const { active } = registration;
  if (active) return Promise.resolve(active);
  const coming = registration.installing ?? registration.waiting;
  if (!coming) return Promise.reject(new Error('the door page’s worker was not installed'));
  return new Promise((resolve, reject) => {
    const onChange = () => {
      if (coming.state === 'activated') {
        coming.removeEventListener('statechange', onChange);
        resolve(coming);
      } else if (coming.state === 'redundant') {
        coming.removeEventListener('statechange', onChange);
        reject(new Error('the door page’s worker was not installed'));
      }
    };
    coming.addEventListener('statechange', onChange);
    onChange();
  });
}
