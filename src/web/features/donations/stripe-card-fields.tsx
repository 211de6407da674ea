import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Stack, Text } from '@mantine/core';
import type { Stripe } from '@stripe/stripe-js';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Billing, CardConfirmation, CardPaymentHandle } from './card-payment.ts';
import classes from './donation-form.module.css';
import { PreparingPayment } from './preparing-payment.tsx';

type StripeLibrary = typeof import('./stripe-elements.ts');

interface StripeCardFieldsProps {
  ref: Ref<CardPaymentHandle>;
  publishableKey: string;
  clientSecret: string;
  billing: Billing;
  locked: boolean;
  describedBy?: string;
  /** Pay waits until Stripe's card field can take a card. */
  onReadyChange: (ready: boolean) => void;
  /** Stripe.js could not be fetched; the form offers to try again by mounting this anew. */
  onLoadFailed: (error: Error) => void;
}

/** Mantine's body font and colours inside Stripe's iframe, which the page's CSS cannot reach. */
const cardStyle = {
  base: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: '16px',
    color: '#212529',
    '::placeholder': { color: '#495057' },
  },
  invalid: { color: '#c92a2a', iconColor: '#c92a2a' },
};

/**
 * Stripe mode (DECISIONS §1): Stripe Elements' card field, so the card goes from Stripe's own field
 * straight to Stripe; confirmCardPayment confirms the PaymentIntent with the donor's name and email,
 * as the spec says. Stripe's libraries and script are fetched only when this is shown.
 */
export function StripeCardFields({ publishableKey, onLoadFailed, ...props }: StripeCardFieldsProps) {
  const { t } = useTranslation('donations');
  const [loaded, setLoaded] = useState<{ library: StripeLibrary; stripe: Stripe | null } | null>(null);

  useEffect(() => {
    let current = true;
    // loadStripe fetches the script once per tab; after a failure the next call fetches it again.
    import('./stripe-elements.ts')
      .then(async (library) => ({ library, stripe: await library.loadStripe(publishableKey) }))
      .then(
        (value) => {
          if (current) setLoaded(value);
        },
        (error: unknown) => {
          if (current) onLoadFailed(error instanceof Error ? error : new Error(String(error)));
        },
      );
    return () => {
      current = false;
    };
  }, [publishableKey, onLoadFailed]);

  if (!loaded) return <PreparingPayment label={t('card.loading')} />;
  const { Elements } = loaded.library;
  return (
    <Elements stripe={loaded.stripe}>
      <StripeCard library={loaded.library} {...props} />
    </Elements>
  );
}

/** The payment as Stripe has it now, or null when even that cannot be known. */
async function lookUpPayment(stripe: NonNullable<ReturnType<StripeLibrary['useStripe']>>, clientSecret: string) {
  try {
    return (await stripe.retrievePaymentIntent(clientSecret)).paymentIntent ?? null;
  } catch {
    return null;
  }
}

type StripeCardProps = Omit<StripeCardFieldsProps, 'publishableKey' | 'onLoadFailed'> & { library: StripeLibrary };

function StripeCard({ library, ref, clientSecret, billing, locked, describedBy, onReadyChange }: StripeCardProps) {
  const { t } = useTranslation('donations');
  const unfinishedPayment = t('card.unfinished');
  const { CardElement } = library;
  const stripe = library.useStripe();
  const elements = library.useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(): Promise<CardConfirmation> {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { status: 'failed', message: t('card.stillLoading') };
        const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
        });
        if (error) {
          // The charge may have gone through with the answer lost (a dropped connection, or a
          // second try on a paid payment): ask Stripe before saying it failed, or the donor pays twice.
          const known = error.payment_intent ?? (await lookUpPayment(stripe, clientSecret));
          if (known?.status === 'succeeded') return { status: 'succeeded', paymentId: known.id };
          return { status: 'failed', message: error.message ?? unfinishedPayment };
        }
        if (paymentIntent.status === 'succeeded') return { status: 'succeeded', paymentId: paymentIntent.id };
        return { status: 'failed', message: unfinishedPayment };
      },
    }),
    [stripe, elements, CardElement, clientSecret, billing.name, billing.email, t, unfinishedPayment],
  );

  return (
    <Fieldset legend={t('card.legend')} aria-describedby={describedBy}>
      <Stack gap={6}>
        <div className={classes.stripeCard} data-focused={focused || undefined} data-invalid={cardError ? true : undefined}>
          <CardElement
            options={{ style: cardStyle, disabled: locked }}
            onReady={() => onReadyChange(true)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
        {cardError && (
          <Text size="sm" c="red.9" role="alert">
            {cardError}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
