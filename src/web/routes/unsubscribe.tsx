import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type MailTopic, mailTopicNames } from '../../shared/mail-preferences.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { setSubscription, subscriptionQuery } from '../features/mail-preferences/api.ts';
import type { PageData } from '../lib/page-data.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const tokenOf = (searchParams: URLSearchParams) => searchParams.get('token') ?? '';

/** What the link names, read without signing in (nothing changes until the person says so). */
export const pageData: PageData = async ({ queryClient, url }) => {
  const token = tokenOf(url.searchParams);
  if (token) await queryClient.prefetchQuery(subscriptionQuery(token));
};

const whatNext = 'Open the link from the email again, or sign in and choose your emails on your profile page.';

/**
 * /unsubscribe?token=…: where the unsubscribe link in a message leads a person. It asks before it
 * changes anything (mail scanners open links too), then offers to undo. Mail programs unsubscribe
 * in one click without this page (RFC 8058).
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = tokenOf(params);
  const subscription = useQuery({ ...subscriptionQuery(token), enabled: token !== '' });
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  /** How many changes were made here: each moves the focus to the heading that says what happened. */
  const [changes, setChanges] = useState(0);
  const changed = changes > 0;
  const heading = useRef<HTMLHeadingElement>(null);
  const change = useMutation({
    mutationFn: (on: boolean) => setSubscription(token, on),
    onSuccess: (answer) => {
      setSubscribed(answer.subscribed);
      setChanges((n) => n + 1);
    },
  });
  // After each change the heading says what happened: focus goes there so it is read out.
  useEffect(() => {
    if (changes > 0) heading.current?.focus();
  }, [changes]);

  const now = subscribed ?? subscription.data?.subscribed;
  const topic: MailTopic | undefined = subscription.data?.topic;
  const name = topic ? mailTopicNames[topic] : '';

  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        {(!token || subscription.isError) && (
          <>
            <Title order={1}>This unsubscribe link does not work</Title>
            <Alert color="red" variant="light" title="Nothing was changed">
              {token ? subscription.error?.message : 'The link has no token: it may have been cut short.'} {whatNext}
            </Alert>
            <div>
              <ButtonLink to="/dashboard/profile" variant="light">
                Email preferences
              </ButtonLink>
            </div>
          </>
        )}
        {token && subscription.isPending && <Loader aria-label="Reading the link" />}
        {topic && now !== undefined && (
          <>
            <Title order={1} ref={heading} tabIndex={-1}>
              {now ? `Stop ${name} emails?` : `You will no longer get ${name} emails`}
            </Title>
            <Text aria-live="polite">
              {now
                ? changed
                  ? `You will get ${name} emails again.`
                  : `You will no longer get ${name} emails from us. Emails about your account still come.`
                : 'Changed your mind? You can turn them back on here, or on your profile page at any time.'}
            </Text>
            {change.isError && (
              <Alert color="red" variant="light" title="Nothing was changed">
                {change.error.message}
              </Alert>
            )}
            <div>
              <Button size="md" variant={now ? 'filled' : 'light'} disabled={change.isPending} onClick={() => change.mutate(!now)}>
                {now ? 'Unsubscribe' : `Undo: keep getting ${name} emails`}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Container>
  );
}
