import { Container, Stack, VisuallyHidden } from '@mantine/core';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { OngoingEvents } from '../features/events/ongoing-events.tsx';
import { ClientReviews } from '../features/reviews/client-reviews.tsx';
import { webConfig } from '../lib/config.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function HomePage() {
  usePageTitle();
  return (
    <>
      <VisuallyHidden component="h1">{webConfig.siteName}: volunteer at our events or support them with a donation</VisuallyHidden>
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
