import { MONTHS } from '../../shared/event-date.ts';

/**
 * An instant ('2026-11-21T09:21:52.760Z', as reviews carry) as the reader's local day: '21 November 2026'.
 * Written by hand, like the event dates: no Intl formatter to set up while a page is taken over.
 */
export function formatInstantDay(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return `${instant.getDate()} ${MONTHS[instant.getMonth()]} ${instant.getFullYear()}`;
}
