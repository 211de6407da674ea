import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';

/**
 * 'Total 14 events available' (upcoming ones), or '3 events match "tree"' while searching; over past
 * events, '9 past events' or '2 past events match "tree"'. The count is the server's; the words are the
 * events area's, in the reader's language.
 */
export function useEventsHeadingText() {
  const { t, i18n } = useTranslation('events');
  return (total: number, query: string, when: 'upcoming' | 'past' = 'upcoming'): string => {
    const count = { count: total, n: formatNumber(total, i18n.language) };
    if (!query) return when === 'past' ? t('heading.past', count) : t('heading.total', count);
    return when === 'past' ? t('heading.pastMatch', { ...count, query }) : t('heading.match', { ...count, query });
  };
}

export function EventsHeading({ text }: { text: string }) {
  return (
    <Title order={1} data-testid="events-heading">
      {text}
    </Title>
  );
}
