import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminEmail,
  adminSession,
  apiCall,
  password,
  type Session,
  signedInPage,
  signUpThroughApi,
  uniqueEmail,
} from './support/accounts.ts';
import { expectAccessible, pageProblems, toast, toasts } from './support/browser.ts';
import { upcomingDemoEvents } from './support/events.ts';
import { expectFocused, expectNoProblem } from './support/form-fields.ts';

const lastAdminMessage = 'This is the only admin account. Make another account admin first, so someone can still run the site.';

interface ListedAccount {
  _id: string;
  email: string;
  role: 'donator' | 'volunteer' | 'admin';
}

/** A new account registered (through the API) for an upcoming demo event. */
async function newRegistrant(name: string) {
  const event = (await upcomingDemoEvents())[0]!;
  const who = await signUpThroughApi({ email: uniqueEmail('people'), name });
  const res = await apiCall(who, 'POST', '/register', { eventId: event._id });
  expect(res.status).toBe(201);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return { who, event, registrationId: insertedId };
}

/**
 * The emails of every admin account, read through the API page by page (admins first: the role
 * order is donator, volunteer, admin), so none is missed however many accounts the server holds.
 */
async function adminEmails(admin: Session): Promise<string[]> {
  const admins: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await apiCall(admin, 'GET', `/users?q=&sort=-role&limit=100&offset=${offset}`);
    expect(res.status).toBe(200);
    const accounts = (await res.json()) as ListedAccount[];
    admins.push(...accounts.filter((account) => account.role === 'admin').map((account) => account.email));
    if (offset + accounts.length >= Number(res.headers.get('x-total-count')) || accounts.length === 0) return admins.sort();
  }
}

async function accountOf(admin: Session, email: string): Promise<ListedAccount> {
  const res = await apiCall(admin, 'GET', `/users?q=${encodeURIComponent(email)}`);
  const [found] = (await res.json()) as ListedAccount[];
  if (!found) throw new Error(`no account ${email}`);
  return found;
}

/** The colour a toast is drawn in, as Mantine sets it on the toast ('red', 'teal'). */
async function toastColour(page: Page, text: string): Promise<string | undefined> {
  const style =
    (await toasts(page)
      .filter({ has: page.getByText(text, { exact: true }) })
      .first()
      .getAttribute('style')) ?? '';
  return /--notification-color:\s*var\(--mantine-color-(\w+)-/.exec(style)?.[1];
}
const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

async function menuLabels(page: Page): Promise<string[]> {
  await menu(page).getByRole('button', { name: 'Log Out' }).waitFor();
  return (await menu(page).locator('a, button').allTextContents()).map((text) => text.trim());
}

/** The text of whatever describes the element (a field's error, a choice's explanation). */
async function descriptionOf(element: Locator): Promise<string> {
  const ids = (await element.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  const texts = await Promise.all(ids.map((id) => element.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** The role the page says the person has now. */
const currentRole = (page: Page) =>
  page.getByRole('main').locator('dt', { hasText: 'Current role' }).locator('xpath=following-sibling::dd[1]');

/** The text a sighted reader sees: visually hidden text (a 1 px clipped box) left out. */
function visibleText(element: Locator): Promise<string> {
  return element.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement?.getBoundingClientRect();
      if (box && box.width > 1 && box.height > 1) text += node.textContent ?? '';
    }
    return text.trim();
  });
}

/** How many the server counts (X-Total-Count) for an admin list. */
async function totalOf(admin: Session, pathname: string): Promise<number> {
  const res = await apiCall(admin, 'GET', `${pathname}?limit=1`);
  return Number(res.headers.get('x-total-count'));
}

/** All Reg., headed with the server's count, then searched down to one person's registration. */
async function searchRegistrations(page: Page, admin: Session, email: string) {
  const total = await totalOf(admin, '/register');
  await page.goto('/dashboard/all-event-registration');
  await page.getByRole('heading', { level: 1, name: `Total ${total} ${total === 1 ? 'registration' : 'registrations'}` }).waitFor();
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill(email);
  await page.getByRole('heading', { level: 1, name: `Total 1 registration matching ‘${email}’` }).waitFor();
}

describe('admin: registrations and accounts', () => {
  it('makes a registrant a volunteer from All Reg., whose menu then gains the volunteer pages; the same role again is not a change', async () => {
    const { who, event, registrationId } = await newRegistrant('Rowan Ash Registrant');
    const person = await signedInPage(who);
    await person.goto('/dashboard');
    expect(await menuLabels(person)).toEqual(['Dashboard', 'My Profile', 'My Impact', 'Security', 'My Events', 'My Donation', 'Log Out']);

    const admin = await adminSession();
    const page = await signedInPage(admin);
    await searchRegistrations(page, admin, who.email);
    const table = page.getByRole('table', { name: 'Registrations' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Title',
      'First Name',
      'Registration Date',
      'Email ID',
      'Status',
      'Change Role',
      'Delete',
    ]);
    const row = table.getByRole('row').nth(1);
    const cells = row.getByRole('cell');
    expect(await cells.nth(0).innerText()).toBe(event.title);
    // The first name to the eye; the whole name on hover and to a screen reader.
    expect(await visibleText(cells.nth(1))).toBe('Rowan');
    expect(await cells.nth(1).textContent()).toBe('Rowan Ash Registrant');
    expect(await cells.nth(1).locator('[title]').getAttribute('title')).toBe('Rowan Ash Registrant');
    const registeredOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    expect(await cells.nth(2).innerText()).toBe(registeredOn);
    expect(await cells.nth(3).innerText()).toBe(who.email);
    expect(await cells.nth(4).innerText()).toBe('Registered');
    await expectAccessible(page);

    await row.getByRole('link', { name: `Change Role of Rowan Ash Registrant, registered for ${event.title}` }).click();
    await page.waitForURL(`**/dashboard/event-register-role-update/${registrationId}`);
    await page.getByRole('heading', { level: 1, name: 'Add Role' }).waitFor();
    expect(await page.title()).toContain('Add Role');
    const form = page.getByRole('form', { name: 'Add Role' });
    const roles = form.getByRole('radiogroup', { name: 'Role' });
    await roles.waitFor();
    // The spec's selector: Volunteer and Admin; a donator who registered to volunteer starts on Volunteer.
    expect(await roles.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual([
      'volunteer',
      'admin',
    ]);
    expect(await roles.getByRole('radio', { name: 'Volunteer' }).isChecked()).toBe(true);
    await page.getByRole('main').getByText(event.title, { exact: true }).first().waitFor();
    await page.getByRole('main').getByText(who.email, { exact: true }).waitFor();
    expect(await currentRole(page).textContent()).toBe('Donator');
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Add Role' }).click();
    await toast(page, `${who.email} role volunteer added Successfully`).waitFor();
    expect(await toastColour(page, `${who.email} role volunteer added Successfully`)).toBe('teal');
    const flags = await apiCall(admin, 'GET', `/users/${encodeURIComponent(who.email)}`);
    expect(await flags.json()).toEqual([false, true]);
    // The page now says what the account is.
    await expect.poll(() => currentRole(page).textContent()).toBe('Volunteer');

    // The person's own dashboard shows the volunteer's menu once it asks again.
    await person.reload();
    await expect
      .poll(() => menuLabels(person))
      .toEqual(['Dashboard', 'My Profile', 'My Impact', 'Security', 'My Events', 'Add Review', 'Notices', 'My Review', 'Log Out']);

    // The same role again changes nothing, and says so in red with why.
    await form.getByRole('button', { name: 'Add Role' }).click();
    await toast(page, `${who.email} role not changed`).waitFor();
    expect(await toastColour(page, `${who.email} role not changed`)).toBe('red');
    await expect.poll(() => descriptionOf(roles)).toContain(`${who.email} already has the role volunteer.`);
    // The refused choice is marked, and focus goes back to it; the other is not.
    await expect.poll(() => roles.getByRole('radio', { name: 'Volunteer' }).getAttribute('aria-invalid')).toBe('true');
    await expectFocused(roles.getByRole('radio', { name: 'Volunteer' }));
    await expectNoProblem(roles.getByRole('radio', { name: 'Admin' }));
    await expectAccessible(page);
    // Choosing again takes the message away.
    await roles.getByRole('radio', { name: 'Admin' }).check();
    await expectNoProblem(roles.getByRole('radio', { name: 'Volunteer' }));
    await expect.poll(() => descriptionOf(roles)).not.toContain('already has the role');
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(person)).toEqual([]);
  });

  it('deletes a registration only after a yes: a no keeps it', async () => {
    const { who, event, registrationId } = await newRegistrant('Della Delete');
    const admin = await adminSession();
    const page = await signedInPage(admin);
    await searchRegistrations(page, admin, who.email);
    const remove = page.getByRole('button', { name: `Delete Della Delete's registration for ${event.title}` });

    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.waitFor();
    await dialog.getByText(`Della Delete's registration for ${event.title} will be deleted.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(page, `${event.title} not deleted`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await apiCall(admin, 'GET', `/register/${registrationId}`)).status).toBe(200);
    expect(await remove.isVisible()).toBe(true);

    await remove.click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, `${event.title} deleted successfully`).waitFor();
    await page.getByText(`No registrations match ‘${who.email}’`).waitFor();
    expect((await apiCall(admin, 'GET', `/register/${registrationId}`)).status).toBe(404);
    expect(pageProblems(page)).toEqual([]);
  });

  it("downloads every registration as CSV from All Reg., the test registration's email among them", async () => {
    const { who, event } = await newRegistrant('Cass Csv');
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/all-event-registration');
    const link = page.getByRole('link', { name: 'Download CSV' });
    expect(await link.getAttribute('href')).toBe('/api/register/export.csv');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
    // A byte-order mark first, so spreadsheets read the names as UTF-8.
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Title,Event date,Name,Email,Role,Status,Waitlist number,Registered at,Shift,Shift starts,Shift ends,Answers,Waiver signed',
    );
    const line = lines.find((l) => l.includes(who.email));
    expect(line).toBeDefined();
    expect(line).toContain(event.title.includes(',') ? `"${event.title}"` : event.title);
    expect(line).toContain(',Cass Csv,');
    expect(pageProblems(page)).toEqual([]);
  });

  it("lists accounts with 'not given' for empty profile fields, and deletes one with its sign-in only after a yes", async () => {
    const admin = await adminSession();
    const blank = await signUpThroughApi({ email: uniqueEmail('people-blank'), name: 'Bea Blank' });
    const leaving = await signUpThroughApi({ email: uniqueEmail('people-leaving'), name: 'Lee Leaving' });
    const profile = { address: '12 Harbour Road', age: '41', education: 'MSc Ecology', occupation: 'Ranger' };
    expect((await apiCall(leaving, 'PUT', '/users', profile)).status).toBe(200);
    const leavingAccount = await accountOf(admin, leaving.email);

    const page = await signedInPage(admin);
    const total = await totalOf(admin, '/users');
    await page.goto('/dashboard/all-accounts');
    await page.getByRole('heading', { level: 1, name: `Total ${total} ${total === 1 ? 'account' : 'accounts'}` }).waitFor();
    const table = page.getByRole('table', { name: 'Accounts' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Age',
      'Education',
      'Occupation',
      'Address',
      'Role',
      'Email ID',
      'Edit Role',
      'Delete',
    ]);
    const search = page.getByRole('searchbox', { name: 'Search accounts' });

    await search.fill(blank.email);
    await page.getByRole('heading', { level: 1, name: `Total 1 account matching ‘${blank.email}’` }).waitFor();
    const blankCells = table.getByRole('row').nth(1).getByRole('cell');
    expect(await blankCells.allTextContents()).toEqual([
      'Bea Blank',
      '—not given',
      '—not given',
      '—not given',
      '—not given',
      'Donator',
      blank.email,
      'Edit Role',
      'Delete',
    ]);
    // A dash to the eye; 'not given' to a screen reader only.
    for (const column of [1, 2, 3, 4]) expect(await visibleText(blankCells.nth(column))).toBe('—');
    await expectAccessible(page);

    await search.fill(leaving.email);
    await page.getByRole('heading', { level: 1, name: `Total 1 account matching ‘${leaving.email}’` }).waitFor();
    const cells = table.getByRole('row').nth(1).getByRole('cell');
    expect(await cells.allTextContents()).toEqual([
      'Lee Leaving',
      '41',
      'MSc Ecology',
      'Ranger',
      '12 Harbour Road',
      'Donator',
      leaving.email,
      'Edit Role',
      'Delete',
    ]);
    expect(await page.getByRole('link', { name: `Edit Role of ${leaving.email}` }).getAttribute('href')).toBe(
      `/dashboard/users/${leavingAccount._id}`,
    );

    const remove = page.getByRole('button', { name: `Delete ${leaving.email}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await dialog.getByText('Their donations are kept as financial records.', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await toast(page, `${leaving.email} not deleted`).waitFor();
    expect((await apiCall(admin, 'GET', `/users/account/${leavingAccount._id}`)).status).toBe(200);

    await remove.click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, `${leaving.email} is deleted successfully`).waitFor();
    await page.getByText(`No accounts match ‘${leaving.email}’`).waitFor();
    expect((await apiCall(admin, 'GET', `/users/account/${leavingAccount._id}`)).status).toBe(404);
    const signIn = await apiCall(null, 'POST', '/auth/sign-in/email', { email: leaving.email, password });
    expect(signIn.status).toBe(401);
    // Its session is gone too.
    expect(await (await apiCall(leaving, 'GET', '/users/me')).json()).toBeNull();
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows All Accounts on a phone as labelled rows that fit 375 px, and the role form there too', async () => {
    const admin = await adminSession();
    const who = await signUpThroughApi({ email: uniqueEmail('people-phone'), name: 'Pip Phone' });
    const page = await signedInPage(admin, { width: 375, height: 740 });
    await page.goto(`/dashboard/all-accounts?q=${encodeURIComponent(who.email)}`);
    await page.getByRole('heading', { level: 1, name: `Total 1 account matching ‘${who.email}’` }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const item = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').first();
    await item.waitFor();
    expect(await item.getByRole('term').allTextContents()).toEqual([
      'Name',
      'Age',
      'Education',
      'Occupation',
      'Address',
      'Role',
      'Email ID',
    ]);
    await item.getByRole('button', { name: `Delete ${who.email}` }).waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await item.getByRole('link', { name: `Edit Role of ${who.email}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Account Role Update' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Role' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it("refuses to demote the only admin on Account Role Update, with the server's reason", async () => {
    const admin = await adminSession();
    // Other journeys share this server and may have left another admin: demote every other one
    // first, so admin@example.org is certainly the only admin and the server must refuse.
    for (const email of (await adminEmails(admin)).filter((email) => email !== adminEmail)) {
      expect((await apiCall(admin, 'PUT', '/users/role', { email, role: 'donator' })).status, `demoting ${email}`).toBe(200);
    }
    expect(await adminEmails(admin)).toEqual([adminEmail]);

    const self = await accountOf(admin, adminEmail);
    const page = await signedInPage(admin);
    try {
      await page.goto(`/dashboard/users/${self._id}`);
      await page.getByRole('heading', { level: 1, name: 'Account Role Update' }).waitFor();
      await page.getByText('This is your own account', { exact: false }).waitFor();
      const roles = page.getByRole('form', { name: 'Account Role Update' }).getByRole('radiogroup', { name: 'Role' });
      // On an account, Donator too: the way to take volunteer or admin rights back.
      expect(await roles.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual([
        'donator',
        'volunteer',
        'admin',
      ]);
      expect(await roles.getByRole('radio', { name: 'Admin' }).isChecked()).toBe(true);
      expect(await currentRole(page).textContent()).toBe('Admin');
      await expectAccessible(page);

      await roles.getByRole('radio', { name: 'Volunteer' }).check();
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/users/role'),
        page.getByRole('button', { name: 'Add Role' }).click(),
      ]);
      // The server refused it; the page says why, in a red toast and beside the choice.
      expect(answer.status()).toBe(409);
      await toast(page, `${adminEmail} role not changed`).waitFor();
      await toasts(page)
        .filter({ has: page.getByText(`${adminEmail} role not changed`, { exact: true }) })
        .getByText(lastAdminMessage)
        .waitFor();
      expect(await toastColour(page, `${adminEmail} role not changed`)).toBe('red');
      await expect.poll(() => descriptionOf(roles)).toContain(lastAdminMessage);
      await expect.poll(() => roles.getByRole('radio', { name: 'Volunteer' }).getAttribute('aria-invalid')).toBe('true');
      await expectFocused(roles.getByRole('radio', { name: 'Volunteer' }));

      // Still an admin, asked with the same session: signing in again would make it one anyway
      // (ADMIN_EMAILS), so that could not tell.
      expect(await (await apiCall(admin, 'GET', `/users/${adminEmail}`)).json()).toEqual([true, false]);
      expect(await adminEmails(admin)).toEqual([adminEmail]);
      // The page, asked again after the call, still says Admin and stays.
      await expect.poll(() => currentRole(page).textContent()).toBe('Admin');
      await page.getByRole('heading', { level: 1, name: 'Account Role Update' }).waitFor();
      await expectAccessible(page);
      // The browser logs the refused call itself; nothing else went wrong.
      expect(pageProblems(page)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    } finally {
      // Should the server ever have let it through, the next journeys still get their admin:
      // ADMIN_EMAILS makes admin@example.org an admin again at its next sign-in.
      await adminSession();
    }
  });

  it('says so when the registration or account in the address does not exist', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto(`/dashboard/event-register-role-update/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: 'Registration not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to All Registrations' }).getAttribute('href')).toBe(
      '/dashboard/all-event-registration',
    );
    await page.goto('/dashboard/users/no-such-account');
    await page.getByRole('heading', { level: 1, name: 'Account not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to All Accounts' }).getAttribute('href')).toBe('/dashboard/all-accounts');
    await expectAccessible(page);
    // The browser logs the two 404 answers itself; nothing else went wrong.
    expect(pageProblems(page)).toEqual(Array(2).fill('Failed to load resource: the server responded with a status of 404 (Not Found)'));
  });

  it('shows a donator the not-authorised page on the admin people pages', async () => {
    const donator = await signUpThroughApi({ email: uniqueEmail('people-donator') });
    const page = await signedInPage(donator);
    for (const address of ['/dashboard/all-accounts', '/dashboard/all-event-registration']) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    }
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });
});
