import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { Registration } from '../../../shared/registrations.ts';
import { Button } from '../../components/button.tsx';
import surface from '../../components/surface.module.css';
import { EventBanner } from '../../components/event-banner.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { cutDescription, cutTitle } from './registration-text.ts';
import { VolunteerMarker } from './volunteer-marker.tsx';
import classes from './registration-card.module.css';

interface RegistrationCardProps {
  registration: Registration;
  cancelling: boolean;
  onCancel: (registration: Registration) => void;
}

/**
 * One of the person's registrations (spec section 2, 'Also seen'): banner, title cut to 15
 * characters, date, the 'Volunteer' marker, description cut to 150, and a red 'Cancel Event'.
 * The cut title is what is seen; assistive tech hears the whole title.
 */
export function RegistrationCard({ registration, cancelling, onCancel }: RegistrationCardProps) {
  const titleId = useId();
  const shortTitle = cutTitle(registration.title);
  return (
    <article className={surface.card} data-testid="registration-card">
      <div className={surface.bleed}>
        <EventBanner src={registration.banner} />
      </div>
      <Stack gap={8} mt="md" className={classes.body}>
        <Title order={2} size="h4" id={titleId} title={registration.title}>
          {shortTitle === registration.title ? (
            registration.title
          ) : (
            <>
              <span aria-hidden="true">{shortTitle}</span>
              <VisuallyHidden>{registration.title}</VisuallyHidden>
            </>
          )}
        </Title>
        <Group justify="space-between" gap="xs">
          <EventDate date={registration.date} size="sm" c="dimmed" />
          <VolunteerMarker />
        </Group>
        <Text size="sm" className={classes.description}>
          {cutDescription(registration.desc)}
        </Text>
      </Stack>
      <Button
        tone="danger"
        fullWidth
        className={classes.action}
        aria-describedby={titleId}
        disabled={cancelling}
        onClick={() => onCancel(registration)}
      >
        Cancel Event
      </Button>
    </article>
  );
}
