import { describe, expect, it } from 'vitest';
import { adminEmail, adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';

describe('admin: the audit log', () => {
  it('shows a role change the admin made, found by search, and downloads it as CSV', async () => {
    const admin = await adminSession();
    const who = await signUpThroughApi({ email: uniqueEmail('audited'), name: 'Aud Ited' });
    const account = (await (await apiCall(who, 'GET', '/users/me')).json()) as { _id: string };

    // The admin makes the person a volunteer on the account's page.
    const page = await signedInPage(admin);
    await page.goto(`/dashboard/users/${account._id}`);
    const form = page.getByRole('form', { name: 'Account Role Update' });
    await form.getByRole('radio', { name: 'Volunteer' }).check();
    await form.getByRole('button', { name: 'Add Role' }).click();
    await toast(page, `${who.email} role volunteer added Successfully`).waitFor();

    // From the dashboard menu to the audit log, then searched by the person's email.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/audit');
    await page.getByRole('heading', { level: 1, name: /^Audit log: \d+ entr(y|ies)$/ }).waitFor();
    expect(await page.title()).toContain('Audit log');
    // Opening the account's page was itself recorded (an admin reading someone's account): role changes only.
    await page.getByRole('combobox', { name: 'Action' }).selectOption('account.role');
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(who.email);
    await page.getByRole('heading', { level: 1, name: `Audit log: 1 entry matching ‘${who.email}’` }).waitFor();
    // The result is announced to screen readers.
    await page
      .getByRole('status')
      .filter({ hasText: `Audit log: 1 entry matching ‘${who.email}’` })
      .waitFor({ state: 'attached' });
    const table = page.getByRole('table', { name: 'Audit entries' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['When', 'Who', 'Action', 'Target', 'From where']);
    const row = table.getByRole('row').nth(1);
    const text = await row.innerText();
    expect(text).toContain(adminEmail);
    expect(text).toContain('Role changed');
    expect(text).toContain('account.role');
    expect(text).toContain(who.email);
    expect(text).toContain('from donator to volunteer');
    expect(text).toContain('127.0.0.1');
    await expectAccessible(page);

    // Download CSV: the file holds the entry searched for, and the download is itself in the log.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Role,Action,Target kind,Target id,Target,Details,From address,User agent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${adminEmail},admin,account.role,account,${account._id},${who.email}`);
    const downloads = await (await apiCall(admin, 'GET', '/audit?action=export.audit.csv&limit=1')).json();
    expect(downloads[0]).toMatchObject({ actor: { email: adminEmail }, details: { q: who.email } });

    // Filtered by an action nobody has taken: the empty state.
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill('');
    await page.getByRole('heading', { level: 1, name: /^Audit log: \d+ entr(y|ies)$/ }).waitFor();
    await page.getByRole('combobox', { name: 'Action' }).selectOption('checkin.undo');
    await page.getByText('No audit entries for ‘Check-in undone’ yet').waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe('checkin.undo');
    expect(pageProblems(page)).toEqual([]);
  });

  it('is refused to anyone but admins', async () => {
    const donor = await signUpThroughApi({ email: uniqueEmail('not-admin') });
    expect((await apiCall(donor, 'GET', '/audit')).status).toBe(403);
    expect((await apiCall(null, 'GET', '/audit')).status).toBe(401);
    const page = await signedInPage(donor);
    await page.goto('/dashboard/audit');
    await page
      .getByText(/not authori[sz]ed/i)
      .first()
      .waitFor();
  });
});
