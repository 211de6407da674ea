import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShiftTimes } from '../../../shared/format.ts';
import type { Shift } from '../../../shared/shifts.ts';
import type { HeldShift, ShiftChoice } from './shift-choice.ts';
import classes from './shift-views.module.css';

interface ShiftPickerProps {
  /** The event's shifts, in time order, with their places. */
  shifts: readonly Shift[];
  /** The shifts of this event the person already has: shown ticked, and not sent again. */
  held: readonly HeldShift[];
  choice: ShiftChoice;
  /** The server's refusal of the last choice sent (400 or 409), said beside the group; null: none. */
  problem: string | null;
  /** The choice changed: a refusal of the one before no longer applies. */
  onChange?: () => void;
}

/**
 * The register page's shifts (DECISIONS 5.4): a group of checkboxes, one per shift, named by its role
 * and time, with its places (or 'Full: join the waitlist') and what it is about beside it. A ticked
 * shift that overlaps another ticked one, or one the person already has, is flagged beside it at once;
 * a Register with nothing ticked is refused beside the group. Each problem is tied to its checkbox
 * (aria-describedby) and read out as it appears; refused, the focus goes to the first problem.
 */
export function ShiftPicker({ shifts, held, choice, problem, onChange }: ShiftPickerProps) {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.language;
  const helpId = useId();
  const problemId = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  const groupProblem = choice.noneChosen ? t('shifts.chooseOne') : problem;

  useEffect(() => {
    if (choice.focusAsked === 0) return;
    const boxes = [...(group.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:disabled)') ?? [])];
    (boxes.find((box) => box.getAttribute('aria-invalid') === 'true') ?? boxes[0])?.focus();
  }, [choice.focusAsked]);

  const places = (shift: Shift) => {
    if (shift.spotsLeft === null) return t('shifts.noLimit');
    if (shift.spotsLeft === 0) return t('shifts.full');
    return t('shifts.placesLeft', { count: shift.spotsLeft, n: formatNumber(shift.spotsLeft, language) });
  };
  const heldNote = (mine: HeldShift) =>
    mine.status === 'waitlisted'
      ? t('shifts.heldWaitlisted', { position: mine.position === null ? '' : formatNumber(mine.position, language) })
      : t('shifts.held');

  return (
    <fieldset ref={group} className={classes.fieldset} aria-describedby={groupProblem ? `${helpId} ${problemId}` : helpId}>
      <legend className={classes.legend}>{t('shifts.legend')}</legend>
      <Text id={helpId} size="sm" c="dimmed" mb="xs">
        {t('shifts.help')}
      </Text>
      <div aria-live="polite">
        {groupProblem && (
          <Text id={problemId} size="sm" fw={600} c="red.9" mb="xs" className={classes.problem}>
            {groupProblem}
          </Text>
        )}
        {!groupProblem && choice.flagged.size > 0 && <VisuallyHidden>{t('shifts.overlaps')}</VisuallyHidden>}
      </div>
      {shifts.length === 0 && <Text size="sm">{t('shifts.none')}</Text>}
      <Stack component="ul" gap="sm" className={classes.options}>
        {shifts.map((shift) => {
          const mine = held.find((one) => one.shiftId === shift._id);
          const flagged = !mine && choice.flagged.has(shift._id);
          return (
            <li key={shift._id}>
              <Checkbox
                size="md"
                name="shiftIds"
                value={shift._id}
                checked={Boolean(mine) || choice.chosen.includes(shift._id)}
                disabled={Boolean(mine)}
                onChange={(event) => {
                  choice.toggle(shift._id, event.currentTarget.checked);
                  onChange?.();
                }}
                label={t('shifts.option', { role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, language) })}
                description={
                  <>
                    <span className={mine ? classes.heldNote : shift.spotsLeft === 0 ? classes.fullNote : classes.placesNote}>
                      {mine ? heldNote(mine) : places(shift)}
                    </span>
                    {shift.description && (
                      <>
                        {' '}
                        <span className={classes.about}>{shift.description}</span>
                      </>
                    )}
                  </>
                }
                error={flagged ? t('shifts.overlaps') : undefined}
                aria-invalid={flagged || (!mine && Boolean(groupProblem)) ? true : undefined}
                aria-describedby={groupProblem && !mine ? problemId : undefined}
                classNames={{ label: classes.optionLabel, body: classes.optionBody }}
              />
            </li>
          );
        })}
      </Stack>
    </fieldset>
  );
}
