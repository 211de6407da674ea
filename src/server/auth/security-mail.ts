import type { FastifyInstance } from 'fastify';
import { recipientLanguage } from '../mail/language.ts';
import { enqueue } from '../mail/outbox.ts';
import { type SecurityChange, securityNoticeMessage } from '../mail/templates/security-notice.tsx';

/** Tells the account's owner, by mail, that how it signs in changed: they learn of it even when it was not them. */
export async function mailSecurityNotice(
  app: FastifyInstance,
  to: { userId: string; email: string; name: string },
  change: SecurityChange,
) {
  const site = await app.mailSite();
  const language = await recipientLanguage(app.db, to.email, site);
  await enqueue(app.db, await securityNoticeMessage({ site, userId: to.userId, to: to.email, name: to.name, change, language }));
}
