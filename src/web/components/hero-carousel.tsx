import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';
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
  const { t, i18n } = useTranslation('events');
  const site = useSite();
  const total = formatNumber(heroSlides.length, i18n.language);
  // The organisation's own headline and words, when its settings give them, on the first slide.
  const slides = heroSlides.map((slide, index) => {
    const heading = t(`hero.${slide.id}.heading`);
    const text = t(`hero.${slide.id}.text`);
    return {
      ...slide,
      heading: (index === 0 && site?.headline) || heading,
      text: (index === 0 && site?.subtext) || text,
      action: t(`hero.${slide.id}.action`),
    };
  });
  return (
    <Carousel
      aria-label={t('hero.label')}
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
          aria-label={t('hero.slide', { n: formatNumber(index + 1, i18n.language), total })}
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
                <ButtonLink to={slide.to} size="md" className={classes.action}>
                  {slide.action}
                </ButtonLink>
              </Stack>
            </Container>
          </div>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
