import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { type Shift, type ShiftCreate, type ShiftUpdate, shiftCreateSchema, shiftMessages } from '../../../shared/shifts.ts';
import { isApiError } from '../../lib/api-error.ts';
import { failureMessage } from '../../lib/forms/schema-errors.ts';
import { problemIn } from '../../lib/problems.ts';
import { addShift, deleteShift, updateShift } from './api.ts';

/**
 * A shift as the event form holds it: text in its boxes, the id and values it was saved with (none
 * for a row not saved yet), and what is wrong with it, beside each box (`row`: about the row as a whole).
 */
export const shiftFields = ['role', 'description', 'startsAt', 'endsAt', 'capacity'] as const;
export type ShiftField = (typeof shiftFields)[number];
export type ShiftValues = Record<ShiftField, string>;
export type ShiftErrors = Partial<Record<ShiftField | 'row', string>>;

export interface ShiftDraft extends ShiftValues {
  /** Stable while the row is on the form: its React key and the start of its boxes' ids. */
  key: string;
  /** The saved shift's id; none for a row not saved yet. */
  id?: string;
  /** What the server holds, to send only what changed. */
  saved?: ShiftValues;
  errors: ShiftErrors;
}

let lastKey = 0;
const newKey = () => {
  lastKey += 1;
  return `s${lastKey}`;
};

const valuesOf = (draft: ShiftValues): ShiftValues => ({
  role: draft.role,
  description: draft.description,
  startsAt: draft.startsAt,
  endsAt: draft.endsAt,
  capacity: draft.capacity,
});

export function draftOf(shift: Shift): ShiftDraft {
  const values: ShiftValues = {
    role: shift.role,
    description: shift.description,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    capacity: shift.capacity === null ? '' : String(shift.capacity),
  };
  return { ...values, key: newKey(), id: shift._id, saved: values, errors: {} };
}

export function blankDraft(startsAt: string, endsAt: string): ShiftDraft {
  return { key: newKey(), role: '', description: '', startsAt, endsAt, capacity: '', errors: {} };
}

const wallClock = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Minutes since 1970 of a wall-clock 'YYYY-MM-DDTHH:MM' (on no zone: a wall clock has no summer time to skip), or null. */
function minutesOf(wall: string): number | null {
  const parts = wallClock.exec(wall.slice(0, 16));
  if (!parts) return null;
  const [y, mo, d, h, mi] = parts.slice(1).map(Number) as [number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi);
  return Number.isNaN(at) ? null : at / 60_000;
}

const wallOf = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 16);

/**
 * A new shift's times: from the event's start (its day at its time, or 9:00 without one) to its end
 * when that is later the same day, or two hours on. Empty without a day.
 */
export function newShiftTimes(day: string, time: string, end: string): { startsAt: string; endsAt: string } {
  const start = minutesOf(`${day}T${time || '09:00'}`);
  if (start === null) return { startsAt: '', endsAt: '' };
  const startsAt = wallOf(start);
  const eventEnd = minutesOf(end);
  const endsAt = eventEnd !== null && eventEnd > start && end.slice(0, 10) === day ? wallOf(eventEnd) : wallOf(start + 120);
  return { startsAt, endsAt };
}

/** A copy of a row as the next slot: the same role, description and places, starting when it ends, as long. */
export function nextSlot(draft: ShiftDraft): ShiftDraft {
  const start = minutesOf(draft.startsAt);
  const end = minutesOf(draft.endsAt);
  const times =
    start !== null && end !== null && end > start
      ? { startsAt: wallOf(end), endsAt: wallOf(end + (end - start)) }
      : { startsAt: draft.startsAt, endsAt: draft.endsAt };
  return { ...valuesOf(draft), ...times, key: newKey(), errors: {} };
}

/** What is wrong with a row, as the server's schema would say, and an end not after the start. */
export function checkDraft(draft: ShiftDraft): ShiftErrors {
  const errors: ShiftErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(shiftCreateSchema.safeParse(valuesOf(draft)).error?.issues ?? []))) {
    if ((shiftFields as readonly string[]).includes(field)) errors[field as ShiftField] ??= problemIn(message);
  }
  const start = minutesOf(draft.startsAt);
  const end = minutesOf(draft.endsAt);
  if (!errors.startsAt && !errors.endsAt && start !== null && end !== null && end <= start) {
    errors.endsAt = problemIn(shiftMessages.endNotAfterStart);
  }
  return errors;
}

export const hasErrors = (errors: ShiftErrors) => Object.values(errors).some(Boolean);

/** A row as POST /api/events/{id}/shifts takes it (only called on a row `checkDraft` passed). */
const createBody = (draft: ShiftDraft): ShiftCreate => shiftCreateSchema.parse(valuesOf(draft));

/** What changed since the row was saved, as PUT /api/shifts/{id} takes it; null when nothing did. */
export function changesOf(draft: ShiftDraft): ShiftUpdate | null {
  if (!draft.saved) return null;
  const body = createBody(draft);
  const changes: Record<string, unknown> = {};
  for (const field of shiftFields) {
    if (draft[field] !== draft.saved[field]) changes[field] = body[field] ?? null;
  }
  return Object.keys(changes).length > 0 ? (changes as ShiftUpdate) : null;
}

/** Whether saving would send anything for these rows. */
export const hasWork = (rows: readonly ShiftDraft[], removed: readonly ShiftDraft[]) =>
  removed.some((draft) => draft.id) || rows.some((draft) => !draft.id || changesOf(draft) !== null);

/** A failed call as a row shows it: the server's field messages beside their boxes, anything else on the row. */
export function failureErrors(error: unknown): ShiftErrors {
  const errors: ShiftErrors = {};
  if (isApiError(error) && error.fields) {
    for (const [field, message] of Object.entries(error.fields)) {
      if ((shiftFields as readonly string[]).includes(field)) errors[field as ShiftField] ??= problemIn(message);
      else errors.row ??= problemIn(message);
    }
  }
  if (!hasErrors(errors)) errors.row = failureMessage(error);
  return errors;
}

export type RowOutcome = { key: string; saved: ShiftValues; id: string } | { key: string; errors: ShiftErrors };
export type RemovalOutcome = { key: string; gone: true } | { key: string; error: string };

export interface SyncOutcome {
  rows: RowOutcome[];
  removed: RemovalOutcome[];
}

/**
 * An event's shifts brought to what the form shows, one call at a time: the removed rows deleted (the
 * server emails their people), then the changed ones sent, then the new ones added. A call that fails
 * stops nothing else: each row says how it went.
 */
export async function syncShifts(
  eventId: string,
  rows: readonly ShiftDraft[],
  removed: readonly ShiftDraft[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<SyncOutcome> {
  const deletes = removed.filter((draft) => draft.id);
  const updates = rows.flatMap((draft) => {
    const changes = draft.id ? changesOf(draft) : null;
    return changes ? [{ draft, changes }] : [];
  });
  const creates = rows.filter((draft) => !draft.id);
  const total = deletes.length + updates.length + creates.length;
  let done = 0;
  const step = () => {
    done += 1;
    onProgress(done, total);
  };
  onProgress(0, total);
  const outcome: SyncOutcome = { rows: [], removed: [] };

  for (const draft of deletes) {
    try {
      await deleteShift(draft.id as string);
      outcome.removed.push({ key: draft.key, gone: true });
    } catch (error) {
      outcome.removed.push({ key: draft.key, error: failureMessage(error) });
    }
    step();
  }
  for (const { draft, changes } of updates) {
    try {
      await updateShift(draft.id as string, changes);
      outcome.rows.push({ key: draft.key, id: draft.id as string, saved: valuesOf(draft) });
    } catch (error) {
      outcome.rows.push({ key: draft.key, errors: failureErrors(error) });
    }
    step();
  }
  for (const draft of creates) {
    try {
      const id = await addShift(eventId, createBody(draft));
      outcome.rows.push({ key: draft.key, id, saved: valuesOf(draft) });
    } catch (error) {
      outcome.rows.push({ key: draft.key, errors: failureErrors(error) });
    }
    step();
  }
  return outcome;
}
