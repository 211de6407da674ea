import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../../../shared/registrations.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { adminPeopleKey } from '../users/api.ts';
import { cancelRegistration } from './api.ts';

/** Delete on All Registrations (an admin): asks, deletes, says so, and refreshes the admin lists and records. */
export function useDeleteRegistration() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useConfirmDelete<Registration>({
    remove: async (registration) => deletedOrSay(await cancelRegistration(registration._id), t('registrations.alreadyDeleted')),
    subject: (registration) => t('registrations.deleteSubject', { name: registration.name, title: registration.title }),
    deleted: (registration) => t('registrations.deleted', { title: registration.title }),
    notDeleted: (registration) => t('registrations.notDeleted', { title: registration.title }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: adminPeopleKey });
    },
  });
}
