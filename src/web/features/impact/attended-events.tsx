import '@mantine/core/styles/Table.css';
import { Anchor, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Impact } from '../../../shared/checkin.ts';
import { ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { formatHours } from '../../lib/format-hours.ts';
import { certificateUrl } from './api.ts';
import classes from './impact.module.css';

/**
 * The events the person was checked in at, latest first, with the hours each gave, and the certificate
 * of volunteering that lists them; or, before the first, where to find one.
 */
export function AttendedEvents({ impact }: { impact: Impact }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="attended-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="attended-heading">
          Events attended
        </Title>
        {impact.events.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No events attended yet</Text>
            <Text c="dimmed">Events you are checked in at appear here with the hours you gave.</Text>
            <ButtonLink to="/events" variant="light">
              Find an event to volunteer at
            </ButtonLink>
          </Stack>
        ) : (
          <>
            <div className={classes.tableWrap}>
              <Table striped verticalSpacing="xs">
                <VisuallyHidden component="caption">Events attended, latest first</VisuallyHidden>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Event</Table.Th>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Hours</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {impact.events.map((event) => (
                    <Table.Tr key={event.eventId}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Anchor component={Link} to={`/eventDetails/${encodeURIComponent(event.eventId)}`}>
                          {event.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <EventDate date={event.date} size="sm" />
                      </Table.Td>
                      <Table.Td>{formatHours(event.hours)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <div>
              <ButtonAnchor href={certificateUrl(impact.email)} download variant="light">
                Download certificate
              </ButtonAnchor>
              <Text size="sm" c="dimmed" mt={4}>
                A PDF certificate of volunteering with these events and your hours.
              </Text>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
