import { Text } from '@mantine/core';
import type { Event } from '../../shared/events.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { EventDate } from '../components/event-date.tsx';
import { useDeleteEvent } from '../features/events/use-delete-event.ts';
import { counted } from '../lib/counted.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/allEvents: every event, with its Roster, Update and Delete (spec section 2). */
export function DashboardAllEventsPage() {
  usePageTitle('All Events');
  const remove = useDeleteEvent();

  const columns: Column<Event>[] = [
    { id: 'title', header: 'Title', sort: 'title', cell: (event) => <Text fw={600}>{event.title}</Text> },
    { id: 'date', header: 'Date', sort: 'date', cell: (event) => <EventDate date={event.date} size="sm" /> },
    {
      id: 'banner',
      header: 'Banner',
      cell: (event) => (
        <img
          src={event.banner}
          alt=""
          width={96}
          height={54}
          loading="lazy"
          style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
        />
      ),
    },
    {
      id: 'roster',
      header: 'Roster',
      action: true,
      cell: (event) => (
        <ButtonLink to={`/dashboard/events/${event._id}/roster`} variant="default" aria-label={`Roster of ${event.title}`}>
          Roster
        </ButtonLink>
      ),
    },
    {
      id: 'checkin',
      header: 'Check-in',
      action: true,
      cell: (event) => (
        <ButtonLink to={`/dashboard/checkin/${event._id}`} variant="default" aria-label={`Check-in for ${event.title}`}>
          Check-in
        </ButtonLink>
      ),
    },
    {
      id: 'update',
      header: 'Update',
      action: true,
      cell: (event) => (
        <ButtonLink to={`/dashboard/eventUpdatePage/${event._id}`} variant="light" aria-label={`Update ${event.title}`}>
          Update
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, { label: (event) => `Delete ${event.title}` }),
  ];

  return (
    <>
      <AdminList<Event>
        path="/events"
        heading={(total, q) => `Total ${counted(total, 'event')} ${q ? `matching ‘${q}’` : 'going on'}`}
        loadingHeading="All Events"
        caption="Events"
        noun="events"
        searchLabel="Search events"
        searchPlaceholder="Search by title"
        columns={columns}
        rowKey={(event) => event._id}
        empty={
          <Text ta="center">
            There are no events yet. <ButtonLink to="/dashboard/addEvent">Add Event</ButtonLink>
          </Text>
        }
        tools={<ButtonLink to="/dashboard/addEvent">Add Event</ButtonLink>}
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
