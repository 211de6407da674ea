import { useQueryClient } from '@tanstack/react-query';
import { type Review, reviewMessages } from '../../../shared/reviews.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { deleteReview, reviewQueries } from './api.ts';

/** How a review is named on its buttons and in the dialog: its headline and who wrote it. */
export const reviewNamed = (review: Review) => `‘${review.message}’ by ${review.name}`;

/** Delete on Reviews (an admin): asks, deletes for good, says so, and refreshes the lists and the home page's reviews. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useConfirmDelete<Review>({
    remove: (review) => deleteReview(review._id),
    subject: (review) => `The review ${reviewNamed(review)} will be deleted for good.`,
    deleted: () => reviewMessages.deleted,
    notDeleted: () => reviewMessages.notDeleted,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
    },
  });
}
