import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { recoveryCodeSchema, totpCodeSchema } from '../../../shared/second-factor.ts';
import { Button } from '../../components/button.tsx';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { verifySecondFactor } from './api.ts';
import { FormMessage } from './form-message.tsx';

/**
 * The second step of a password sign-in for an account with two-step sign-in on: the 6-digit code
 * from the authenticator app, or one of the recovery codes; then on to where the person was going.
 */
export function SecondFactorStep({ returnTo, onStartAgain }: { returnTo: string; onStartAgain: () => void }) {
  const [kind, setKind] = useState<'app' | 'recovery'>('app');
  return kind === 'app' ? (
    <CodeForm key="app" kind="app" returnTo={returnTo} onSwitch={() => setKind('recovery')} onStartAgain={onStartAgain} />
  ) : (
    <CodeForm key="recovery" kind="recovery" returnTo={returnTo} onSwitch={() => setKind('app')} onStartAgain={onStartAgain} />
  );
}

function CodeForm({
  kind,
  returnTo,
  onSwitch,
  onStartAgain,
}: {
  kind: 'app' | 'recovery';
  returnTo: string;
  onSwitch: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = kind === 'app' ? totpCodeSchema : recoveryCodeSchema;
  const form = useSchemaForm({ schema, initialValues: { code: '' } });
  const inputId = useId();
  // The step replaces the password form (or the other kind of code): the person types on at once.
  useEffect(() => document.getElementById(inputId)?.focus(), [inputId]);

  async function handleSubmit({ code }: z.output<typeof schema>) {
    setFailure(null);
    try {
      await verifySecondFactor(kind, code);
      await refreshCurrentAccount(queryClient);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
      return;
    }
    void notify({ color: 'teal', message: t('login.successful') });
    await navigate(returnTo, { replace: true });
  }

  return (
    <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('secondFactor.title')}>
      <Stack gap="md">
        <Text size="sm">{kind === 'app' ? t('secondFactor.appIntro') : t('secondFactor.recoveryIntro')}</Text>
        <TextInput
          label={kind === 'app' ? t('secondFactor.appCode') : t('secondFactor.recoveryCode')}
          autoComplete="one-time-code"
          inputMode={kind === 'app' ? 'numeric' : 'text'}
          id={inputId}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <Button type="submit" size="md" fullWidth disabled={form.submitting}>
          {t('secondFactor.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {kind === 'app' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onStartAgain}>
          {t('secondFactor.startAgain')}
        </Anchor>
      </Stack>
    </form>
  );
}
