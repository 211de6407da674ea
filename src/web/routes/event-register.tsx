import { Container, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatNumber } from '../../shared/format.ts';
import { type RegistrationCreated, registrationMessages } from '../../shared/registrations.ts';
import { QueryError } from '../components/query-error.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventDetailsSkeleton } from '../features/events/event-details-skeleton.tsx';
import { EventNotFound } from '../features/events/event-not-found.tsx';
import { registerForEvent, registrationQueries } from '../features/registrations/api.ts';
import { RegistrationForm, type RegistrationStatus } from '../features/registrations/registration-form.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { notify } from '../lib/notify.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /events/register/:singleEventId, inside RequireSignedIn: the account is there. */
export function EventRegisterPage() {
  const { t, i18n } = useTranslation('registrations');
  const { singleEventId = '' } = useParams();
  const { account } = useCurrentAccount();
  const email = account?.email ?? '';
  const queryClient = useQueryClient();
  const eventQuery = useQuery(eventQueries.detail(singleEventId));
  const mine = useQuery({ ...registrationQueries.mine(email), enabled: Boolean(email) });
  // What the server said to this page's own Register: it outranks the list loaded before.
  const [answer, setAnswer] = useState<Exclude<RegistrationStatus, 'open'> | null>(null);
  const [created, setCreated] = useState<RegistrationCreated | null>(null);

  const register = useMutation({
    mutationFn: () => registerForEvent(singleEventId),
    onSuccess: (result) => {
      setCreated(result);
      setAnswer(result.status);
      const message =
        result.status === 'waitlisted'
          ? t('outcome.waitlistedToast', {
              position: result.position === null ? '?' : formatNumber(result.position, i18n.language, { useGrouping: false }),
            })
          : t('outcome.registeredToast');
      void notify({ color: 'teal', message });
    },
    onError: (error) => {
      if (isApiError(error, 'conflict') && error.message === registrationMessages.alreadyRegistered) setAnswer('alreadyRegistered');
      else if (isApiError(error, 'conflict') && error.message === registrationMessages.eventPast) setAnswer('past');
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationQueries.mine(email).queryKey }),
        // Its places left change with every registration.
        queryClient.invalidateQueries({ queryKey: eventQueries.all() }),
      ]),
  });

  const notFound = isApiError(eventQuery.error, 'not_found');
  const event = eventQuery.data;
  usePageTitle(event ? t('register.title', { title: event.title }) : notFound ? t('register.notFound') : t('register.heading'));

  const existing = mine.data?.find((registration) => registration.eventId === singleEventId);
  let status: RegistrationStatus = 'open';
  if (answer) status = answer;
  else if (existing) status = existing.status === 'waitlisted' ? 'waitlisted' : 'alreadyRegistered';
  else if (event?.past) status = 'past';
  const position = created?.position ?? existing?.position ?? null;
  // A conflict is shown as the status it names; any other failure beside the button.
  const failure = register.error && !answer ? register.error : null;

  return (
    <Container size="md" py="xl">
      {eventQuery.isPending && <EventDetailsSkeleton />}
      {notFound && <EventNotFound />}
      {eventQuery.isError && !notFound && (
        <Stack gap="md">
          <Title order={1}>{t('register.heading')}</Title>
          <QueryError title={t('register.loadFailed')} error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />
        </Stack>
      )}
      {event && account && (
        <Stack gap="lg">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {t('register.title', { title: event.title })}
          </Title>
          <RegistrationForm
            event={event}
            account={account}
            status={status}
            position={position}
            checking={mine.isPending}
            submitting={register.isPending}
            failure={failure}
            onRegister={() => register.mutate()}
          />
        </Stack>
      )}
    </Container>
  );
}
