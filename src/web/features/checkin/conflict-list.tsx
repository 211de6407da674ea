import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { Button } from '../../components/button.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import type { CheckinConflict } from './door-store.ts';

/** What a conflict says after the person's name: when they were checked in elsewhere, or why the check-in was refused. */
function whatHappened(conflict: CheckinConflict, t: TFunction<'manage'>, language: string): string {
  if (conflict.reason === 'already-checked-in') {
    return conflict.checkedInAt
      ? t('conflicts.alreadyAt', { time: formatInstantIn(conflict.checkedInAt, language, 'time') })
      : t('conflicts.already');
  }
  if (conflict.reason === 'other-event') return t('conflicts.otherEvent', { message: conflict.message });
  if (conflict.reason === 'undone') return t('conflicts.undone');
  return t('conflicts.invalid', { message: conflict.message });
}

/**
 * Check-ins made on this phone without a connection that the server refused when they were sent:
 * someone already checked in on another phone (amber), or a pass not valid or for another event (red).
 * Kept until dismissed.
 */
export function ConflictList({ conflicts, onDismiss }: { conflicts: CheckinConflict[]; onDismiss: (key: string) => void }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  if (conflicts.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="door-conflicts-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="door-conflicts-heading">
          {t('conflicts.heading', { n: formatNumber(conflicts.length, language, { useGrouping: false }) })}
        </Title>
        <Text size="sm">{t('conflicts.text')}</Text>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {conflicts.map((conflict) => (
            <li key={conflict.key} data-testid="door-conflict">
              <Text component="span" fw={600}>
                <span aria-hidden="true">{conflict.reason === 'already-checked-in' ? '⚠ ' : '✕ '}</span>
                {conflict.name ?? t('conflicts.aPass')}:{' '}
              </Text>
              {whatHappened(conflict, t, language)}
              <Text component="span" size="sm" c="dimmed">
                {' '}
                {t('conflicts.phoneAt', { time: formatInstantIn(conflict.at, language, 'time') })}
              </Text>{' '}
              <Button
                variant="subtle"
                onClick={() => onDismiss(conflict.key)}
                aria-label={conflict.name === null ? t('conflicts.dismissPass') : t('conflicts.dismissOf', { name: conflict.name })}
              >
                {t('conflicts.dismiss')}
              </Button>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}
