import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../shared/events.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { EventDate } from '../components/event-date.tsx';
import { eventMessagesPath } from '../features/event-messages/api.ts';
import { useDeleteEvent } from '../features/events/use-delete-event.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/allEvents: every event, with its Roster, Messages, Update and Delete (spec section 2). */
export function DashboardAllEventsPage() {
  const { t, i18n } = useTranslation('admin');
  // The event's messages page speaks the event pages' words (manage), its link too.
  const { t: manageT } = useTranslation('manage');
  usePageTitle(t('events.title'));
  const remove = useDeleteEvent();

  const columns: Column<Event>[] = [
    { id: 'title', header: t('events.titleColumn'), sort: 'title', cell: (event) => <Text fw={600}>{event.title}</Text> },
    { id: 'date', header: t('events.date'), sort: 'date', cell: (event) => <EventDate date={event.date} size="sm" /> },
    {
      id: 'banner',
      header: t('events.banner'),
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
      header: t('events.roster'),
      action: true,
      cell: (event) => (
        <ButtonLink
          to={`/dashboard/events/${event._id}/roster`}
          variant="default"
          aria-label={t('events.rosterOf', { title: event.title })}
        >
          {t('events.roster')}
        </ButtonLink>
      ),
    },
    {
      id: 'messages',
      header: manageT('eventMessages.link'),
      action: true,
      cell: (event) => (
        <ButtonLink
          to={eventMessagesPath(event._id)}
          variant="default"
          aria-label={manageT('eventMessages.linkOf', { title: event.title })}
        >
          {manageT('eventMessages.link')}
        </ButtonLink>
      ),
    },
    {
      id: 'checkin',
      header: t('events.checkin'),
      action: true,
      cell: (event) => (
        <ButtonLink to={`/dashboard/checkin/${event._id}`} variant="default" aria-label={t('events.checkinFor', { title: event.title })}>
          {t('events.checkin')}
        </ButtonLink>
      ),
    },
    {
      id: 'update',
      header: t('events.update'),
      action: true,
      cell: (event) => (
        <ButtonLink
          to={`/dashboard/eventUpdatePage/${event._id}`}
          variant="light"
          aria-label={t('events.updateLabel', { title: event.title })}
        >
          {t('events.update')}
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, { header: t('events.delete'), label: (event) => t('events.deleteLabel', { title: event.title }) }),
  ];

  return (
    <>
      <AdminList<Event>
        path="/events"
        heading={(total, q) => {
          const count = { count: total, n: formatCount(total, i18n.language) };
          return q ? t('events.headingMatch', { ...count, q }) : t('events.heading', count);
        }}
        loadingHeading={t('events.title')}
        caption={t('events.caption')}
        noun={t('events.noun')}
        searchLabel={t('events.searchLabel')}
        searchPlaceholder={t('events.searchPlaceholder')}
        columns={columns}
        rowKey={(event) => event._id}
        empty={
          <Text ta="center">
            {t('events.empty')} <ButtonLink to="/dashboard/addEvent">{t('events.addEvent')}</ButtonLink>
          </Text>
        }
        tools={<ButtonLink to="/dashboard/addEvent">{t('events.addEvent')}</ButtonLink>}
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
