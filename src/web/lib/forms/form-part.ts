import type { ReactNode } from 'react';

/**
 * More to save with a form's record, after it (an event's shifts: features/shifts' useShiftsPart, used by
 * the event form): drawn after the record's own boxes, checked with them, and saved once the record has
 * its id. Here, in lib, so that the form and the part share one shape without importing each other.
 */

/** The event's day, start time and end as its form holds them now (a part's new rows start then). */
export interface EventTimes {
  day: string;
  time: string;
  end: string;
}

/** Asked before a save that takes away something people are on. */
export interface SaveQuestion {
  title: string;
  subject: string;
  confirmLabel: string;
  declineLabel: string;
}

/** What of a part did not save, for the form's alert; `onField` when a box of it says what went wrong. */
export interface PartFailure {
  title: string;
  message: string;
  onField: boolean;
}

export interface FormPart {
  render: (eventTimes: () => EventTimes) => ReactNode;
  /** Shows what is wrong beside its own boxes: true when nothing is. */
  check: () => boolean;
  /** What to ask before saving, or null. */
  question: () => SaveQuestion | null;
  /** Saves it for the saved record: what did not go, or null when all did. */
  save: (recordId: string) => Promise<PartFailure | null>;
}
