import { Container, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { OngoingEvents, ongoingEventsQuery } from '../features/events/ongoing-events.tsx';
import { ClientReviews, clientReviewsQuery } from '../features/reviews/client-reviews.tsx';
import type { PageData } from '../lib/page-data.ts';
import { useSite } from '../lib/site.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const pageData: PageData = ({ queryClient }) =>
  Promise.all([queryClient.prefetchQuery(ongoingEventsQuery), queryClient.prefetchQuery(clientReviewsQuery)]);

export function HomePage() {
  const { t } = useTranslation('events');
  usePageTitle();
  const site = useSite();
  return (
    <>
      <VisuallyHidden component="h1">{site ? t('home.headingNamed', { name: site.name }) : t('home.heading')}</VisuallyHidden>
      <HeroCarousel />
      <Container size="lg" py="xl">
        <Stack gap={56}>
          <OngoingEvents />
          <ClientReviews />
        </Stack>
      </Container>
    </>
  );
}
