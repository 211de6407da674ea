import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../db/schema.ts';
import { dayFrom } from '../../db/seed.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent, insertShift } from '../../test/factories.ts';
import { sharedApp } from '../../test/shared-app.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * What registration asks (issue 33, first part): an event's questions set by admins, the ones a person
 * registering sees, answers checked by type on registering (400 naming `answers.<id>`), changed until the
 * event starts, and a question's type kept once answered.
 */

let t: TestApp;
let admin: TestAccount;
let volunteer: TestAccount;

sharedApp({ admin: { role: 'admin' }, volunteer: { role: 'volunteer' } }, (started) => {
  ({ t, admin, volunteer } = started);
});

const questions = [
  { id: 'shirt', type: 'choice', label: 'T-shirt size', required: true, options: ['S', 'M', 'L'] },
  { id: 'diet', type: 'multiChoice', label: 'Dietary needs', options: ['Vegetarian', 'Vegan', 'No nuts'] },
  { id: 'contact', type: 'emergencyContact', label: 'Emergency contact', required: true, sensitive: true },
  { id: 'photos', type: 'yesNo', label: 'May we take your photo?' },
  { id: 'born', type: 'date', label: 'Date of birth' },
  { id: 'mobile', type: 'phone', label: 'Mobile' },
  { id: 'notes', type: 'longText', label: 'Anything else?' },
  { id: 'lead', type: 'text', label: 'Team lead’s note', staffOnly: true },
];

const good = {
  shirt: 'M',
  diet: ['No nuts', 'Vegetarian'],
  contact: { name: ' Ana Contact ', phone: '+44 20 7946 0958' },
  photos: false,
  born: '1990-04-01',
};

async function eventWithQuestions(fields: Parameters<typeof insertEvent>[1] = {}) {
  const row = await insertEvent(t.app.db, { date: dayFrom(new Date(), 20), ...fields });
  const res = await call(t, 'PUT', `/api/events/${row.id}/questions`, { questions }, admin.auth);
  expect(res.status, await res.clone().text()).toBe(200);
  return row;
}

describe('an event’s questions', () => {
  let eventId: string;
  beforeAll(async () => {
    eventId = (await eventWithQuestions()).id;
  });

  it('admins read all of them; the event shows a person registering all but the staff-only ones', async () => {
    const all = await (await call(t, 'GET', `/api/events/${eventId}/questions`, undefined, admin.auth)).json();
    expect(all.map((q: { id: string }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(all[1]).toEqual({ ...questions[1], required: false, staffOnly: false, sensitive: false, checkIn: false, age: false });
    const shown = await (await t.api(`/api/events/${eventId}`)).json();
    expect(shown.questions.map((q: { id: string }) => q.id)).toEqual(['shirt', 'diet', 'contact', 'photos', 'born', 'mobile', 'notes']);
    expect((await call(t, 'GET', `/api/events/${eventId}/questions`, undefined, volunteer.auth)).status).toBe(403);
  });

  it('refuses questions that are not well formed, naming the field', async () => {
    const cases: [unknown, string][] = [
      [[{ id: 'a', type: 'choice', label: 'Pick' }], 'questions.0.options'],
      [[{ id: 'a b', type: 'text', label: 'Name' }], 'questions.0.id'],
      [[{ id: 'a', type: 'colour', label: 'Favourite' }], 'questions.0.type'],
      [[{ id: 'a', type: 'text', label: ' ' }], 'questions.0.label'],
      [
        [
          { id: 'a', type: 'text', label: 'One' },
          { id: 'a', type: 'text', label: 'Two' },
        ],
        'questions.1.id',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'PUT', `/api/events/${eventId}/questions`, { questions: body }, admin.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toContain(field);
    }
  });
});

describe('answers on registering', () => {
  it('keeps answers checked by type, trimmed, choices in their order', async () => {
    const row = await eventWithQuestions();
    const who = await signUp(t);
    const res = await call(t, 'POST', '/api/register', { eventId: row.id, answers: good }, who.auth);
    expect(res.status, await res.clone().text()).toBe(201);
    const mine = await (await call(t, 'GET', `/api/register/event/${who.email}`, undefined, who.auth)).json();
    expect(mine[0].answers).toEqual({
      shirt: 'M',
      diet: ['Vegetarian', 'No nuts'],
      contact: { name: 'Ana Contact', phone: '+44 20 7946 0958' },
      photos: false,
      born: '1990-04-01',
    });
  });

  it('refuses a missing required answer, a wrong type or an answer to a question not asked, naming each, storing nothing', async () => {
    const row = await eventWithQuestions();
    const who = await signUp(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...good, shirt: undefined }, { 'answers.shirt': 'This question needs an answer' }],
      [{ ...good, shirt: 'XXL' }, { 'answers.shirt': 'Choose one of the options' }],
      [{ ...good, diet: ['Paleo'] }, { 'answers.diet': 'Choose among the options' }],
      [{ ...good, contact: { name: '', phone: '0123 456789' } }, { 'answers.contact': 'Give the emergency contact’s name' }],
      [{ ...good, contact: { name: 'Ana', phone: 'call me' } }, { 'answers.contact': 'Use a phone number, like +44 20 7946 0958' }],
      [{ ...good, photos: 'yes' }, { 'answers.photos': 'Answer yes or no' }],
      [{ ...good, born: '1990-02-30' }, { 'answers.born': 'Use a date like 2026-12-05' }],
      [{ ...good, mobile: 'none' }, { 'answers.mobile': 'Use a phone number, like +44 20 7946 0958' }],
      [{ ...good, notes: 'x'.repeat(5001) }, { 'answers.notes': 'This answer is too long' }],
      [{ ...good, lead: 'I lead myself' }, { 'answers.lead': 'This event does not ask this question' }],
      [{ ...good, age: 30 }, { 'answers.age': 'This event does not ask this question' }],
    ];
    for (const [answers, fields] of cases) {
      const res = await call(t, 'POST', '/api/register', { eventId: row.id, answers }, who.auth);
      expect(res.status, JSON.stringify(answers)).toBe(400);
      expect((await res.json()).error.fields).toEqual(fields);
    }
    const none = await call(t, 'POST', '/api/register', { eventId: row.id }, who.auth);
    expect((await none.json()).error.fields).toEqual({
      'answers.shirt': 'This question needs an answer',
      'answers.contact': 'This question needs an answer',
    });
    expect(await t.app.db.select().from(registration).where(eq(registration.accountId, who.id))).toEqual([]);
  });

  it('an event without questions takes no answers, and refuses any given', async () => {
    const row = await insertEvent(t.app.db, { date: dayFrom(new Date(), 20) });
    const who = await signUp(t);
    const bad = await call(t, 'POST', '/api/register', { eventId: row.id, answers: { shirt: 'M' } }, who.auth);
    expect((await bad.json()).error.fields).toEqual({ 'answers.shirt': 'This event does not ask this question' });
    expect((await call(t, 'POST', '/api/register', { eventId: row.id }, who.auth)).status).toBe(201);
    const mine = await (await call(t, 'GET', `/api/register/event/${who.email}`, undefined, who.auth)).json();
    expect(mine[0].answers).toBeNull();
  });

  it('on an event with shifts, every shift’s registration keeps the same answers', async () => {
    const row = await eventWithQuestions();
    const a = await insertShift(t.app.db, row, { role: 'Setup', at: 8 });
    const b = await insertShift(t.app.db, row, { role: 'Stall', at: 11 });
    const who = await signUp(t);
    const res = await call(t, 'POST', '/api/register', { eventId: row.id, shiftIds: [a.id, b.id], answers: good }, who.auth);
    expect(res.status).toBe(201);
    const stored = await t.app.db.select({ answers: registration.answers }).from(registration).where(eq(registration.accountId, who.id));
    expect(stored).toHaveLength(2);
    expect(stored[0]?.answers).toEqual(stored[1]?.answers);
  });
});

describe('changing answers', () => {
  it('the person changes them until the event starts, checked as on registering; nobody else can', async () => {
    const row = await eventWithQuestions();
    const who = await signUp(t);
    const made = await (await call(t, 'POST', '/api/register', { eventId: row.id, answers: good }, who.auth)).json();
    const changed = await call(t, 'PUT', `/api/register/${made.insertedId}/answers`, { answers: { ...good, shirt: 'L' } }, who.auth);
    expect(changed.status).toBe(200);
    expect((await changed.json()).answers.shirt).toBe('L');
    const wrong = await call(t, 'PUT', `/api/register/${made.insertedId}/answers`, { answers: { ...good, shirt: 'XL' } }, who.auth);
    expect((await wrong.json()).error.fields).toEqual({ 'answers.shirt': 'Choose one of the options' });
    const other = await signUp(t);
    expect((await call(t, 'PUT', `/api/register/${made.insertedId}/answers`, { answers: good }, other.auth)).status).toBe(403);
    expect(
      (await call(t, 'PUT', `/api/register/${made.insertedId}/answers`, { answers: { ...good, shirt: 'S' } }, admin.auth)).status,
    ).toBe(200);
    const missing = await call(t, 'PUT', '/api/register/00000000-0000-4000-8000-000000000000/answers', { answers: good }, who.auth);
    expect(missing.status).toBe(404);
  });

  it('refuses a change once the event has started', async () => {
    const row = await eventWithQuestions({ date: dayFrom(new Date(), -1), endAt: `${dayFrom(new Date(), 2)} 12:00:00` });
    const who = await signUp(t);
    const [made] = await t.app.db
      .insert(registration)
      .values({ accountId: who.id, eventId: row.id, name: who.name, email: who.email, answers: good })
      .returning({ id: registration.id });
    const res = await call(t, 'PUT', `/api/register/${made?.id}/answers`, { answers: { ...good, shirt: 'L' } }, who.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('Answers can no longer be changed: the event has started');
  });
});

describe('changing questions', () => {
  it('refuses a new type for a question people have answered, keeps options’ old answers readable', async () => {
    const row = await eventWithQuestions();
    const who = await signUp(t);
    await call(t, 'POST', '/api/register', { eventId: row.id, answers: good }, who.auth);
    const retyped = questions.map((q) => (q.id === 'shirt' ? { ...q, type: 'text' } : q));
    const res = await call(t, 'PUT', `/api/events/${row.id}/questions`, { questions: retyped }, admin.auth);
    expect(res.status).toBe(409);
    expect((await res.json()).error.fields).toEqual({
      questions: 'A question’s type cannot change once people have answered it: add a new question instead',
    });
    // A question nobody answered may change type; options may change, answers stay as given.
    const reshaped = questions.map((q) =>
      q.id === 'mobile' ? { ...q, type: 'text' } : q.id === 'shirt' ? { ...q, options: ['Small', 'Large'] } : q,
    );
    expect((await call(t, 'PUT', `/api/events/${row.id}/questions`, { questions: reshaped }, admin.auth)).status).toBe(200);
    const mine = await (await call(t, 'GET', `/api/register/event/${who.email}`, undefined, who.auth)).json();
    expect(mine[0].answers.shirt).toBe('M');
  });
});
