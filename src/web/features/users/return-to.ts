import { useLocation } from 'react-router';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/**
 * Where to go after signing in: the page the sign-in guard sent the person from
 * (location.state.from), or the home page.
 */
export function useReturnTo(): string {
  const from = (useLocation().state as FromState | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '/';
  // Never back to a sign-in page itself.
  if (!pathname.startsWith('/') || pathname === '/login' || pathname === '/register') return '/';
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return pathname + search + hash;
}
