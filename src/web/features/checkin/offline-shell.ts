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
    await navigator.serviceWorker.ready;
    const reader = await import('./qr-reader.ts');
    await reader.keepReaderForOffline();
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).origin === location.origin && new URL(name).pathname.startsWith('/assets/'));
    const worker = registration.active ?? navigator.serviceWorker.controller;
    if (!worker) return false;
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
