import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '../src/shared/accounts.ts';
import { colourOf, countAuthRequests, green, password, red, signUpThroughApi, tinyPngFile, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, newPage, pageProblems, toast } from './support/browser.ts';
import { expectFocused, expectNoProblem, expectProblemBeside, saidBeside } from './support/form-fields.ts';

/** The Register form, by its name, so its fields are found in it whatever else the page shows. */
const form = (page: Page) => page.getByRole('form', { name: 'Register' });

describe('sign-up', () => {
  it('shows every spec message at once, each in red beside its field, focuses the first, and sends nothing while the form is invalid', async () => {
    const page = await newPage();
    const authRequests = countAuthRequests(page);
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    expect(await page.title()).toContain('Register');
    await expectAccessible(page);
    expect(await page.getByRole('link', { name: 'Login', exact: true }).last().getAttribute('href')).toBe('/login');

    const name = form(page).getByLabel('Name');
    const email = form(page).getByLabel('Email');
    const passwordField = form(page).getByLabel('Password', { exact: true });
    const retyped = form(page).getByLabel('Re-type Password');
    // The password's rules are said beside it before anything is typed, and read with the field.
    expect(await passwordField.getAttribute('aria-describedby')).toBeTruthy();
    await form(page).getByText(passwordRules).waitFor();

    // Every field wrong: each says so beside itself, all at once, and focus goes to the first.
    await email.fill('not-an-email');
    await passwordField.fill('short');
    await retyped.fill('different');
    await form(page).getByRole('button', { name: 'Register' }).click();
    await expectProblemBeside(name, 'Enter your name');
    await expectProblemBeside(email, 'Enter proper email');
    await expectProblemBeside(passwordField, 'Password length must be greater than 5 character');
    await expectProblemBeside(retyped, 'Password not matched');
    await expectFocused(name);
    expect(await colourOf(page, 'Password not matched')).toBe(red);
    await expectAccessible(page);

    // Typing in a field takes its message away; the others stay until the next try.
    await name.fill('Sam Smith');
    await expectNoProblem(name);
    expect(await saidBeside(name)).not.toContain('Enter your name');
    await expectProblemBeside(email, 'Enter proper email');

    // Long enough but not the same: the passwords still disagree, and the email is still wrong.
    await passwordField.fill(password);
    await retyped.fill(`${password}!`);
    await form(page).getByRole('button', { name: 'Register' }).click();
    await expectProblemBeside(email, 'Enter proper email');
    await expectProblemBeside(retyped, 'Password not matched');
    await expectNoProblem(name);
    await expectNoProblem(passwordField);
    await expectFocused(email);

    await retyped.fill(password);
    await form(page).getByRole('button', { name: 'Register' }).click();
    await expectProblemBeside(email, 'Enter proper email');
    await expectNoProblem(retyped);
    expect(await form(page).getByText('Password not matched').count()).toBe(0);
    await expectFocused(email);

    expect(authRequests()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('refuses a file that is not a picture before anything is sent', async () => {
    const page = await newPage();
    const authRequests = countAuthRequests(page);
    await page.goto('/register');
    const notes = path.join(tmpdir(), `accounts-e2e-${process.pid}.txt`);
    writeFileSync(notes, 'not a picture');
    await form(page).getByLabel('Name').fill('Sam Smith');
    await form(page).getByLabel('Email').fill(uniqueEmail('notes'));
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    await form(page).getByLabel('Re-type Password').fill(password);
    const picture = form(page).getByLabel('Profile Image');
    // Said as soon as the file is chosen, beside the file field.
    await picture.setInputFiles(notes);
    await expectProblemBeside(picture, 'Profile Image must be a PNG, JPEG or WebP picture.');
    await form(page).getByRole('button', { name: 'Register' }).click();
    await expectProblemBeside(picture, 'Profile Image must be a PNG, JPEG or WebP picture.');
    await expectFocused(picture);
    expect(authRequests()).toBe(0);
    // A picture that will do takes the message away.
    await picture.setInputFiles(tinyPngFile());
    await expectNoProblem(picture);
    expect(await saidBeside(picture)).not.toContain('Profile Image must be');
  });

  it('signs up with a photo, says Login Successful and shows the photo in the navigation bar', async () => {
    const page = await newPage();
    const email = uniqueEmail('photo');
    await page.goto('/register');
    await form(page).getByLabel('Name').fill('Pat Photo');
    await form(page).getByLabel('Email').fill(email);
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    await form(page).getByLabel('Re-type Password').fill(password);
    await form(page).getByLabel('Profile Image').setInputFiles(tinyPngFile());
    await form(page).getByRole('button', { name: 'Register' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Login Successful').waitFor();
    const me = await (await page.request.get('/api/users/me')).json();
    expect(me.email).toBe(email);
    expect(me.displayName).toBe('Pat Photo');
    expect(me.photoURL).toMatch(/^\/api\/images\//);

    const main = page.getByRole('navigation', { name: 'Main' });
    const profileLink = main.getByRole('link', { name: 'My profile' });
    expect(await profileLink.getAttribute('href')).toBe('/dashboard/profile');
    expect(await profileLink.locator('img').getAttribute('src')).toBe(me.photoURL);
    await expect.poll(() => profileLink.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await main.getByRole('link', { name: 'Dashboard' }).waitFor();
    await main.getByRole('button', { name: 'Logout' }).waitFor();
    expect(pageProblems(page)).toEqual([]);

    // Back on /register, a signed-in person is told so, in green.
    await page.goto('/register');
    await page.getByText('Login Successful').waitFor();
    expect(await colourOf(page, 'Login Successful')).toBe(green);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('keeps the account when the server refuses the picture, and says why', async () => {
    const page = await newPage();
    const email = uniqueEmail('fakepng');
    await page.goto('/register');
    await form(page).getByLabel('Name').fill('Fay Fake');
    await form(page).getByLabel('Email').fill(email);
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    await form(page).getByLabel('Re-type Password').fill(password);
    // Passes the browser's check (type and size); the server reads the bytes and refuses them.
    await form(page)
      .getByLabel('Profile Image')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await form(page).getByRole('button', { name: 'Register' }).click();

    await page.getByText('Your picture could not be saved').waitFor();
    await page.getByText(/Your account was created, but the picture was not saved: .+/).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await (await page.request.get('/api/users/me')).json();
    expect(me).toMatchObject({ email, photoURL: null });
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My profile' }).locator('img').getAttribute('src'),
    ).toBe('/images/default-avatar.svg');
  });

  it("shows the server's message for an email that already has an account beside the email, keeping what was typed", async () => {
    const taken = await signUpThroughApi({ email: uniqueEmail('taken') });
    const page = await newPage();
    await page.goto('/register');
    await form(page).getByLabel('Name').fill('Someone Else');
    await form(page).getByLabel('Email').fill(taken.email);
    await form(page).getByLabel('Password', { exact: true }).fill(password);
    await form(page).getByLabel('Re-type Password').fill(password);
    await form(page).getByRole('button', { name: 'Register' }).click();
    const email = form(page).getByLabel('Email');
    await expectProblemBeside(email, 'An account with this email already exists');
    await expectFocused(email);
    expect(await colourOf(page, 'An account with this email already exists')).toBe(red);
    expect(await form(page).getByLabel('Name').inputValue()).toBe('Someone Else');
    expect(await email.inputValue()).toBe(taken.email);
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});
