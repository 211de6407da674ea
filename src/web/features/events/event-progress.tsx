import '@mantine/core/styles/Progress.css';
import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import { formatNumber } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useSite } from '../../lib/site.ts';

function Meter({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  const percent = Math.min(100, Math.round(value * 100));
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Progress value={percent} color={color} size="md" radius="xl" aria-label={label} />
    </Stack>
  );
}

/**
 * The two ways of helping side by side: money raised towards the event's goal (and from how many
 * people), and volunteer places filled, each as a bar, when the event has a goal or a capacity.
 */
export function EventProgress({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('events');
  const currency = useSite()?.currency ?? 'usd';
  const language = i18n.language;
  /** '$1,200' for a whole amount, '$1,200.50' otherwise: a goal reads as a round number. */
  const money = (cents: number) => formatMoney(cents, currency, { language, whole: true });
  const goal = event.goal;
  // Staffed by shifts, its places are the shifts' own, listed with them: no one bar for the event.
  const capacity = event.shifts > 0 ? null : event.capacity;
  if (goal === null && capacity === null) return null;
  return (
    <SimpleGrid cols={goal !== null && capacity !== null ? { base: 1, xs: 2 } : 1} spacing="sm" data-testid="event-progress">
      {goal !== null && (
        <Meter
          testId="raised"
          label={t('progress.raised', {
            raised: money(event.raised),
            goal: money(goal),
            count: event.donors,
            n: formatNumber(event.donors, language),
          })}
          value={event.raised / goal}
          color="brand"
        />
      )}
      {capacity !== null && (
        <Meter
          testId="places"
          label={t('progress.places', {
            registered: formatNumber(event.registered, language),
            count: capacity,
            n: formatNumber(capacity, language),
          })}
          value={event.registered / capacity}
          color="teal"
        />
      )}
    </SimpleGrid>
  );
}
