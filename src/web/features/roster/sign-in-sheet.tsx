import { formatEventDate } from '../../../shared/event-date.ts';
import type { Roster } from '../../../shared/roster.ts';
import classes from './roster.module.css';

/** Lines left empty at the foot of the sheet, for people who come without having registered. */
const spareLines = 5;

/**
 * The printed sign-in sheet: the event, its date and place, and a table of the people registered (by
 * name) with an empty column for each to sign. Shown only when the page is printed.
 */
export function SignInSheet({ roster }: { roster: Roster }) {
  const { event } = roster;
  const spare = Array.from({ length: spareLines }, (_, i) => roster.registered.length + i + 1);
  return (
    <section className={classes.sheet} data-testid="sign-in-sheet" aria-label="Sign-in sheet">
      <h2>Sign-in sheet: {event.title}</h2>
      <p>
        <strong>Date:</strong> {formatEventDate(event.date)}
        {event.end && <> (ends {formatEventDate(event.end)})</>}
        <br />
        <strong>Place:</strong> {event.location ?? 'Not given'}
      </p>
      <table className={classes.sheetTable}>
        <thead>
          <tr>
            <th scope="col" className={classes.numberColumn}>
              #
            </th>
            <th scope="col">Name</th>
            <th scope="col" className={classes.signatureColumn}>
              Signature
            </th>
          </tr>
        </thead>
        <tbody>
          {roster.registered.map((person, index) => (
            <tr key={person._id}>
              <td>{index + 1}</td>
              <td>{person.name}</td>
              <td />
            </tr>
          ))}
          {spare.map((line) => (
            <tr key={`spare-${line}`}>
              <td>{line}</td>
              <td />
              <td />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
