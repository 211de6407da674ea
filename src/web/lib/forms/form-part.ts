import { createElement, Fragment, type ReactNode } from 'react';

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

/**
 * Several parts as one (an event's shifts, then its questions and waiver): drawn in order, all checked
 * (each shows its own problems), the first one's question asked, saved in order; what failed first is said.
 */
export function combineParts(...parts: FormPart[]): FormPart {
  return {
    render: (eventTimes) =>
      createElement(
        Fragment,
        null,
        parts.map((part, index) => createElement(Fragment, { key: index }, part.render(eventTimes))),
      ),
    check: () => parts.map((part) => part.check()).every(Boolean),
    question: () => {
      for (const part of parts) {
        const question = part.question();
        if (question) return question;
      }
      return null;
    },
    save: async (recordId) => {
      let failure: PartFailure | null = null;
      // Every part is saved, whatever one before it did: each says beside its own boxes what did not go.
      for (const part of parts) {
        const failed = await part.save(recordId);
        failure ??= failed;
      }
      return failure;
    },
  };
}
