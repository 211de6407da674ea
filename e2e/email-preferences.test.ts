import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, volunteerSession } from './support/accounts.ts';
import { baseURL, expectAccessible, newPage, pageProblems } from './support/browser.ts';
import { mailbox as smtp } from './support/server.ts';

describe('email preferences', () => {
  it('are chosen on the profile page with the keyboard alone, and the notice email they bring can be stopped from its link', async () => {
    const volunteer = await volunteerSession();
    const page = await signedInPage(volunteer);
    await page.goto('/dashboard/profile');
    const form = page.getByRole('form', { name: 'Email preferences' });
    const notices = form.getByRole('checkbox', { name: 'Notices' });
    const reminders = form.getByRole('checkbox', { name: 'Event reminders' });
    await notices.waitFor();
    expect(await reminders.isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Event updates' }).isChecked()).toBe(true);
    expect(await notices.isChecked()).toBe(false);

    // Keyboard only: focus the notices box, tick it with Space, Tab to Save and press Enter.
    await notices.focus();
    await page.keyboard.press('Space');
    expect(await notices.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    const save = form.getByRole('button', { name: 'Save email preferences' });
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await form.getByRole('status').getByText('Email preferences saved.').waitFor();
    await expectAccessible(page);
    await page.reload();
    await notices.waitFor();
    expect(await notices.isChecked()).toBe(true);

    const published = await apiCall(await adminSession(), 'POST', '/notices', { notice: 'The hall opens at 9 on Saturday.' });
    expect(published.status).toBe(200);
    const [mail] = await smtp.mailTo(volunteer.email, { subject: /^Notice:/ });
    expect(mail?.subject).toBe('Notice: The hall opens at 9 on Saturday.');
    const link = /https?:\/\/\S+\/api\/mail\/unsubscribe\?token=[\w.-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();

    // The link from the email, in a browser that is not signed in: a page that asks first.
    const visitor = await newPage();
    await visitor.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL));
    await visitor.getByRole('heading', { level: 1, name: 'Stop notice emails?' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'You will no longer get notice emails' }).waitFor();
    await expectAccessible(visitor);
    expect(await (await apiCall(volunteer, 'GET', '/users/me/email-preferences')).json()).toEqual({
      reminders: true,
      events: true,
      notices: false,
    });
    await visitor.getByRole('button', { name: 'Undo: keep getting notice emails' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Stop notice emails?' }).waitFor();
    expect((await (await apiCall(volunteer, 'GET', '/users/me/email-preferences')).json()).notices).toBe(true);

    // An altered link says so and changes nothing.
    await visitor.goto(`${baseURL}/unsubscribe?token=${encodeURIComponent(`${new URL(link!).searchParams.get('token')}x`)}`);
    await visitor.getByRole('heading', { level: 1, name: 'This unsubscribe link does not work' }).waitFor();
    await visitor.getByText(/Nothing was changed/).waitFor();
    expect((await (await apiCall(volunteer, 'GET', '/users/me/email-preferences')).json()).notices).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });
});
