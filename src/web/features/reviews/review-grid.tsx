import type { PublicReview, ReviewStatus } from '../../../shared/reviews.ts';
import grid from '../../components/card-grid.module.css';
import { ReviewCard } from './review-card.tsx';

/** Reviews as cards in the card grid, in the order given (newest first); with their status for their author. */
export function ReviewGrid({ reviews }: { reviews: (PublicReview & { status?: ReviewStatus })[] }) {
  return (
    <ul className={grid.grid}>
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
