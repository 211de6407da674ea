import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useCurrentAccount } from '../lib/current-account.ts';
import { NotAuthorised } from './not-authorised.tsx';

/**
 * The admin guard (DECISIONS 3.1): admins only. Goes inside RequireSignedIn, which has already
 * sent signed-out visitors to /login; anyone else signed in sees the 'not authorised' page.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { account } = useCurrentAccount();
  if (account?.role !== 'admin') return <NotAuthorised />;
  return children ?? <Outlet />;
}
