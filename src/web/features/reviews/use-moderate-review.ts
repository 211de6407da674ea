import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { notify } from '../../lib/notify.ts';
import { moderateReview, reviewQueries } from './api.ts';

/**
 * Approve or Hide on the moderation page: the review moves to its new list, and the home page's
 * cached reviews are refreshed so an approved one shows there at once.
 */
export function useModerateReview() {
  const { t } = useTranslation('reviews');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'hidden' }) => moderateReview(id, status),
    onSuccess: (review) => {
      void notify({ color: 'teal', message: review.status === 'approved' ? t('moderate.approvedToast') : t('moderate.hiddenToast') });
    },
    onError: (error) => {
      void notify({ color: 'red', title: t('moderate.notChanged'), message: error.message });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
    },
  });
}
