import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentAccount } from '../lib/current-account.ts';
import { NotAuthorised } from './not-authorised.tsx';

/**
 * The admin guard (DECISIONS 3.1): admins only. Goes inside RequireSignedIn, which has already
 * sent signed-out visitors to /login; anyone else signed in sees the 'not authorised' page.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { account } = useCurrentAccount();
  const location = useLocation();
  if (account?.role !== 'admin') return <NotAuthorised />;
  // ADMIN_MFA=required and two-step sign-in missing (or not passed in this session): the server would
  // refuse every admin call, so the admin goes where it is set up, told why.
  if (account.mfaRequired) return <Navigate to="/dashboard/security" replace state={{ mfaFrom: location.pathname }} />;
  return children ?? <Outlet />;
}
