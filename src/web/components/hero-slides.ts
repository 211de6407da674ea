export interface HeroSlide {
  image: string;
  heading: string;
  text: string;
  action: { label: string; to: string };
}

/** Spec section 9: three slides. */
export const heroSlides: HeroSlide[] = [
  {
    image: '/images/carousel/slide-volunteers.svg',
    heading: 'Lend a hand where it matters',
    text: 'Join our volunteers at tree plantings, food drives and clean-ups near you.',
    action: { label: 'Browse events', to: '/events' },
  },
  {
    image: '/images/carousel/slide-donate.svg',
    heading: 'Every donation makes a difference',
    text: 'Pick an event you care about and support it with a donation.',
    action: { label: 'Find an event to support', to: '/events' },
  },
  {
    image: '/images/carousel/slide-community.svg',
    heading: 'Stronger together',
    text: 'Meet neighbours, learn new skills and see the change you help make.',
    action: { label: 'See what is on', to: '/events' },
  },
];
