import { Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import type { CheckinPerson } from '../../../shared/checkin.ts';
import { Button } from '../../components/button.tsx';
import { formatInstantTime } from '../../lib/format-time.ts';
import classes from './checkin.module.css';

/** A long door list is cut to this many matches; a few letters more find anyone. */
const SHOWN = 50;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

interface DoorSearchProps {
  people: CheckinPerson[];
  /** Registrations with a check-in kept on this phone, not yet sent. */
  waitingIds: Set<string | null>;
  online: boolean;
  onCheckIn: (person: CheckinPerson) => void;
  onUndo: (person: CheckinPerson) => void;
  /** The person whose check-in is being sent now: their button waits. */
  busyId: string | null;
}

/** For people without their pass: the door list searched by name or email, each with 'Check in', or their time and 'Undo'. */
export function DoorSearch({ people, waitingIds, online, onCheckIn, onUndo, busyId }: DoorSearchProps) {
  const [typed, setTyped] = useState('');
  const query = fold(useDeferredValue(typed).trim());
  const matches = query ? people.filter((person) => fold(`${person.name} ${person.email}`).includes(query)) : people;
  const shown = matches.slice(0, SHOWN);

  return (
    <Stack gap="sm">
      <TextInput
        label="Search by name or email"
        type="search"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        aria-describedby="door-search-count"
      />
      <Text size="sm" c="dimmed" id="door-search-count" aria-live="polite">
        {query
          ? `${matches.length} of ${people.length} ${matches.length === 1 ? 'matches' : 'match'}`
          : `${people.length} ${people.length === 1 ? 'person' : 'people'} on the list`}
        {matches.length > SHOWN && `, the first ${SHOWN} shown`}
      </Text>
      <ul className={classes.people} aria-label="People on the door list">
        {shown.map((person) => {
          const waiting = waitingIds.has(person.registrationId);
          return (
            <li key={person.registrationId} className={classes.person}>
              <div className={classes.personName}>
                <Text fw={600}>{person.name}</Text>
                <Text size="sm" c="dimmed">
                  {person.email}
                </Text>
              </div>
              {person.checkedInAt ? (
                <Stack gap={4} align="flex-end">
                  <Text size="sm" fw={600} c="teal.9">
                    Checked in at <time dateTime={person.checkedInAt}>{formatInstantTime(person.checkedInAt)}</time>
                  </Text>
                  <Button variant="subtle" disabled={!online} aria-label={`Undo check-in of ${person.name}`} onClick={() => onUndo(person)}>
                    Undo
                  </Button>
                </Stack>
              ) : waiting ? (
                <Text size="sm" fw={600}>
                  Waiting to send
                </Text>
              ) : (
                <Button
                  aria-label={`Check in ${person.name}`}
                  disabled={busyId === person.registrationId}
                  onClick={() => onCheckIn(person)}
                >
                  Check in
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {people.length === 0 && <Text>Nobody has a place at this event yet.</Text>}
      {people.length > 0 && matches.length === 0 && <Text>Nobody on the list matches ‘{typed.trim()}’.</Text>}
    </Stack>
  );
}
