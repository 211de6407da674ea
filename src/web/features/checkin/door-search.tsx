import { Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CheckinPerson } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import type { Question } from '../../../shared/questions.ts';
import { Button } from '../../components/button.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { AnswerList, answerLines } from '../roster/api.ts';
import { shiftLabel, shiftLine } from '../staff/api.ts';
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
  /** The questions marked for check-in (the door list's): each person's answers to them are on their line. */
  questions?: readonly Question[];
  /** Registrations with a check-in kept on this phone, not yet sent. */
  waitingIds: Set<string | null>;
  online: boolean;
  onCheckIn: (person: CheckinPerson) => void;
  onUndo: (person: CheckinPerson) => void;
  /** The person whose check-in is being sent now: their button waits. */
  busyId: string | null;
}

/**
 * For people without their pass: the door list searched by name or email (or a shift's role), each with
 * 'Check in', or their time and 'Undo'. On an event staffed by shifts each place is its own line, under
 * its shift: a person with two shifts is two lines, each checked in on its own, and the buttons say which.
 * Under each name, highlighted, their answers to the check-in questions ('Allergies: Peanuts').
 */
export function DoorSearch({ people, questions = [], waitingIds, online, onCheckIn, onUndo, busyId }: DoorSearchProps) {
  const { t, i18n } = useTranslation('manage');
  // The door area's words: the shifts.
  const { t: doorT } = useTranslation('door');
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language, { useGrouping: false });
  const [typed, setTyped] = useState('');
  const query = fold(useDeferredValue(typed).trim());
  const matches = query
    ? people.filter((person) => fold(`${person.name} ${person.email} ${person.shift?.role ?? ''}`).includes(query))
    : people;
  const shown = matches.slice(0, SHOWN);

  return (
    <Stack gap="sm">
      <TextInput
        label={t('doorSearch.label')}
        type="search"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        aria-describedby="door-search-count"
      />
      <Text size="sm" c="dimmed" id="door-search-count" aria-live="polite">
        {query
          ? t('doorSearch.matches', { count: matches.length, n: count(matches.length), total: count(people.length) })
          : t('doorSearch.people', { count: people.length, n: count(people.length) })}
        {matches.length > SHOWN && t('doorSearch.firstShown', { n: count(SHOWN) })}
      </Text>
      <ul className={classes.people} aria-label={t('doorSearch.list')}>
        {shown.map((person) => {
          const waiting = waitingIds.has(person.registrationId);
          const shift = person.shift && shiftLabel(person.shift, doorT, language);
          return (
            <li key={person.registrationId} className={classes.person}>
              <div className={classes.personName}>
                <Text fw={600}>{person.name}</Text>
                <Text size="sm" c="dimmed">
                  {person.email}
                </Text>
                {person.shift && (
                  <Text size="sm" fw={600} data-testid="door-person-shift">
                    {shiftLine(person.shift, doorT, language)}
                  </Text>
                )}
                <AnswerList lines={answerLines(questions, person.answers, t)} name={person.name} tone="door" />
              </div>
              {person.checkedInAt ? (
                <Stack gap={4} align="flex-end">
                  <Text size="sm" fw={600} c="teal.9">
                    <Trans
                      t={t}
                      i18nKey="doorSearch.checkedInAt"
                      values={{ time: formatInstantIn(person.checkedInAt, language, 'time') }}
                      components={{ time: <time dateTime={person.checkedInAt} /> }}
                    />
                  </Text>
                  <Button
                    variant="subtle"
                    disabled={!online}
                    aria-label={shift ? doorT('shift.undoOf', { name: person.name, shift }) : t('doorSearch.undoOf', { name: person.name })}
                    onClick={() => onUndo(person)}
                  >
                    {t('doorSearch.undo')}
                  </Button>
                </Stack>
              ) : waiting ? (
                <Text size="sm" fw={600}>
                  {t('doorSearch.waiting')}
                </Text>
              ) : (
                <Button
                  aria-label={
                    shift ? doorT('shift.checkInOf', { name: person.name, shift }) : t('doorSearch.checkInOf', { name: person.name })
                  }
                  disabled={busyId === person.registrationId}
                  onClick={() => onCheckIn(person)}
                >
                  {t('doorSearch.checkIn')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {people.length === 0 && <Text>{t('doorSearch.nobody')}</Text>}
      {people.length > 0 && matches.length === 0 && <Text>{t('doorSearch.noMatch', { query: typed.trim() })}</Text>}
    </Stack>
  );
}
