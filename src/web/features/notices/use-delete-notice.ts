import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../shared/notices.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { deleteNotice, noticeQueries } from './api.ts';

/** How a notice is named on its buttons and in the dialog: its first words. */
export const noticeNamed = (notice: Notice) => {
  const text = notice.notice.replace(/\s+/g, ' ');
  return `‘${text.length > 60 ? `${text.slice(0, 59)}…` : text}’`;
};

/** Delete on Notices (an admin): asks, deletes for everyone, says so, and refreshes the list. */
export function useDeleteNotice() {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  return useConfirmDelete<Notice>({
    remove: (notice) => deleteNotice(notice._id),
    subject: (notice) => t('delete.subject', { notice: noticeNamed(notice) }),
    deleted: () => t('delete.deleted'),
    notDeleted: () => t('delete.notDeleted'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: noticeQueries.list().queryKey }),
  });
}
