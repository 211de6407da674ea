import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import type { Shift } from '../../../shared/shifts.ts';
import type { FormPart } from '../../lib/forms/form-part.ts';
import { hasWork, newShiftTimes, syncShifts } from './shift-drafts.ts';
import { peopleOn, type ShiftDrafts, ShiftEditor, useShiftDrafts } from './shift-editor.tsx';

/**
 * An event's shifts as a part of its form (the shape the event form takes as `part`): drawn after the
 * event's own boxes, checked with them, and saved once the event is, from what the form shows.
 */
export interface ShiftsPart extends FormPart {
  drafts: ShiftDrafts;
}

const listIn = (language: string, items: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/**
 * The shift rows of Add Event and Update Event (DECISIONS 5.4): `shifts` as last loaded (none for a new
 * event) start the rows and give each saved one its people. Saving deletes the rows taken off (asking
 * first when people are on them: the server emails them), changes the rows changed and adds the new ones.
 */
export function useShiftsPart(shifts: readonly Shift[] = []): ShiftsPart {
  const { t, i18n } = useTranslation('manage');
  const drafts = useShiftDrafts(shifts);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const count = (value: number) => formatNumber(value, i18n.language);

  return {
    drafts,
    render: (eventTimes) => (
      <>
        <ShiftEditor
          drafts={drafts}
          shifts={shifts}
          newTimes={() => {
            const { day, time, end } = eventTimes();
            return newShiftTimes(day, time, end);
          }}
        />
        <Text size="sm" role="status">
          {progress && progress.total > 0 ? t('shifts.saving', { done: count(progress.done), total: count(progress.total) }) : ''}
        </Text>
      </>
    ),
    check: drafts.check,
    question: () => {
      const losing = drafts.removed.filter((draft) => peopleOn(draft, shifts) > 0);
      const people = losing.reduce((sum, draft) => sum + peopleOn(draft, shifts), 0);
      if (people === 0) return null;
      const roles = losing.map((draft) => draft.saved?.role ?? draft.role);
      return {
        title: t('shifts.confirmTitle'),
        subject: t('shifts.confirmSubject', { count: people, n: count(people), shifts: listIn(i18n.language, roles) }),
        confirmLabel: t('shifts.confirmYes'),
        declineLabel: t('shifts.confirmNo'),
      };
    },
    save: async (eventId) => {
      const { rows, removed } = drafts;
      if (!hasWork(rows, removed)) return null;
      let outcome: Awaited<ReturnType<typeof syncShifts>>;
      try {
        outcome = await syncShifts(eventId, rows, removed, (done, total) => setProgress({ done, total }));
      } finally {
        setProgress(null);
      }
      drafts.apply(outcome);
      const failedRows = outcome.rows.flatMap((item) => ('errors' in item ? [item] : []));
      const failedRemovals = outcome.removed.filter((item) => 'error' in item);
      if (failedRows.length + failedRemovals.length === 0) return null;
      const names = [
        ...failedRows.map((item) => t('shifts.row', { n: count(rows.findIndex((row) => row.key === item.key) + 1) })),
        ...failedRemovals.map((item) => t('shifts.removalOf', { role: removed.find((row) => row.key === item.key)?.role ?? '' })),
      ];
      return {
        title: t('shifts.failedTitle'),
        message: t('shifts.failedText', { rows: listIn(i18n.language, names) }),
        onField: failedRows.some(({ errors }) => Object.keys(errors).some((field) => field !== 'row')),
      };
    },
  };
}
