import { Paper, Stack, Text, Title } from '@mantine/core';
import { Button } from '../../components/button.tsx';

interface EventsEmptyProps {
  /** Which events were asked for: with none to come, the past ones may still be worth a look. */
  when?: 'upcoming' | 'past';
  query: string;
  /** True when the page number is past the last page of an otherwise non-empty list. */
  pastLastPage: boolean;
  onClearSearch: () => void;
  onFirstPage: () => void;
}

/** Nothing to list: say why and offer the one action that helps. */
export function EventsEmpty({ when = 'upcoming', query, pastLastPage, onClearSearch, onFirstPage }: EventsEmptyProps) {
  let title = when === 'past' ? 'No past events yet' : 'No upcoming events yet';
  let text = when === 'past' ? 'Events appear here once they have ended.' : 'New events are added regularly. Please check back soon.';
  let action: { label: string; onClick: () => void } | null = null;
  if (pastLastPage) {
    title = 'This page is empty';
    text = 'There are fewer events than this page number needs.';
    action = { label: 'Go to the first page', onClick: onFirstPage };
  } else if (query) {
    title = when === 'past' ? `No past events match "${query}"` : `No events match "${query}"`;
    text = 'Try a shorter or different word from the event title.';
    action = { label: 'Clear search', onClick: onClearSearch };
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action && <Button onClick={action.onClick}>{action.label}</Button>}
      </Stack>
    </Paper>
  );
}
