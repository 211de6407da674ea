import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../../../shared/registrations.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { eventQueries } from '../events/api.ts';
import { cancelRegistration, registrationQueries } from './api.ts';

/** Cancel Event on My Events: asks, cancels, says so, and takes the card off the list. */
export function useCancelRegistration(email: string) {
  const { t } = useTranslation('registrations');
  const queryClient = useQueryClient();
  const mine = registrationQueries.mine(email);
  const cancel = useConfirmDelete<Registration>({
    remove: (registration) => cancelRegistration(registration._id),
    subject: (registration) => t('cancel.subject', { title: registration.title }),
    deleted: (registration) => t('cancel.deleted', { title: registration.title }),
    notDeleted: (registration) => t('cancel.notDeleted', { title: registration.title }),
    // 0 deleted means it had already gone (cancelled in another tab): gone either way.
    onDeleted: (registration) => queryClient.setQueryData(mine.queryKey, (list) => list?.filter((r) => r._id !== registration._id)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mine.queryKey });
      // A freed place changes the event's places left.
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
    },
  });
  return { ...cancel, cancellingId: cancel.deleting?._id ?? null };
}
