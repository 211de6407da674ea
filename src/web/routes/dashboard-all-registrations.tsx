import { Text, VisuallyHidden } from '@mantine/core';
import type { Registration } from '../../shared/registrations.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { registrationsCsvUrl } from '../features/registrations/api.ts';
import { useDeleteRegistration } from '../features/registrations/use-delete-registration.ts';
import { counted } from '../lib/counted.ts';
import { formatInstantDay } from '../lib/format-date.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** The spec's First Name column: the first word of the name the person registered with. */
function FirstName({ name }: { name: string }) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return (
    <span title={name}>
      {first}
      {/* The rest of the name for screen readers, so two registrants called Sam can be told apart. */}
      {rest.length > 0 && <VisuallyHidden component="span"> {rest.join(' ')}</VisuallyHidden>}
    </span>
  );
}

/** /dashboard/all-event-registration: every registration, with Change Role and Delete (spec section 2). */
export function DashboardAllRegistrationsPage() {
  usePageTitle('All Registrations');
  const remove = useDeleteRegistration();

  const columns: Column<Registration>[] = [
    { id: 'title', header: 'Title', sort: 'title', cell: (registration) => <Text fw={600}>{registration.title}</Text> },
    { id: 'name', header: 'First Name', sort: 'name', cell: (registration) => <FirstName name={registration.name} /> },
    {
      id: 'registeredAt',
      header: 'Registration Date',
      sort: 'registeredAt',
      cell: (registration) => (
        <Text component="time" dateTime={registration.registeredAt} size="sm">
          {formatInstantDay(registration.registeredAt)}
        </Text>
      ),
    },
    {
      id: 'email',
      header: 'Email ID',
      sort: 'email',
      cell: (registration) => <span style={{ overflowWrap: 'anywhere' }}>{registration.email}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (registration) =>
        registration.status === 'waitlisted' ? (
          <Text size="sm">Waitlisted: number {registration.position}</Text>
        ) : (
          <Text size="sm">Registered</Text>
        ),
    },
    {
      id: 'role',
      header: 'Change Role',
      action: true,
      cell: (registration) => (
        <ButtonLink
          to={`/dashboard/event-register-role-update/${registration._id}`}
          variant="light"
          aria-label={`Change Role of ${registration.name}, registered for ${registration.title}`}
        >
          Change Role
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, { label: (registration) => `Delete ${registration.name}'s registration for ${registration.title}` }),
  ];

  return (
    <>
      <AdminList<Registration>
        path="/register"
        heading={(total, q) => `Total ${counted(total, 'registration')}${q ? ` matching ‘${q}’` : ''}`}
        loadingHeading="All Registrations"
        caption="Registrations"
        noun="registrations"
        searchLabel="Search registrations"
        searchPlaceholder="Search by event, name or email"
        columns={columns}
        rowKey={(registration) => registration._id}
        empty={<Text ta="center">Nobody has registered for an event yet.</Text>}
        tools={
          <ButtonAnchor href={registrationsCsvUrl} download variant="light">
            Download CSV
          </ButtonAnchor>
        }
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
