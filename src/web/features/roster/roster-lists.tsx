import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CheckinPerson, EventCheckins } from '../../../shared/checkin.ts';
import type { Roster } from '../../../shared/roster.ts';
import { Button } from '../../components/button.tsx';
import { formatHours } from '../../lib/format-hours.ts';
import { formatInstantDateTime } from '../../lib/format-time.ts';
import classes from './roster.module.css';

type Person = Roster['registered'][number] & { position?: number };

interface PeopleTableProps {
  caption: string;
  people: Person[];
  withPosition?: boolean;
  /** Each registered person's check-in and hours, by registration id, when the door list is loaded. */
  checkins?: Map<string, CheckinPerson>;
  onAdjust?: (person: CheckinPerson) => void;
}

function CheckinCells({ checkin, onAdjust }: { checkin: CheckinPerson | undefined; onAdjust?: (person: CheckinPerson) => void }) {
  if (!checkin) return <Table.Td colSpan={3}>Not on the door list</Table.Td>;
  return (
    <>
      <Table.Td>
        {checkin.checkedInAt ? (
          <Text component="time" dateTime={checkin.checkedInAt} size="sm" fw={600} c="teal.9">
            {formatInstantDateTime(checkin.checkedInAt)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not yet
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatHours(checkin.hours)}
        {checkin.hoursAdjusted && (
          <Text component="span" size="sm" c="dimmed">
            {' '}
            (set by hand)
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button variant="subtle" size="sm" aria-label={`Adjust hours of ${checkin.name}`} onClick={() => onAdjust?.(checkin)}>
          Adjust hours
        </Button>
      </Table.Td>
    </>
  );
}

function PeopleTable({ caption, people, withPosition, checkins, onAdjust }: PeopleTableProps) {
  return (
    <div className={classes.tableWrap}>
      <Table striped verticalSpacing="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {withPosition && <Table.Th scope="col">Position</Table.Th>}
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Registered</Table.Th>
            {checkins && (
              <>
                <Table.Th scope="col">Checked in</Table.Th>
                <Table.Th scope="col">Hours</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person._id}>
              {withPosition && <Table.Td>{person.position}</Table.Td>}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
              <Table.Td>
                <Text component="time" dateTime={person.registeredAt} size="sm">
                  {formatInstantDateTime(person.registeredAt)}
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
  onAdjust?: (person: CheckinPerson) => void;
}

/**
 * The people with a place (by name), with who was checked in and the hours each is credited with, and
 * the waitlist (by position), each with an empty state.
 */
export function RosterLists({ roster, checkins, onAdjust }: RosterListsProps) {
  const { registered, waitlist } = roster;
  const byRegistration = checkins && new Map(checkins.people.map((person) => [person.registrationId, person]));
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registered-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="registered-heading">
            Registered ({registered.length})
          </Title>
          {registered.length === 0 ? (
            <Text>Nobody has registered yet.</Text>
          ) : (
            <>
              {checkins && (
                <Text fw={600} data-testid="checked-in-count">
                  {checkins.checkedIn} of {checkins.registered} checked in
                </Text>
              )}
              <PeopleTable caption="Registered, by name" people={registered} checkins={byRegistration} onAdjust={onAdjust} />
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="waitlist-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="waitlist-heading">
            Waitlist ({waitlist.length})
          </Title>
          {waitlist.length === 0 ? (
            <Text>Nobody is waiting for a place.</Text>
          ) : (
            <PeopleTable caption="The waitlist, next in line first" people={waitlist} withPosition />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
