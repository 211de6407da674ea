import { Paper, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../components/button.tsx';

/** Where an admin page about one event sends its visitor back to. */
export const backToAllEvents = { to: '/dashboard/allEvents', label: 'Back to All Events' };

/**
 * The event id is unknown or not an id at all (the API answers 404 for both). `back` is where the
 * visitor came from: the public list unless told otherwise (the admin's All Events).
 */
export function EventNotFound({ back = { to: '/events', label: 'Back to all events' } }: { back?: { to: string; label: string } }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>Event not found</Title>
        <Text c="dimmed">This event does not exist or has been removed.</Text>
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
      </Stack>
    </Paper>
  );
}
