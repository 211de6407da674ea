import { fireEvent, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../shared/events.ts';
import type { Question } from '../../shared/questions.ts';
import { eventQueries } from '../features/events/api.ts';
import { registrationQueries } from '../features/registrations/api.ts';
import { sent } from '../test/dom-setup.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { button, expectNoProblem, expectProblem, expectSent, field, renderForm, screen, textbox } from '../test/render-form.tsx';
import { EventRegisterPage } from './event-register.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const question = (id: string, type: Question['type'], label: string, more: Partial<Question> = {}): Question => ({
  id,
  type,
  label,
  required: false,
  options: [],
  staffOnly: false,
  sensitive: false,
  checkIn: false,
  age: false,
  ...more,
});

const waiverText = 'I take part at my own risk.\n\nI will follow the\nteam leader’s instructions.';

/** The food drive on 5 December 2026: it asks a date of birth (which tells age) and has a waiver, version 2. */
const foodDrive: Event = {
  _id: eventId,
  index: 1,
  key: 'food-drive',
  title: 'Food drive',
  desc: 'Sorting and packing food parcels.',
  banner: '/images/food-drive.jpg',
  date: '2026-12-05T09:00',
  location: null,
  end: null,
  capacity: null,
  goal: null,
  hours: null,
  checkinHoursBefore: 2,
  registered: 3,
  spotsLeft: null,
  shifts: 0,
  questions: [question('dateOfBirth', 'date', 'Date of birth')],
  waiver: { version: 2, text: waiverText },
  past: false,
  raised: 0,
  donors: 0,
};

/** Ada on the register page of `event`, registered for nothing yet. */
const page = (event: Event = foodDrive) =>
  renderForm(
    <Routes>
      <Route path="/events/register/:singleEventId" element={<EventRegisterPage />} />
    </Routes>,
    {
      path: `/events/register/${eventId}`,
      data: [
        knownSite(),
        signedIn(ada),
        [eventQueries.detail(eventId).queryKey, event],
        [registrationQueries.mine(ada.email).queryKey, []],
      ],
    },
  );

const waiver = () => screen.getByRole('region', { name: 'Waiver' });
const accept = () => screen.getByRole('checkbox', { name: 'I have read and accept the waiver' });
const signedName = () => textbox(/^Your full name/);
const guardianLabel = /^Parent or guardian’s full name/;
const guardian = () => textbox(guardianLabel);
const born = () => field('Date of birth');
const register = () => button('Register');

/** A date of birth typed into the date box (happy-dom's date box takes no typing). */
const bornOn = (day: string) => fireEvent.change(born(), { target: { value: day } });

/**
 * The server's answer to POST /api/register; asked again afterwards (the page refreshes them once
 * Register is answered), the person's registrations are none and the event is `event`.
 */
function serverAnswers(status: number, body: unknown, event?: Event) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const sentBody = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    sent.push({ method: init?.method ?? 'GET', url: String(input), body: sentBody });
    const json = (value: unknown, code: number) =>
      Promise.resolve(new Response(JSON.stringify(value), { status: code, headers: { 'Content-Type': 'application/json' } }));
    if (init?.method === 'POST') return json(body, status);
    if (String(input) === `/api/register/event/${encodeURIComponent(ada.email)}`) return json([], 200);
    return json(event ?? foodDrive, 200);
  });
}

describe('Signing the waiver on registering', () => {
  it('shows the waiver after the questions, in a box the keyboard reaches, with the acceptance and the name to sign', () => {
    page();
    const text = waiver();
    expect(text.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('heading', { name: 'Waiver', level: 2 }).id).toBe(text.getAttribute('aria-labelledby'));
    // Paragraphs split on blank lines; a single line break stays inside its paragraph.
    expect([...text.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'I take part at my own risk.',
      'I will follow the\nteam leader’s instructions.',
    ]);
    // After the questions, before Register.
    expect(born().compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(accept()).toHaveProperty('checked', false);
    expect(signedName().getAttribute('aria-required')).toBe('true');
    expect(screen.queryByRole('textbox', { name: guardianLabel })).toBeNull();
  });

  it('asks for a parent or guardian only while the answers say the person is under 18 on the event’s day', () => {
    page();
    bornOn('2016-12-05');
    expect(guardian()).toBeTruthy();
    expect(screen.getByText(/under 18 on the day of the event/)).toBeTruthy();
    // 18 on the very day: no guardian.
    bornOn('2008-12-05');
    expect(screen.queryByRole('textbox', { name: guardianLabel })).toBeNull();
    bornOn('2008-12-06');
    expect(guardian()).toBeTruthy();
    bornOn('');
    expect(screen.queryByRole('textbox', { name: guardianLabel })).toBeNull();
  });

  it('says beside each field that the waiver is not accepted or signed, puts focus on the first and sends nothing', async () => {
    const { user } = page();
    await user.click(register());
    expectProblem(accept(), 'Accept the waiver to register');
    expectProblem(signedName(), 'Sign with your full name');
    expect(document.activeElement).toBe(accept());
    expect(sent).toEqual([]);

    // Accepting clears its problem; a name of spaces is no signature.
    await user.click(accept());
    expectNoProblem(accept());
    await user.type(signedName(), '   ');
    await user.click(register());
    expectNoProblem(accept());
    expectProblem(signedName(), 'Sign with your full name');
    expect(document.activeElement).toBe(signedName());
    expect(sent).toEqual([]);
  });

  it('asks a minor for a guardian’s name beside its box, then sends the signature with the version read', async () => {
    const { user } = page();
    bornOn('2016-12-05');
    await user.click(accept());
    await user.type(signedName(), '  Rita Okafor ');
    await user.click(register());
    expectProblem(guardian(), 'Someone under 18 needs a parent or guardian to sign too');
    expect(document.activeElement).toBe(guardian());
    expect(sent).toEqual([]);

    await user.type(guardian(), 'Sam Okafor');
    await user.click(register());
    expectSent('POST', '/api/register', {
      eventId,
      answers: { dateOfBirth: '2016-12-05' },
      waiver: { accepted: true, signedName: 'Rita Okafor', guardianName: 'Sam Okafor', version: 2 },
    });
  });

  it('sends no guardian for an adult, whatever was typed while the box was there', async () => {
    const { user } = page();
    bornOn('2016-12-05');
    await user.type(guardian(), 'Sam Okafor');
    bornOn('1990-04-02');
    await user.click(accept());
    await user.type(signedName(), 'Rita Okafor');
    await user.click(register());
    expectSent('POST', '/api/register', {
      eventId,
      answers: { dateOfBirth: '1990-04-02' },
      waiver: { accepted: true, signedName: 'Rita Okafor', version: 2 },
    });
  });

  it('puts the focus on a question first when both a question and the waiver are wrong', async () => {
    const { user } = page({ ...foodDrive, questions: [question('badge', 'text', 'Name for your badge', { required: true })] });
    await user.click(register());
    expectProblem(textbox('Name for your badge'), 'This question needs an answer');
    expectProblem(accept(), 'Accept the waiver to register');
    expect(document.activeElement).toBe(textbox('Name for your badge'));
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of the signature beside its fields, focus on the first, with no message of the form’s own', async () => {
    const message = 'Someone under 18 needs a parent or guardian to sign too';
    serverAnswers(400, { error: { code: 'invalid_input', message, fields: { 'waiver.guardianName': message } } });
    const { user } = page();
    await user.click(accept());
    await user.type(signedName(), 'Rita Okafor');
    await user.click(register());
    // The server says the person needs a guardian: the box is there, the problem beside it.
    await waitFor(() => expectProblem(guardian(), message));
    expect(document.activeElement).toBe(guardian());
    expect(signedName()).toHaveProperty('value', 'Rita Okafor');
    expect(screen.queryByText('You are not registered yet')).toBeNull();
  });

  it('asks the person to read the waiver again when it changed since the page loaded, the new text shown', async () => {
    const message = 'The waiver has changed since you read it: read it again';
    const changed: Event = { ...foodDrive, waiver: { version: 3, text: 'A new text.\n\nRead it first.' } };
    serverAnswers(409, { error: { code: 'conflict', message, fields: { 'waiver.version': message } } }, changed);
    const { user } = page();
    await user.click(accept());
    await user.type(signedName(), 'Rita Okafor');
    await user.click(register());
    await waitFor(() => expect(document.activeElement).toBe(waiver()));
    expect(screen.getByText(message)).toBeTruthy();
    expect(document.getElementById(waiver().getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(accept()).toHaveProperty('checked', false);
    expect(screen.queryByText('You are not registered yet')).toBeNull();
    // The event asked again: the new text, to be accepted again, and its version sent.
    await waitFor(() => expect(waiver().textContent).toContain('Read it first.'));
    sent.length = 0;
    await user.click(accept());
    expect(screen.queryByText(message)).toBeNull();
    await user.click(register());
    expect(sent[0]?.body).toEqual({ eventId, answers: {}, waiver: { accepted: true, signedName: 'Rita Okafor', version: 3 } });
  });

  it('shows no waiver for an event without one', () => {
    page({ ...foodDrive, waiver: null });
    expect(screen.queryByRole('region', { name: 'Waiver' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'I have read and accept the waiver' })).toBeNull();
  });
});
