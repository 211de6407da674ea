import '@mantine/core/styles/Fieldset.css';
import { Alert, Fieldset, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { calendarMessages } from '../../../shared/calendar.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { notify } from '../../lib/notify.ts';
import { calendarFeedQuery, makeNewCalendarLink } from './api.ts';

/**
 * The person's calendar feed on the profile page: the address to subscribe to, 'Copy link', and
 * 'Make a new link' for when the address went somewhere it should not (asked first: the old one stops).
 */
export function CalendarFeedSection() {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery);
  const [asking, setAsking] = useState(false);

  const replace = useMutation({
    mutationFn: makeNewCalendarLink,
    onSuccess: (answer) => {
      queryClient.setQueryData(calendarFeedQuery.queryKey, answer);
      void notify({ color: 'teal', message: calendarMessages.replaced });
    },
    onError: (error) => void notify({ color: 'red', title: 'No new link was made', message: error.message }),
  });

  return (
    <Fieldset legend="Calendar feed" maw={720}>
      <Stack gap="md">
        <Text size="sm">
          Subscribe to this address in your calendar (Google Calendar, Apple Calendar, Outlook) to see the events you registered for, kept
          up to date. Keep it to yourself: anyone with the link can see your events.
        </Text>
        {feed.isPending && <Loader size="sm" aria-label="Loading your calendar feed" />}
        {feed.isError && (
          <Alert color="red" variant="light" title="Your calendar feed could not be loaded">
            {feed.error.message}
          </Alert>
        )}
        {feed.data && (
          <>
            <TextInput label="Feed address" value={feed.data.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="sm">
              <Button onClick={() => void copyText(feed.data.url, calendarMessages.copied)}>Copy link</Button>
              <Button variant="default" disabled={replace.isPending} onClick={() => setAsking(true)}>
                Make a new link
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Make a new calendar link?"
        subject="The old link stops working: calendars subscribed to it stop updating until you give them the new one."
        confirmLabel="Yes, make a new link"
        declineLabel="No, keep it"
        onConfirm={() => {
          setAsking(false);
          replace.mutate();
        }}
        onDecline={() => setAsking(false)}
      />
    </Fieldset>
  );
}
