import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, like, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { account, twoFactor, verification } from '../db/schema.ts';
import { recipientLanguage } from '../mail/language.ts';
import { enqueue } from '../mail/outbox.ts';
import { finishSetUpMessage } from '../mail/templates/finish-set-up.tsx';
import type { MailSite } from '../mail/templates/layout.tsx';
import { VERIFY_EMAIL_HOURS } from '../mail/templates/verify-email.tsx';

/** The library's reset links are verification rows named so; a 'finish setting up' link is one too. */
const RESET_LINK_PREFIX = 'reset-password:';
/** At most one 'finish setting up' message per account in this long, however often someone signs up with its address. */
const SET_UP_MAIL_EVERY_MS = 15 * 60 * 1000;

/**
 * ADMIN_EMAILS: an account becomes admin only once its mailbox owner has proven they hold it (a
 * password set through a link mailed to the address, or a sign-in provider that made the account and
 * vouched for the address). A confirmation link alone is not enough: the person who signed up first
 * may not be the mailbox owner, and the owner may click it thinking the account theirs.
 */
export async function makeAdminIfListed(db: Database, adminEmails: readonly string[], userId: string) {
  if (adminEmails.length === 0) return;
  await db
    .update(account)
    .set({ role: 'admin' })
    .where(
      and(eq(account.id, userId), isNotNull(account.mailboxProvenAt), inArray(account.email, [...adminEmails]), ne(account.role, 'admin')),
    );
}

/**
 * After a password was set through a mailed link (reset, or 'finish setting up'): the address is
 * confirmed and every reset link of the account stops working. The first time the mailbox owner
 * does so, any second factor enrolled before is removed: it may be someone else's, who signed up
 * with the address first. (The library has already ended every session.)
 */
export async function passwordSetThroughMailbox(db: Database, adminEmails: readonly string[], userId: string) {
  await db.transaction(async (tx) => {
    const firstProof = await tx
      .update(account)
      .set({ emailVerified: true, mailboxProvenAt: new Date(), twoFactorEnabled: false, totpLastStep: null })
      .where(and(eq(account.id, userId), isNull(account.mailboxProvenAt)))
      .returning({ id: account.id });
    if (firstProof.length > 0) await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    else await tx.update(account).set({ emailVerified: true }).where(eq(account.id, userId));
  });
  await endResetLinks(db, userId);
  await makeAdminIfListed(db, adminEmails, userId);
}

/** Every reset (and 'finish setting up') link of the account stops working: after any new password. */
export async function endResetLinks(db: Database, userId: string) {
  await db.delete(verification).where(and(like(verification.identifier, `${RESET_LINK_PREFIX}%`), eq(verification.value, userId)));
}

/**
 * Mails a 'finish setting up your account' link: a password link good for 24 hours. Sent at most
 * once in 15 minutes per account; returns whether one was queued.
 */
export async function mailSetUpLink(
  db: Database,
  site: MailSite,
  who: { id: string; email: string; name: string; admin: boolean },
): Promise<boolean> {
  const token = randomBytes(18).toString('base64url');
  const language = await recipientLanguage(db, who.email, site);
  const message = await finishSetUpMessage({ site, to: who.email, name: who.name, token, admin: who.admin, language });
  const window = Math.floor(Date.now() / SET_UP_MAIL_EVERY_MS);
  return db.transaction(async (tx) => {
    const queued = await enqueue(tx, { ...message, key: `finish-set-up:${who.id}:${window}` });
    if (!queued) return false;
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `${RESET_LINK_PREFIX}${token}`,
      value: who.id,
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_HOURS * 60 * 60 * 1000),
    });
    return true;
  });
}
