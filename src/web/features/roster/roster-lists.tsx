import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Roster } from '../../../shared/roster.ts';
import { formatInstantDateTime } from '../../lib/format-time.ts';
import classes from './roster.module.css';

type Person = Roster['registered'][number] & { position?: number };

function PeopleTable({ caption, people, withPosition }: { caption: string; people: Person[]; withPosition?: boolean }) {
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The people with a place (by name) and the waitlist (by position), each with an empty state. */
export function RosterLists({ roster }: { roster: Roster }) {
  const { registered, waitlist } = roster;
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
            <PeopleTable caption="Registered, by name" people={registered} />
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
