import '@mantine/core/styles/List.css';
import { Alert, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShiftTimes } from '../../../shared/format.ts';
import type { RegistrationCreated } from '../../../shared/registrations.ts';
import type { Shift } from '../../../shared/shifts.ts';
import { registeredLook, waitlistLook } from '../../components/alert-looks.ts';
import { ButtonLink } from '../../components/button.tsx';

/**
 * What the server said to Register on an event staffed by shifts: each shift taken, with a place
 * ('registered') or its number on that shift's waitlist, and the way to My Events.
 */
export function ShiftOutcome({ taken, shifts }: { taken: RegistrationCreated['registrations']; shifts: readonly Shift[] }) {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.language;
  const anyPlace = taken.some((one) => one.status === 'registered');
  return (
    <Alert
      role="none"
      color={anyPlace ? 'teal' : 'brand'}
      variant="light"
      title={t('shiftOutcome.title')}
      styles={anyPlace ? registeredLook : waitlistLook}
      data-testid="shift-outcome"
    >
      <List size="sm" spacing={4}>
        {taken.map((one) => {
          const shift = shifts.find((candidate) => candidate._id === one.shiftId);
          const name = shift
            ? t('shifts.option', { role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, language) })
            : t('shiftOutcome.unknownShift');
          return (
            <List.Item key={one.insertedId}>
              {one.status === 'waitlisted'
                ? t('shiftOutcome.waitlisted', {
                    shift: name,
                    position: one.position === null ? '?' : formatNumber(one.position, language),
                  })
                : t('shiftOutcome.registered', { shift: name })}
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt="xs">
        {t('shiftOutcome.text')}
      </Text>
      <Group mt="sm">
        <ButtonLink to="/dashboard/myEvents" variant="light">
          {t('outcome.myEvents')}
        </ButtonLink>
      </Group>
    </Alert>
  );
}
