import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../shared/events.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { eventQueries } from './api.ts';
import { deleteEvent } from './event-writes.ts';

/** Delete on All Events: asks, deletes with its registrations (donations stay), says so, and refreshes the lists and pages. */
export function useDeleteEvent() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useConfirmDelete<Event>({
    remove: async (event) => deletedOrSay(await deleteEvent(event._id), t('events.alreadyDeleted')),
    subject: (event) => t('events.deleteSubject', { title: event.title }),
    deleted: (event) => t('events.deleted', { title: event.title }),
    notDeleted: (event) => t('events.notDeleted', { title: event.title }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
    },
  });
}
