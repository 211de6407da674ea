import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MailTopic } from '../../shared/mail-preferences.ts';
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

/**
 * /unsubscribe?token=…: where the unsubscribe link in a message leads a person. It asks before it
 * changes anything (mail scanners open links too), then offers to undo. Mail programs unsubscribe
 * in one click without this page (RFC 8058).
 */
export function UnsubscribePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('unsubscribe.title'));
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
  const name = topic ? t(`unsubscribe.topics.${topic}`) : '';

  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        {(!token || subscription.isError) && (
          <>
            <Title order={1}>{t('unsubscribe.broken')}</Title>
            <Alert color="red" variant="light" title={t('unsubscribe.nothingChanged')}>
              {token ? subscription.error?.message : t('unsubscribe.noToken')} {t('unsubscribe.whatNext')}
            </Alert>
            <div>
              <ButtonLink to="/dashboard/profile" variant="light">
                {t('unsubscribe.preferences')}
              </ButtonLink>
            </div>
          </>
        )}
        {token && subscription.isPending && <Loader aria-label={t('unsubscribe.reading')} />}
        {topic && now !== undefined && (
          <>
            <Title order={1} ref={heading} tabIndex={-1}>
              {now ? t('unsubscribe.stop', { name }) : t('unsubscribe.stopped', { name })}
            </Title>
            <Text aria-live="polite">
              {now ? (changed ? t('unsubscribe.again', { name }) : t('unsubscribe.willStop', { name })) : t('unsubscribe.changedMind')}
            </Text>
            {change.isError && (
              <Alert color="red" variant="light" title={t('unsubscribe.nothingChanged')}>
                {change.error.message}
              </Alert>
            )}
            <div>
              <Button size="md" variant={now ? 'filled' : 'light'} disabled={change.isPending} onClick={() => change.mutate(!now)}>
                {now ? t('unsubscribe.unsubscribe') : t('unsubscribe.undo', { name })}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Container>
  );
}
