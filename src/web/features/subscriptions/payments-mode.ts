import type { Site } from '../../../shared/site.ts';

/**
 * Whether a gift's card can be replaced here: only with the offline test-mode gateway, whose card form
 * is the page's own (with Stripe the card would go through Stripe's own field, which this page has not).
 */
export function takesTestCards(site: Site | undefined): boolean {
  return site?.payments === 'test';
}
