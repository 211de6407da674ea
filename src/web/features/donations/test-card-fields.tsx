import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId, useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { donationMessages } from '../../../shared/donations.ts';
import { isApiError } from '../../lib/api-error.ts';
import { confirmTestPayment } from './api.ts';
import { unfinishedPayment, type CardConfirmation, type CardPaymentHandle } from './card-payment.ts';
import { checkTestCard, emptyTestCard, type TestCardErrors, type TestCardField, type TestCardInput } from './test-card.ts';
import classes from './donation-form.module.css';

interface TestCardFieldsProps {
  ref: Ref<CardPaymentHandle>;
  clientSecret: string;
  /** While paying and once paid the card stays on screen, but cannot be changed. */
  locked: boolean;
  /** The id of the gateway's message, so the card fields are described by it too. */
  describedBy?: string;
}

const fieldOrder: TestCardField[] = ['number', 'expiry', 'cvc', 'postalCode'];

/** What a failed confirmation says: the server's words, or the first field it named. */
function failureMessage(error: unknown): string {
  if (isApiError(error)) return Object.values(error.fields ?? {})[0] ?? error.message;
  return error instanceof Error ? error.message : unfinishedPayment;
}

/**
 * The offline test mode's card form (DECISIONS §1), clearly labelled as test mode. The gateway
 * decides the outcome as Stripe would for its documented test cards. Autofill is off: a saved real
 * card has no business being sent to a gateway that only takes test cards.
 */
export function TestCardFields({ ref, clientSecret, locked, describedBy }: TestCardFieldsProps) {
  const noticeId = useId();
  const [input, setInput] = useState<TestCardInput>(emptyTestCard);
  const [errors, setErrors] = useState<TestCardErrors>({});
  const inputs = useRef<Partial<Record<TestCardField, HTMLInputElement | null>>>({});

  useImperativeHandle(
    ref,
    () => ({
      async confirm(): Promise<CardConfirmation> {
        const checked = checkTestCard(input);
        if ('errors' in checked) {
          setErrors(checked.errors);
          const first = fieldOrder.find((field) => checked.errors[field]);
          if (first) inputs.current[first]?.focus();
          return { status: 'incomplete' };
        }
        setErrors({});
        try {
          const result = await confirmTestPayment(clientSecret, checked.card);
          if (result.error) return { status: 'failed', message: result.error.message };
          if (result.status === 'succeeded') {
            // Paid: the page keeps no more of the card than the server does.
            setInput((current) => ({ ...current, number: `•••• ${checked.card.number.slice(-4)}`, cvc: '' }));
            return { status: 'succeeded', paymentId: result.paymentId };
          }
          return { status: 'failed', message: unfinishedPayment };
        } catch (error) {
          return { status: 'failed', message: failureMessage(error) };
        }
      },
    }),
    [input, clientSecret],
  );

  function field(name: TestCardField) {
    return {
      value: input[name],
      readOnly: locked,
      error: errors[name],
      ref: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setInput((current) => ({ ...current, [name]: value }));
        // The message was about what was there before.
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      },
    };
  }

  return (
    <Fieldset legend="Card details" aria-describedby={describedBy ? `${noticeId} ${describedBy}` : noticeId}>
      <Stack gap="md">
        <div id={noticeId} className={classes.testMode}>
          <Text fw={700} c="brand.9">
            {donationMessages.testMode}
          </Text>
          <Text size="sm">
            Pay with the test card 4242 4242 4242 4242, any future expiry date, any CVC and any postal code. The test card 4000 0000 0000
            0002 shows what a declined card looks like.
          </Text>
        </div>
        <TextInput label="Card number" name="cardnumber" autoComplete="off" inputMode="numeric" maxLength={23} {...field('number')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label="Expiry (MM / YY)"
            name="cc-exp"
            autoComplete="off"
            inputMode="numeric"
            placeholder="MM / YY"
            maxLength={9}
            {...field('expiry')}
          />
          <TextInput label="CVC" name="cvc" autoComplete="off" inputMode="numeric" maxLength={4} {...field('cvc')} />
          <TextInput label="Postal code" name="postal" autoComplete="postal-code" maxLength={12} {...field('postalCode')} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
