import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../shared/reviews.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { deleteReview, reviewQueries } from './api.ts';

/** How a review is named on its buttons and in the dialog: its headline and who wrote it, in the reviews area's words. */
export const reviewNamed = (review: Review, t: TFunction<'reviews'>) => t('delete.named', { message: review.message, name: review.name });

/** Delete on Reviews (an admin): asks, deletes for good, says so, and refreshes the lists and the home page's reviews. */
export function useDeleteReview() {
  const { t } = useTranslation('reviews');
  const queryClient = useQueryClient();
  return useConfirmDelete<Review>({
    remove: (review) => deleteReview(review._id),
    subject: (review) => t('delete.subject', { review: reviewNamed(review, t) }),
    deleted: () => t('delete.deleted'),
    notDeleted: () => t('delete.notDeleted'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
    },
  });
}
