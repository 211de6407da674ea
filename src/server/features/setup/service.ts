import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { passwordProblem } from '../../auth/password-rules.ts';
import type { Database } from '../../db/client.ts';
import { account, appSetting } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { readSiteSettings, writeSiteSettings } from '../site/settings.ts';

/**
 * The first admin of a fresh install (docs/decisions/047-first-run.md). While no admin exists, each
 * start of the server makes a new one-time code and prints the set-up address that carries it
 * (`/setup?code=…`). Only its hash is stored, in the settings every instance shares, so the address
 * works whichever instance answers it; a start replaces the code before, and the first admin ends it.
 */
const CODE_KEY = 'setup-code-sha256';

const hashOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export async function adminExists(db: Database): Promise<boolean> {
  const rows = await db.select({ id: account.id }).from(account).where(eq(account.role, 'admin')).limit(1);
  return rows.length > 0;
}

/**
 * A new set-up code while no admin exists (24 random bytes, base64url), replacing any earlier one;
 * none once there is an admin (and an earlier one is removed).
 */
export async function newSetupCode(db: Database): Promise<string | null> {
  if (await adminExists(db)) {
    await db.delete(appSetting).where(eq(appSetting.key, CODE_KEY));
    return null;
  }
  const code = randomBytes(24).toString('base64url');
  await db
    .insert(appSetting)
    .values({ key: CODE_KEY, value: hashOf(code) })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: hashOf(code), createdAt: new Date() } });
  return code;
}

/** Whether `code` is the one the server printed at its last start (compared in constant time). */
export async function setupCodeAccepted(db: Database, code: string | undefined): Promise<boolean> {
  if (!code) return false;
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, CODE_KEY));
  if (!row) return false;
  const stored = Buffer.from(row.value, 'hex');
  const given = Buffer.from(hashOf(code), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Makes the account just created at set-up the admin, unless another set-up got there first: the
 * check and the change run one at a time (a transaction-scoped lock), so two set-ups at once make one
 * admin. `mailboxProven`: without mail, the code (which only the server's operator sees) proves the
 * address instead of a mailed link. The code ends with it. Returns whether this account became admin.
 */
export async function makeFirstAdmin(db: Database, accountId: string, mailboxProven: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hh-first-admin'))`);
    const other = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.role, 'admin'), ne(account.id, accountId)))
      .limit(1);
    if (other.length > 0) return false;
    const proven = mailboxProven ? { emailVerified: true, mailboxProvenAt: new Date() } : {};
    await tx
      .update(account)
      .set({ role: 'admin', ...proven, updatedAt: new Date() })
      .where(eq(account.id, accountId));
    await tx.delete(appSetting).where(eq(appSetting.key, CODE_KEY));
    return true;
  });
}

export const setupDone = () => new AppError('not_found', 'Set-up is done: this site has an admin. Sign in at /login.');

const wrongCode = () =>
  new AppError(
    'forbidden',
    'This set-up address is not the current one: use the address the server printed when it last started (it changes at each start).',
  );

/**
 * Everything POST /api/setup must pass before an account is made: no admin yet, the current code, a
 * password strong enough for an admin, and an email no account has. Throws the refusal, in words.
 */
export async function checkSetupRequest(
  db: Database,
  request: { code: string; organisation: string; name: string; email: string; password: string },
): Promise<void> {
  const { code, organisation, name, email, password } = request;
  if (await adminExists(db)) throw setupDone();
  if (!(await setupCodeAccepted(db, code))) throw wrongCode();
  const problem = passwordProblem(password, { admin: true, email, name, organisation });
  if (problem) throw new AppError('invalid_input', problem, { password: problem });
  const [taken] = await db.select({ id: account.id }).from(account).where(eq(account.email, email));
  if (taken) {
    const message = 'An account with this email already exists: use another address for the admin';
    throw new AppError('conflict', message, { email: message });
  }
}

/**
 * The account just made at set-up becomes the admin and names the organisation, or, when another
 * set-up finished first, is deleted (nothing is left behind) and the call refused with 409.
 */
export async function finishFirstAdmin(
  db: Database,
  accountId: string,
  options: { organisation: string; mailboxProven: boolean },
): Promise<void> {
  if (!(await makeFirstAdmin(db, accountId, options.mailboxProven))) {
    await db.delete(account).where(eq(account.id, accountId));
    throw new AppError('conflict', 'Set-up was just finished by someone else: this site has an admin. Sign in at /login.');
  }
  await writeSiteSettings(db, { ...(await readSiteSettings(db)), name: options.organisation }, accountId);
}
