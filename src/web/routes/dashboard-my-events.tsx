import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { QueryError } from '../components/query-error.tsx';
import { registrationQueries } from '../features/registrations/api.ts';
import { RegistrationGrid, RegistrationGridSkeleton } from '../features/registrations/registration-grid.tsx';
import { useCancelRegistration } from '../features/registrations/use-cancel-registration.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/myEvents: every signed-in account's own registrations (DECISIONS 3.9). */
export function DashboardMyEventsPage() {
  usePageTitle('My Events');
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...registrationQueries.mine(email), enabled: Boolean(email) });
  const cancel = useCancelRegistration(email);

  return (
    <Stack gap="lg">
      <Title order={1}>My Events</Title>
      {query.isPending && <RegistrationGridSkeleton count={3} />}
      {query.isError && <QueryError title="Your events could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              You have not registered for any events yet
            </Title>
            <Text c="dimmed">Choose an event and press 'Event Register' to volunteer at it.</Text>
            <ButtonLink to="/events">Browse events</ButtonLink>
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <RegistrationGrid registrations={query.data} cancellingId={cancel.cancellingId} onCancel={cancel.ask} />
      )}
      <ConfirmDialog opened={cancel.opened} subject={cancel.subject} onConfirm={cancel.confirm} onDecline={cancel.decline} />
    </Stack>
  );
}
