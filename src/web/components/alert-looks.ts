/**
 * The looks of the answers to Register (a place; a number on a waitlist), for Mantine's Alert `styles`:
 * its light teal falls short of 4.5:1 (axe); teal.9 on teal.0, and the brand's 9 on 0, keep it.
 */
export const registeredLook = {
  root: { background: 'var(--mantine-color-teal-0)' },
  title: { color: 'var(--mantine-color-teal-9)' },
};
export const waitlistLook = {
  root: { background: 'var(--mantine-color-brand-0)' },
  title: { color: 'var(--mantine-color-brand-9)' },
};
