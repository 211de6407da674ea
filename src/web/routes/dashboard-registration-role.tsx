import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EventDate } from '../components/event-date.tsx';
import { adminPeopleQueries } from '../features/users/api.ts';
import { PersonSummary } from '../features/users/person-summary.tsx';
import { RecordPage } from '../features/users/record-page.tsx';
import { RoleForm } from '../features/users/role-form.tsx';
import { registrationRoles } from '../features/users/roles.ts';

/**
 * /dashboard/event-register-role-update/{registrationId}: the spec's 'Add Role' form, opened from a
 * registration; the role is the registrant's account's.
 */
export function DashboardRegistrationRolePage() {
  const { singleEventId: registrationId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.registration(registrationId));

  return (
    <RecordPage
      title="Add Role"
      what="registration"
      query={query}
      back={{ to: '/dashboard/all-event-registration', label: 'Back to All Registrations' }}
    >
      {(registration) => (
        <>
          <Text>
            {registration.name} registered for {registration.title}. Give their account a role:
          </Text>
          <PersonSummary
            name={registration.name}
            email={registration.email}
            photoURL={registration.image}
            role={registration.role}
            more={[
              { term: 'Event', value: registration.title },
              { term: 'Event date', value: <EventDate date={registration.date} /> },
            ]}
          />
          <RoleForm label="Add Role" email={registration.email} currentRole={registration.role} roles={registrationRoles} />
        </>
      )}
    </RecordPage>
  );
}
