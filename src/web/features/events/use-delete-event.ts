import { useQueryClient } from '@tanstack/react-query';
import { type Event, eventMessages } from '../../../shared/events.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { eventQueries } from './api.ts';
import { deleteEvent } from './event-writes.ts';

/** Delete on All Events: asks, deletes with its registrations (donations stay), says so, and refreshes the lists and pages. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useConfirmDelete<Event>({
    remove: (event) => deleteEvent(event._id),
    subject: (event) => `${event.title} will be deleted with its registrations. Donations to it are kept.`,
    deleted: (event) => fillMessage(eventMessages.deleted, { title: event.title }),
    notDeleted: (event) => fillMessage(eventMessages.notDeleted, { title: event.title }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
    },
  });
}
