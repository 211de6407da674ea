import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { LoadingBlocks } from '../../components/loading-placeholders.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { accountScope, useCurrentAccount } from '../../lib/current-account.ts';
import { hasKeptDoorList } from '../checkin/api.ts';
import { runsEveryDoor, staffQueries } from './api.ts';

/**
 * The door guard (DECISIONS.md 5.4), around one event's roster and check-in pages (`:eventId`). An
 * admin who has passed the second factor runs every door; anyone else (of any role, an admin without
 * a second factor too) only the doors an admin named them to, as GET /api/door/events lists them. An
 * admin whose second factor is missing and who was not named goes where it is set up, as RequireAdmin
 * sends them; anyone else sees the 'not authorised' page. The server decides the same (403 otherwise).
 * Goes inside RequireSignedIn, so the account is there.
 *
 * With no connection the door page opens from the phone (decision 032), and the door events cannot be
 * asked for: the door list this phone kept for the event, which only someone the server let read it
 * could have kept, stands for the answer.
 */
export function RequireDoor({ children }: { children?: ReactNode }) {
  // The door's words come with the guard, so that the door page kept for offline use has them too.
  const { t } = useTranslation('door');
  const { account } = useCurrentAccount();
  const { eventId = '' } = useParams();
  const location = useLocation();
  const everyDoor = runsEveryDoor(account);
  const doorEvents = useQuery({ ...staffQueries.doorEvents(), enabled: Boolean(account) && !everyDoor });
  const offline = isApiError(doorEvents.error, 'network');
  const kept = useQuery({
    queryKey: [...accountScope, 'door-kept', eventId] as const,
    queryFn: () => hasKeptDoorList(eventId),
    enabled: offline && !everyDoor,
    networkMode: 'always',
    staleTime: 0,
  });

  if (!account) return <NotAuthorised />;
  const pass = children ?? <Outlet />;
  if (everyDoor) return pass;

  const loading = <LoadingBlocks label={t('guard.loading')} blocks={[{ height: 32, width: '50%' }, { height: 160 }]} />;
  if (doorEvents.isPending) return loading;
  if (doorEvents.data?.some((event) => event._id === eventId)) return pass;
  if (offline && kept.isPending) return loading;
  if (offline && kept.data) return pass;
  if (doorEvents.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('guard.title')}</Title>
        <QueryError title={t('guard.loadFailed')} error={doorEvents.error} onRetry={() => void doorEvents.refetch()} />
      </Stack>
    );
  }
  // ADMIN_MFA=required and two-step sign-in missing (or not passed in this session), and not named for this door.
  if (account.role === 'admin' && account.mfaRequired) {
    return <Navigate to="/dashboard/security" replace state={{ mfaFrom: location.pathname }} />;
  }
  return <NotAuthorised />;
}
