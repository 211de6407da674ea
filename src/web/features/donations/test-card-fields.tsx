import '@mantine/core/styles/Fieldset.css';
import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Ref, useId, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, type SchemaForm } from '../../lib/forms/use-schema-form.ts';
import { type TestCardInput, testCardFormSchema } from '../../lib/test-card.ts';
import { confirmTestPayment } from './api.ts';
import type { CardConfirmation, CardPaymentHandle } from './card-payment.ts';
import classes from './donation-form.module.css';

interface TestCardFieldsProps {
  ref: Ref<CardPaymentHandle>;
  /** The donation form, which holds and checks the card's fields. */
  form: SchemaForm<TestCardInput, unknown>;
  clientSecret: string;
  /** While paying and once paid the card stays on screen, but cannot be changed. */
  locked: boolean;
  /** The id of the gateway's message, so the card fields are described by it too. */
  describedBy?: string;
}

/**
 * The offline test mode's card form (DECISIONS §1), clearly labelled as test mode. The gateway
 * decides the outcome as Stripe would for its documented test cards. Autofill is off: a saved real
 * card has no business being sent to a gateway that only takes test cards.
 */
export function TestCardFields({ ref, form, clientSecret, locked, describedBy }: TestCardFieldsProps) {
  const { t } = useTranslation('donations');
  const noticeId = useId();

  useImperativeHandle(
    ref,
    () => ({
      async confirm(): Promise<CardConfirmation> {
        // The form has checked the card before paying; this is the card as the gateway takes it.
        const card = testCardFormSchema.parse(form.getValues());
        try {
          const result = await confirmTestPayment(clientSecret, card);
          if (result.error) return { status: 'failed', message: result.error.message };
          if (result.status === 'succeeded') {
            // Paid: the page keeps no more of the card than the server does.
            form.setValues({ number: `•••• ${card.number.slice(-4)}`, cvc: '' });
            return { status: 'succeeded', paymentId: result.paymentId };
          }
          return { status: 'failed', message: t('card.unfinished') };
        } catch (error) {
          // The server's messages about the card's fields go beside them; anything else is said as the payment's failure.
          return applyServerErrors(form, error) ? { status: 'failed', message: failureMessage(error) } : { status: 'incomplete' };
        }
      },
    }),
    [form, clientSecret, t],
  );

  const field = (name: keyof TestCardInput) => ({ readOnly: locked, ...form.getInputProps(name) });

  return (
    <Fieldset legend={t('card.legend')} aria-describedby={describedBy ? `${noticeId} ${describedBy}` : noticeId}>
      <Stack gap="md">
        <div id={noticeId} className={classes.testMode}>
          <Text fw={700} c="brand.9">
            {t('card.testMode')}
          </Text>
          <Text size="sm">{t('card.testHelp')}</Text>
        </div>
        <TextInput
          label={t('card.number')}
          name="cardnumber"
          autoComplete="off"
          inputMode="numeric"
          maxLength={23}
          key={form.key('number')}
          {...field('number')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label={t('card.expiry')}
            name="cc-exp"
            autoComplete="off"
            inputMode="numeric"
            placeholder={t('card.expiryPlaceholder')}
            maxLength={9}
            key={form.key('expiry')}
            {...field('expiry')}
          />
          <TextInput
            label={t('card.cvc')}
            name="cvc"
            autoComplete="off"
            inputMode="numeric"
            maxLength={4}
            key={form.key('cvc')}
            {...field('cvc')}
          />
          <TextInput
            label={t('card.postalCode')}
            name="postal"
            autoComplete="postal-code"
            maxLength={12}
            key={form.key('postalCode')}
            {...field('postalCode')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
