import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentAccount } from '../lib/current-account.ts';
import { PageLoader } from './page-loader.tsx';
import { QueryError } from './query-error.tsx';

/**
 * The sign-in guard (spec section 2): a spinner while the account loads; a signed-out visitor goes
 * to /login, which brings them back here (location.state.from) once they have signed in. Without
 * children it guards the nested routes.
 */
export function RequireSignedIn({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { account, isPending, error, refetch } = useCurrentAccount();
  const location = useLocation();

  if (isPending) return <PageLoader label={t('loading.signIn')} />;
  if (error) {
    return (
      <Container size="sm" py="xl">
        <QueryError title={t('loading.signInFailed')} error={error} onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!account) return <Navigate to="/login" state={{ from: location }} replace />;
  return children ?? <Outlet />;
}
