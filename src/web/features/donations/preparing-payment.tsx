import { Group, Text } from '@mantine/core';
import classes from './donation-form.module.css';

/** The card section while the payment or Stripe's card field is on its way. */
export function PreparingPayment({ label }: { label: string }) {
  return (
    <Group role="status" gap="xs" c="dimmed">
      <span className={classes.spinner} aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
