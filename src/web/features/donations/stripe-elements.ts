/**
 * Stripe's libraries, and only them, behind one dynamic import: fetched on the donation page in
 * Stripe mode and nowhere else. `/pure` adds Stripe's script when loadStripe is called, not on load.
 *
 * The React component that uses them stays in the page's own chunk on purpose: a lazily loaded chunk
 * that also imports Mantine or app modules makes the bundler split those shared modules out of the
 * chunks the home page loads, adding requests and bytes there (measured with `npx vite build`).
 */
// biome-ignore lint/performance/noBarrelFile: the one dynamic import that keeps Stripe's libraries in a chunk of their own (above).
export { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
export { loadStripe } from '@stripe/stripe-js/pure';
