import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTimeout, startOnFreshDatabase, waitForHealth } from '../src/server/test/server-process.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../src/server/test/smtp-stand-in.ts';
import { unusedTotpCode } from '../src/server/test/totp.ts';
import { expectAccessible, newPage } from './support/browser.ts';

/**
 * A charity's first hour (issue 29): the real server started as a newcomer starts it (no admin, no
 * settings but mail), its printed set-up address followed in a phone-sized browser.
 */
/**
 * The server as `npm start` runs it (scripts/start.mjs: the built server, no compiler in its process).
 * It also keeps this file light beside the journeys that run at the same time on a slowed CPU.
 */
const builtServer = [process.execPath, 'scripts/start.mjs'];

let smtp: SmtpStandIn;
let site: Awaited<ReturnType<typeof startOnFreshDatabase>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  // ADMIN_MFA as a newcomer has it (required), the demo content as `npm start` seeds it.
  site = await startOnFreshDatabase({ SMTP_URL: smtp.url, SEED_DEMO: 'true', ADMIN_MFA: undefined, WEB_DIR: 'dist/web' }, builtServer);
}, processTimeout);
afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

/** The set-up address the server printed at its start (in the JSON log: no terminal is attached). */
async function printedAddress(): Promise<string> {
  const deadline = Date.now() + processTimeout;
  for (;;) {
    const found = site.server.output().match(/"setupAddress":"(http:\/\/[^"]+\/setup\?code=[\w-]+)"/)?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no set-up address was printed:\n${site.server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the first hour, on a phone', () => {
  it('follows the printed set-up address, makes the admin, sends a test email, sets up two-step sign-in, rewords the headline and removes the demo content', async () => {
    const address = await printedAddress();
    expect(address.startsWith(`${site.origin}/setup?code=`)).toBe(true);
    const page = await newPage({ width: 360, height: 740 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // Without the code the page only says where to find it.
    expect((await fetch(`${site.origin}/setup`)).status).toBe(200);
    await page.goto(`${site.origin}/setup`);
    await page.getByRole('heading', { level: 1, name: 'Set up your site' }).waitFor();
    await page.getByText('for the lines that begin “This site has no admin yet”', { exact: false }).waitFor();
    expect(await page.getByRole('form', { name: 'Set up' }).count()).toBe(0);

    await page.goto(address);
    const form = page.getByRole('form', { name: 'Set up' });
    await form.waitFor();
    await page.getByText('Mail is set up', { exact: false }).waitFor();
    await page.getByText('Donations are in test mode', { exact: false }).waitFor();
    // The password's rules are there before anything is typed.
    await form.getByText('At least 12 characters', { exact: false }).waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const password = 'lantern-orchard-river-7';
    await form.getByLabel('Organisation name').fill('Riverside Food Share');
    await form.getByLabel('Your name').fill('Amina Rahman');
    await form.getByLabel('Your email').fill('amina@riverside.example.org');
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Re-type Password').fill(password);
    await form.getByRole('button', { name: 'Create admin account' }).click();

    const done = page.getByRole('heading', { level: 1, name: 'You are the admin of Riverside Food Share' });
    await done.waitFor();
    // Focus goes to what happened.
    expect(await done.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await page.getByText('We sent a link to amina@riverside.example.org', { exact: false }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send a test email' }).click();
    await page.getByRole('status').filter({ hasText: 'The mail server took a test message to amina@riverside.example.org' }).waitFor();
    const [test] = await smtp.mailTo('amina@riverside.example.org', { subject: /^Test message from Riverside Food Share$/ });
    expect(test?.text).toContain('mail is set up');
    const [confirm] = await smtp.mailTo('amina@riverside.example.org', { subject: /^Confirm your email address/ });
    expect(confirm?.text).toContain('/verify-email?token=');

    // Signed in as the admin, under the organisation's name.
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ email: 'amina@riverside.example.org', role: 'admin' });
    await page.goto(`${site.origin}/`);
    await page.getByRole('banner').getByText('Riverside Food Share').first().waitFor();

    // The dashboard says what to do before admin pages work, and leads there.
    await page.goto(`${site.origin}/dashboard`);
    await page.getByText('Set up two-step sign-in to use admin pages').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await expectAccessible(page);
    // Enrolment asks for a confirmed address: the link from the mail.
    const confirmLink = confirm?.text.match(/http:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? '';
    await page.goto(confirmLink);
    await page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).waitFor();
    await page.goto(`${site.origin}/dashboard`);
    await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();

    // On the phone alone: the link opens the authenticator app; the key fits the screen, with a copy button.
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const opens = (await page.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')) ?? '';
    expect(opens).toMatch(/^otpauth:\/\/totp\//);
    const secret = new URL(opens).searchParams.get('secret') ?? '';
    await page.getByRole('button', { name: 'Copy key' }).waitFor();
    const key = await page.getByTestId('totp-secret').boundingBox();
    expect((key?.x ?? 0) + (key?.width ?? 999)).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await unusedTotpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.goto(`${site.origin}/dashboard/allEvents`);
    await page.getByRole('heading', { level: 1, name: /^Total \d+ events? going on$/ }).waitFor();

    // Their own words on the home page.
    await page.goto(`${site.origin}/dashboard/settings`);
    const settings = page.getByRole('form', { name: 'Settings' });
    await settings.getByRole('textbox', { name: 'Home page headline' }).fill('Nobody in Riverside goes hungry');
    await settings.getByRole('textbox', { name: 'Text under the headline' }).fill('Sort, pack and deliver food with us on Saturdays.');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('.mantine-Notification-root').getByText('Settings saved', { exact: true }).waitFor();

    // The demo content goes, once, after a confirmation that says what goes.
    const demo = page.getByRole('region', { name: 'Demo content' });
    await demo.getByText(/^The site still shows \d+ demo events, \d+ demo reviews and the demo contact details and policies/).waitFor();
    await demo.getByRole('button', { name: 'Remove demo content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the demo content?' });
    await dialog.getByText('People registered for a demo event still to come are told it is cancelled', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await page
      .locator('.mantine-Notification-root')
      .getByText(/^Removed \d+ demo events, \d+ demo reviews and the demo contact details/)
      .waitFor();
    await demo.getByText('No demo content is left', { exact: false }).waitFor();
    // The form starts again from the settings as they are now: its headline kept, the demo's phone gone.
    expect(await settings.getByRole('textbox', { name: 'Home page headline' }).inputValue()).toBe('Nobody in Riverside goes hungry');
    expect(await settings.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('');
    const events = await page.evaluate(async () => (await fetch('/api/events')).headers.get('x-total-count'));
    expect(events).toBe('0');

    await page.goto(`${site.origin}/`);
    const first = page.getByTestId('carousel-slide').first();
    await first.getByRole('heading', { name: 'Nobody in Riverside goes hungry' }).waitFor();
    await first.getByText('Sort, pack and deliver food with us on Saturdays.').waitFor();

    // The address has done its work: gone (404), with or without its code.
    const gone = await page.goto(address);
    expect(gone?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This site is set up' }).waitFor();
    expect((await fetch(`${site.origin}/setup`)).status).toBe(404);
    await page.goto(`${site.origin}/setup`);
    await page.getByRole('heading', { level: 1, name: 'This site is set up' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('a site without mail', () => {
  it('never says a link was sent: the dashboard and Forgot password say no email can be sent', async () => {
    const quiet = await startOnFreshDatabase({ WEB_DIR: 'dist/web' }, builtServer);
    try {
      await waitForHealth(`${quiet.origin}/api/health`, quiet.server.exited);
      const email = `nomail-${Date.now()}@example.org`;
      const signUp = await fetch(`${quiet.origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: quiet.origin },
        body: JSON.stringify({ name: 'Nora Nomail', email, password: 'lantern-orchard-river-7' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const page = await newPage();
      await page.context().addCookies(
        cookie.split('; ').map((pair) => {
          const [name = '', value = ''] = pair.split('=');
          return { name, value, url: quiet.origin };
        }),
      );
      await page.goto(`${quiet.origin}/dashboard`);
      const banner = page.getByRole('region', { name: 'Please confirm your email address' });
      await banner.getByText(`This site cannot send email yet, so no link went to ${email}.`).waitFor();
      expect(await banner.getByText('We sent a link', { exact: false }).count()).toBe(0);
      expect(await banner.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);

      const other = await newPage();
      await other.goto(`${quiet.origin}/forgot-password`);
      await other.getByText('This site cannot send email yet, so no reset link can reach you.', { exact: false }).waitFor();
      await other.getByLabel('Email').fill(email);
      await other.getByRole('button', { name: 'Send the link' }).click();
      await other.getByRole('alert').getByText('This site cannot send email yet', { exact: false }).waitFor();
      expect(await other.getByText('we have sent a link', { exact: false }).count()).toBe(0);
      await expectAccessible(other);
    } finally {
      await quiet.stop();
    }
  });
});
