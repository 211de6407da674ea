import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { EventDate } from '../components/event-date.tsx';
import { QueryError } from '../components/query-error.tsx';
import { adminPeopleQueries } from '../features/admin-people/api.ts';
import { PersonSummary } from '../features/admin-people/person-summary.tsx';
import { RecordNotFound, RecordSkeleton } from '../features/admin-people/record-state.tsx';
import { RoleForm } from '../features/admin-people/role-form.tsx';
import { registrationRoles } from '../features/admin-people/roles.ts';
import { isApiError } from '../lib/api-error.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const back = { to: '/dashboard/all-event-registration', label: 'Back to All Registrations' };

/**
 * /dashboard/event-register-role-update/{registrationId}: the spec's 'Add Role' form, opened from a
 * registration; the role is the registrant's account's.
 */
export function DashboardRegistrationRolePage() {
  const { singleEventId: registrationId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.registration(registrationId));
  const notFound = isApiError(query.error, 'not_found');
  usePageTitle(notFound ? 'Registration not found' : 'Add Role');

  if (notFound) {
    return <RecordNotFound title="Registration not found" text="This registration does not exist or has been deleted." back={back} />;
  }
  const registration = query.data;
  return (
    <Stack gap="lg">
      <Title order={1}>Add Role</Title>
      {query.isPending && <RecordSkeleton label="Loading the registration" />}
      {query.isError && !registration && (
        <QueryError title="The registration could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {registration && (
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
      <div>
        <ButtonLink to={back.to} variant="subtle">
          {back.label}
        </ButtonLink>
      </div>
    </Stack>
  );
}
