import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatShiftTimes } from '../../../shared/format.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { eventQueries } from '../events/api.ts';
import { cancelRegistration, registrationQueries } from './api.ts';

/** Cancel Event on My Events: asks, cancels, says so, and takes the card off the list (a shift's card: that shift only). */
export function useCancelRegistration(email: string) {
  const { t, i18n } = useTranslation('registrations');
  const queryClient = useQueryClient();
  const mine = registrationQueries.mine(email);
  const cancel = useConfirmDelete<Registration>({
    remove: (registration) => cancelRegistration(registration._id),
    // A shift's registration is one of several for the event: the dialog and the toasts say which.
    subject: ({ title, shift }) =>
      shift
        ? t('cancel.shiftSubject', { title, role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, i18n.language) })
        : t('cancel.subject', { title }),
    deleted: ({ title, shift }) => (shift ? t('cancel.shiftDeleted', { title, role: shift.role }) : t('cancel.deleted', { title })),
    notDeleted: ({ title, shift }) =>
      shift ? t('cancel.shiftNotDeleted', { title, role: shift.role }) : t('cancel.notDeleted', { title }),
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
