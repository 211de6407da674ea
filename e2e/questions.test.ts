import { describe, expect, it } from 'vitest';
import { adminSession, apiCall, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible, pageProblems, toast } from './support/browser.ts';

/**
 * What registration asks (issue 33, first part): a volunteer at a phone's width answers an event's
 * questions, is shown a missing answer beside its field, registers, sees the answers in My Events and
 * changes one.
 */

const phone = { width: 390, height: 844 };

function localDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

describe('questions on registering', () => {
  it('a volunteer answers, is told what is missing beside it, registers, and changes an answer in My Events', async () => {
    const admin = await adminSession();
    const title = `Questions journey ${Date.now()}`;
    const made = await apiCall(admin, 'POST', '/events', {
      title,
      desc: 'Packing winter coats.',
      banner: '/images/events/coat-drive.svg',
      date: `${localDay(14)}T10:00`,
    });
    const eventId = (await made.json()).insertedId as string;
    const set = await apiCall(admin, 'PUT', `/events/${eventId}/questions`, {
      questions: [
        { id: 'shirt', type: 'choice', label: 'T-shirt size', required: true, options: ['S', 'M', 'L'] },
        { id: 'contact', type: 'emergencyContact', label: 'Emergency contact', required: true, sensitive: true },
        { id: 'allergies', type: 'text', label: 'Allergies' },
      ],
    });
    expect(set.status).toBe(200);

    const who = await signUpThroughApi({ email: uniqueEmail('asked'), name: 'Aska Answers' });
    const page = await signedInPage(who, phone);
    await page.goto(`/events/register/${eventId}`);
    const group = page.getByRole('group', { name: 'Questions for you' });
    await group.waitFor();
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await group.getByRole('textbox', { name: 'Allergies' }).fill('Peanuts');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register' }).click();
    // The emergency contact was left out: said beside it, with the focus there, and nothing sent.
    const contact = group.getByRole('group', { name: 'Emergency contact' });
    const name = contact.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Give the emergency contact’s name').or(page.getByText('This question needs an answer')).first().waitFor();
    expect(await (await apiCall(who, 'GET', `/register/event/${encodeURIComponent(who.email)}`)).json()).toEqual([]);

    await name.fill('Ana Contact');
    await contact.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Successfully registered').waitFor();
    const mine = await (await apiCall(who, 'GET', `/register/event/${encodeURIComponent(who.email)}`)).json();
    expect(mine[0].answers).toEqual({ shirt: 'M', contact: { name: 'Ana Contact', phone: '+44 20 7946 0958' }, allergies: 'Peanuts' });

    await page.goto('/dashboard/myEvents');
    const card = page.getByTestId('registration-card').filter({ hasText: title });
    await card.getByRole('heading', { name: 'Your answers' }).waitFor();
    await card.getByText('Ana Contact, +44 20 7946 0958').waitFor();
    await card.getByRole('button', { name: 'Change answers' }).click();
    const dialog = page.getByRole('dialog', { name: `Change your answers for ${title}` });
    await dialog.getByRole('radio', { name: 'L', exact: true }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save answers' }).click();
    await toast(page, `Your answers for ${title} are saved`).waitFor();
    await expect
      .poll(async () => (await (await apiCall(who, 'GET', `/register/event/${encodeURIComponent(who.email)}`)).json())[0].answers.shirt)
      .toBe('L');
    expect(pageProblems(page)).toEqual([]);
  });
});
