import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicReview, ReviewStatus } from '../../../shared/reviews.ts';
import surface from '../../components/surface.module.css';
import { formatInstantDay } from '../../lib/format-date.ts';
import { ReviewAvatar } from './review-avatar.tsx';
import classes from './review-card.module.css';

/**
 * What the author is told of where their review stands (My Review); the public list has no status, so
 * the home page never asks for the reviews area's words.
 */
function StatusLine({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('reviews');
  return (
    <Text size="sm" fw={700} mb="xs" data-status={status}>
      {t(`mine.status.${status}`)}
    </Text>
  );
}

/**
 * One review as plain text (React escapes it; never rendered as HTML). The reviewer's name is not
 * shown on the home page (spec section 3), so the picture is decorative.
 */
export function ReviewCard({ review }: { review: PublicReview & { status?: ReviewStatus } }) {
  return (
    <article className={`${surface.card} ${classes.card}`} data-testid="review-card">
      {review.status && <StatusLine status={review.status} />}
      <Stack gap="sm" component="figure" className={classes.figure}>
        <Text component="blockquote" className={classes.quote}>
          <Text span fw={700} display="block" mb={4}>
            {review.message}
          </Text>
          {review.review}
        </Text>
        <Group gap="sm" component="figcaption" wrap="nowrap">
          <ReviewAvatar img={review.img} />
          <Text size="sm" c="dimmed">
            {formatInstantDay(review.date)}
          </Text>
        </Group>
      </Stack>
    </article>
  );
}
