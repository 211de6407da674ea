import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type EventsWhen = 'upcoming' | 'past';

/**
 * Upcoming events or past ones: a labelled group of two radio buttons (arrow keys move between
 * them), its choice kept in the address by the page.
 */
export function EventsWhenControl({ value, onChange }: { value: EventsWhen; onChange: (next: EventsWhen) => void }) {
  const { t } = useTranslation('events');
  return (
    <SegmentedControl
      aria-label={t('list.which')}
      value={value}
      onChange={(next) => onChange(next === 'past' ? 'past' : 'upcoming')}
      data={[
        { label: t('list.upcoming'), value: 'upcoming' },
        { label: t('list.past'), value: 'past' },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
