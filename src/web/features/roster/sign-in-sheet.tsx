import { useTranslation } from 'react-i18next';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import type { Roster } from '../../../shared/roster.ts';
import classes from './roster.module.css';

/** Lines left empty at the foot of the sheet, for people who come without having registered. */
const spareLines = 5;

/**
 * The printed sign-in sheet: the event, its date and place, and a table of the people registered (by
 * name) with an empty column for each to sign. Shown only when the page is printed.
 */
export function SignInSheet({ roster }: { roster: Roster }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  const line = (n: number) => formatNumber(n, language, { useGrouping: false });
  const { event } = roster;
  const spare = Array.from({ length: spareLines }, (_, i) => roster.registered.length + i + 1);
  return (
    <section className={classes.sheet} data-testid="sign-in-sheet" aria-label={t('signIn.label')}>
      <h2>{t('signIn.title', { title: event.title })}</h2>
      <p>
        <strong>{t('signIn.date')}</strong> {formatWallDate(event.date, language)}
        {event.end && <> {t('signIn.ends', { date: formatWallDate(event.end, language) })}</>}
        <br />
        <strong>{t('signIn.place')}</strong> {event.location ?? t('signIn.notGiven')}
      </p>
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
          {roster.registered.map((person, index) => (
            <tr key={person._id}>
              <td>{line(index + 1)}</td>
              <td>{person.name}</td>
              <td />
            </tr>
          ))}
          {spare.map((spareLine) => (
            <tr key={`spare-${spareLine}`}>
              <td>{line(spareLine)}</td>
              <td />
              <td />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
