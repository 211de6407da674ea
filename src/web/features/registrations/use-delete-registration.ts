import { useQueryClient } from '@tanstack/react-query';
import { eventMessages } from '../../../shared/events.ts';
import { fillMessage } from '../../../shared/messages.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { adminPeopleKey } from '../users/api.ts';
import { cancelRegistration } from './api.ts';

/** Delete on All Registrations (an admin): asks, deletes, says so, and refreshes the admin lists and records. */
export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useConfirmDelete<Registration>({
    remove: async (registration) => deletedOrSay(await cancelRegistration(registration._id), 'This registration had already been deleted.'),
    subject: (registration) =>
      `${registration.name}'s registration for ${registration.title} will be deleted. Their account stays; they can register again while the event is to come.`,
    deleted: (registration) => fillMessage(eventMessages.deleted, { title: registration.title }),
    notDeleted: (registration) => fillMessage(eventMessages.notDeleted, { title: registration.title }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: adminPeopleKey });
    },
  });
}
