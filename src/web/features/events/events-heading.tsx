import { Title } from '@mantine/core';

function eventCount(count: number): string {
  return `${count} ${count === 1 ? 'event' : 'events'}`;
}

/** 'Total 14 events available', or '3 events match "tree"' while searching; the count is the server's. */
export function eventsHeadingText(total: number, query: string): string {
  if (!query) return `Total ${eventCount(total)} available`;
  return `${eventCount(total)} ${total === 1 ? 'matches' : 'match'} "${query}"`;
}

export function EventsHeading({ text }: { text: string }) {
  return (
    <Title order={1} data-testid="events-heading">
      {text}
    </Title>
  );
}
