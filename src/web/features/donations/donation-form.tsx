import { Alert, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Account } from '../../../shared/accounts.ts';
import type { PaymentStarted } from '../../../shared/donations.ts';
import type { Event } from '../../../shared/events.ts';
import type { Site } from '../../../shared/site.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { emptyTestCard, testCardFieldNames, testCardFormSchema } from '../../lib/test-card.ts';
import { useOrigin } from '../../lib/use-origin.ts';
import { donationAmount } from './amount.ts';
import { AmountChoice, type AmountOptions, type AmountState } from './amount-choice.tsx';
import type { GiftFrequency } from './api.ts';
import type { CardPaymentHandle } from './card-payment.ts';
import classes from './donation-form.module.css';
import { FrequencyChoice } from './frequency-choice.tsx';
import { PreparingPayment } from './preparing-payment.tsx';
import { StripeCardFields } from './stripe-card-fields.tsx';
import { TestCardFields } from './test-card-fields.tsx';
import { type PayPhase, usePayDonation } from './use-pay-donation.ts';

interface DonationFormProps {
  event: Event;
  account: Account;
  site: Site | undefined;
  /** Give once, or monthly (the payment is then a monthly gift's first). */
  frequency: {
    value: GiftFrequency;
    onChange: (value: GiftFrequency) => void;
  };
  amount: {
    options: AmountOptions;
    value: AmountState;
    onChange: (value: AmountState) => void;
    /** Why the amount typed cannot be given, if it cannot. */
    error: string | null;
    /** The amount chosen, once it can be given. */
    cents: number | null;
  };
  /** The payment this visit pays, once the server has started it (a monthly gift's first, when monthly). */
  payment: PaymentStarted | undefined;
  paymentError: Error | null;
  onRetryPayment: () => void;
}

/** How the card is kept safe, and who receives the money (the charity's registered details, when set). */
function SecureNote({ mode, site }: { mode: PaymentStarted['mode'] | undefined; site: Site | undefined }) {
  // Said only when true: a site reached over plain http is not encrypted.
  const encrypted = useOrigin().startsWith('https:');
  const { t } = useTranslation('donations');
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        <span aria-hidden="true">🔒 </span>
        {mode === 'test' ? `${t('secure.test')}${encrypted ? t('secure.encrypted') : ''}` : t('secure.stripe')}
      </Text>
      {site && (
        <Text size="sm" c="dimmed">
          {site.registrationNumber
            ? t('secure.receivedByCharity', { name: site.name, number: site.registrationNumber })
            : t('secure.receivedBy', { name: site.name })}
        </Text>
      )}
    </Stack>
  );
}

/** In Stripe mode the card is Stripe's own field: the form has none of its own to check. */
const noCardFields = z.object({});

/** Mantine's light teal falls short of 4.5:1 (axe); teal.9 on teal.0 keeps it. */
const doneLook = {
  root: { background: 'var(--mantine-color-teal-0)' },
  title: { color: 'var(--mantine-color-teal-9)' },
};

interface OutcomeProps {
  phase: PayPhase;
  recordFailure: string | null;
  eventTitle: string;
  /** The amount paid, as the page shows it ('$30'). */
  amount: string;
  /** The payment started a monthly gift: the gift is managed from My Donation. */
  monthly: boolean;
  donationId: string | null;
  onRetry: () => void;
}

/** What happened once the money moved: done, or paid but not recorded yet (never 'pay again'). */
function Outcome({ phase, recordFailure, eventTitle, amount, monthly, donationId, onRetry }: OutcomeProps) {
  const { t } = useTranslation('donations');
  if (phase === 'done') {
    return (
      <Alert
        role="none"
        color="teal"
        variant="light"
        title={monthly ? t('outcome.monthlyStarted') : t('outcome.completed')}
        styles={doneLook}
      >
        {monthly ? t('outcome.monthlyThanks', { title: eventTitle, amount }) : t('outcome.thanks', { title: eventTitle })}
        {donationId && (
          <Text size="sm" mt={4}>
            {t('outcome.reference')} <span className={classes.reference}>{donationId}</span>
          </Text>
        )}
        <Group mt="sm">
          {donationId && (
            <ButtonLink to={`/dashboard/donation/${donationId}/receipt`} variant="filled">
              {t('outcome.viewReceipt')}
            </ButtonLink>
          )}
          <ButtonLink to="/dashboard/donation" variant="light">
            {monthly ? t('outcome.manageMonthly') : t('outcome.myDonation')}
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  // Stays while 'Try again' records, so the button being pressed does not vanish under the person.
  if (recordFailure && (phase === 'unrecorded' || phase === 'recording')) {
    return (
      <div className={classes.unrecorded}>
        <Text fw={700} c="red.9">
          {t('outcome.unrecorded')}
        </Text>
        <Text size="sm" mt={4}>
          {recordFailure} {t('outcome.doNotPayAgain')}
        </Text>
        <Button variant="default" className={classes.retry} onClick={onRetry}>
          {phase === 'recording' ? t('outcome.tryingAgain') : t('outcome.tryAgain')}
        </Button>
      </div>
    );
  }
  return null;
}

/**
 * The spec's Make Donation form (sections 2 and 4): how often (once or monthly), read-only email,
 * event title and amount (the server's), the card, and Pay. A monthly gift pays its first payment
 * exactly as a single donation is paid. In test mode the card form is the offline gateway's; in Stripe mode
 * it is Stripe Elements.
 */
export function DonationForm({ event, account, site, frequency, amount, payment, paymentError, onRetryPayment }: DonationFormProps) {
  const { t, i18n } = useTranslation('donations');
  const failureId = useId();
  const card = useRef<CardPaymentHandle>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const [stripeLoadError, setStripeLoadError] = useState<Error | null>(null);
  // A new key mounts the Stripe fields anew, which fetches Stripe.js again.
  const [stripeAttempt, setStripeAttempt] = useState(0);
  const donation = usePayDonation({
    amountCents: payment?.amount ?? 0,
    currency: payment?.currency ?? site?.currency ?? 'usd',
    email: account.email,
  });
  const { phase } = donation;
  const form = useSchemaForm({
    schema: payment?.mode === 'test' ? testCardFormSchema : noCardFields,
    initialValues: emptyTestCard,
    fieldNames: testCardFieldNames,
  });

  // Pay turns disabled once the money has moved: focus goes to what happened instead of being lost.
  useEffect(() => {
    if (phase === 'done' || phase === 'unrecorded') outcome.current?.focus();
  }, [phase]);

  const cardReady = payment?.mode === 'test' || (payment?.mode === 'stripe' && stripeReady);
  const paying = phase === 'paying' || phase === 'recording';
  const locked = phase !== 'ready';
  const submit = form.onSubmit(() => void donation.pay(card.current));
  const monthly = frequency.value === 'monthly';
  const shownAmount = donationAmount(payment?.amount ?? amount.cents ?? 0, amount.options.currency, i18n.language);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      {/* Once paying or paid, Enter in a field checks and pays nothing. */}
      <form
        onSubmit={(formEvent) => (payment && cardReady && !locked ? submit(formEvent) : formEvent.preventDefault())}
        noValidate
        aria-label={t('form.label')}
      >
        <Stack gap="lg">
          <FrequencyChoice value={frequency.value} onChange={frequency.onChange} locked={locked} />
          <AmountChoice options={amount.options} value={amount.value} onChange={amount.onChange} locked={locked} error={amount.error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('form.email')} type="email" value={account.email} readOnly variant="filled" />
            <TextInput label={t('form.eventTitle')} value={event.title} readOnly variant="filled" />
          </SimpleGrid>

          {paymentError && <QueryError title={t('form.startFailed')} error={paymentError} onRetry={onRetryPayment} />}
          {!payment && !paymentError && !amount.error && amount.cents !== null && <PreparingPayment label={t('form.preparing')} />}
          {payment?.mode === 'test' && (
            <TestCardFields
              ref={card}
              form={form}
              clientSecret={payment.clientSecret}
              locked={locked}
              describedBy={donation.failure ? failureId : undefined}
            />
          )}
          {payment?.mode === 'stripe' && stripeLoadError && (
            <QueryError
              title={t('form.cardLoadFailed')}
              error={stripeLoadError}
              onRetry={() => {
                setStripeLoadError(null);
                setStripeAttempt((attempt) => attempt + 1);
              }}
            />
          )}
          {payment?.mode === 'stripe' && payment.publishableKey && !stripeLoadError && (
            <StripeCardFields
              key={stripeAttempt}
              ref={card}
              publishableKey={payment.publishableKey}
              clientSecret={payment.clientSecret}
              billing={{ name: account.displayName, email: account.email }}
              locked={locked}
              describedBy={donation.failure ? failureId : undefined}
              onReadyChange={setStripeReady}
              onLoadFailed={setStripeLoadError}
            />
          )}

          {donation.failure && (
            <Text id={failureId} role="alert" size="sm" fw={600} c="red.9">
              {donation.failure}
            </Text>
          )}
          <div role="status" ref={outcome} tabIndex={-1} className={classes.outcome}>
            <Outcome
              phase={phase}
              recordFailure={donation.recordFailure}
              eventTitle={event.title}
              amount={shownAmount}
              monthly={monthly}
              donationId={donation.donationId}
              onRetry={donation.retryRecord}
            />
          </div>

          <div>
            <Button
              type="submit"
              size="md"
              disabled={!payment || !cardReady || phase !== 'ready'}
              aria-describedby={donation.failure ? failureId : undefined}
            >
              {paying ? (
                <>
                  <span className={classes.spinner} aria-hidden="true" />
                  {t('form.paying')}
                </>
              ) : monthly ? (
                t('form.giveMonthly', { amount: shownAmount })
              ) : (
                t('form.donate', { amount: shownAmount })
              )}
            </Button>
          </div>
          <SecureNote mode={payment?.mode} site={site} />
        </Stack>
      </form>
    </Paper>
  );
}
