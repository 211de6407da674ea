import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { forgotPasswordFormSchema } from '../../../shared/accounts.ts';
import { Button } from '../../components/button.tsx';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { sendVerificationEmail } from './api.ts';
import { FormMessage } from './form-message.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** 'Send the link again' for the signed-in person's own address. */
export function SendLinkAgainButton({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function send() {
    setSending(true);
    setOutcome(null);
    try {
      await sendVerificationEmail(email);
      setOutcome({ tone: 'success', text: t('sendAgain.sentTo', { email }) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="light" onClick={send} disabled={sending}>
        {t('sendAgain.again')}
      </Button>
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
    </Stack>
  );
}

/** The same, signed out: the address is asked for, and the answer does not say whether it has an account. */
export function SendLinkAgainForm() {
  const { t } = useTranslation('accounts');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useSchemaForm({ schema: forgotPasswordFormSchema, initialValues: { email: '' } });

  async function handleSubmit({ email }: z.output<typeof forgotPasswordFormSchema>) {
    setOutcome(null);
    try {
      await sendVerificationEmail(email);
      setOutcome({ tone: 'success', text: t('sendAgain.sentIfAccount') });
    } catch (error) {
      if (applyServerErrors(form, error)) setOutcome({ tone: 'error', text: failureMessage(error) });
    }
  }

  return (
    <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setOutcome(null))} noValidate aria-label={t('sendAgain.newLink')}>
      <Stack gap="sm">
        <TextInput label={t('fields.email')} type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
        <Button type="submit" variant="light" disabled={form.submitting}>
          {t('sendAgain.newLink')}
        </Button>
      </Stack>
    </form>
  );
}
