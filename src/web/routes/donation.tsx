import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { QueryError } from '../components/query-error.tsx';
import { newAttemptId } from '../features/donations/attempt-id.ts';
import { donationQueries } from '../features/donations/api.ts';
import { DonationForm } from '../features/donations/donation-form.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventNotFound } from '../features/events/event-not-found.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /donation/:eventId, inside RequireSignedIn: the account is there. */
export function DonationPage() {
  const { eventId = '' } = useParams();
  const { account } = useCurrentAccount();
  // One payment per visit: a retried start, or a pay after a decline, reuses it.
  const [attemptId] = useState(newAttemptId);
  const eventQuery = useQuery(eventQueries.detail(eventId));
  // A payment is started only for an event still to come: a past one takes no donations.
  const paymentQuery = useQuery({ ...donationQueries.payment(eventId, attemptId), enabled: eventQuery.data?.past === false });

  const notFound = isApiError(eventQuery.error, 'not_found') || isApiError(paymentQuery.error, 'not_found');
  const event = eventQuery.data;
  usePageTitle(notFound ? 'Event not found' : 'Make Donation');

  if (notFound) {
    return (
      <Container size="sm" py="xl">
        <EventNotFound />
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Make Donation</Title>
          <Text c="dimmed">Every donation goes to the event you choose. The amount is set by the charity.</Text>
        </Stack>
        {eventQuery.isPending && <PageLoader label="Loading the event" />}
        {eventQuery.isError && (
          <QueryError title="This event could not be loaded" error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />
        )}
        {event?.past && (
          <Alert role="status" color="gray" variant="light" title="This event has ended">
            {event.title} has already taken place, so it takes no more donations.
            <Group mt="sm">
              <ButtonLink to="/events" variant="light">
                Browse upcoming events
              </ButtonLink>
            </Group>
          </Alert>
        )}
        {event && !event.past && account && (
          <DonationForm
            event={event}
            account={account}
            payment={paymentQuery.data}
            // While 'Try again' asks, the form shows the payment loading rather than the old error.
            paymentError={paymentQuery.isFetching ? null : paymentQuery.error}
            onRetryPayment={() => void paymentQuery.refetch()}
          />
        )}
      </Stack>
    </Container>
  );
}
