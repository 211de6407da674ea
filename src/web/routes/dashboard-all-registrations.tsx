import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../../shared/registrations.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { registrationsCsvUrl } from '../features/registrations/api.ts';
import { useDeleteRegistration } from '../features/registrations/use-delete-registration.ts';
import { formatInstantIn } from '../lib/format-time.ts';
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
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  usePageTitle(t('registrations.title'));
  const remove = useDeleteRegistration();

  const columns: Column<Registration>[] = [
    {
      id: 'title',
      header: t('registrations.titleColumn'),
      sort: 'title',
      cell: (registration) => <Text fw={600}>{registration.title}</Text>,
    },
    { id: 'name', header: t('registrations.firstName'), sort: 'name', cell: (registration) => <FirstName name={registration.name} /> },
    {
      id: 'registeredAt',
      header: t('registrations.registeredAt'),
      sort: 'registeredAt',
      cell: (registration) => (
        <Text component="time" dateTime={registration.registeredAt} size="sm">
          {formatInstantIn(registration.registeredAt, language, 'day')}
        </Text>
      ),
    },
    {
      id: 'email',
      header: t('registrations.email'),
      sort: 'email',
      cell: (registration) => <span style={{ overflowWrap: 'anywhere' }}>{registration.email}</span>,
    },
    {
      id: 'status',
      header: t('registrations.status'),
      cell: (registration) =>
        registration.status === 'waitlisted' ? (
          <Text size="sm">
            {t('registrations.waitlisted', {
              position: registration.position === null ? '' : formatCount(registration.position, language),
            })}
          </Text>
        ) : (
          <Text size="sm">{t('registrations.registered')}</Text>
        ),
    },
    {
      id: 'role',
      header: t('registrations.changeRole'),
      action: true,
      cell: (registration) => (
        <ButtonLink
          to={`/dashboard/event-register-role-update/${registration._id}`}
          variant="light"
          aria-label={t('registrations.changeRoleOf', { name: registration.name, title: registration.title })}
        >
          {t('registrations.changeRole')}
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, {
      header: t('registrations.delete'),
      label: (registration) => t('registrations.deleteLabel', { name: registration.name, title: registration.title }),
    }),
  ];

  return (
    <>
      <AdminList<Registration>
        path="/register"
        heading={(total, q) => {
          const count = { count: total, n: formatCount(total, language) };
          return q ? t('registrations.headingMatch', { ...count, q }) : t('registrations.heading', count);
        }}
        loadingHeading={t('registrations.title')}
        caption={t('registrations.caption')}
        noun={t('registrations.noun')}
        searchLabel={t('registrations.searchLabel')}
        searchPlaceholder={t('registrations.searchPlaceholder')}
        columns={columns}
        rowKey={(registration) => registration._id}
        empty={<Text ta="center">{t('registrations.empty')}</Text>}
        tools={
          <ButtonAnchor href={registrationsCsvUrl} download variant="light">
            {t('registrations.downloadCsv')}
          </ButtonAnchor>
        }
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
