import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, eventStaff } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent, insertShift } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Signed waivers and who sees which answers (issue 33): a waiver's versions, signing on registering (a
 * guardian for someone under 18), the signed record kept past the registration, the account and the
 * event; sensitive answers only for admins, in CSV only when asked; answers marked for check-in at the door.
 */

let t: TestApp;
let admin: TestAccount;

sharedApp({ admin: { role: 'admin' } }, (started) => {
  ({ t, admin } = started);
});

const text = 'I take part at my own risk.\n\nI will follow the team lead’s safety instructions.';
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

async function eventWithWaiver(fields: Parameters<typeof insertEvent>[1] = {}, questions: unknown[] = []) {
  const row = await insertEvent(t.app.db, { date: dayFrom(new Date(), 20), ...fields });
  expect((await call(t, 'PUT', `/api/events/${row.id}/waiver`, { text }, admin.auth)).status).toBe(200);
  if (questions.length > 0) expect((await call(t, 'PUT', `/api/events/${row.id}/questions`, { questions }, admin.auth)).status).toBe(200);
  return row;
}

const register = (who: TestAccount, body: Record<string, unknown>) => call(t, 'POST', '/api/register', body, who.auth);
const signing = (signedName: string, more: Record<string, unknown> = {}) => ({ accepted: true, signedName, ...more });

describe('an event’s waiver', () => {
  it('makes a new version for every change of its text, none for the same text, and keeps counting after removal', async () => {
    const row = await insertEvent(t.app.db);
    const put = async (body: unknown) => call(t, 'PUT', `/api/events/${row.id}/waiver`, body, admin.auth);
    expect(await (await put({ text })).json()).toEqual({ version: 1 });
    expect(await (await put({ text })).json()).toEqual({ version: 1 });
    expect(await (await put({ text: `${text}\n\nPhotos may be taken.` })).json()).toEqual({ version: 2 });
    const shown = await (await t.api(`/api/events/${row.id}`)).json();
    expect(shown.waiver).toEqual({ version: 2, text: `${text}\n\nPhotos may be taken.` });

    expect(await (await call(t, 'DELETE', `/api/events/${row.id}/waiver`, undefined, admin.auth)).json()).toEqual({ deletedCount: 1 });
    expect((await (await t.api(`/api/events/${row.id}`)).json()).waiver).toBeNull();
    expect(await (await call(t, 'DELETE', `/api/events/${row.id}/waiver`, undefined, admin.auth)).json()).toEqual({ deletedCount: 0 });
    expect(await (await put({ text })).json()).toEqual({ version: 3 });

    const blank = await put({ text: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.fields.text).toBe('Waiver text is required');
    const volunteer = await signUp(t, { role: 'volunteer' });
    expect((await call(t, 'PUT', `/api/events/${row.id}/waiver`, { text }, volunteer.auth)).status).toBe(403);
    expect((await call(t, 'PUT', '/api/events/00000000-0000-4000-8000-000000000000/waiver', { text }, admin.auth)).status).toBe(404);
  });

  it('comes with an event added or changed through the event calls, and with its copies as their own version 1', async () => {
    const body = { title: 'River clean-up', desc: 'Litter picking by the river.', date: dayFrom(new Date(), 30), waiver: { text } };
    const added = await call(t, 'POST', '/api/events', body, admin.auth);
    const { insertedId } = await added.json();
    expect((await (await t.api(`/api/events/${insertedId}`)).json()).waiver).toEqual({ version: 1, text });
    await call(t, 'PUT', `/api/events/${insertedId}`, { ...body, waiver: { text: 'Gloves on at all times.' } }, admin.auth);
    expect((await (await t.api(`/api/events/${insertedId}`)).json()).waiver).toEqual({ version: 2, text: 'Gloves on at all times.' });
    const copied = await call(t, 'POST', `/api/events/${insertedId}/copy`, { date: dayFrom(new Date(), 37) }, admin.auth);
    const copy = (await copied.json()).insertedId;
    expect((await (await t.api(`/api/events/${copy}`)).json()).waiver).toEqual({ version: 1, text: 'Gloves on at all times.' });
    await call(t, 'PUT', `/api/events/${insertedId}`, { ...body, waiver: null }, admin.auth);
    expect((await (await t.api(`/api/events/${insertedId}`)).json()).waiver).toBeNull();
  });
});

describe('signing on registering', () => {
  it('needs the waiver accepted and a name signed, of the version read; keeps version, hash, name, time and address', async () => {
    const row = await eventWithWaiver();
    const person = await signUp(t, { name: 'Rina Roy' });
    const refused = async (waiver: unknown, status: number, field: string, message: string) => {
      const res = await register(person, { eventId: row.id, ...(waiver === undefined ? {} : { waiver }) });
      expect(res.status, field).toBe(status);
      expect((await res.json()).error.fields[field]).toBe(message);
    };
    await refused(undefined, 400, 'waiver.accepted', 'Accept the waiver to register');
    await refused({ accepted: false, signedName: 'Rina Roy' }, 400, 'waiver.accepted', 'Accept the waiver to register');
    await refused({ accepted: true, signedName: '  ' }, 400, 'waiver.signedName', 'Sign with your full name');
    await refused(signing('Rina Roy', { version: 7 }), 409, 'waiver.version', 'The waiver has changed since you read it: read it again');
    // Nothing was kept of the refusals.
    expect((await (await call(t, 'GET', `/api/register/event/${person.email}`, undefined, person.auth)).json()).length ?? 0).toBe(0);

    const res = await register(person, { eventId: row.id, waiver: signing(' Rina Roy ', { version: 1 }) });
    expect(res.status).toBe(201);
    const { insertedId } = await res.json();
    const signed = await (await call(t, 'GET', `/api/register/${insertedId}/waiver`, undefined, person.auth)).json();
    expect(signed).toEqual({
      _id: expect.any(String),
      registrationId: insertedId,
      eventId: row.id,
      eventTitle: row.title,
      version: 1,
      text,
      textHash: sha256(text),
      signedName: 'Rina Roy',
      guardianName: null,
      email: person.email,
      signedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      address: expect.stringMatching(/\S/),
    });
    const mine = await (await call(t, 'GET', `/api/register/event/${person.email}`, undefined, person.auth)).json();
    expect(mine.map((one: { waiverId: string | null }) => one.waiverId)).toEqual([signed._id]);
    expect(await (await call(t, 'GET', `/api/waivers/${signed._id}`, undefined, person.auth)).json()).toEqual(signed);

    // Someone else may not read it; an admin may, and the read is in the audit log.
    const stranger = await signUp(t);
    expect((await call(t, 'GET', `/api/register/${insertedId}/waiver`, undefined, stranger.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/waivers/${signed._id}`, undefined, stranger.auth)).status).toBe(403);
    expect((await call(t, 'GET', `/api/register/${insertedId}/waiver`, undefined, admin.auth)).status).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.action, 'waiver.read'), eq(auditEntry.targetId, insertedId)))
      .orderBy(desc(auditEntry.at));
    expect(entry?.actorEmail).toBe(admin.email);

    // The text changes: the signature keeps the version it signed.
    await call(t, 'PUT', `/api/events/${row.id}/waiver`, { text: 'A new text.' }, admin.auth);
    const again = await (await call(t, 'GET', `/api/register/${insertedId}/waiver`, undefined, person.auth)).json();
    expect([again.version, again.text]).toEqual([1, text]);
  });

  it('needs a guardian’s name too when the answers say the person is under 18 on the event’s day', async () => {
    const day = dayFrom(new Date(), 20);
    const born = (years: number) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
    const row = await eventWithWaiver({ date: day }, [{ id: 'dateOfBirth', type: 'date', label: 'Date of birth', required: true }]);
    const young = await signUp(t);
    const guardianMissing = await register(young, { eventId: row.id, answers: { dateOfBirth: born(12) }, waiver: signing('Tia Young') });
    expect(guardianMissing.status).toBe(400);
    expect((await guardianMissing.json()).error.fields['waiver.guardianName']).toBe(
      'Someone under 18 needs a parent or guardian to sign too',
    );
    const withGuardian = await register(young, {
      eventId: row.id,
      answers: { dateOfBirth: born(12) },
      waiver: signing('Tia Young', { guardianName: 'Mona Young' }),
    });
    expect(withGuardian.status).toBe(201);
    const signed = await (
      await call(t, 'GET', `/api/register/${(await withGuardian.json()).insertedId}/waiver`, undefined, young.auth)
    ).json();
    expect([signed.signedName, signed.guardianName]).toEqual(['Tia Young', 'Mona Young']);

    // Eighteen on the day itself is an adult.
    const adult = await signUp(t);
    expect((await register(adult, { eventId: row.id, answers: { dateOfBirth: born(18) }, waiver: signing('Abe Adult') })).status).toBe(201);

    // A yes/no question the admin marks as telling age ('Are you under 18?').
    const asked = await eventWithWaiver({}, [{ id: 'minor', type: 'yesNo', label: 'Are you under 18?', required: true, age: true }]);
    const teen = await signUp(t);
    const res = await register(teen, { eventId: asked.id, answers: { minor: true }, waiver: signing('Ted Teen') });
    expect((await res.json()).error.fields['waiver.guardianName']).toBeDefined();
    expect((await register(teen, { eventId: asked.id, answers: { minor: false }, waiver: signing('Ted Teen') })).status).toBe(201);

    // Only a date, yes/no or text question can tell age.
    const wrong = await call(
      t,
      'PUT',
      `/api/events/${asked.id}/questions`,
      { questions: [{ id: 'size', type: 'choice', label: 'Size', options: ['S'], age: true }] },
      admin.auth,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields['questions.0.age']).toBe('Only a date, yes/no or text question can tell a person’s age');
  });

  it('is one signature for all the shifts taken at once', async () => {
    const row = await eventWithWaiver();
    const [early, late] = [await insertShift(t.app.db, row, { at: 9 }), await insertShift(t.app.db, row, { at: 13 })];
    const person = await signUp(t);
    const res = await register(person, { eventId: row.id, shiftIds: [early.id, late.id], waiver: signing('Sam Shift') });
    expect(res.status).toBe(201);
    const mine = await (await call(t, 'GET', `/api/register/event/${person.email}`, undefined, person.auth)).json();
    const ids = new Set(mine.map((one: { waiverId: string }) => one.waiverId));
    expect(ids.size).toBe(1);
    const signatures = await (await call(t, 'GET', `/api/events/${row.id}/waivers`, undefined, admin.auth)).json();
    expect(signatures).toHaveLength(1);
  });

  it('is ignored on an event without a waiver', async () => {
    const row = await insertEvent(t.app.db);
    const person = await signUp(t);
    const res = await register(person, { eventId: row.id, waiver: signing('Nia None') });
    expect(res.status).toBe(201);
    const { insertedId } = await res.json();
    const none = await call(t, 'GET', `/api/register/${insertedId}/waiver`, undefined, person.auth);
    expect(none.status).toBe(404);
    expect((await none.json()).error.message).toBe('This registration has no signed waiver');
  });
});

describe('the signed record', () => {
  it('outlives the registration, the account (as ‘Deleted account’) and the event; the person’s download has it', async () => {
    const row = await eventWithWaiver();
    const person = await signUp(t);
    const { insertedId } = await (await register(person, { eventId: row.id, waiver: signing('Dev Gone') })).json();
    const own = await (await call(t, 'GET', '/api/users/me/export', undefined, person.auth)).json();
    expect(own.waivers).toEqual([expect.objectContaining({ registrationId: insertedId, signedName: 'Dev Gone', version: 1, text })]);

    expect((await call(t, 'DELETE', '/api/users/me', { confirm: person.email }, person.auth)).status).toBe(200);
    const kept = await (await call(t, 'GET', `/api/events/${row.id}/waivers`, undefined, admin.auth)).json();
    expect(kept).toEqual([
      expect.objectContaining({ registrationId: null, email: 'Deleted account', signedName: 'Dev Gone', textHash: sha256(text) }),
    ]);
    expect((await call(t, 'GET', `/api/waivers/${kept[0]._id}`, undefined, admin.auth)).status).toBe(200);

    // An account an admin deletes leaves its signatures the same way.
    const other = await signUp(t);
    await register(other, { eventId: row.id, waiver: signing('Ola Other') });
    expect((await call(t, 'DELETE', `/api/users/${other.id}`, undefined, admin.auth)).status).toBe(200);
    const both = await (await call(t, 'GET', `/api/events/${row.id}/waivers`, undefined, admin.auth)).json();
    expect(both.map((one: { email: string }) => one.email)).toEqual(['Deleted account', 'Deleted account']);

    const signatureId = kept[0]._id;
    expect((await call(t, 'DELETE', `/api/events/${row.id}`, undefined, admin.auth)).status).toBe(200);
    const afterEvent = await (await call(t, 'GET', `/api/waivers/${signatureId}`, undefined, admin.auth)).json();
    expect([afterEvent.eventId, afterEvent.eventTitle, afterEvent.text]).toEqual([null, row.title, text]);
  });
});

describe('who sees which answers', () => {
  const questions = [
    { id: 'shirt', type: 'choice', label: 'T-shirt size', options: ['S', 'M'] },
    { id: 'medical', type: 'longText', label: 'Medical notes', sensitive: true },
    { id: 'allergy', type: 'text', label: 'Allergies', checkIn: true, sensitive: true },
  ];
  let eventId: string;
  let doorStaff: TestAccount;
  let person: TestAccount;
  beforeAll(async () => {
    eventId = (await insertEvent(t.app.db, { inDays: 3 })).id;
    await call(t, 'PUT', `/api/events/${eventId}/questions`, { questions }, admin.auth);
    person = await signUp(t, { name: 'Pia Peanut' });
    const res = await register(person, { eventId, answers: { shirt: 'M', medical: 'Asthma', allergy: 'Peanuts' } });
    expect(res.status).toBe(201);
    doorStaff = await signUp(t);
    await t.app.db.insert(eventStaff).values({ eventId, accountId: doorStaff.id });
  });

  it('the roster: all answers for admins, none of the sensitive ones for door staff', async () => {
    const forAdmin = await (await call(t, 'GET', `/api/events/${eventId}/roster`, undefined, admin.auth)).json();
    expect(forAdmin.questions.map((q: { id: string }) => q.id)).toEqual(['shirt', 'medical', 'allergy']);
    expect(forAdmin.registered[0].answers).toEqual({ shirt: 'M', medical: 'Asthma', allergy: 'Peanuts' });
    const forDoor = await (await call(t, 'GET', `/api/events/${eventId}/roster`, undefined, doorStaff.auth)).json();
    expect(forDoor.questions.map((q: { id: string }) => q.id)).toEqual(['shirt']);
    expect(forDoor.registered[0].answers).toEqual({ shirt: 'M' });
  });

  it('the door list: the answers marked for check-in, on the person’s card', async () => {
    const list = await (await call(t, 'GET', `/api/events/${eventId}/checkins`, undefined, doorStaff.auth)).json();
    expect(list.questions.map((q: { id: string }) => q.id)).toEqual(['allergy']);
    expect(list.people[0].answers).toEqual({ allergy: 'Peanuts' });
  });

  it('CSV exports: sensitive answers only when an admin asks, and the asking is in the audit log', async () => {
    const plain = await (await call(t, 'GET', '/api/register/export.csv', undefined, admin.auth)).text();
    const line = plain.split('\r\n').find((one) => one.includes(person.email)) ?? '';
    expect(line).toContain('T-shirt size: M');
    expect(line).not.toContain('Asthma');
    expect(line).not.toContain('Peanuts');
    const full = await (await call(t, 'GET', '/api/register/export.csv?include=sensitive', undefined, admin.auth)).text();
    expect(full.split('\r\n').find((one) => one.includes(person.email))).toContain(
      'T-shirt size: M; Medical notes: Asthma; Allergies: Peanuts',
    );
    const [entry] = await t.app.db
      .select()
      .from(auditEntry)
      .where(eq(auditEntry.action, 'export.registrations.csv'))
      .orderBy(desc(auditEntry.at))
      .limit(1);
    expect(entry?.details).toMatchObject({ include: 'sensitive' });

    const roster = await (await call(t, 'GET', `/api/events/${eventId}/roster.csv`, undefined, admin.auth)).text();
    expect(roster.split('\r\n')[0]).toContain('T-shirt size');
    expect(roster).not.toContain('Medical notes');
    const rosterFull = await (await call(t, 'GET', `/api/events/${eventId}/roster.csv?include=sensitive`, undefined, admin.auth)).text();
    expect(rosterFull).toContain('Asthma');
    const refused = await call(t, 'GET', `/api/events/${eventId}/roster.csv?include=sensitive`, undefined, doorStaff.auth);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe('Only admins can export sensitive answers');
    expect((await call(t, 'GET', '/api/register/export.csv?include=everything', undefined, admin.auth)).status).toBe(400);
  });
});

describe('the organisation’s questions', () => {
  it('are given to each new event added without its own, which can then switch them off; only admins read them', async () => {
    const site = await (await t.api('/api/site')).json();
    const orgQuestions = [
      { id: 'contact', type: 'emergencyContact', label: 'Emergency contact', required: true, sensitive: true },
      { id: 'check', type: 'yesNo', label: 'Background check passed', staffOnly: true },
    ];
    const saved = await call(t, 'PUT', '/api/site', { ...pick(site), questions: orgQuestions }, admin.auth);
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The public settings carry none of them; admins read them all.
    expect('questions' in (await (await t.api('/api/site')).json())).toBe(false);
    const read = await (await call(t, 'GET', '/api/site/questions', undefined, admin.auth)).json();
    expect(read.map((q: { id: string }) => q.id)).toEqual(['contact', 'check']);
    const volunteer = await signUp(t, { role: 'volunteer' });
    expect((await call(t, 'GET', '/api/site/questions', undefined, volunteer.auth)).status).toBe(403);
    // Settings saved without them keep them.
    expect((await call(t, 'PUT', '/api/site', { ...pick(site), tagline: 'Hands for the river' }, admin.auth)).status).toBe(200);
    expect(await (await call(t, 'GET', '/api/site/questions', undefined, admin.auth)).json()).toHaveLength(2);

    const body = { title: 'Tree planting', desc: 'Saplings along the canal.', date: dayFrom(new Date(), 40) };
    const { insertedId } = await (await call(t, 'POST', '/api/events', body, admin.auth)).json();
    const asked = await (await call(t, 'GET', `/api/events/${insertedId}/questions`, undefined, admin.auth)).json();
    expect(asked.map((q: { id: string }) => q.id)).toEqual(['contact', 'check']);
    // The public event shows those a person registering is asked.
    const shown = await (await t.api(`/api/events/${insertedId}`)).json();
    expect(shown.questions.map((q: { id: string }) => q.id)).toEqual(['contact']);
    const own = await (await call(t, 'POST', '/api/events', { ...body, questions: [] }, admin.auth)).json();
    expect(await (await call(t, 'GET', `/api/events/${own.insertedId}/questions`, undefined, admin.auth)).json()).toEqual([]);
    await call(t, 'PUT', '/api/site', { ...pick(site), questions: [] }, admin.auth);
  });
});

/** The settings fields PUT /api/site takes, from what GET /api/site answered. */
function pick(site: Record<string, unknown>) {
  const fields = ['name', 'logo', 'tagline', 'headline', 'subtext', 'address', 'phone', 'email', 'registrationNumber', 'socialLinks'];
  const more = ['timeZone', 'defaultLanguage', 'currency', 'privacy', 'terms', 'customAmount', 'minAmount', 'maxAmount'];
  return Object.fromEntries([...fields, ...more].filter((key) => key in site).map((key) => [key, site[key]]));
}
