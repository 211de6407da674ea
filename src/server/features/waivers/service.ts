import { createHash } from 'node:crypto';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { donorOf } from '../../../shared/donations.ts';
import { type Answers, isMinor } from '../../../shared/questions.ts';
import { type SignedWaiver, type WaiverSign, waiverMessages } from '../../../shared/waivers.ts';
import { refuseUnlessSelfOrAdmin, type SignedInAccount } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { event, registration, waiverSignature, waiverVersion } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockEventPlaces } from '../events/places.ts';

type EventRow = typeof event.$inferSelect;

/** SHA-256 of a waiver's text, in hex. */
export const waiverHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Sets an event's waiver text, in the caller's transaction (the event's row locked first): a text other
 * than the current one is a new version (1 for the first, then one more than the last, even after the
 * waiver was removed), the same text changes nothing. The version the event now carries.
 */
export async function writeWaiver(tx: Database, eventId: string, text: string, by: string | null): Promise<number> {
  const [current] = await tx.select({ waiver: event.waiver }).from(event).where(eq(event.id, eventId));
  if (current?.waiver && current.waiver.text === text) return current.waiver.version;
  const [last] = await tx
    .select({ version: max(waiverVersion.version) })
    .from(waiverVersion)
    .where(eq(waiverVersion.eventId, eventId));
  const version = (last?.version ?? 0) + 1;
  await tx.insert(waiverVersion).values({ eventId, version, text, textHash: waiverHash(text), createdBy: by });
  await tx.update(event).set({ waiver: { version, text } }).where(eq(event.id, eventId));
  return version;
}

/** The waiver as an event is given it (none: removed); its versions and signatures stay. */
export async function removeWaiver(tx: Database, eventId: string): Promise<void> {
  await tx.update(event).set({ waiver: null }).where(eq(event.id, eventId));
}

/** PUT /api/events/{id}/waiver: the version the event carries, or undefined when no event has the id. */
export async function saveWaiver(db: Database, eventId: string, text: string, by: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockEventPlaces(tx, eventId))) return undefined;
    return writeWaiver(tx, eventId, text, by);
  });
}

/** DELETE /api/events/{id}/waiver: 1 when the event had one, 0 when not, undefined when no event has the id. */
export async function deleteWaiver(db: Database, eventId: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const found = await lockEventPlaces(tx, eventId);
    if (!found) return undefined;
    if (!found.waiver) return 0;
    await removeWaiver(tx, eventId);
    return 1;
  });
}

const invalid = (field: string, message: string) => new AppError('invalid_input', message, { [`waiver.${field}`]: message });

/**
 * Checks a registration's signature against the event's waiver (its row locked by the caller) and
 * keeps it: accepted, a name signed, a guardian's name when the answers say the person is under 18 on
 * the event's day, of the version the person read (409 when the text has changed since). Null when the
 * event has no waiver (a signature sent anyway is not kept).
 */
export async function signWaiver(
  tx: Database,
  found: EventRow,
  caller: SignedInAccount,
  given: WaiverSign,
  answers: Answers | null,
  address: string,
): Promise<string | null> {
  const waiver = found.waiver;
  if (!waiver) return null;
  if (given?.accepted !== true) throw invalid('accepted', waiverMessages.accept);
  if (given.version !== undefined && given.version !== waiver.version) {
    throw new AppError('conflict', waiverMessages.changed, { 'waiver.version': waiverMessages.changed });
  }
  if (!given.signedName) throw invalid('signedName', waiverMessages.signedName);
  const minor = isMinor(found.questions, answers, found.date);
  if (minor && !given.guardianName) throw invalid('guardianName', waiverMessages.guardianName);
  const [version] = await tx
    .select({ id: waiverVersion.id })
    .from(waiverVersion)
    .where(and(eq(waiverVersion.eventId, found.id), eq(waiverVersion.version, waiver.version)));
  if (!version) throw new Error(`waiver version ${waiver.version} of event ${found.id} is missing`);
  const [row] = await tx
    .insert(waiverSignature)
    .values({
      waiverVersionId: version.id,
      eventId: found.id,
      eventTitle: found.title,
      accountId: caller.id,
      email: caller.email,
      signedName: given.signedName,
      // A guardian's name given for an adult is kept too: it was signed.
      guardianName: given.guardianName || null,
      address,
    })
    .returning({ id: waiverSignature.id });
  if (!row) throw new Error('waiver signature not stored');
  return row.id;
}

const signedColumns = {
  id: waiverSignature.id,
  accountId: waiverSignature.accountId,
  eventId: waiverSignature.eventId,
  eventTitle: waiverSignature.eventTitle,
  email: waiverSignature.email,
  signedName: waiverSignature.signedName,
  guardianName: waiverSignature.guardianName,
  address: waiverSignature.address,
  signedAt: waiverSignature.signedAt,
  version: waiverVersion.version,
  text: waiverVersion.text,
  textHash: waiverVersion.textHash,
};

function toSignedWaiver(row: Awaited<ReturnType<typeof selectSigned>>[number]): SignedWaiver {
  return {
    _id: row.id,
    registrationId: row.registrationId,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    version: row.version,
    text: row.text,
    textHash: row.textHash,
    signedName: row.signedName,
    guardianName: row.guardianName,
    email: donorOf(row.email),
    signedAt: row.signedAt.toISOString(),
    address: row.address,
  };
}

/** The first registration still made with the signature (a person with several shifts has one per shift), or null. */
const registrationOfSignature = sql<
  string | null
>`(select ${registration.id} from ${registration} where ${registration.waiverSignatureId} = ${waiverSignature.id} order by ${registration.createdAt}, ${registration.id} limit 1)`;

function selectSigned(db: Database) {
  return db
    .select({ ...signedColumns, registrationId: registrationOfSignature })
    .from(waiverSignature)
    .innerJoin(waiverVersion, eq(waiverVersion.id, waiverSignature.waiverVersionId));
}

/**
 * The waiver signed with a registration, for the person or an admin. Undefined when no registration
 * has the id; 404 with its own message when the registration has no signature.
 */
export async function signedWaiverOfRegistration(db: Database, caller: SignedInAccount, registrationId: string) {
  const [named] = await db
    .select({ accountId: registration.accountId, signatureId: registration.waiverSignatureId })
    .from(registration)
    .where(eq(registration.id, registrationId));
  if (!named) return undefined;
  refuseUnlessSelfOrAdmin(caller, named.accountId);
  if (!named.signatureId) throw new AppError('not_found', waiverMessages.noSignature);
  const signed = await signedWaiver(db, named.signatureId);
  return signed && { ...signed, registrationId };
}

/** A signature by its own id: the signer or an admin (once the account is deleted, admins). Undefined when none has the id. */
export async function signedWaiverById(db: Database, caller: SignedInAccount, id: string): Promise<SignedWaiver | undefined> {
  const [owner] = await db.select({ accountId: waiverSignature.accountId }).from(waiverSignature).where(eq(waiverSignature.id, id));
  if (!owner) return undefined;
  refuseUnlessSelfOrAdmin(caller, owner.accountId);
  return signedWaiver(db, id);
}

async function signedWaiver(db: Database, id: string): Promise<SignedWaiver | undefined> {
  const [row] = await selectSigned(db).where(eq(waiverSignature.id, id));
  return row && toSignedWaiver(row);
}

/** Every signature of an event's waiver, newest first (admins); undefined when no event has the id. */
export async function eventSignatures(db: Database, eventId: string): Promise<SignedWaiver[] | undefined> {
  const [found] = await db.select({ id: event.id }).from(event).where(eq(event.id, eventId));
  if (!found) return undefined;
  const rows = await selectSigned(db)
    .where(eq(waiverSignature.eventId, eventId))
    .orderBy(desc(waiverSignature.signedAt), desc(waiverSignature.id));
  return rows.map(toSignedWaiver);
}

/** The signatures an account made (its data download), oldest first. */
export async function signaturesOf(db: Database, accountId: string): Promise<SignedWaiver[]> {
  const rows = await selectSigned(db).where(eq(waiverSignature.accountId, accountId)).orderBy(waiverSignature.signedAt, waiverSignature.id);
  return rows.map(toSignedWaiver);
}

/** An account's signatures kept under the placeholder its deletion leaves (shown as 'Deleted account'). */
export async function forgetSigner(tx: Database, accountId: string, placeholder: string): Promise<number> {
  const rows = await tx
    .update(waiverSignature)
    .set({ accountId: null, email: placeholder })
    .where(eq(waiverSignature.accountId, accountId))
    .returning({ id: waiverSignature.id });
  return rows.length;
}
