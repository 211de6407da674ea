import '@mantine/core/styles/PasswordInput.css';
import { Alert, Anchor, Container, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ADMIN_MIN_PASSWORD_LENGTH } from '../../shared/accounts.ts';
import { formatNumber } from '../../shared/format.ts';
import { type SetupDone, type SetupStatus, setupFormSchema } from '../../shared/setup.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import surface from '../components/surface.module.css';
import { finishSetup, setupStatusQuery } from '../features/setup/api.ts';
import { TestEmailButton } from '../features/setup/test-email-button.tsx';
import { FormMessage } from '../features/users/form-message.tsx';
import { NewPasswordFields } from '../features/users/new-password-fields.tsx';
import { isApiError } from '../lib/api-error.ts';
import { refreshCurrentAccount } from '../lib/current-account.ts';
import { failureMessage } from '../lib/forms/schema-errors.ts';
import { applyServerErrors, useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { siteQuery } from '../lib/site.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /setup?code=…: a fresh install's first admin (docs/decisions/047-first-run.md). The address is the
 * one the server printed at its start; without it the page says where to find it and does nothing else.
 */
export function SetupPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('setup.title'));
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  // Asked without a code too: a site that has an admin says so, rather than where to find a code.
  const status = useQuery(setupStatusQuery(code));
  const [done, setDone] = useState<(SetupDone & { organisation: string }) | null>(null);

  let body: React.ReactNode;
  if (done) body = <SetupFinished done={done} />;
  else if (status.isError && isApiError(status.error, 'not_found')) body = <AlreadySetUp />;
  else if (status.data?.codeAccepted === false) body = <CodeNeeded given={code !== ''} />;
  else if (status.isPending)
    body = (
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{t('setup.checking')}</Text>
      </Stack>
    );
  else if (status.isError)
    body = (
      <Alert color="red" variant="light" title={t('setup.checkFailed')}>
        {status.error.message} {t('setup.reload')}
      </Alert>
    );
  else body = <SetupForm code={code} status={status.data} onDone={setDone} />;

  return (
    <Container size={560} py="xl">
      <div className={surface.card}>
        <Stack gap="lg" p={{ base: 0, xs: 'sm' }}>
          {body}
        </Stack>
      </div>
    </Container>
  );
}

function CodeNeeded({ given }: { given: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Title order={1}>{t('setup.heading')}</Title>
      {given && (
        <Alert color="red" variant="light" title={t('setup.notCurrent')}>
          {t('setup.notCurrentText')}
        </Alert>
      )}
      <Text>
        <Trans t={t} i18nKey="setup.whereToFind" components={{ code: <code /> }} />
      </Text>
      <Text>{t('setup.onlyThem')}</Text>
    </>
  );
}

function AlreadySetUp() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Title order={1}>{t('setup.done')}</Title>
      <Text>{t('setup.doneText')}</Text>
      <ButtonLink to="/login">{t('setup.login')}</ButtonLink>
    </>
  );
}

function SetupForm({
  code,
  status,
  onDone,
}: {
  code: string;
  status: SetupStatus;
  onDone: (done: SetupDone & { organisation: string }) => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: setupFormSchema,
    initialValues: { organisation: status.organisation ?? '', name: '', email: '', password: '', confirmPassword: '' },
  });

  async function handleSubmit({ organisation, name, email, password }: z.output<typeof setupFormSchema>) {
    setFailure(null);
    try {
      const done = await finishSetup({ code, organisation, name, email, password });
      await refreshCurrentAccount(queryClient).catch(() => undefined);
      // The header and footer name the organisation as it is now called.
      void queryClient.invalidateQueries({ queryKey: siteQuery.queryKey });
      onDone({ ...done, organisation });
    } catch (error) {
      if (applyServerErrors(form, error)) setFailure(failureMessage(error));
    }
  }

  return (
    <>
      <Title order={1}>{t('setup.heading')}</Title>
      <Text>{t('setup.intro')}</Text>
      <List spacing="xs" aria-label={t('setup.has')}>
        <List.Item>{status.mailConfigured ? t('setup.mail') : t('setup.noMail')}</List.Item>
        <List.Item>{status.payments === 'stripe' ? t('setup.stripe') : t('setup.testPayments')}</List.Item>
      </List>
      <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label={t('setup.form')}>
        <Stack gap="md">
          <TextInput
            label={t('setup.organisation')}
            autoComplete="organization"
            key={form.key('organisation')}
            {...form.getInputProps('organisation')}
          />
          <TextInput label={t('setup.name')} autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label={t('setup.email')}
            type="email"
            autoComplete="email"
            description={status.mailConfigured ? t('setup.emailMailed') : t('setup.emailNoMail')}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields form={form} rules={t('setup.rules', { n: formatNumber(ADMIN_MIN_PASSWORD_LENGTH, i18n.language) })} />
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={form.submitting} aria-busy={form.submitting}>
            {form.submitting ? t('setup.creating') : t('setup.create')}
          </Button>
        </Stack>
      </form>
    </>
  );
}

function SetupFinished({ done }: { done: SetupDone & { organisation: string } }) {
  const { t } = useTranslation('settings');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what happened, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <Title order={1} ref={heading} tabIndex={-1}>
        {t('setup.admin', { organisation: done.organisation })}
      </Title>
      <Text role="status">
        {done.confirmationMailed ? t('setup.mailed', { email: done.email }) : t('setup.notMailed', { email: done.email })}
      </Text>
      {done.mailConfigured ? (
        <Stack gap="xs">
          <Text>{t('setup.checkMail')}</Text>
          <TestEmailButton />
        </Stack>
      ) : (
        <Text>{t('setup.setUpMail')}</Text>
      )}
      <Title order={2} size="h3">
        {t('setup.next')}
      </Title>
      <List spacing="xs">
        <List.Item>
          <Trans t={t} i18nKey="setup.nextSecurity" components={{ page: <Anchor component={Link} to="/dashboard/security" /> }} />
        </List.Item>
        <List.Item>
          <Trans t={t} i18nKey="setup.nextSettings" components={{ page: <Anchor component={Link} to="/dashboard/settings" /> }} />
        </List.Item>
        <List.Item>
          <Trans t={t} i18nKey="setup.nextDashboard" components={{ page: <Anchor component={Link} to="/dashboard" /> }} />
        </List.Item>
      </List>
    </>
  );
}
