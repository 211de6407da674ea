import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useSite } from '../lib/site.ts';
import { ButtonLink } from './button.tsx';
import classes from './hero-carousel.module.css';
import { heroSlides } from './hero-slides.ts';

/**
 * The slides go round (loop), so both arrows always work: they are drawn so from the start, on the
 * server too, rather than as unavailable until the carousel has measured itself in the browser. A tap
 * on one before the app has come is kept and done once it has (decision 042).
 */
const alwaysAvailable = { 'aria-disabled': false, 'data-inactive': undefined, tabIndex: 0 } as const;

/** The home page's three slides; arrows, swipe and the arrow keys move between them. */
export function HeroCarousel() {
  const site = useSite();
  // The organisation's own headline and words, when its settings give them, on the first slide.
  const slides = heroSlides.map((slide, index) =>
    index === 0 ? { ...slide, heading: site?.headline || slide.heading, text: site?.subtext || slide.text } : slide,
  );
  return (
    <Carousel
      aria-label="Highlights"
      emblaOptions={{ loop: true }}
      previousControlProps={alwaysAvailable}
      nextControlProps={alwaysAvailable}
      withIndicators
      controlSize={36}
      classNames={{ control: classes.control, indicator: classes.indicator }}
    >
      {slides.map((slide, index) => (
        <Carousel.Slide
          key={slide.image}
          data-testid="carousel-slide"
          aria-label={`${index + 1} of ${heroSlides.length}`}
          className={classes.slide}
        >
          <img
            src={slide.image}
            alt=""
            width={1600}
            height={640}
            className={classes.image}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
          <div className={classes.overlay}>
            <Container size="lg" w="100%">
              <Stack gap="sm" maw={560} className={classes.content}>
                <Title order={2} className={classes.heading}>
                  {slide.heading}
                </Title>
                <Text size="lg" className={classes.text}>
                  {slide.text}
                </Text>
                <ButtonLink to={slide.action.to} size="md" className={classes.action}>
                  {slide.action.label}
                </ButtonLink>
              </Stack>
            </Container>
          </div>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
