import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const { singleEventId: registrationId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.registration(registrationId));

  return (
    <RecordPage
      title={t('registrationRole.title')}
      what={t('registrationRole.what')}
      query={query}
      back={{ to: '/dashboard/all-event-registration', label: t('registrationRole.back') }}
    >
      {(registration) => (
        <>
          <Text>{t('registrationRole.intro', { name: registration.name, title: registration.title })}</Text>
          <PersonSummary
            name={registration.name}
            email={registration.email}
            photoURL={registration.image}
            role={registration.role}
            more={[
              { term: t('registrationRole.event'), value: registration.title },
              { term: t('registrationRole.eventDate'), value: <EventDate date={registration.date} /> },
            ]}
          />
          <RoleForm
            label={t('registrationRole.title')}
            email={registration.email}
            currentRole={registration.role}
            roles={registrationRoles}
          />
        </>
      )}
    </RecordPage>
  );
}
