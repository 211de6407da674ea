import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DemoContent } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../lib/notify.ts';
import { demoContentQuery, removeDemoContent } from './api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '14 demo events, 6 demo reviews and the demo contact details and policies'. */
function describe({ events, reviews, settings }: DemoContent): string {
  const parts = [
    events > 0 && plural(events, 'demo event', 'demo events'),
    reviews > 0 && plural(reviews, 'demo review', 'demo reviews'),
    settings > 0 && 'the demo contact details and policies',
  ].filter((part): part is string => Boolean(part));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Settings' 'Remove demo content': what a fresh install was seeded with and still is as seeded, counted,
 * removed once after a confirmation. What the charity has changed stays.
 */
export function DemoContentSection({ onRemoved }: { onRemoved: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const left = useQuery(demoContentQuery);
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: removeDemoContent,
    onSuccess: async (removed) => {
      void notify({ color: 'teal', message: `Removed ${describe(removed) || 'nothing: no demo content was left'}` });
      // Every page shows the change (the events, the reviews on the home page, the footer), and the
      // settings form starts again from the settings as they are now, so a save cannot put the demo back.
      void queryClient.invalidateQueries();
      await onRemoved();
    },
  });
  const what = left.data ? describe(left.data) : '';

  return (
    <Stack component="section" gap="xs" aria-labelledby="settings-demo" maw={760}>
      <Title order={2} size="h3" id="settings-demo">
        Demo content
      </Title>
      {left.isPending && <Text size="sm">Looking for demo content…</Text>}
      {left.isError && (
        <Text size="sm" c="red.9" role="alert">
          Could not look for demo content: {left.error.message}
        </Text>
      )}
      {left.data && what === '' && <Text size="sm">No demo content is left: everything on the site is your own.</Text>}
      {left.data && what !== '' && (
        <>
          <Text size="sm">{`The site still shows ${what}, as a new install comes. Remove them once you have added your own.`}</Text>
          <div>
            <Button
              variant="outline"
              tone="danger"
              onClick={() => setAsking(true)}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              {remove.isPending ? 'Removing…' : 'Remove demo content'}
            </Button>
          </div>
        </>
      )}
      {remove.isError && (
        <Text size="sm" c="red.9" role="alert">
          The demo content was not removed: {remove.error.message}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title="Remove the demo content?"
        subject={`${what[0]?.toUpperCase() ?? ''}${what.slice(1)} will be removed. People registered for a demo event still to come are told it is cancelled. Events and words you changed stay.`}
        confirmLabel="Yes, remove"
        declineLabel="No, keep it"
        onConfirm={() => {
          setAsking(false);
          remove.mutate();
        }}
        onDecline={() => setAsking(false)}
      />
    </Stack>
  );
}
