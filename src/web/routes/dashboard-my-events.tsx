import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { QueryError } from '../components/query-error.tsx';
import { RegistrationAnswers } from '../features/questions/registration-answers.tsx';
import { registrationQueries } from '../features/registrations/api.ts';
import { RegistrationGrid, RegistrationGridSkeleton } from '../features/registrations/registration-grid.tsx';
import { useCancelRegistration } from '../features/registrations/use-cancel-registration.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/myEvents: every signed-in account's own registrations (DECISIONS 3.9). */
export function DashboardMyEventsPage() {
  const { t } = useTranslation('registrations');
  usePageTitle(t('mine.title'));
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const query = useQuery({ ...registrationQueries.mine(email), enabled: Boolean(email) });
  const cancel = useCancelRegistration(email);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('mine.title')}</Title>
      {query.isPending && <RegistrationGridSkeleton count={3} />}
      {query.isError && <QueryError title={t('mine.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              {t('mine.none')}
            </Title>
            <Text c="dimmed">{t('mine.noneText')}</Text>
            <ButtonLink to="/events">{t('mine.browse')}</ButtonLink>
          </Stack>
        </Paper>
      )}
      {query.isSuccess && query.data.length > 0 && (
        <RegistrationGrid
          registrations={query.data}
          cancellingId={cancel.cancellingId}
          onCancel={cancel.ask}
          answers={(registration, describedBy) => <RegistrationAnswers registration={registration} describedBy={describedBy} />}
        />
      )}
      <ConfirmDialog
        opened={cancel.opened}
        title={t('cancel.question')}
        subject={cancel.subject}
        confirmLabel={t('cancel.confirm')}
        declineLabel={t('cancel.decline')}
        onConfirm={cancel.confirm}
        onDecline={cancel.decline}
      />
    </Stack>
  );
}
