import type { FastifyInstance } from 'fastify';
import { SITE_NAME } from '../config.ts';
import type { SigningSite } from './unsubscribe.ts';

/** The site as the messages name it (name and address), with the secret that signs their unsubscribe links. */
export function mailSiteOf(app: FastifyInstance): SigningSite {
  const secret = app.auth.options.secret;
  if (!secret) throw new Error('the sign-in library has no secret');
  return { name: SITE_NAME, publicUrl: app.config.publicUrl.replace(/\/+$/, ''), secret };
}
