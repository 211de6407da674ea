import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems, toast } from './support/browser.ts';

/**
 * Questions, emergency contacts and signed waivers (issue 33), through the pages: an admin adds a choice
 * question, an emergency contact, an allergy question shown at check-in and a waiver on the Add Event page;
 * a volunteer registers by keyboard at a phone's width, is shown the missing emergency contact beside its
 * field, signs, and opens the signed waiver; the admin sees the answers on the roster (the emergency
 * contact marked sensitive) and the allergy on the door page.
 */

const phone = { width: 390, height: 844 };

function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Types into a field as a person does: focus it, then keys. */
async function typeInto(field: Locator, text: string) {
  await field.focus();
  await field.page().keyboard.type(text);
}

const title = `Waiver journey ${Date.now()}`;
const waiverText = 'I take part at my own risk.\n\nI will follow the team lead’s safety instructions.';
let eventId = '';
let volunteerName = '';

describe('questions and a signed waiver', () => {
  it('an admin adds a choice question, an emergency contact, an allergy for the door and a waiver', async () => {
    const page = await signedInPage(await adminSession());
    await page.goto('/dashboard/addEvent');
    const add = page.getByRole('form', { name: 'Add Event' });
    await add.getByRole('textbox', { name: 'Event Title', exact: true }).fill(title);
    await add.getByRole('textbox', { name: 'Description', exact: true }).fill('Planting trees along the canal.');
    await add.getByRole('textbox', { name: 'Event Date', exact: true }).fill(localDay(10));
    await add.getByRole('textbox', { name: 'Start Time (optional)', exact: true }).fill('10:00');

    const questions = add.getByRole('group', { name: 'Registration questions' });
    const addQuestion = questions.getByRole('button', { name: 'Add a question' });
    await addQuestion.click();
    await questions.getByRole('textbox', { name: 'Question 1', exact: true }).fill('T-shirt size');
    await questions.getByRole('combobox', { name: 'Type for question 1' }).selectOption({ label: 'One choice' });
    await questions.getByRole('textbox', { name: 'Options for question 1' }).fill('S\nM\nL');
    await questions.getByRole('checkbox', { name: 'Required for question 1' }).check();

    await addQuestion.click();
    await questions.getByRole('textbox', { name: 'Question 2', exact: true }).fill('Emergency contact');
    await questions.getByRole('combobox', { name: 'Type for question 2' }).selectOption({ label: 'Emergency contact' });
    await questions.getByRole('checkbox', { name: 'Required for question 2' }).check();
    await questions.getByRole('checkbox', { name: 'Sensitive for question 2' }).check();

    await addQuestion.click();
    await questions.getByRole('textbox', { name: 'Question 3', exact: true }).fill('Allergies');
    await questions.getByRole('combobox', { name: 'Type for question 3' }).selectOption({ label: 'Short text' });
    await questions.getByRole('checkbox', { name: 'Show at check-in for question 3' }).check();

    const waiver = add.getByRole('group', { name: 'Waiver' });
    await waiver.getByRole('checkbox', { name: 'Ask people to sign a waiver' }).check();
    await waiver.getByRole('textbox', { name: 'Waiver text' }).fill(waiverText);
    await expectAccessible(page);

    await add.getByRole('button', { name: 'Add Event' }).click();
    await toast(page, `${title} Added Successfully`).waitFor();
    const found = await (await fetch(`${baseURL}/api/events?q=${encodeURIComponent(title)}`)).json();
    eventId = found[0]._id;
    await expect
      .poll(async () => (await (await fetch(`${baseURL}/api/events/${eventId}`)).json()).waiver)
      .toEqual({ version: 1, text: waiverText });
    const asked = await (await apiCall(await adminSession(), 'GET', `/events/${eventId}/questions`)).json();
    expect(
      asked.map((q: { label: string; type: string; sensitive: boolean; checkIn: boolean }) => [q.label, q.type, q.sensitive, q.checkIn]),
    ).toEqual([
      ['T-shirt size', 'choice', false, false],
      ['Emergency contact', 'emergencyContact', true, false],
      ['Allergies', 'text', false, true],
    ]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a volunteer registers by keyboard at a phone’s width, is shown what is missing, signs, and opens the signed waiver', async () => {
    expect(eventId).not.toBe('');
    volunteerName = 'Rita Okafor';
    const who = await signUpThroughApi({ email: uniqueEmail('signer'), name: volunteerName });
    const page = await signedInPage(who, phone);
    await page.goto(`/events/register/${eventId}`);
    const group = page.getByRole('group', { name: 'Questions for you' });
    await group.waitFor();
    const medium = page.getByRole('radio', { name: 'M', exact: true });
    await medium.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => medium.isChecked()).toBe(true);
    await typeInto(group.getByRole('textbox', { name: 'Allergies' }), 'Peanuts');

    const waiver = page.getByRole('region', { name: 'Waiver' });
    await waiver.getByText('I take part at my own risk.').waitFor();
    const accept = page.getByRole('checkbox', { name: 'I have read and accept the waiver' });
    await accept.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => accept.isChecked()).toBe(true);
    await typeInto(page.getByRole('textbox', { name: 'Your full name' }), volunteerName);
    // Nobody under 18 here: no guardian is asked for.
    expect(await page.getByRole('textbox', { name: 'Parent or guardian’s full name' }).count()).toBe(0);
    await expectAccessible(page);

    const register = page.getByRole('button', { name: 'Register' });
    await register.focus();
    await page.keyboard.press('Enter');
    // The emergency contact was left out: said beside it, with the focus there, and nothing sent.
    const contact = group.getByRole('group', { name: 'Emergency contact' });
    const contactName = contact.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => contactName.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => contactName.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await (await apiCall(who, 'GET', `/register/event/${encodeURIComponent(who.email)}`)).json()).toEqual([]);

    await page.keyboard.type('Ana Contact');
    await typeInto(contact.getByRole('textbox', { name: 'Phone', exact: true }), '+44 20 7946 0958');
    await register.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Successfully registered').waitFor();
    const mine = await (await apiCall(who, 'GET', `/register/event/${encodeURIComponent(who.email)}`)).json();
    expect(mine[0].waiverId).toEqual(expect.any(String));

    await page.goto('/dashboard/myEvents');
    const card = page.getByTestId('registration-card').filter({ hasText: title });
    await card.getByRole('link', { name: 'Signed waiver' }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/registrations/${mine[0]._id}/waiver`);
    await page.getByRole('heading', { level: 1, name: 'Signed waiver' }).waitFor();
    const signed = page.getByRole('article', { name: 'Signed waiver' });
    await signed.getByText('I will follow the team lead’s safety instructions.').waitFor();
    await signed.getByText(volunteerName, { exact: true }).waitFor();
    await signed.getByText('Version 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await expectAccessible(page);
    expect(pageProblems(page)).toEqual([]);
  });

  it('the admin sees the answers on the roster, the emergency contact marked sensitive, and the allergy at the door', async () => {
    expect(volunteerName).not.toBe('');
    const page = await signedInPage(await adminSession());
    await page.goto(`/dashboard/events/${eventId}/roster`);
    await page.getByRole('heading', { level: 1, name: `Roster: ${title}` }).waitFor();
    const answers = page.getByRole('table', { name: 'Registered, by name' }).getByRole('list', { name: `Answers of ${volunteerName}` });
    await answers.getByText('T-shirt size: M').waitFor();
    await answers.getByText('Allergies: Peanuts').waitFor();
    const sensitive = answers.getByRole('listitem').filter({ hasText: 'Emergency contact: Ana Contact (+44 20 7946 0958)' });
    expect(await sensitive.textContent()).toContain('Sensitive');
    await page.getByRole('link', { name: 'Download with sensitive answers' }).waitFor();
    await expectAccessible(page);

    await page.goto(`/dashboard/checkin/${eventId}`);
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    const door = page.getByRole('list', { name: `Answers of ${volunteerName}` }).first();
    await door.getByText('Allergies: Peanuts').waitFor();
    // The door shows only what is marked for check-in.
    expect(await door.textContent()).not.toContain('Ana Contact');
    expect(pageProblems(page)).toEqual([]);
  });
});
