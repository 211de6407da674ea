export { type EventDateParts, formatEventDate, parseEventDate } from '../../shared/event-date.ts';

const dayFormatter = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** An instant ('2026-11-21T09:21:52.760Z', as reviews carry) as the reader's local day: '21 November 2026'. */
export function formatInstantDay(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dayFormatter.format(instant);
}
