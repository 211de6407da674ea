import { SegmentedControl } from '@mantine/core';

export type EventsWhen = 'upcoming' | 'past';

/**
 * Upcoming events or past ones: a labelled group of two radio buttons (arrow keys move between
 * them), its choice kept in the address by the page.
 */
export function EventsWhenControl({ value, onChange }: { value: EventsWhen; onChange: (next: EventsWhen) => void }) {
  return (
    <SegmentedControl
      aria-label="Which events"
      value={value}
      onChange={(next) => onChange(next === 'past' ? 'past' : 'upcoming')}
      data={[
        { label: 'Upcoming events', value: 'upcoming' },
        { label: 'Past events', value: 'past' },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
