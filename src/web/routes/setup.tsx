import '@mantine/core/styles/PasswordInput.css';
import { Alert, Anchor, Container, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ADMIN_MIN_PASSWORD_LENGTH } from '../../shared/accounts.ts';
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
  usePageTitle('Set up');
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
        <Text>Checking the set-up address…</Text>
      </Stack>
    );
  else if (status.isError)
    body = (
      <Alert color="red" variant="light" title="The set-up address could not be checked">
        {status.error.message} Reload the page to try again.
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
  return (
    <>
      <Title order={1}>Set up your site</Title>
      {given && (
        <Alert color="red" variant="light" title="This set-up address is not the current one">
          The address changes each time the server starts: use the one it printed last.
        </Alert>
      )}
      <Text>
        Setting up needs the address the server printed when it started. Look in the window or log where the server runs (where{' '}
        <code>npm start</code> was typed) for the lines that begin “This site has no admin yet”, and open the address under them.
      </Text>
      <Text>Only the person who runs the server sees that address, so only they can make the first admin.</Text>
    </>
  );
}

function AlreadySetUp() {
  return (
    <>
      <Title order={1}>This site is set up</Title>
      <Text>It has an admin already, so there is nothing to do here.</Text>
      <ButtonLink to="/login">Go to login</ButtonLink>
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
      <Title order={1}>Set up your site</Title>
      <Text>Make the first admin account and name your organisation. You can change everything later in Settings.</Text>
      <List spacing="xs" aria-label="What this site has">
        <List.Item>
          {status.mailConfigured
            ? 'Mail is set up: people get confirmation links, password resets and receipts by email.'
            : 'Mail is not set up (SMTP_URL is not set): no email is sent. Messages are written to the server’s log instead.'}
        </List.Item>
        <List.Item>
          {status.payments === 'stripe'
            ? 'Donations go through Stripe with the keys the server was given.'
            : 'Donations are in test mode: no real money is taken until Stripe keys are set.'}
        </List.Item>
      </List>
      <form method="post" onSubmit={form.onSubmit(handleSubmit, () => setFailure(null))} noValidate aria-label="Set up">
        <Stack gap="md">
          <TextInput
            label="Organisation name"
            autoComplete="organization"
            key={form.key('organisation')}
            {...form.getInputProps('organisation')}
          />
          <TextInput label="Your name" autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label="Your email"
            type="email"
            autoComplete="email"
            description={status.mailConfigured ? 'We will send a link to confirm it.' : 'No mail is sent: this address is taken as yours.'}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            form={form}
            rules={`At least ${ADMIN_MIN_PASSWORD_LENGTH} characters and hard to guess: not your name, email or organisation. A few unrelated words work well.`}
          />
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <Button type="submit" size="md" fullWidth disabled={form.submitting} aria-busy={form.submitting}>
            {form.submitting ? 'Creating the admin account…' : 'Create admin account'}
          </Button>
        </Stack>
      </form>
    </>
  );
}

function SetupFinished({ done }: { done: SetupDone & { organisation: string } }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what happened, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <Title order={1} ref={heading} tabIndex={-1}>
        {`You are the admin of ${done.organisation}`}
      </Title>
      <Text role="status">
        {done.confirmationMailed
          ? `Your account is made and you are signed in. We sent a link to ${done.email}: open it to confirm your address.`
          : `Your account is made and you are signed in as ${done.email}. No email was sent: mail is not set up.`}
      </Text>
      {done.mailConfigured ? (
        <Stack gap="xs">
          <Text>Check that mail reaches people:</Text>
          <TestEmailButton />
        </Stack>
      ) : (
        <Text>To send email, set SMTP_URL (and MAIL_FROM) and start the server again; then send a test email from Settings.</Text>
      )}
      <Title order={2} size="h3">
        Next
      </Title>
      <List spacing="xs">
        <List.Item>
          <Anchor component={Link} to="/dashboard/security">
            Set up two-step sign-in
          </Anchor>{' '}
          (an authenticator app): admin pages ask for it.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/dashboard/settings">
            Settings
          </Anchor>
          : your logo, contact details, time zone and policies.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/dashboard">
            Dashboard
          </Anchor>
          : events, people and donations.
        </List.Item>
      </List>
    </>
  );
}
