import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('events');
  let title = when === 'past' ? t('empty.noPast') : t('empty.noUpcoming');
  let text = when === 'past' ? t('empty.pastText') : t('empty.upcomingText');
  let action: { label: string; onClick: () => void } | null = null;
  if (pastLastPage) {
    title = t('empty.pageEmpty');
    text = t('empty.pageEmptyText');
    action = { label: t('empty.firstPage'), onClick: onFirstPage };
  } else if (query) {
    title = when === 'past' ? t('empty.noPastMatch', { query }) : t('empty.noMatch', { query });
    text = t('empty.searchText');
    action = { label: t('empty.clearSearch'), onClick: onClearSearch };
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
