import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckinPerson, EventCheckins } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import type { Question } from '../../../shared/questions.ts';
import type { Roster } from '../../../shared/roster.ts';
import { Button } from '../../components/button.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { AnswerList, answerLines } from './answers.tsx';
import classes from './roster.module.css';
import { ShiftGroups } from './shift-groups.tsx';

type Person = Roster['registered'][number] & { position?: number };

/** A count as the reader's language writes it, without grouping (as English always showed it). */
const countIn = (value: number, language: string) => formatNumber(value, language, { useGrouping: false });

interface PeopleTableProps {
  caption: string;
  people: Person[];
  withPosition?: boolean;
  /** The questions whose answers each person's name shows (the roster's: those this reader may see). */
  questions: readonly Question[];
  /** Each registered person's check-in and hours, by registration id, when the door list is loaded. */
  checkins?: Map<string, CheckinPerson>;
  onAdjust?: (person: CheckinPerson) => void;
}

/** `onAdjust` only for those who may adjust hours (admins): without it, no 'Adjust hours' column. */
function CheckinCells({ checkin, onAdjust }: { checkin: CheckinPerson | undefined; onAdjust?: (person: CheckinPerson) => void }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  if (!checkin) return <Table.Td colSpan={onAdjust ? 3 : 2}>{t('rosterLists.notOnList')}</Table.Td>;
  return (
    <>
      <Table.Td>
        {checkin.checkedInAt ? (
          <Text component="time" dateTime={checkin.checkedInAt} size="sm" fw={600} c="teal.9">
            {formatInstantIn(checkin.checkedInAt, language)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('rosterLists.notYet')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t('hours', { count: checkin.hours, n: formatNumber(checkin.hours, language, { maximumFractionDigits: 2 }) })}
        {checkin.hoursAdjusted && (
          <Text component="span" size="sm" c="dimmed">
            {' '}
            {t('rosterLists.setByHand')}
          </Text>
        )}
      </Table.Td>
      {onAdjust && (
        <Table.Td>
          <Button
            variant="subtle"
            size="sm"
            aria-label={t('rosterLists.adjustOf', { name: checkin.name })}
            onClick={() => onAdjust(checkin)}
          >
            {t('rosterLists.adjust')}
          </Button>
        </Table.Td>
      )}
    </>
  );
}

function PeopleTable({ caption, people, withPosition, questions, checkins, onAdjust }: PeopleTableProps) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  return (
    <div className={classes.tableWrap}>
      <Table striped verticalSpacing="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {withPosition && <Table.Th scope="col">{t('rosterLists.position')}</Table.Th>}
            <Table.Th scope="col">{t('rosterLists.name')}</Table.Th>
            <Table.Th scope="col">{t('rosterLists.email')}</Table.Th>
            <Table.Th scope="col">{t('rosterLists.registered')}</Table.Th>
            {checkins && (
              <>
                <Table.Th scope="col">{t('rosterLists.checkedIn')}</Table.Th>
                <Table.Th scope="col">{t('rosterLists.hours')}</Table.Th>
                {onAdjust && (
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('rosterLists.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person._id}>
              {withPosition && <Table.Td>{person.position === undefined ? null : countIn(person.position, language)}</Table.Td>}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {person.name}
                <AnswerList lines={answerLines(questions, person.answers, t)} name={person.name} tone="roster" />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
              <Table.Td>
                <Text component="time" dateTime={person.registeredAt} size="sm">
                  {formatInstantIn(person.registeredAt, language)}
                </Text>
              </Table.Td>
              {checkins && <CheckinCells checkin={checkins.get(person._id)} onAdjust={onAdjust} />}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

interface RosterListsProps {
  roster: Roster;
  /** The door list: who was checked in and their hours; the roster is shown without them until it loads. */
  checkins?: EventCheckins;
  /** Admins only: door staff may not adjust hours, and see no button for it. */
  onAdjust?: (person: CheckinPerson) => void;
}

/**
 * The people with a place (by name), with who was checked in and the hours each is credited with, and
 * the waitlist (by position), each with an empty state. On an event staffed by shifts, each list is
 * grouped by shift: a heading per shift with its places, and its people under it. Under each name, the
 * person's answers to the questions the reader may see, a sensitive one tagged 'Sensitive'.
 */
export function RosterLists({ roster, checkins, onAdjust }: RosterListsProps) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  const { registered, waitlist, shifts } = roster;
  // A roster without questions (or kept from before they were asked): no answers to show.
  const questions = roster.questions ?? [];
  const byShift = shifts.length > 0;
  const byRegistration = checkins && new Map(checkins.people.map((person) => [person.registrationId, person]));
  const registeredTable = (people: Person[], caption: string) => (
    <PeopleTable caption={caption} people={people} questions={questions} checkins={byRegistration} onAdjust={onAdjust} />
  );
  const waitlistTable = (people: Person[], caption: string) => (
    <PeopleTable caption={caption} people={people} questions={questions} withPosition />
  );
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registered-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="registered-heading">
            {t('rosterLists.registeredHeading', { n: countIn(registered.length, language) })}
          </Title>
          {registered.length === 0 ? (
            <Text>{t('rosterLists.nobodyRegistered')}</Text>
          ) : (
            checkins && (
              <Text fw={600} data-testid="checked-in-count">
                {t('rosterLists.checkedInCount', {
                  checkedIn: countIn(checkins.checkedIn, language),
                  registered: countIn(checkins.registered, language),
                })}
              </Text>
            )
          )}
          {byShift ? (
            <ShiftGroups shifts={shifts} people={registered} kind="registered" renderTable={registeredTable} />
          ) : (
            registered.length > 0 && registeredTable(registered, t('rosterLists.registeredCaption'))
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="waitlist-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="waitlist-heading">
            {t('rosterLists.waitlistHeading', { n: countIn(waitlist.length, language) })}
          </Title>
          {waitlist.length === 0 ? (
            <Text>{t('rosterLists.nobodyWaiting')}</Text>
          ) : byShift ? (
            <ShiftGroups shifts={shifts} people={waitlist} kind="waitlist" renderTable={waitlistTable} />
          ) : (
            waitlistTable(waitlist, t('rosterLists.waitlistCaption'))
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
