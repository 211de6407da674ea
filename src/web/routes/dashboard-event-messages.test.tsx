import { fireEvent } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AfterEventState, EventMessage, EventMessageReach } from '../../shared/event-messages.ts';
import type { Event } from '../../shared/events.ts';
import type { Shift } from '../../shared/shifts.ts';
import { eventQueries } from '../features/events/api.ts';
import { shiftQueries } from '../features/shifts/api.ts';
import { formatInstantIn } from '../lib/format-time.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { button, expectProblem, field, renderForm, screen, within } from '../test/render-form.tsx';
import { DashboardEventMessagesPage } from './dashboard-event-messages.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';
const messagesUrl = `/api/events/${eventId}/messages`;

const foodDrive: Event = {
  _id: eventId,
  index: 1,
  key: 'food-drive',
  title: 'Food drive',
  desc: 'Sorting and packing food parcels.',
  banner: '/images/food-drive.jpg',
  date: '2026-12-05T09:00',
  location: 'Mill Lane',
  end: null,
  capacity: null,
  goal: null,
  hours: null,
  checkinHoursBefore: 2,
  registered: 10,
  spotsLeft: null,
  shifts: 0,
  questions: [],
  waiver: null,
  past: false,
  raised: 0,
  donors: 0,
};

/** Who each audience reaches now, as GET …/messages/audience answers. */
const reaches: Record<string, EventMessageReach> = {
  everyone: { recipients: 12, leftOut: 2 },
  registered: { recipients: 1, leftOut: 0 },
};

const message = (changes: Partial<EventMessage>): EventMessage => ({
  _id: 'message-1',
  subject: 'Bring gloves',
  body: 'It will be cold.',
  audience: 'registered',
  shiftId: null,
  shift: null,
  author: { name: 'Ada Mensah', email: 'ada@example.org' },
  kind: null,
  status: 'scheduled',
  createdAt: '2026-11-30T10:00:00.000Z',
  sendAt: '2026-12-04T18:00:00.000Z',
  recipients: 10,
  sent: 0,
  failed: 0,
  leftOut: 1,
  ...changes,
});

type Call = { method: string; url: string; body: unknown };
type Answer = { status?: number; body: unknown };

/** The after-event messages off, as GET …/messages/after-event answers for an event that has not had them turned on. */
const afterEventOff: AfterEventState = { enabled: false, sendAt: '2026-12-06T10:00:00.000Z', status: 'off' };

/**
 * The server at the network edge: the event's messages (`history`), the after-event messages' state
 * (`afterEvent`), the audiences' counts, and what `answer` says to a POST, PUT or DELETE. Every call is
 * kept in `calls`.
 */
let calls: Call[] = [];
function serve({
  history = [] as EventMessage[],
  afterEvent = afterEventOff,
  answer = (_call: Call): Answer => ({ status: 201, body: {} }),
} = {}) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const audience = new URL(call.url, 'http://localhost').searchParams.get('audience');
    const { status = 200, body } =
      call.method !== 'GET'
        ? answer(call)
        : call.url.startsWith(`${messagesUrl}/audience`)
          ? { body: reaches[audience ?? ''] ?? { recipients: 0, leftOut: 0 } }
          : call.url === messagesUrl
            ? { body: history }
            : call.url === `${messagesUrl}/after-event`
              ? { body: afterEvent }
              : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  });
}

beforeEach(() => {
  calls = [];
});

const posts = () => calls.filter((call) => call.method !== 'GET');

const driver: Shift = {
  _id: 'shift-driver',
  eventId,
  role: 'Driver',
  startsAt: '2026-12-05T08:00',
  endsAt: '2026-12-05T10:00',
  description: '',
  capacity: 4,
  registered: 2,
  spotsLeft: 2,
  waitlisted: 0,
};

/** The page of the food drive (`event`, its shifts already known). */
const page = (event: Event = foodDrive) =>
  renderForm(
    <Routes>
      <Route path="/dashboard/events/:eventId/messages" element={<DashboardEventMessagesPage />} />
    </Routes>,
    {
      path: `/dashboard/events/${eventId}/messages`,
      data: [
        knownSite(),
        signedIn(ada),
        [eventQueries.detail(eventId).queryKey, event],
        [shiftQueries.ofEvent(eventId).queryKey, event.shifts > 0 ? [driver] : []],
      ],
    },
  );

/** The form, once the page has drawn it and counted who everyone is. */
async function composeForm(event: Event = foodDrive) {
  const view = page(event);
  const form = await screen.findByRole('form', { name: 'Write a message' });
  await within(form).findByText('This will reach 12 people. 2 turned event updates off and will not get it.');
  return { ...view, form };
}

describe('Messages to the people of an event', () => {
  it('says how many the audience reaches, and who is left out, and counts again when the audience changes', async () => {
    serve();
    const { user, form } = await composeForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages to the people of Food drive' })).toBeTruthy();
    const reach = within(form).getByRole('status');
    expect(reach.textContent).toBe('This will reach 12 people. 2 turned event updates off and will not get it.');
    expect(calls.some((call) => call.url === `${messagesUrl}/audience?audience=everyone`)).toBe(true);

    await user.click(within(form).getByRole('radio', { name: 'Registered' }));
    await within(form).findByText('This will reach 1 person.');
    expect(calls.some((call) => call.url === `${messagesUrl}/audience?audience=registered`)).toBe(true);
  });

  it('offers a Shift only on an event staffed by shifts, and counts that shift’s people when one is chosen', async () => {
    serve();
    const withoutShifts = await composeForm();
    expect(withoutShifts.form.querySelector('select')).toBeNull();
    withoutShifts.unmount();
    const { user, form } = await composeForm({ ...foodDrive, shifts: 1 });
    const shift = within(form).getByRole('combobox', { name: 'Shift' });
    expect(
      within(shift)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All shifts', 'Driver, Saturday 5 December 2026, 8:00 am']);
    await user.selectOptions(shift, 'shift-driver');
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url === `${messagesUrl}/audience?audience=everyone&shiftId=shift-driver`)).toBe(true),
    );
  });

  it('refuses an empty subject beside Subject, with focus on it, and sends nothing', async () => {
    serve();
    const { user } = await composeForm();
    await user.type(field('Message'), 'The van leaves at nine.');
    await user.click(button('Send now'));
    const subject = field('Subject');
    expectProblem(subject, 'Subject is required');
    expect(document.activeElement).toBe(subject);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button('Send me a test'));
    expectProblem(field('Subject'), 'Subject is required');
    expect(posts()).toEqual([]);
  });

  it('schedules after a confirmation, and shows the server’s word on Send at beside it, keeping what was written', async () => {
    const refused = { code: 'invalid_input', message: 'Invalid body', fields: { sendAt: 'Choose a time in the future to send it' } };
    serve({ answer: () => ({ status: 400, body: { error: refused } }) });
    const { user } = await composeForm();
    await user.type(field('Subject'), 'Bring gloves');
    await user.type(field('Message'), 'It will be cold.');
    await user.click(screen.getByRole('radio', { name: 'Send later' }));
    const sendAt = field('Send at');
    expect(sendAt.getAttribute('type')).toBe('datetime-local');
    fireEvent.change(sendAt, { target: { value: '2099-01-01T10:00' } });
    await user.click(button('Schedule'));

    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/^Send this message to 12 people at .+\?$/);
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, schedule it' }));

    await vi.waitFor(() => expectProblem(field('Send at'), 'Choose a time in the future to send it'));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: messagesUrl,
        body: {
          subject: 'Bring gloves',
          body: 'It will be cold.',
          audience: 'everyone',
          sendAt: new Date('2099-01-01T10:00').toISOString(),
        },
      },
    ]);
    expect((field('Subject') as HTMLInputElement).value).toBe('Bring gloves');
  });

  it('cancels a scheduled message after asking, with DELETE, and offers no Cancel for one sent', async () => {
    const scheduled = message({});
    const sent = message({ _id: 'message-2', subject: 'Thank you', status: 'sent', sent: 9, failed: 1 });
    serve({ history: [scheduled, sent], answer: () => ({ body: { ...scheduled, status: 'cancelled' } }) });
    const { user } = page();
    const history = await screen.findByRole('region', { name: 'Messages sent and scheduled' });
    await within(history).findByText('Bring gloves');
    expect(within(history).getByText('Scheduled')).toBeTruthy();
    expect(within(history).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(history).queryByRole('button', { name: 'Cancel the message Thank you' })).toBeNull();

    await user.click(within(history).getByRole('button', { name: 'Cancel the message Bring gloves' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this message? Nobody will get it.' });
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() => expect(posts()).toEqual([{ method: 'DELETE', url: `${messagesUrl}/message-1`, body: undefined }]));
  });

  it('shows the after-event messages as the server has them, and turns them off with PUT, then asks for the history again', async () => {
    const scheduled: AfterEventState = { enabled: true, sendAt: '2026-12-06T10:00:00.000Z', status: 'scheduled' };
    const thankYou = message({ _id: 'message-3', subject: 'Thank you for coming', audience: 'checkedIn', kind: 'thankYou' });
    const missedYou = message({ _id: 'message-4', subject: 'We missed you', audience: 'notCheckedIn', kind: 'missedYou' });
    serve({ history: [thankYou, missedYou], afterEvent: scheduled, answer: () => ({ body: afterEventOff }) });
    const { user } = page();
    const section = await screen.findByRole('region', { name: 'After the event' });
    const toggle = await within(section).findByRole('switch', {
      name: 'Thank those who came, and tell those who did not come that we missed them',
    });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByRole('status').textContent).toBe(`They go on ${formatInstantIn(scheduled.sendAt, 'en')}.`);

    // In the history, each is marked as one of the after-event messages, its Cancel named as any other's.
    const history = await screen.findByRole('region', { name: 'Messages sent and scheduled' });
    await within(history).findByText('Thank you for coming');
    expect(within(history).getAllByText('After the event')).toHaveLength(2);
    expect(within(history).getByRole('button', { name: 'Cancel the message We missed you' })).toBeTruthy();

    const historyAsked = calls.filter((call) => call.url === messagesUrl).length;
    await user.click(toggle);
    await vi.waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Off.'));
    expect(posts()).toEqual([{ method: 'PUT', url: `${messagesUrl}/after-event`, body: { enabled: false } }]);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    await vi.waitFor(() => expect(calls.filter((call) => call.url === messagesUrl).length).toBeGreaterThan(historyAsked));
  });

  it('keeps the switch as it was and says why when the server refuses to turn them on', async () => {
    const tooLate = { code: 'conflict', message: 'The day after this event has passed: it is too late for the after-event messages' };
    serve({ answer: () => ({ status: 409, body: { error: tooLate } }) });
    const { user } = page();
    const section = await screen.findByRole('region', { name: 'After the event' });
    const toggle = await within(section).findByRole('switch');
    expect(within(section).getByRole('status').textContent).toBe('Off.');
    await user.click(toggle);
    await vi.waitFor(() => expect(posts()).toEqual([{ method: 'PUT', url: `${messagesUrl}/after-event`, body: { enabled: true } }]));
    await vi.waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(section).getByRole('status').textContent).toBe('Off.');
  });
});
