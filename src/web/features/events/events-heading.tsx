import { Title } from '@mantine/core';

function eventCount(count: number): string {
  return `${count} ${count === 1 ? 'event' : 'events'}`;
}

/**
 * 'Total 14 events available' (upcoming ones), or '3 events match "tree"' while searching; over past
 * events, '9 past events' or '2 past events match "tree"'. The count is the server's.
 */
export function eventsHeadingText(total: number, query: string, when: 'upcoming' | 'past' = 'upcoming'): string {
  const counted = when === 'past' ? `${total} past ${total === 1 ? 'event' : 'events'}` : eventCount(total);
  if (!query) return when === 'past' ? counted : `Total ${counted} available`;
  return `${counted} ${total === 1 ? 'matches' : 'match'} "${query}"`;
}

export function EventsHeading({ text }: { text: string }) {
  return (
    <Title order={1} data-testid="events-heading">
      {text}
    </Title>
  );
}
