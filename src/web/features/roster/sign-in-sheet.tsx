import { useTranslation } from 'react-i18next';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import type { Question } from '../../../shared/questions.ts';
import type { Roster } from '../../../shared/roster.ts';
import { AnswerList, answerLines } from './answers.tsx';
import classes from './roster.module.css';
import { groupByShift, groupLabel, shiftPlaces } from './shift-groups.tsx';

/** Lines left empty at the foot of the sheet, for people who come without having registered. */
const spareLines = 5;
/** On an event staffed by shifts, lines left empty at the foot of each shift's table. */
const spareLinesPerShift = 3;

type Person = Roster['registered'][number];

/**
 * The questions whose answers the sheet prints under each name: not the sensitive ones, which only
 * admins and the person may see, and a paper sheet passes through every hand that signs it.
 */
const printedQuestions = (questions: readonly Question[] | undefined) => (questions ?? []).filter((question) => !question.sensitive);

/**
 * A table of names (each with its answers to `questions` under it) with an empty column for each to
 * sign, and `spare` empty lines at its foot.
 */
function SheetTable({ people, spare, questions }: { people: Person[]; spare: number; questions: readonly Question[] }) {
  const { t, i18n } = useTranslation('manage');
  const line = (n: number) => formatNumber(n, i18n.language, { useGrouping: false });
  const spareNumbers = Array.from({ length: spare }, (_, i) => people.length + i + 1);
  return (
    <table className={classes.sheetTable}>
      <thead>
        <tr>
          <th scope="col" className={classes.numberColumn}>
            #
          </th>
          <th scope="col">{t('signIn.name')}</th>
          <th scope="col" className={classes.signatureColumn}>
            {t('signIn.signature')}
          </th>
        </tr>
      </thead>
      <tbody>
        {people.map((person, index) => (
          <tr key={person._id}>
            <td>{line(index + 1)}</td>
            <td>
              {person.name}
              <AnswerList lines={answerLines(questions, person.answers, t)} name={person.name} tone="sheet" />
            </td>
            <td />
          </tr>
        ))}
        {spareNumbers.map((spareLine) => (
          <tr key={`spare-${spareLine}`}>
            <td>{line(spareLine)}</td>
            <td />
            <td />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The sheet of an event staffed by shifts: a table per shift, headed by its role, times and places. */
function ShiftSheets({ roster }: { roster: Roster }) {
  // The door area's words (this file's own are the manage area's).
  const { t: doorT, i18n } = useTranslation('door');
  const language = i18n.language;
  return (
    <>
      {groupByShift(roster.shifts, roster.registered, true).map((group) => {
        return (
          <div key={group.key} className={classes.sheetGroup}>
            <h3>{groupLabel(group.shift, doorT, language)}</h3>
            {group.places && <p>{shiftPlaces(group.places, doorT, language)}</p>}
            <SheetTable people={group.people} spare={spareLinesPerShift} questions={printedQuestions(roster.questions)} />
          </div>
        );
      })}
    </>
  );
}

/**
 * The printed sign-in sheet: the event, its date and place, and a table of the people registered (by
 * name) with an empty column for each to sign; on an event staffed by shifts, a table per shift, under
 * its role and times; under each name, the person's answers, less the sensitive ones. Shown only when
 * the page is printed.
 */
export function SignInSheet({ roster }: { roster: Roster }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  const { event } = roster;
  return (
    <section className={classes.sheet} data-testid="sign-in-sheet" aria-label={t('signIn.label')}>
      <h2>{t('signIn.title', { title: event.title })}</h2>
      <p>
        <strong>{t('signIn.date')}</strong> {formatWallDate(event.date, language)}
        {event.end && <> {t('signIn.ends', { date: formatWallDate(event.end, language) })}</>}
        <br />
        <strong>{t('signIn.place')}</strong> {event.location ?? t('signIn.notGiven')}
      </p>
      {roster.shifts.length > 0 ? (
        <ShiftSheets roster={roster} />
      ) : (
        <SheetTable people={roster.registered} spare={spareLines} questions={printedQuestions(roster.questions)} />
      )}
    </section>
  );
}
