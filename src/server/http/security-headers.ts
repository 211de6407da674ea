import type { FastifyInstance } from 'fastify';
import { earlyInputScriptSource } from './early-input.ts';

/**
 * What Stripe.js and Stripe Elements need (Stripe's CSP guide): its script, the card field's iframes
 * and 3-D Secure frames, and calls to its API. Allowed only when Stripe is configured; the offline
 * test mode needs nothing from outside.
 */
const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export function contentSecurityPolicy({ stripe }: { stripe: boolean }): string {
  const extra = (sources: string[]) => (stripe ? sources.map((source) => ` ${source}`).join('') : '');
  return [
    "default-src 'self'",
    // The door page reads passes with ZXing compiled to WebAssembly (served from here): compiling it needs
    // 'wasm-unsafe-eval', which allows WebAssembly only, never eval() of script text. The one inline
    // script, by its hash, keeps what a person does before the app takes a drawn page over (042).
    `script-src 'self' 'wasm-unsafe-eval' ${earlyInputScriptSource}${extra(stripeSources.script)}`,
    // Mantine sets CSS variables and positions through style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Event banners may be any https image an admin links to.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(stripeSources.connect)}`,
    ...(stripe ? [`frame-src${extra(stripeSources.frame)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Which browser features pages may use: the camera for the door's check-in (reading passes), card
 * payments through Stripe's frames when Stripe is on (its wallets use the Payment Request API), and
 * nothing else the product never needs.
 */
export function permissionsPolicy({ stripe }: { stripe: boolean }): string {
  return [
    'camera=(self)',
    'microphone=()',
    'geolocation=()',
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
    'usb=()',
    'serial=()',
    'hid=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
  ].join(', ');
}

export interface SecurityHeaderOptions {
  stripe: boolean;
  /** PUBLIC_URL is https: browsers are told to come back only over https (HSTS), for a year. */
  https: boolean;
}

/**
 * The headers every reply carries: what the browser may load and use, no framing or sniffing, and
 * https only when the product is served over it. Set by one send hook on every reply, those answered
 * from the reply cache included.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'permissions-policy': permissionsPolicy(options),
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
}
