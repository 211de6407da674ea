import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/questions.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import type { User } from '../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, field, renderForm, replace, screen } from '../test/render-form.tsx';
import { DashboardAddEventPage } from './dashboard-add-event.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const question = (id: string, label: string, flags: Partial<Question> = {}): Question => ({
  id,
  type: 'text',
  label,
  required: false,
  options: [],
  staffOnly: false,
  sensitive: false,
  checkIn: false,
  age: false,
  ...flags,
});
const shirt = question('shirt', 'T-shirt size', { type: 'choice', options: ['S', 'M', 'L'], required: true });
const notes = question('notes', 'Staff notes', { type: 'longText', staffOnly: true });

const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));

/**
 * The server as the page meets it, every call kept: the organisation's questions (staff-only ones too),
 * and `answer` for the rest (an added event by default).
 */
function serve(
  answer: (method: string, url: string) => Promise<Response> | undefined = () => undefined,
  organisationQuestions: () => Promise<Response> = () => json([shirt, notes]),
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const given = answer(method, url);
    if (given) return given;
    if (method === 'GET' && url === '/api/site/questions') return organisationQuestions();
    if (method === 'POST' && url === '/api/events') return json({ insertedId: eventId }, 201);
    return json({ modifiedCount: 1 });
  });
  return calls;
}

const page = () => renderForm(<DashboardAddEventPage />, { data: [knownSite({ currency: 'gbp' }), signedIn(ada)] });

/** A beach clean on 5 December 2026: all the event's own boxes need. */
async function fillEvent(user: User) {
  await replace(user, field('Event Title'), 'Beach clean');
  await replace(user, field('Description'), 'Litter picking along the front.');
  await user.type(field('Event Date'), '2026-12-05');
}

const wording = (n: number) => screen.getByRole('textbox', { name: `Question ${n}` });
const waiverText = () => screen.getByRole('textbox', { name: /^Waiver text/ });

describe('Add Event', () => {
  it('starts with the organisation’s questions from GET /api/site/questions, staff-only ones too', async () => {
    const calls = serve();
    page();
    expect(await screen.findByRole('textbox', { name: 'Question 2' })).toHaveProperty('value', 'Staff notes');
    expect(wording(1)).toHaveProperty('value', 'T-shirt size');
    expect(calls).toEqual([{ method: 'GET', url: '/api/site/questions', body: undefined }]);
  });

  it('adds the event with its questions and waiver in one request, and sends them no more after it', async () => {
    const calls = serve();
    const { user } = page();
    await screen.findByRole('textbox', { name: 'Question 2' });
    await fillEvent(user);
    await user.click(button('Remove question 2'));
    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    await user.type(waiverText(), '  I take part at my own risk. ');
    await user.click(button('Add Event'));
    await screen.findByText('Event added');
    expect(calls.slice(1)).toEqual([
      {
        method: 'POST',
        url: '/api/events',
        body: expect.objectContaining({
          title: 'Beach clean',
          date: '2026-12-05',
          questions: [shirt],
          waiver: { text: 'I take part at my own risk.' },
        }),
      },
    ]);
  });

  it('sends no waiver when none is asked for', async () => {
    const calls = serve();
    const { user } = page();
    await screen.findByRole('textbox', { name: 'Question 2' });
    await fillEvent(user);
    await user.click(button('Add Event'));
    await screen.findByText('Event added');
    expect(calls.slice(1)).toEqual([
      { method: 'POST', url: '/api/events', body: expect.objectContaining({ questions: [shirt, notes], waiver: null }) },
    ]);
  });

  it('shows the server’s messages about a question and the waiver beside their boxes, focus on the first, and adds nothing', async () => {
    const calls = serve((method, url) =>
      method === 'POST' && url === '/api/events'
        ? json(
            {
              error: {
                code: 'invalid_input',
                message: 'Some fields are not valid',
                fields: { 'questions.1.label': 'Question must be at most 200 characters', 'waiver.text': 'Waiver text is too long' },
              },
            },
            400,
          )
        : undefined,
    );
    const { user } = page();
    await screen.findByRole('textbox', { name: 'Question 2' });
    await fillEvent(user);
    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    await user.type(waiverText(), 'I take part at my own risk.');
    await user.click(button('Add Event'));
    await waitFor(() => expectProblem(wording(2), 'Question must be at most 200 characters'));
    expectProblem(waiverText(), 'Waiver text is too long');
    expectNoProblem(wording(1));
    await waitFor(() => expect(document.activeElement).toBe(wording(2)));
    expect(screen.queryByText('Event added')).toBeNull();

    // Corrected and sent again: added (once), with the questions and waiver as they are now.
    await replace(user, wording(2), 'Notes');
    expectNoProblem(wording(2));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(1);
    const again = serve();
    await user.click(button('Add Event'));
    await screen.findByText('Event added');
    expect(again).toEqual([
      {
        method: 'POST',
        url: '/api/events',
        body: expect.objectContaining({
          questions: [shirt, { ...notes, label: 'Notes' }],
          waiver: { text: 'I take part at my own risk.' },
        }),
      },
    ]);
  });

  it('says when the organisation’s questions could not be loaded, and loads them again', async () => {
    let asked = 0;
    serve(undefined, () => {
      asked += 1;
      return asked === 1 ? json({ error: { code: 'unavailable', message: 'The database is not answering' } }, 503) : json([shirt]);
    });
    const { user } = page();
    expect(await screen.findByText('The organisation’s questions could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add Event' })).toBeNull();
    await user.click(button('Try again'));
    expect(await screen.findByRole('textbox', { name: 'Question 1' })).toHaveProperty('value', 'T-shirt size');
  });
});
