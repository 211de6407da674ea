import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShiftTimes } from '../../../shared/format.ts';
import type { Shift } from '../../../shared/shifts.ts';
import { Button } from '../../components/button.tsx';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import {
  blankDraft,
  checkDraft,
  draftOf,
  hasErrors,
  nextSlot,
  type ShiftDraft,
  type ShiftField,
  type SyncOutcome,
} from './shift-drafts.ts';

/** A saved row taken off the form, deleted when the event is saved; `at` is where it was, for Keep. */
export type RemovedDraft = ShiftDraft & { at: number };

export interface ShiftDrafts {
  rows: ShiftDraft[];
  removed: RemovedDraft[];
  /** The id of a row's box ('role', 'startsAt', …), and of the Add shift button ('add'). */
  idOf: (key: string, part: ShiftField | 'add' | 'error') => string;
  add: (times: { startsAt: string; endsAt: string }) => void;
  copy: (key: string) => void;
  remove: (key: string) => void;
  restore: (key: string) => void;
  change: (key: string, field: ShiftField, value: string) => void;
  /** Checks every row, shows what is wrong beside each box: true when all are fine. */
  check: () => boolean;
  /** Takes in what saving did: saved rows keep their id and values, failed ones say why. */
  apply: (outcome: SyncOutcome) => void;
}

/**
 * The shift rows of the event form, with where focus goes after each change: to the new row's Role
 * after Add and Copy, to the next row's (or the one before's, or Add shift) after Remove.
 */
export function useShiftDrafts(initial: readonly Shift[] = []): ShiftDrafts {
  const prefix = useId();
  const [rows, setRows] = useState<ShiftDraft[]>(() => initial.map(draftOf));
  const [removed, setRemoved] = useState<RemovedDraft[]>([]);
  const focusNext = useFocusAfterRender();
  const idOf: ShiftDrafts['idOf'] = (key, part) => (part === 'add' ? `${prefix}-add` : `${prefix}-${key}-${part}`);

  const insert = (draft: ShiftDraft, at: number) => {
    setRows((current) => [...current.slice(0, at), draft, ...current.slice(at)]);
    focusNext(idOf(draft.key, 'role'));
  };

  return {
    rows,
    removed,
    idOf,
    add: ({ startsAt, endsAt }) => insert(blankDraft(startsAt, endsAt), rows.length),
    copy: (key) => {
      const at = rows.findIndex((draft) => draft.key === key);
      const draft = rows[at];
      if (draft) insert(nextSlot(draft), at + 1);
    },
    remove: (key) => {
      const at = rows.findIndex((draft) => draft.key === key);
      const draft = rows[at];
      if (!draft) return;
      const rest = rows.filter((row) => row.key !== key);
      setRows(rest);
      // A saved shift is deleted when the event is saved (and its people emailed); a new row just goes.
      if (draft.id) setRemoved((current) => [...current, { ...draft, at, errors: {} }]);
      const next = rest[at] ?? rest[at - 1];
      focusNext(next ? idOf(next.key, 'role') : idOf('', 'add'));
    },
    restore: (key) => {
      const draft = removed.find((item) => item.key === key);
      if (!draft) return;
      setRemoved((current) => current.filter((item) => item.key !== key));
      const { at, ...row } = draft;
      insert({ ...row, errors: {} }, Math.min(at, rows.length));
    },
    change: (key, field, value) =>
      setRows((current) =>
        current.map((draft) => (draft.key === key ? { ...draft, [field]: value, errors: { ...draft.errors, [field]: undefined } } : draft)),
      ),
    check: () => {
      const checked = rows.map((draft) => ({ ...draft, errors: checkDraft(draft) }));
      setRows(checked);
      return !checked.some((draft) => hasErrors(draft.errors));
    },
    apply: (outcome) => {
      const rowOutcomes = new Map(outcome.rows.map((item) => [item.key, item]));
      setRows((current) =>
        current.map((draft) => {
          const result = rowOutcomes.get(draft.key);
          if (!result) return draft;
          if ('errors' in result) return { ...draft, errors: result.errors };
          return { ...draft, id: result.id, saved: result.saved, errors: {} };
        }),
      );
      const removals = new Map(outcome.removed.map((item) => [item.key, item]));
      setRemoved((current) =>
        current.flatMap((draft) => {
          const result = removals.get(draft.key);
          if (!result) return [draft];
          return 'gone' in result ? [] : [{ ...draft, errors: { row: result.error } }];
        }),
      );
    },
  };
}

/** How many people hold or wait for a place on a saved shift, from the shifts as last loaded. */
export function peopleOn(draft: ShiftDraft, shifts: readonly Shift[] = []): number {
  const shift = draft.id ? shifts.find((item) => item._id === draft.id) : undefined;
  return shift ? shift.registered + shift.waitlisted : 0;
}

interface ShiftEditorProps {
  drafts: ShiftDrafts;
  /** The event's shifts as last loaded: each saved row's people. */
  shifts?: readonly Shift[];
  /** A new row's times: the event's day and start, as the form has them now. */
  newTimes: () => { startsAt: string; endsAt: string };
}

/**
 * The shifts of an event on its form (DECISIONS 5.4): a role, a time and places each. Each box is named
 * with its row ('Role for shift 2') and says what is wrong beside itself; a saved shift shows its people.
 * Nothing is sent from here: the form saves the rows after the event.
 */
export function ShiftEditor({ drafts, shifts, newTimes }: ShiftEditorProps) {
  const { t, i18n } = useTranslation('manage');
  const count = (value: number) => formatNumber(value, i18n.language);
  const hintId = useId();

  return (
    <Fieldset legend={t('shifts.legend')} aria-describedby={hintId}>
      <Stack gap="md">
        <Text id={hintId} size="sm" c="dimmed">
          {t('shifts.hint')}
        </Text>
        {drafts.rows.length === 0 && <Text size="sm">{t('shifts.none')}</Text>}
        {drafts.rows.map((draft, index) => {
          const n = count(index + 1);
          const shift = draft.id ? shifts?.find((item) => item._id === draft.id) : undefined;
          const box = (field: ShiftField) => ({
            id: drafts.idOf(draft.key, field),
            value: draft[field],
            error: draft.errors[field],
            onChange: (event: { currentTarget: { value: string } }) => drafts.change(draft.key, field, event.currentTarget.value),
          });
          return (
            <Fieldset
              key={draft.key}
              legend={t('shifts.row', { n })}
              variant="filled"
              aria-describedby={draft.errors.row ? drafts.idOf(draft.key, 'error') : undefined}
            >
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('shifts.role')}
                    aria-label={t('shifts.roleOf', { n })}
                    required
                    autoComplete="off"
                    maxLength={80}
                    {...box('role')}
                  />
                  <TextInput
                    label={t('shifts.capacity')}
                    aria-label={t('shifts.capacityOf', { n })}
                    inputMode="numeric"
                    autoComplete="off"
                    {...box('capacity')}
                  />
                  <TextInput
                    type="datetime-local"
                    label={t('shifts.startsAt')}
                    aria-label={t('shifts.startsAtOf', { n })}
                    required
                    {...box('startsAt')}
                  />
                  <TextInput
                    type="datetime-local"
                    label={t('shifts.endsAt')}
                    aria-label={t('shifts.endsAtOf', { n })}
                    required
                    {...box('endsAt')}
                  />
                </SimpleGrid>
                <Textarea
                  label={t('shifts.description')}
                  aria-label={t('shifts.descriptionOf', { n })}
                  autosize
                  minRows={1}
                  maxRows={6}
                  maxLength={1000}
                  {...box('description')}
                />
                {draft.errors.row && (
                  <Text id={drafts.idOf(draft.key, 'error')} size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                    {draft.errors.row}
                  </Text>
                )}
                <Group justify="space-between" gap="sm">
                  {shift ? (
                    <Text size="sm">{t('shifts.counts', { registered: count(shift.registered), waiting: count(shift.waitlisted) })}</Text>
                  ) : (
                    <span />
                  )}
                  <Group gap="sm">
                    <Button variant="default" aria-label={t('shifts.copyOf', { n })} onClick={() => drafts.copy(draft.key)}>
                      {t('shifts.copy')}
                    </Button>
                    <Button variant="default" aria-label={t('shifts.removeOf', { n })} onClick={() => drafts.remove(draft.key)}>
                      {t('shifts.remove')}
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <div>
          <Button id={drafts.idOf('', 'add')} variant="light" onClick={() => drafts.add(newTimes())}>
            {t('shifts.add')}
          </Button>
        </div>
        {drafts.removed.length > 0 && <RemovedShifts drafts={drafts} shifts={shifts} />}
      </Stack>
    </Fieldset>
  );
}

/** The saved shifts taken off the form: deleted when the event is saved, each with its people and a way back. */
function RemovedShifts({ drafts, shifts }: { drafts: ShiftDrafts; shifts?: readonly Shift[] }) {
  const { t, i18n } = useTranslation('manage');
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Text id={headingId} fw={600} size="sm">
        {t('shifts.removedHeading')}
      </Text>
      <Stack component="ul" gap="xs" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
        {drafts.removed.map((draft) => {
          const people = peopleOn(draft, shifts);
          const when = formatShiftTimes(draft.saved?.startsAt ?? draft.startsAt, draft.saved?.endsAt ?? draft.endsAt, i18n.language);
          const role = draft.saved?.role ?? draft.role;
          return (
            <Group component="li" key={draft.key} justify="space-between" gap="sm" wrap="nowrap">
              <div>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('shifts.removedItem', { role, when })}
                </Text>
                {people > 0 && (
                  <Text size="sm" fw={600}>
                    {t('shifts.removedPeople', { count: people, n: formatNumber(people, i18n.language) })}
                  </Text>
                )}
                {draft.errors.row && (
                  <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                    {t('shifts.notRemoved', { message: draft.errors.row })}
                  </Text>
                )}
              </div>
              <Button variant="default" aria-label={t('shifts.restoreOf', { role, when })} onClick={() => drafts.restore(draft.key)}>
                {t('shifts.restore')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
