import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/PasswordInput.css';
import { Code, Fieldset, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Me } from '../../../shared/accounts.ts';
import { confirmPasswordSchema, totpCodeSchema } from '../../../shared/second-factor.ts';
import { AddressButton, Button } from '../../components/button.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { refreshCurrentAccount } from '../../lib/current-account.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { renewRecoveryCodes, startSecondFactorSetUp, turnOffSecondFactor, verifySecondFactor } from './api.ts';
import { FormMessage } from './form-message.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import classes from './second-factor-section.module.css';

type Step = { name: 'idle' } | { name: 'scan'; totpURI: string; backupCodes: string[] } | { name: 'codes'; codes: string[] };

/**
 * Two-step sign-in on /dashboard/security: set up (password → QR code and the secret as text → a
 * code from the app → the recovery codes, once), new recovery codes, and turning it off where allowed.
 */
export function SecondFactorSection({ account }: { account: Me }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const refresh = () => refreshCurrentAccount(queryClient);

  if (step.name === 'scan') {
    return (
      <Fieldset legend={t('security.setUpLegend')} maw={720}>
        <ScanStep
          totpURI={step.totpURI}
          onVerified={async () => {
            await refresh();
            void notify({ color: 'teal', message: t('security.turnedOn') });
            setStep({ name: 'codes', codes: step.backupCodes });
          }}
        />
      </Fieldset>
    );
  }
  if (step.name === 'codes') {
    return (
      <Fieldset legend={t('security.recoveryLegend')} maw={720}>
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ name: 'idle' })} />
      </Fieldset>
    );
  }

  if (!account.twoFactorEnabled) {
    return (
      <Fieldset legend={t('security.legend')} maw={720}>
        <Stack gap="md">
          <Text size="sm">{t('security.offText')}</Text>
          <PasswordStep
            submitLabel={t('security.setUp')}
            onPassword={async (password) => {
              const started = await startSecondFactorSetUp(password);
              setStep({ name: 'scan', ...started });
            }}
          />
        </Stack>
      </Fieldset>
    );
  }

  return (
    <Stack gap="lg">
      <Fieldset legend={t('security.legend')} maw={720}>
        <Stack gap="md">
          <Text size="sm" role="status">
            {t('security.onText')}
          </Text>
          {account.mfaRequired === 'confirm' && (
            <>
              <Text size="sm">{t('security.confirmWithout')}</Text>
              <CodeStep
                submitLabel={t('security.confirm')}
                onCode={async (code) => {
                  await verifySecondFactor('app', code);
                  await refresh();
                }}
              />
            </>
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('security.newCodesLegend')} maw={720}>
        <Stack gap="md">
          <Text size="sm">{t('security.newCodesText')}</Text>
          <PasswordStep
            submitLabel={t('security.newCodes')}
            onPassword={async (password) => setStep({ name: 'codes', codes: await renewRecoveryCodes(password) })}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('security.turnOffLegend')} maw={720}>
        {account.twoFactorLocked ? (
          <Text size="sm">{t('security.adminKeepsIt')}</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm">{t('security.offWithout')}</Text>
            <PasswordStep
              submitLabel={t('security.turnOff')}
              danger
              onPassword={async (password) => {
                await turnOffSecondFactor(password);
                await refresh();
                void notify({ color: 'teal', message: t('security.turnedOff') });
              }}
            />
          </Stack>
        )}
      </Fieldset>
    </Stack>
  );
}

/** The password again, before two-step sign-in changes. */
function PasswordStep({
  submitLabel,
  danger,
  onPassword,
}: {
  submitLabel: string;
  danger?: boolean;
  onPassword: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: confirmPasswordSchema, initialValues: { password: '' } });

  async function handleSubmit({ password }: z.output<typeof confirmPasswordSchema>) {
    setFailure(null);
    try {
      await onPassword(password);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={submitLabel}>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t('security.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <Button type="submit" tone={danger ? 'danger' : undefined} disabled={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** A 6-digit code from the authenticator app. */
function CodeStep({ submitLabel, onCode }: { submitLabel: string; onCode: (code: string) => Promise<void> }) {
  const { t } = useTranslation('profile');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: totpCodeSchema, initialValues: { code: '' } });

  async function handleSubmit({ code }: z.output<typeof totpCodeSchema>) {
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={submitLabel}>
      <Stack gap="sm" maw={420}>
        <TextInput
          label={t('security.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <Button type="submit" disabled={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The QR code, the address that opens the authenticator app on this device (a phone cannot scan its own
 * screen), and the key as text in groups of four with a copy button; then the first code from the app,
 * which turns two-step sign-in on.
 */
function ScanStep({ totpURI, onVerified }: { totpURI: string; onVerified: () => Promise<void> }) {
  const { t } = useTranslation('profile');
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <Stack gap="md">
      <Text size="sm">{t('security.scan.add')}</Text>
      <Text size="sm">{t('security.scan.here')}</Text>
      <AddressButton href={totpURI} variant="outline">
        {t('security.scan.open')}
      </AddressButton>
      <Text size="sm">{t('security.scan.camera')}</Text>
      <QrCode text={totpURI} label={t('security.scan.qrLabel')} size={240} />
      <Text size="sm">{t('security.scan.byHand')}</Text>
      <Group gap="xs" align="center" wrap="wrap">
        <Code data-testid="totp-secret" className={classes.key}>
          {grouped}
        </Code>
        <Button variant="subtle" onClick={() => void copyText(secret, t('security.scan.keyCopied'))}>
          {t('security.scan.copyKey')}
        </Button>
      </Group>
      <Text size="sm">{t('security.scan.enterCode')}</Text>
      <CodeStep
        submitLabel={t('security.scan.turnOn')}
        onCode={async (code) => {
          await verifySecondFactor('app', code);
          await onVerified();
        }}
      />
    </Stack>
  );
}
