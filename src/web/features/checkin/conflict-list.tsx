import { Paper, Stack, Text, Title } from '@mantine/core';
import { Button } from '../../components/button.tsx';
import { formatInstantTime } from '../../lib/format-time.ts';
import type { CheckinConflict } from './door-store.ts';

/** What a conflict says after the person's name: when they were checked in elsewhere, or why the check-in was refused. */
function whatHappened(conflict: CheckinConflict): string {
  if (conflict.reason === 'already-checked-in') {
    return `already checked in${conflict.checkedInAt ? ` at ${formatInstantTime(conflict.checkedInAt)}` : ''}, on another phone`;
  }
  if (conflict.reason === 'other-event') return `not counted here (${conflict.message})`;
  if (conflict.reason === 'undone') return 'not counted: this check-in was undone at the door';
  return `not valid (${conflict.message})`;
}

/**
 * Check-ins made on this phone without a connection that the server refused when they were sent:
 * someone already checked in on another phone (amber), or a pass not valid or for another event (red).
 * Kept until dismissed.
 */
export function ConflictList({ conflicts, onDismiss }: { conflicts: CheckinConflict[]; onDismiss: (key: string) => void }) {
  if (conflicts.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-conflicts-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="door-conflicts-heading">
          Conflicts ({conflicts.length})
        </Title>
        <Text size="sm">Check-ins made on this phone without a connection that were not counted when sent.</Text>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {conflicts.map((conflict) => (
            <li key={conflict.key} data-testid="door-conflict">
              <Text component="span" fw={600}>
                <span aria-hidden="true">{conflict.reason === 'already-checked-in' ? '⚠ ' : '✕ '}</span>
                {conflict.name ?? 'A pass'}:{' '}
              </Text>
              {whatHappened(conflict)}
              <Text component="span" size="sm" c="dimmed">
                {' '}
                · this phone at {formatInstantTime(conflict.at)}
              </Text>{' '}
              <Button
                variant="subtle"
                onClick={() => onDismiss(conflict.key)}
                aria-label={`Dismiss the conflict of ${conflict.name ?? 'a pass'}`}
              >
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}
