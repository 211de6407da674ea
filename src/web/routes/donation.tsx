import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { QueryError } from '../components/query-error.tsx';
import { type AmountOptions, type AmountState, chosenAmount, firstAmount } from '../features/donations/amount-choice.tsx';
import { donationQueries, type GiftFrequency } from '../features/donations/api.ts';
import { newAttemptId } from '../features/donations/attempt-id.ts';
import { DonationForm } from '../features/donations/donation-form.tsx';
import { eventQueries } from '../features/events/api.ts';
import { EventNotFound } from '../features/events/event-not-found.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { serverErrors } from '../lib/forms/schema-errors.ts';
import { useSite } from '../lib/site.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /donation/:eventId, inside RequireSignedIn: the account is there. */
export function DonationPage() {
  const { t, i18n } = useTranslation('donations');
  const { eventId = '' } = useParams();
  const { account } = useCurrentAccount();
  // One payment per visit, amount and frequency: a retried start, or a pay after a decline, reuses it.
  // A monthly gift is an attempt of its own, so going back and forth never mixes the two.
  const [attemptIds] = useState(() => ({ once: newAttemptId(), monthly: newAttemptId() }));
  const [frequency, setFrequency] = useState<GiftFrequency>('once');
  const eventQuery = useQuery(eventQueries.detail(eventId));
  const site = useSite();
  const options: AmountOptions | undefined = site && {
    amounts: site.donationAmounts,
    currency: site.currency,
    customAmount: site.customAmount,
    minAmount: site.minAmount,
    maxAmount: site.maxAmount,
  };
  const [picked, setPicked] = useState<AmountState | null>(null);
  const amountState = picked ?? (options ? firstAmount(options) : null);
  const chosen = options && amountState ? chosenAmount(amountState, options, t, i18n.language) : null;
  // Another amount is asked for once the donor stops typing, not at every key.
  const chosenKey = chosen && 'cents' in chosen ? chosen.cents : null;
  const [settledKey] = useDebouncedValue(chosenKey, amountState?.choice === 'other' ? 500 : 0);
  const cents = chosenKey !== null && (settledKey === chosenKey || amountState?.choice !== 'other') ? chosenKey : null;
  // A payment is started only for an event still to come (a past one takes no donations), for an amount
  // that can be given: a single one, or a monthly gift's first.
  const paymentQuery = useQuery({
    ...donationQueries.payment(eventId, attemptIds[frequency], cents ?? 0, frequency),
    enabled: eventQuery.data?.past === false && cents !== null,
  });
  // The server refusing the amount (a 400 naming it) is said beside the amount, not as a failed start.
  const amountRefused = serverErrors(paymentQuery.error, ['amount']).errors.amount ?? null;

  const notFound = isApiError(eventQuery.error, 'not_found') || isApiError(paymentQuery.error, 'not_found');
  const event = eventQuery.data;
  usePageTitle(notFound ? t('page.notFound') : t('page.title'));

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
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </Stack>
        {eventQuery.isPending && <PageLoader label={t('page.loading')} />}
        {eventQuery.isError && (
          <QueryError title={t('page.loadFailed')} error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />
        )}
        {event?.past && (
          <Alert role="status" color="gray" variant="light" title={t('page.ended')}>
            {t('page.endedText', { title: event.title })}
            <Group mt="sm">
              <ButtonLink to="/events" variant="light">
                {t('page.browseUpcoming')}
              </ButtonLink>
            </Group>
          </Alert>
        )}
        {event && !event.past && account && options && amountState && (
          <DonationForm
            event={event}
            account={account}
            site={site}
            frequency={{ value: frequency, onChange: setFrequency }}
            amount={{
              options,
              value: amountState,
              onChange: setPicked,
              error: (chosen && 'error' in chosen ? chosen.error : null) ?? amountRefused,
              cents,
            }}
            payment={cents === null ? undefined : paymentQuery.data}
            // While 'Try again' asks, the form shows the payment loading rather than the old error.
            paymentError={paymentQuery.isFetching || amountRefused ? null : paymentQuery.error}
            onRetryPayment={() => void paymentQuery.refetch()}
          />
        )}
      </Stack>
    </Container>
  );
}
