import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * The address the server draws pages with (its PUBLIC_URL's origin), set by entry-server.tsx: an address
 * in a drawn page (the Google Calendar link's way back to the event) is whole before any script runs.
 */
export const drawnOrigin = { current: '' };

/**
 * This site's address (`https://example.org`): the server's own on the server, the browser's in it,
 * from the page's take-over on (where the two are one, nothing in the page changes).
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => (typeof window === 'undefined' ? drawnOrigin.current : window.location.origin),
  );
}
