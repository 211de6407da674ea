import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatShiftTimes } from '../../../shared/format.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { Button } from '../../components/button.tsx';
import { EventBanner } from '../../components/event-banner.tsx';
import { EventDate } from '../../components/event-date.tsx';
import surface from '../../components/surface.module.css';
import { signedWaiverPath } from '../waivers/api.ts';
import { PassDialog } from './pass-dialog.tsx';
import classes from './registration-card.module.css';
import { cutDescription } from './registration-text.ts';
import { VolunteerMarker } from './volunteer-marker.tsx';

interface RegistrationCardProps {
  registration: Registration;
  cancelling: boolean;
  onCancel: (registration: Registration) => void;
  /**
   * The person's answers to the event's questions, and the way to change them (the questions feature's,
   * put in by the page), drawn after the description; `describedBy` names the card (its title, its shift).
   */
  answers?: (registration: Registration, describedBy: string) => ReactNode;
}

/**
 * One of the person's registrations (spec section 2, 'Also seen'): banner, the whole title as a link
 * to the event, date, the 'Volunteer' marker (or their number on the waitlist), the shift taken (on an
 * event staffed by shifts: one card per shift), description cut to 150, the person's answers, 'Signed
 * waiver' (the page to read and print it) when they signed the event's waiver, 'Show pass' (the QR code
 * to show at the door) for a place held, and a red 'Cancel Event'.
 */
export function RegistrationCard({ registration, cancelling, onCancel, answers }: RegistrationCardProps) {
  const { t, i18n } = useTranslation('registrations');
  const titleId = useId();
  const shiftId = useId();
  // On an event staffed by shifts the title is the same on each shift's card: the shift says which.
  const describedBy = registration.shift ? `${titleId} ${shiftId}` : titleId;
  const [showingPass, setShowingPass] = useState(false);
  const holdsPlace = registration.status === 'registered';
  const shiftLine = (shift: NonNullable<Registration['shift']>) =>
    t('card.shift', { role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, i18n.language) });
  return (
    <article className={surface.card} data-testid="registration-card">
      <div className={surface.bleed}>
        <EventBanner src={registration.banner} />
      </div>
      <Stack gap={8} mt="md" className={classes.body}>
        <Title order={2} size="h4" id={titleId} className={classes.title}>
          <Anchor component={Link} to={`/eventDetails/${encodeURIComponent(registration.eventId)}`} inherit c="inherit">
            {registration.title}
          </Anchor>
        </Title>
        <Group justify="space-between" gap="xs">
          <EventDate date={registration.date} size="sm" c="dimmed" />
          {registration.status === 'waitlisted' ? (
            <Text size="sm" fw={700} c="brand.9">
              {t('card.waitlisted', {
                position: registration.position === null ? '' : formatNumber(registration.position, i18n.language),
              })}
            </Text>
          ) : (
            <VolunteerMarker />
          )}
        </Group>
        {registration.shift && (
          <Text size="sm" fw={600} id={shiftId} className={classes.shift} data-testid="registration-shift">
            {shiftLine(registration.shift)}
          </Text>
        )}
        <Text size="sm" className={classes.description}>
          {cutDescription(registration.desc)}
        </Text>
        {answers?.(registration, describedBy)}
        {registration.waiverId && (
          <Anchor
            component={Link}
            to={signedWaiverPath(registration._id)}
            size="sm"
            aria-describedby={describedBy}
            className={classes.waiver}
          >
            {t('waiver.link')}
          </Anchor>
        )}
      </Stack>
      {holdsPlace && (
        <>
          <Button variant="light" fullWidth className={classes.action} aria-describedby={describedBy} onClick={() => setShowingPass(true)}>
            {t('card.showPass')}
          </Button>
          <PassDialog registration={registration} opened={showingPass} onClose={() => setShowingPass(false)} />
        </>
      )}
      <Button
        tone="danger"
        fullWidth
        className={holdsPlace ? classes.nextAction : classes.action}
        aria-describedby={describedBy}
        disabled={cancelling}
        onClick={() => onCancel(registration)}
      >
        {t('card.cancel')}
      </Button>
    </article>
  );
}
