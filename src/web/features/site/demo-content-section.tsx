import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import type { DemoContent } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { demoContentQuery, removeDemoContent } from './api.ts';

/** '14 demo events, 6 demo reviews and the demo contact details and policies'. */
function describe({ events, reviews, settings }: DemoContent, t: TFunction<'settings'>, language: string): string {
  const parts = [
    events > 0 && t('demo.events', { count: events, n: formatNumber(events, language) }),
    reviews > 0 && t('demo.reviews', { count: reviews, n: formatNumber(reviews, language) }),
    settings > 0 && t('demo.settings'),
  ].filter((part): part is string => Boolean(part));
  return parts.length <= 1 ? (parts[0] ?? '') : t('demo.list', { first: parts.slice(0, -1).join(', '), last: parts.at(-1) });
}

/**
 * Settings' 'Remove demo content': what a fresh install was seeded with and still is as seeded, counted,
 * removed once after a confirmation. What the charity has changed stays.
 */
export function DemoContentSection({ onRemoved }: { onRemoved: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const left = useQuery(demoContentQuery);
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: removeDemoContent,
    onSuccess: async (removed) => {
      const what = describe(removed, t, language);
      void notify({ color: 'teal', message: what ? t('demo.removed', { what }) : t('demo.removedNothing') });
      // Every page shows the change (the events, the reviews on the home page, the footer), and the
      // settings form starts again from the settings as they are now, so a save cannot put the demo back.
      void queryClient.invalidateQueries();
      await onRemoved();
    },
  });
  const what = left.data ? describe(left.data, t, language) : '';

  return (
    <Stack component="section" gap="xs" aria-labelledby="settings-demo" maw={760}>
      <Title order={2} size="h3" id="settings-demo">
        {t('demo.title')}
      </Title>
      {left.isPending && <Text size="sm">{t('demo.looking')}</Text>}
      {left.isError && (
        <Text size="sm" c="red.9" role="alert">
          {t('demo.lookFailed', { reason: left.error.message })}
        </Text>
      )}
      {left.data && what === '' && <Text size="sm">{t('demo.none')}</Text>}
      {left.data && what !== '' && (
        <>
          <Text size="sm">{t('demo.left', { what })}</Text>
          <div>
            <Button
              variant="outline"
              tone="danger"
              onClick={() => setAsking(true)}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              {remove.isPending ? t('demo.removing') : t('demo.remove')}
            </Button>
          </div>
        </>
      )}
      {remove.isError && (
        <Text size="sm" c="red.9" role="alert">
          {t('demo.notRemoved', { reason: remove.error.message })}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('demo.question')}
        subject={t('demo.subject', { what: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)}` })}
        confirmLabel={t('demo.confirm')}
        declineLabel={t('demo.decline')}
        onConfirm={() => {
          setAsking(false);
          remove.mutate();
        }}
        onDecline={() => setAsking(false)}
      />
    </Stack>
  );
}
