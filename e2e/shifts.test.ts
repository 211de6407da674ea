import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatShiftTimes } from '../src/shared/format.ts';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems, toast } from './support/browser.ts';
import { mailbox } from './support/server.ts';

/**
 * Events staffed by shifts (issue 32): an admin builds an event with three shifts by keyboard; a
 * volunteer picks two at a phone's width (an overlap is flagged first), sees them in My Events and
 * cancels one; another person waiting for that full shift is moved up; door staff check a person into
 * their shift.
 */

/** The calendar day `offset` days from today on this machine's clock (the site's zone), as YYYY-MM-DD. */
function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** This machine's wall clock `hours` from now, to the minute: 'YYYY-MM-DDTHH:MM'. */
function localWall(hours: number): string {
  const at = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const phone = { width: 390, height: 844 };
const day = localDay(9);
const title = `Food drive with shifts ${Date.now()}`;
/** The checkbox of a shift on the register page, by its role and times. */
const shiftBox = (page: Page, role: string, from: string, to: string) =>
  page.getByRole('checkbox', { name: `${role}, ${formatShiftTimes(`${day}T${from}`, `${day}T${to}`)}`, exact: true });

/** Types into a field as a person does: focus it, then keys. */
async function typeInto(field: Locator, text: string) {
  await field.focus();
  await field.page().keyboard.press('ControlOrMeta+A');
  await field.page().keyboard.type(text);
}

let eventId = '';

async function shiftsOf(id: string) {
  return (await (await fetch(`${baseURL}/api/events/${id}/shifts`)).json()) as {
    _id: string;
    role: string;
    startsAt: string;
    endsAt: string;
    capacity: number | null;
    registered: number;
    waitlisted: number;
  }[];
}

describe('shifts', () => {
  it('an admin builds an event with three shifts by keyboard', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/addEvent');
    const add = page.getByRole('form', { name: 'Add Event' });
    await add.getByRole('textbox', { name: 'Event Title', exact: true }).fill(title);
    await add.getByRole('textbox', { name: 'Description', exact: true }).fill('Collecting and packing food for the winter.');
    await add.getByRole('textbox', { name: 'Event Date', exact: true }).fill(day);
    await add.getByRole('textbox', { name: 'Start Time (optional)', exact: true }).fill('08:00');

    const shifts = add.getByRole('group', { name: 'Shifts (optional)' });
    await shifts.getByText('No shifts yet.').waitFor();
    await shifts.getByRole('button', { name: 'Add shift' }).focus();
    await page.keyboard.press('Enter');
    const role = (n: number) => shifts.getByRole('textbox', { name: `Role for shift ${n}` });
    // Focus goes to the new row's role.
    await expect.poll(() => role(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Driver');
    await typeInto(shifts.getByRole('textbox', { name: 'Places for shift 1' }), '2');
    await shifts.getByLabel('Starts for shift 1').fill(`${day}T08:00`);
    await shifts.getByLabel('Ends for shift 1').fill(`${day}T10:00`);

    // Copy: the next slot, 10:00 to 12:00, then made the packers' (one place).
    await shifts.getByRole('button', { name: 'Copy shift 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => role(2).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await shifts.getByLabel('Starts for shift 2').inputValue()).toBe(`${day}T10:00`);
    expect(await shifts.getByLabel('Ends for shift 2').inputValue()).toBe(`${day}T12:00`);
    await typeInto(role(2), 'Packer');
    await typeInto(shifts.getByRole('textbox', { name: 'Places for shift 2' }), '1');

    // A third, overlapping the drivers and packers, with no limit.
    await shifts.getByRole('button', { name: 'Add shift' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => role(3).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Cook');
    await shifts.getByLabel('Starts for shift 3').fill(`${day}T09:00`);
    await shifts.getByLabel('Ends for shift 3').fill(`${day}T11:00`);
    await expectAccessible(page);

    await add.getByRole('button', { name: 'Add Event' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, `${title} Added Successfully`).waitFor();

    const found = await (await fetch(`${baseURL}/api/events?q=${encodeURIComponent(title)}`)).json();
    eventId = found[0]._id;
    await expect
      .poll(async () => (await shiftsOf(eventId)).map((s) => [s.role, s.startsAt, s.endsAt, s.capacity]))
      .toEqual([
        ['Driver', `${day}T08:00`, `${day}T10:00`, 2],
        ['Cook', `${day}T09:00`, `${day}T11:00`, null],
        ['Packer', `${day}T10:00`, `${day}T12:00`, 1],
      ]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a volunteer picks two shifts at a phone’s width, sees them in My Events and cancels one; the person waiting is moved up', async () => {
    expect(eventId).not.toBe('');
    const vera = await signUpThroughApi({ email: uniqueEmail('vera'), name: 'Vera Volunteer' });
    const page = await signedInPage(vera, phone);
    await page.goto(`/eventDetails/${eventId}`);
    const listed = page.getByRole('region', { name: 'Shifts' });
    await listed.getByText('Driver').waitFor();
    await listed.getByText('Packer').waitFor();
    await listed.getByText('1 place left').waitFor();
    await expectAccessible(page);

    await page.goto(`/events/register/${eventId}`);
    const group = page.getByRole('group', { name: 'Choose your shifts' });
    await group.waitFor();
    const driver = shiftBox(page, 'Driver', '08:00', '10:00');
    const cook = shiftBox(page, 'Cook', '09:00', '11:00');
    const packer = shiftBox(page, 'Packer', '10:00', '12:00');
    await driver.check();
    await cook.check();
    // Flagged before anything is sent.
    await expect.poll(async () => (await cook.getAttribute('aria-invalid')) ?? (await driver.getAttribute('aria-invalid'))).toBe('true');
    await group.getByText('This shift overlaps another of yours').first().waitFor();
    await cook.uncheck();
    await packer.check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Successfully registered').waitFor();
    const outcome = page.getByTestId('shift-outcome');
    await outcome.getByText(/Driver, .*: registered/).waitFor();
    await outcome.getByText(/Packer, .*: registered/).waitFor();

    // Someone else waits for the packers' one place.
    const wes = await signUpThroughApi({ email: uniqueEmail('wes'), name: 'Wes Waiting' });
    const packerId = (await shiftsOf(eventId)).find((s) => s.role === 'Packer')?._id;
    const waiting = await apiCall(wes, 'POST', '/register', { eventId, shiftIds: [packerId] });
    expect(await waiting.json()).toMatchObject({ status: 'waitlisted', position: 1 });

    await page.goto('/dashboard/myEvents');
    const cards = page.getByTestId('registration-card').filter({ hasText: title });
    await expect.poll(() => cards.count()).toBe(2);
    const packerCard = cards.filter({ has: page.getByTestId('registration-shift').filter({ hasText: 'Packer' }) });
    await packerCard
      .getByTestId('registration-shift')
      .getByText(`Shift: Packer, ${formatShiftTimes(`${day}T10:00`, `${day}T12:00`)}`)
      .waitFor();
    await expectAccessible(page);
    await packerCard.getByRole('button', { name: 'Cancel Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.getByText(/shift Packer/).waitFor();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, `${title}, shift Packer: deleted successfully`).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText(/Shift: Driver/).waitFor();

    // The first waiting took the place, and was told.
    const [mail] = await mailbox.mailTo(wes.email, { subject: /^You have a place/ });
    expect(mail?.text).toContain('Your shift: Packer,');
    const theirs = await (await apiCall(wes, 'GET', `/register/event/${encodeURIComponent(wes.email)}`)).json();
    expect(theirs).toEqual([expect.objectContaining({ status: 'registered', shift: expect.objectContaining({ role: 'Packer' }) })]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('door staff check a person into their shift', async () => {
    const admin = await adminSession();
    const doorTitle = `Shift door ${Date.now()}`;
    const made = await apiCall(admin, 'POST', '/events', {
      title: doorTitle,
      desc: 'Sorting donated coats.',
      banner: '/images/events/coat-drive.svg',
      date: localWall(-1),
      end: localWall(5),
    });
    const doorEventId = (await made.json()).insertedId as string;
    const [from, to] = [localWall(-1), localWall(2)];
    const added = await apiCall(admin, 'POST', `/events/${doorEventId}/shifts`, { role: 'Sorter', startsAt: from, endsAt: to });
    const sorterId = (await added.json()).insertedId as string;
    const sam = await signUpThroughApi({ email: uniqueEmail('sam'), name: 'Sam Sorter' });
    expect((await apiCall(sam, 'POST', '/register', { eventId: doorEventId, shiftIds: [sorterId] })).status).toBe(201);
    const dora = await signUpThroughApi({ email: uniqueEmail('dora'), name: 'Dora Door' });
    expect((await apiCall(admin, 'POST', `/events/${doorEventId}/staff`, { email: dora.email })).status).toBe(200);

    const page = await signedInPage(dora, phone);
    // On a phone the dashboard's menu is in a drawer: the door page's own address.
    await page.goto('/dashboard/door');
    await page.getByRole('heading', { level: 1, name: 'Door' }).waitFor();
    await page.getByRole('link', { name: `Check in at ${doorTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: `Check-in: ${doorTitle}` }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('sam');
    const person = page.getByRole('list', { name: 'People on the door list' }).getByRole('listitem');
    const when = formatShiftTimes(from, to);
    await person.getByTestId('door-person-shift').getByText(`Shift: Sorter, ${when}`).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Check in Sam Sorter for Sorter, ${when}` }).click();
    await page.getByTestId('door-result-shift').getByText(`Shift: Sorter, ${when}`).waitFor();
    await expect
      .poll(async () => {
        const door = await (await apiCall(admin, 'GET', `/events/${doorEventId}/checkins`)).json();
        return door.people.map((p: { name: string; checkedInAt: string | null; shift: { role: string } | null }) => [
          p.name,
          p.shift?.role,
          Boolean(p.checkedInAt),
        ]);
      })
      .toEqual([['Sam Sorter', 'Sorter', true]]);
    expect(pageProblems(page)).toEqual([]);

    // On a wide screen the dashboard's menu leads there, and nowhere an admin goes.
    const desk = await signedInPage(dora);
    await desk.goto('/dashboard');
    await desk.getByRole('link', { name: 'Door', exact: true }).first().click();
    await desk.getByRole('heading', { level: 1, name: 'Door' }).waitFor();
    expect(await desk.getByRole('link', { name: 'All Events', exact: true }).count()).toBe(0);
    await desk.goto('/dashboard/allEvents');
    await desk.getByRole('heading', { level: 1, name: /not authori[sz]ed/i }).waitFor();
  });
});
