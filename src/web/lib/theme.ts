import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** A warm terracotta. Shades 6–9 keep 4.5:1 against white, so filled buttons and links pass WCAG AA. */
const brand: MantineColorsTuple = [
  '#fff3ec',
  '#ffe4d6',
  '#fcc8ad',
  '#f8a87f',
  '#f48c58',
  '#ef7640',
  '#c2531f',
  '#b54a1b',
  '#a8461a',
  '#8c3a15',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  // Dialogs, drawers, menus and toasts appear without a fade for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // Stock Mantine leaves these close buttons without an accessible name (STACK-NOTES).
    // A toast's line under its title is grey by default (3.3:1 on white); the text colour keeps 4.5:1 (axe).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The show-password button is reached with Tab like any other control (issue 29).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/**
 * Mantine's dimmed grey and error red fall short of 4.5:1 on white; use the next shade down. So does the
 * text of a light badge or alert (shade 6 on the colour's shade 1: the outbox's Sent, Queued, Failed):
 * shade 9 on shade 0 keeps 4.8:1 or more for each colour used that way.
 */
const lightVariant = ['blue', 'teal', 'red', 'gray', 'green', 'yellow', 'orange'].flatMap((color) => [
  [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
  [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
]);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(lightVariant),
  },
  dark: {},
});
