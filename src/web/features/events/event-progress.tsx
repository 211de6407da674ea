import '@mantine/core/styles/Progress.css';
import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Event } from '../../../shared/events.ts';
import { formatMoney } from '../../../shared/money.ts';
import { counted } from '../../lib/counted.ts';
import { useSite } from '../../lib/site.ts';

/** '$1,200' for a whole amount, '$1,200.50' otherwise: a goal reads as a round number. */
function money(cents: number, currency: string): string {
  return formatMoney(cents, currency, { whole: true });
}

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
  const currency = useSite()?.currency ?? 'usd';
  const goal = event.goal;
  const capacity = event.capacity;
  if (goal === null && capacity === null) return null;
  return (
    <SimpleGrid cols={goal !== null && capacity !== null ? { base: 1, xs: 2 } : 1} spacing="sm" data-testid="event-progress">
      {goal !== null && (
        <Meter
          testId="raised"
          label={`${money(event.raised, currency)} raised of ${money(goal, currency)} · ${counted(event.donors, 'donor')}`}
          value={event.raised / goal}
          color="brand"
        />
      )}
      {capacity !== null && (
        <Meter
          testId="places"
          label={`${event.registered} of ${counted(capacity, 'volunteer place')} filled`}
          value={event.registered / capacity}
          color="teal"
        />
      )}
    </SimpleGrid>
  );
}
