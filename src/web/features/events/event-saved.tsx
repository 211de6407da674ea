import { Alert, Group, Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

interface EventSavedProps {
  ref?: Ref<HTMLDivElement>;
  title: string;
  message: string;
  /** Where to go next: the event's page, All Events. */
  links: ReactNode;
}

/**
 * What stays on the page after a save, with the ways on. Not a live region: the toast has already
 * said it aloud (Mantine's notifications are alerts).
 */
/** Mantine's light teal falls short of 4.5:1 (axe); teal.9 on teal.0 keeps it, as on the donation form. */
const savedLook = {
  root: { background: 'var(--mantine-color-teal-0)' },
  title: { color: 'var(--mantine-color-teal-9)' },
};

export function EventSaved({ ref, title, message, links }: EventSavedProps) {
  return (
    <Alert ref={ref} tabIndex={-1} role="region" color="teal" variant="light" title={title} maw={720} styles={savedLook}>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group gap="sm">{links}</Group>
    </Alert>
  );
}
