import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * This site's address (`https://example.org`). The server draws pages for every address it is reached
 * by and knows none: there, and while the browser takes the server's HTML over, it is '' (links stay
 * relative), then the browser's own.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => '',
  );
}
