import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/questions.ts';
import type { Site } from '../../../shared/site.ts';
import { sent } from '../../test/dom-setup.ts';
import type { User } from '../../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, expectRefused, field, renderForm, replace, screen } from '../../test/render-form.tsx';
import { SettingsForm } from './settings-form.tsx';

/** The settings as GET /api/site gave them, without how people sign in (and without questions: those are for admins only). */
const saved: Omit<Site, 'socialSignIn' | 'mailConfigured' | 'payments'> = {
  name: 'Riverside Food Share',
  logo: '',
  tagline: 'Good food for everyone',
  headline: '',
  subtext: '',
  address: '1 River Street, Brighton',
  phone: '+44 1273 000000',
  email: 'hello@riverside.example',
  registrationNumber: '1234567',
  socialLinks: [{ label: 'Facebook', url: 'https://facebook.com/riverside' }],
  timeZone: 'Europe/London',
  defaultLanguage: 'en',
  currency: 'gbp',
  privacy: '',
  terms: '',
  donationAmounts: [1500, 3000, 10000],
  customAmount: true,
  minAmount: 100,
  maxAmount: 1_000_000,
};

const diet: Question = {
  id: 'diet',
  type: 'choice',
  label: 'Diet',
  required: true,
  options: ['Vegetarian', 'Vegan', 'None'],
  staffOnly: false,
  sensitive: false,
  checkIn: true,
  age: false,
};

const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));
const never = () => new Promise<Response>(() => {});

/**
 * The server as the form meets it: GET /api/site/questions answered by `questions` (the organisation's
 * questions, for admins), every other call kept in `sent` and answered by `answer` (by default never).
 */
function serve(questions: () => Promise<Response>, answer: () => Promise<Response> = never) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    if (method === 'GET' && url === '/api/site/questions') return questions();
    sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    return answer();
  });
}

/** The settings page's form, once the organisation's questions (none unless given) are in. */
async function form(initial = saved, questions: Question[] = []) {
  serve(() => json(questions));
  const view = renderForm(<SettingsForm initial={initial} />);
  await screen.findByRole('button', { name: 'Add a question' });
  return view;
}

const loadingQuestions = () => screen.queryByText('Loading the organisation’s questions…');

/** Searches a list (time zone, currency) as a person would, and takes the first it finds. */
async function choose(user: User, input: HTMLElement, search: string) {
  await user.click(input);
  await user.clear(input);
  await user.paste(search);
  await user.keyboard('{ArrowDown}{Enter}');
}

const save = (user: User) => user.click(button('Save settings'));

/** The settings as PUT /api/site takes them: the amounts in cents, the questions loaded (none) sent back. */
const putSite = (changes: Record<string, unknown> = {}) => ({
  method: 'PUT',
  url: '/api/site',
  body: { ...saved, questions: [], ...changes },
});

describe('Settings', () => {
  it('asks for a name, the amounts, and contact details it can use, beside each, sends nothing and puts focus on the first', async () => {
    const { user } = await form();
    for (const label of ['Organisation name', 'Amounts offered', 'Smallest other amount', 'Largest other amount'])
      await user.clear(field(label));
    await replace(user, field('Logo'), 'ftp://riverside.example/logo.png');
    await replace(user, field('Phone'), 'call the office');
    await replace(user, field('Contact email'), 'hello@');
    await save(user);
    expectProblem(field('Logo'), 'Logo must be an http(s) image address or an uploaded picture');
    expectProblem(field('Phone'), 'Phone may contain digits, spaces, + ( ) . and - only');
    expectProblem(field('Contact email'), 'Contact email is not a valid email address');
    expectProblem(field('Amounts offered'), 'Give at least one amount');
    expectProblem(field('Smallest other amount'), 'The smallest other amount is required');
    expectProblem(field('Largest other amount'), 'The largest other amount is required');
    for (const label of ['Tagline', 'Contact address', 'Charity registration number', 'Link 1 name', 'Link 1 address'])
      expectNoProblem(field(label));
    expectRefused(field('Organisation name'), 'Organisation name is required');
  });

  it('takes a name of only spaces as none', async () => {
    const { user } = await form();
    await replace(user, field('Organisation name'), '   ');
    await save(user);
    expectProblem(field('Organisation name'), 'Organisation name is required');
    expect(sent).toEqual([]);
  });

  it('asks for up to 6 different amounts of money a card can pay, beside them', async () => {
    const { user } = await form();
    for (const [typed, message] of [
      ['15, ten', 'Each amount must be an amount such as 25 or 12.50'],
      ['0.25, 15', 'Each amount must be at least £0.50'],
      ['15, 30, 15', 'Each amount may be given once'],
      ['5, 10, 15, 20, 25, 30, 35', 'At most 6 amounts'],
    ] as const) {
      await replace(user, field('Amounts offered'), typed);
      await save(user);
      expectRefused(field('Amounts offered'), message);
    }
  });

  it('asks for other amounts a card can pay, the largest no smaller than the smallest', async () => {
    const { user } = await form();
    await replace(user, field('Smallest other amount'), '0.49');
    await save(user);
    expectProblem(field('Smallest other amount'), 'The smallest other amount must be at least £0.50');
    await replace(user, field('Smallest other amount'), '1');
    await replace(user, field('Largest other amount'), '1000000');
    await save(user);
    expectNoProblem(field('Smallest other amount'));
    expectProblem(field('Largest other amount'), 'The largest other amount must be at most £999,999.99');
    await replace(user, field('Largest other amount'), '0.99');
    await save(user);
    expectRefused(field('Largest other amount'), 'The largest other amount must be at least the smallest');
  });

  it('puts the cursor in a link added, and asks for a name and an https address for each link, beside it', async () => {
    const { user } = await form();
    await user.click(button('Add a link'));
    await waitFor(() => expect(document.activeElement).toBe(field('Link 2 name')));
    await replace(user, field('Link 1 address'), 'http://facebook.com/riverside');
    await save(user);
    expectNoProblem(field('Link 1 name'));
    expectProblem(field('Link 2 name'), 'Link name is required');
    expectProblem(field('Link 2 address'), 'Link address must start with https://');
    expectRefused(field('Link 1 address'), 'Link address must start with https://');
  });

  it('asks for a time zone this browser knows when the saved one is not', async () => {
    const { user } = await form({ ...saved, timeZone: 'Mars/Olympus_Mons' });
    await save(user);
    expectProblem(field('Time zone'), 'Time zone must be a time zone name such as Europe/London or America/New_York');
    expect(sent).toEqual([]);
    await choose(user, field('Time zone'), 'new york');
    await save(user);
    expect(sent).toEqual([putSite({ timeZone: 'America/New_York' })]);
  });

  it('saves the settings as they are, the amounts in cents', async () => {
    const { user } = await form();
    await save(user);
    expect(sent).toEqual([putSite()]);
    expect(button('Saving…')).toBeTruthy();
  });

  it('saves the details trimmed', async () => {
    const { user } = await form();
    await replace(user, field('Organisation name'), '  Riverside Food Bank ');
    await replace(user, field('Contact email'), ' info@riverside.example ');
    await replace(user, field('Link 1 name'), ' Instagram ');
    await replace(user, field('Link 1 address'), ' https://instagram.com/riverside ');
    await save(user);
    expect(sent).toEqual([
      putSite({
        name: 'Riverside Food Bank',
        email: 'info@riverside.example',
        socialLinks: [{ label: 'Instagram', url: 'https://instagram.com/riverside' }],
      }),
    ]);
  });

  it('saves the amounts typed as money, in cents, and whether donors may give another', async () => {
    const { user } = await form();
    await replace(user, field('Amounts offered'), '5; 12.50 100');
    await user.click(screen.getByRole('checkbox', { name: 'Let donors give another amount' }));
    await replace(user, field('Smallest other amount'), '2');
    await replace(user, field('Largest other amount'), '2');
    await save(user);
    expect(sent).toEqual([putSite({ donationAmounts: [500, 1250, 10000], customAmount: false, minAmount: 200, maxAmount: 200 })]);
  });

  it('saves the time zone and the currency chosen from their lists', async () => {
    const { user } = await form();
    await choose(user, field('Time zone'), 'dublin');
    await choose(user, field('Currency'), 'euro');
    await save(user);
    expect(sent).toEqual([putSite({ timeZone: 'Europe/Dublin', currency: 'eur' })]);
  });

  it('reads the amounts in the currency chosen: yen have no cents, so 3000 is ¥3,000', async () => {
    const { user } = await form();
    await choose(user, field('Currency'), 'japanese');
    await replace(user, field('Amounts offered'), '500, 3000');
    await replace(user, field('Smallest other amount'), '100');
    await replace(user, field('Largest other amount'), '100000');
    await save(user);
    expect(sent).toEqual([putSite({ currency: 'jpy', donationAmounts: [500, 3000], minAmount: 100, maxAmount: 100_000 })]);
  });

  it('saves the language for visitors whose browser asks for neither', async () => {
    const { user } = await form();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Default language/ }), 'বাংলা');
    await save(user);
    expect(sent).toEqual([putSite({ defaultLanguage: 'bn' })]);
  });

  it('saves without a social link once it is removed, the cursor left on adding one', async () => {
    const { user } = await form();
    await user.click(button('Remove link 1'));
    expect(screen.getByText('No social links yet.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('Add a link')));
    await save(user);
    expect(sent).toEqual([putSite({ socialLinks: [] })]);
  });

  it('loads the questions for every event (GET /api/site/questions) and saves them with the rest, each problem beside its box first', async () => {
    const { user } = await form(saved, [diet]);
    const section = screen.getByRole('group', { name: 'Questions for every event' });
    expect(section).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveProperty('value', 'Diet');
    await user.click(button('Add a question'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Question 2' })));
    await save(user);
    expectRefused(screen.getByRole('textbox', { name: 'Question 2' }), 'Question is required');

    await user.type(screen.getByRole('textbox', { name: 'Question 2' }), 'Date of birth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type for question 2' }), 'Date');
    await user.click(screen.getByRole('checkbox', { name: 'Tells the person’s age for question 2' }));
    await save(user);
    expectNoProblem(screen.getByRole('textbox', { name: 'Question 2' }));
    expect(sent).toEqual([
      putSite({
        questions: [
          diet,
          {
            id: 'date-of-birth',
            type: 'date',
            label: 'Date of birth',
            required: false,
            options: [],
            staffOnly: false,
            sensitive: false,
            checkIn: false,
            age: true,
          },
        ],
      }),
    ]);
  });

  it('shows the server’s message about a question beside its box', async () => {
    serve(
      () => json([{ ...diet, options: ['Vegetarian', 'Vegan'], required: false, checkIn: false }]),
      () =>
        json(
          {
            error: {
              code: 'invalid_input',
              message: 'Some fields are not valid',
              fields: { 'questions.0.options.2': 'Option is required' },
            },
          },
          400,
        ),
    );
    const { user } = renderForm(<SettingsForm initial={saved} />);
    await screen.findByRole('textbox', { name: 'Options for question 1' });
    await save(user);
    await waitFor(() => expectProblem(screen.getByRole('textbox', { name: 'Options for question 1' }), 'Option is required'));
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
  });

  it('says while the questions load, and saves the rest without them: the server keeps its own', async () => {
    serve(never);
    const { user } = renderForm(<SettingsForm initial={saved} />);
    expect(loadingQuestions()?.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Questions for every event' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a question' })).toBeNull();
    await save(user);
    expect(sent).toEqual([{ method: 'PUT', url: '/api/site', body: saved }]);
    expect(sent[0]?.body).not.toHaveProperty('questions');
  });

  it('says when the questions could not be loaded, and saves the rest without them', async () => {
    serve(() => json({ error: { code: 'unavailable', message: 'The database is not answering' } }, 503));
    const { user } = renderForm(<SettingsForm initial={saved} />);
    const alert = (await screen.findByText('The organisation’s questions could not be loaded')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The database is not answering');
    expect(loadingQuestions()).toBeNull();
    await save(user);
    expect(sent).toEqual([{ method: 'PUT', url: '/api/site', body: saved }]);
  });

  it('loads the questions again on Try again, and then sends them', async () => {
    let asked = 0;
    serve(() => {
      asked += 1;
      return asked === 1 ? json({ error: { code: 'unavailable', message: 'The database is not answering' } }, 503) : json([diet]);
    });
    const { user } = renderForm(<SettingsForm initial={saved} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Question 1' })).toHaveProperty('value', 'Diet');
    expect(screen.queryByText('The organisation’s questions could not be loaded')).toBeNull();
    await save(user);
    expect(sent).toEqual([putSite({ questions: [diet] })]);
  });
});
