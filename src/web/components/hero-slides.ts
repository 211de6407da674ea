/** A slide's words are the events area's `hero.<id>.heading`, `.text` and `.action`. */
export interface HeroSlide {
  id: 'volunteers' | 'donate' | 'community';
  image: string;
  to: string;
}

/** Spec section 9: three slides. */
export const heroSlides: HeroSlide[] = [
  { id: 'volunteers', image: '/images/carousel/slide-volunteers.svg', to: '/events' },
  { id: 'donate', image: '/images/carousel/slide-donate.svg', to: '/events' },
  { id: 'community', image: '/images/carousel/slide-community.svg', to: '/events' },
];
