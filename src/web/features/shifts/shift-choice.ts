import { useState } from 'react';
import { formatWallDate, formatWallTime } from '../../../shared/format.ts';
import type { RegistrationStatus } from '../../../shared/registrations.ts';
import { type Shift, type ShiftSummary, shiftsOverlap } from '../../../shared/shifts.ts';

/** A shift of this event the person already has: a place, or a number on its waitlist. */
export interface HeldShift {
  shiftId: string;
  status: RegistrationStatus;
  position: number | null;
}

/** The shifts by their day ('YYYY-MM-DD' of their start), days and shifts in time order. */
export function shiftsByDay<T extends Pick<Shift, 'startsAt'>>(shifts: readonly T[]): { day: string; shifts: T[] }[] {
  const days = new Map<string, T[]>();
  for (const shift of [...shifts].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = shift.startsAt.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), shift]);
  }
  return [...days].map(([day, inDay]) => ({ day, shifts: inDay }));
}

/**
 * A shift's end beside its start under its day's heading: its time ('10:00 am'), or its day too when it
 * ends on another day ('Sunday 6 December 2026, 1:00 am').
 */
export function shiftEnd(shift: Pick<Shift, 'startsAt' | 'endsAt'>, language: string): string {
  return shift.startsAt.slice(0, 10) === shift.endsAt.slice(0, 10)
    ? formatWallTime(shift.endsAt, language)
    : formatWallDate(shift.endsAt, language);
}

/**
 * The chosen shifts that cannot be taken as chosen: each that overlaps another chosen one, or one the
 * person already has (at any event, with a place or waiting), as the server would refuse them.
 */
export function overlappingChoices(chosen: readonly ShiftSummary[], own: readonly ShiftSummary[]): Set<string> {
  const flagged = new Set<string>();
  for (const shift of chosen) {
    const clash = (other: ShiftSummary) => other._id !== shift._id && shiftsOverlap(shift, other);
    if (chosen.some(clash) || own.some(clash)) flagged.add(shift._id);
  }
  return flagged;
}

/** What a shift picker asks of its page, and what it gives the form's Register. */
export type ShiftChoice = ReturnType<typeof useShiftChoice>;

/**
 * The person's choice of shifts on the register page: which are ticked, which of them overlap (flagged
 * as soon as ticked), and, on Register, the ids to send in time order, or null when there is nothing to
 * send or an overlap to resolve (the picker then says so beside the group or the shift, and takes the
 * focus there). Shifts the person already has are never sent again.
 */
export function useShiftChoice(shifts: readonly Shift[], held: readonly HeldShift[], own: readonly ShiftSummary[]) {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  // 'Choose at least one shift', said on a Register with nothing ticked until something is.
  const [noneChosen, setNoneChosen] = useState(false);
  // Asks the picker to move the focus to its first problem (a count, so each refusal asks again).
  const [focusAsked, setFocusAsked] = useState(0);
  const heldIds = new Set(held.map((shift) => shift.shiftId));
  const picked = shifts.filter((shift) => chosen.includes(shift._id) && !heldIds.has(shift._id));
  const flagged = overlappingChoices(picked, own);

  return {
    /** The ids ticked (a shift the person already has is shown ticked anyway). */
    chosen,
    /** The shifts that would be sent, in time order. */
    picked,
    flagged,
    noneChosen,
    focusAsked,
    toggle(id: string, on: boolean) {
      setChosen((current) => (on ? [...current.filter((one) => one !== id), id] : current.filter((one) => one !== id)));
      setNoneChosen(false);
    },
    /** The ids to register for, or null when the choice is refused (the picker says why). */
    check(): string[] | null {
      if (picked.length === 0) setNoneChosen(true);
      if (picked.length === 0 || flagged.size > 0) {
        setFocusAsked((count) => count + 1);
        return null;
      }
      return picked.map((shift) => shift._id);
    },
    /** After a registration: the shifts taken are the person's now, nothing is ticked. */
    clear() {
      setChosen([]);
      setNoneChosen(false);
    },
  };
}
