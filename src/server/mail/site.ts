import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import type { MailSite } from './templates/layout.tsx';
import type { SigningSite } from './unsubscribe.ts';

/** The site as messages name it, read from the organisation's settings as they are now. */
export async function mailSiteFrom(db: Database, publicUrl: string): Promise<MailSite> {
  const settings = await readSiteSettings(db);
  return {
    name: settings.name,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    timeZone: settings.timeZone,
    address: settings.address,
    email: settings.email,
    registrationNumber: settings.registrationNumber,
  };
}

/** The site as the messages name it (name and address), with the secret that signs their unsubscribe links. */
export async function mailSiteOf(app: FastifyInstance): Promise<SigningSite> {
  const secret = app.auth.options.secret;
  if (!secret) throw new Error('the sign-in library has no secret');
  return { ...(await mailSiteFrom(app.db, app.config.publicUrl)), secret };
}
