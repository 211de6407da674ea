import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectProblemBeside } from './support/form-fields.ts';
import { mailbox } from './support/server.ts';

/** The calendar day `offset` days from today on this machine's clock, as YYYY-MM-DD. */
function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

let counter = 0;

/** An event added by the admin through the API, with a title no other journey uses. */
async function addEvent(admin: Session, fields: Record<string, unknown>): Promise<{ id: string; title: string }> {
  counter += 1;
  const title = `Capacity journey ${counter} ${Date.now()}`;
  const res = await apiCall(admin, 'POST', '/events', {
    title,
    desc: 'Litter picking along the harbour wall, with tea after.',
    banner: '/images/events/food-bank.svg',
    ...fields,
  });
  expect(res.status).toBe(200);
  return { id: (await res.json()).insertedId, title };
}

async function serverTotal(query: string) {
  const res = await fetch(`${baseURL}/api/events?limit=1&${query}`);
  return Number(res.headers.get('x-total-count'));
}

describe('events: place, capacity and waitlist', () => {
  // Four pages, four accessibility checks and two mails: on a loaded CI machine this journey alone
  // came near the 60 s every test gets (61 s once), with every step passing.
  it('a full event says so, takes the next person on its waitlist, and moves them up when a place frees', async () => {
    const admin = await adminSession();
    const day = localDay(12);
    const event = await addEvent(admin, { date: `${day}T09:00`, end: `${day}T12:30`, location: 'Harbour Wall, Whitby', capacity: 1 });
    const first = await signUpThroughApi({ email: uniqueEmail('first'), name: 'Fran First' });
    expect((await apiCall(first, 'POST', '/register', { eventId: event.id })).status).toBe(201);

    const who = await signUpThroughApi({ email: uniqueEmail('waiting'), name: 'Wendy Waiting' });
    const page = await signedInPage(who);
    await page.goto(`/events?q=${encodeURIComponent(event.title)}`);
    const card = page.getByTestId('event-card').filter({ hasText: event.title });
    await card.getByText('Full: join the waitlist').waitFor();
    await card.getByText('Harbour Wall, Whitby').waitFor();
    expect(await card.getByText(/ to 12:30 pm$/).count()).toBe(1);
    await expectAccessible(page);

    await card.getByRole('link', { name: /view event/i }).click();
    await page.waitForURL(`**/eventDetails/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByRole('main').getByText('Full: join the waitlist').waitFor();
    const map = page.getByRole('link', { name: /^Map of Harbour Wall, Whitby on OpenStreetMap/ });
    expect(await map.getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Harbour%20Wall%2C%20Whitby');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Event Register' }).click();
    await page.waitForURL(`**/events/register/${event.id}`);
    const join = page.getByRole('button', { name: 'Join the waitlist' });
    await expect.poll(() => join.isEnabled()).toBe(true);
    await page.getByText(/^Full: join the waitlist/).waitFor();
    await expectAccessible(page);
    await join.click();
    await toast(page, 'This event is full: you are on the waitlist, number 1').waitFor();
    await page.getByText('You are on the waitlist: number 1').waitFor();
    expect(await join.count()).toBe(0);
    await expectAccessible(page);
    const [waitMail] = await mailbox.mailTo(who.email, { subject: /^You are on the waitlist/ });
    expect(waitMail?.subject).toBe(`You are on the waitlist: ${event.title}, number 1`);

    await page.goto('/dashboard/myEvents');
    const mine = page.getByTestId('registration-card').filter({ hasText: event.title });
    await mine.getByText('Waitlisted: number 1').waitFor();
    // The whole title, as a link to the event.
    expect(await mine.getByRole('link', { name: event.title, exact: true }).getAttribute('href')).toBe(`/eventDetails/${event.id}`);
    await expectAccessible(page);

    // The person with the place cancels: the place is Wendy's, and she is told.
    const [held] = await (await apiCall(first, 'GET', `/register/event/${encodeURIComponent(first.email)}`)).json();
    expect((await apiCall(first, 'DELETE', `/register/${held._id}`)).status).toBe(200);
    const [placeMail] = await mailbox.mailTo(who.email, { subject: /^You have a place/ });
    expect(placeMail?.subject).toBe(`You have a place: ${event.title}`);
    await page.reload();
    await mine.getByText('Volunteer', { exact: true }).waitFor();
    expect(await mine.getByText(/Waitlisted/).count()).toBe(0);

    await page.goto(`/eventDetails/${event.id}`);
    await page.getByRole('main').getByText('You’re registered').waitFor();
    expect(pageProblems(page)).toEqual([]);
  }, 120_000);

  it('shows spots left on an event with room', async () => {
    const admin = await adminSession();
    const event = await addEvent(admin, { date: `${localDay(14)}T10:00`, capacity: 5 });
    const page = await newPage();
    await page.goto(`/eventDetails/${event.id}`);
    await page.getByRole('main').getByText('5 spots left').waitFor();
  });

  it('a past event says it has ended and offers neither Register nor Donate, on its page and at their addresses', async () => {
    const admin = await adminSession();
    const day = localDay(-3);
    const event = await addEvent(admin, { date: `${day}T09:00`, end: `${day}T11:00`, location: 'Memorial Park' });
    const who = await signUpThroughApi({ email: uniqueEmail('late'), name: 'Lee Late' });
    const page = await signedInPage(who);

    await page.goto(`/eventDetails/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByText('This event has ended').waitFor();
    await page.getByRole('main').getByText('Past', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Event Register' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Donate Money' }).count()).toBe(0);
    await expectAccessible(page);

    await page.goto(`/events/register/${event.id}`);
    await page.getByText('This event has already taken place').waitFor();
    expect(await page.getByRole('button', { name: /register|waitlist/i }).count()).toBe(0);
    await expectAccessible(page);

    await page.goto(`/donation/${event.id}`);
    await page.getByText('This event has ended').waitFor();
    await page.getByText(`${event.title} has already taken place, so it takes no more donations.`).waitFor();
    expect(await page.getByRole('button', { name: /donate|pay/i }).count()).toBe(0);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('/events shows upcoming events, counted in the heading, and a Past events view kept in the address', async () => {
    const upcoming = await serverTotal('when=upcoming');
    const past = await serverTotal('when=past');
    expect(past).toBeGreaterThan(0);

    const page = await newPage();
    await page.goto('/events');
    const heading = page.getByTestId('events-heading');
    await expect.poll(() => heading.textContent()).toBe(`Total ${upcoming} events available`);
    await expect.poll(() => page.getByTestId('event-card').count()).toBe(Math.min(upcoming, 24));
    expect(await page.getByTestId('event-card').getByText('Past', { exact: true }).count()).toBe(0);
    const which = page.getByRole('radiogroup', { name: 'Which events' });
    expect(await which.getByRole('radio', { name: 'Upcoming events' }).isChecked()).toBe(true);
    await expectAccessible(page);

    await which.getByText('Past events').click();
    await page.waitForURL((url) => url.searchParams.get('when') === 'past');
    await expect.poll(() => heading.textContent()).toBe(`${past} past ${past === 1 ? 'event' : 'events'}`);
    await expect.poll(() => page.getByTestId('event-card').count()).toBe(Math.min(past, 24));
    await expect.poll(() => page.getByTestId('event-card').getByText('Past', { exact: true }).count()).toBe(Math.min(past, 24));
    expect(await which.getByRole('radio', { name: 'Past events' }).isChecked()).toBe(true);
    await expectAccessible(page);

    await page.reload();
    await expect.poll(() => heading.textContent()).toBe(`${past} past ${past === 1 ? 'event' : 'events'}`);
    await page.goBack();
    await expect.poll(() => heading.textContent()).toBe(`Total ${upcoming} events available`);
    expect(pageProblems(page)).toEqual([]);
  });

  it('the admin sets place, end and capacity on the form, and a capacity below those registered is refused beside its field', async () => {
    const admin = await adminSession();
    const page = await signedInPage(admin);
    await page.goto('/dashboard/addEvent');
    const add = page.getByRole('form', { name: 'Add Event' });
    const title = `Form capacity ${Date.now()}`;
    const day = localDay(20);
    await add.getByRole('textbox', { name: 'Event Title', exact: true }).fill(title);
    await add.getByRole('textbox', { name: 'Description', exact: true }).fill('Sorting donated books.');
    await add.getByRole('textbox', { name: 'Banner (optional)', exact: true }).fill('/images/events/food-bank.svg');
    await add.getByRole('textbox', { name: 'Event Date', exact: true }).fill(day);
    await add.getByLabel('Start Time (optional)', { exact: true }).fill('10:00');
    await add.getByRole('textbox', { name: 'Location (optional)', exact: true }).fill('Central Library, 2 Station Road');
    await add.getByLabel('End (optional)', { exact: true }).fill(`${day}T09:00`);
    const capacity = add.getByRole('textbox', { name: 'Capacity (optional)', exact: true });
    await capacity.fill('0');
    await add.getByRole('button', { name: 'Add Event' }).click();
    await expectProblemBeside(add.getByLabel('End (optional)', { exact: true }), 'End must be after the start');
    await expectProblemBeside(capacity, 'Capacity must be at least 1, or empty for no limit');
    await expectAccessible(page);

    await add.getByLabel('End (optional)', { exact: true }).fill(`${day}T13:00`);
    await capacity.fill('2');
    await add.getByRole('button', { name: 'Add Event' }).click();
    await toast(page, `${title} Added Successfully`).waitFor();
    const [stored] = await (await fetch(`${baseURL}/api/events?q=${encodeURIComponent(title)}`)).json();
    expect(stored).toMatchObject({ title, location: 'Central Library, 2 Station Road', end: `${day}T13:00`, capacity: 2, spotsLeft: 2 });

    for (const name of ['Una One', 'Tom Two']) {
      const who = await signUpThroughApi({ email: uniqueEmail('form'), name });
      expect((await apiCall(who, 'POST', '/register', { eventId: stored._id })).status).toBe(201);
    }
    await page.goto(`/dashboard/eventUpdatePage/${stored._id}`);
    const update = page.getByRole('form', { name: 'Update Event' });
    const newCapacity = update.getByRole('textbox', { name: 'Capacity (optional)', exact: true });
    await expect.poll(() => newCapacity.inputValue()).toBe('2');
    expect(await update.getByRole('textbox', { name: 'Location (optional)', exact: true }).inputValue()).toBe(
      'Central Library, 2 Station Road',
    );
    expect(await update.getByLabel('End (optional)', { exact: true }).inputValue()).toBe(`${day}T13:00`);
    await newCapacity.fill('1');
    await update.getByRole('button', { name: 'Update' }).click();
    await expectProblemBeside(newCapacity, 'Capacity cannot be lower than the 2 people already registered');
    await expectFocused(newCapacity);
    await expectAccessible(page);
    expect((await (await fetch(`${baseURL}/api/events/${stored._id}`)).json()).capacity).toBe(2);
    // The refused update is the only request that failed.
    expect(pageProblems(page)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });
});
