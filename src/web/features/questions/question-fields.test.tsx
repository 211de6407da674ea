import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../shared/events.ts';
import type { Question } from '../../../shared/questions.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sent } from '../../test/dom-setup.ts';
import { ada, knownSite, signedIn } from '../../test/fixtures.ts';
import {
  button,
  expectNoProblem,
  expectProblem,
  expectSent,
  field,
  problemOf,
  renderForm,
  replace,
  screen,
  textbox,
  within,
} from '../../test/render-form.tsx';
import { eventQueries } from '../events/api.ts';
import { registerForEvent } from '../registrations/api.ts';
import { QuestionFields } from './question-fields.tsx';
import { RegistrationAnswers } from './registration-answers.tsx';
import { useAnswers } from './use-answers.ts';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const question = (id: string, type: Question['type'], label: string, more: Partial<Question> = {}): Question => ({
  id,
  type,
  label,
  required: false,
  options: [],
  staffOnly: false,
  sensitive: false,
  checkIn: false,
  age: false,
  ...more,
});

/** A food drive's questions, one of each type; the badge name, the shirt and the emergency contact needed. */
const questions: Question[] = [
  question('badge', 'text', 'Name for your badge', { required: true }),
  question('notes', 'longText', 'Anything we should know'),
  question('shirt', 'choice', 'T-shirt size', { required: true, options: ['S', 'M', 'L'] }),
  question('days', 'multiChoice', 'Which days can you help', { options: ['Saturday', 'Sunday'] }),
  question('drive', 'yesNo', 'Can you drive a van'),
  question('born', 'date', 'Date of birth'),
  question('mobile', 'phone', 'Mobile number'),
  question('contact', 'emergencyContact', 'Emergency contact', { required: true }),
];

/**
 * The register page's questions as the page puts them in its form: Register checks the answers and
 * sends them (POST /api/register), or sends nothing when one is refused. 'Refused' shows `refusal`, a
 * failed call, as the page does with the server's answer.
 */
function AnswersForm({ refusal }: { refusal?: unknown }) {
  const answers = useAnswers(questions);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const given = answers.check();
        if (given) void registerForEvent(eventId, undefined, given);
      }}
    >
      <QuestionFields answers={answers} legend="Questions for you" />
      <button type="submit">Register</button>
      <button type="button" onClick={() => answers.showServerErrors(refusal)}>
        Refused
      </button>
    </form>
  );
}

const form = (refusal?: unknown) => renderForm(<AnswersForm refusal={refusal} />);

const badge = () => textbox('Name for your badge');
const notes = () => textbox('Anything we should know');
const shirt = () => screen.getByRole('radiogroup', { name: 'T-shirt size' });
const days = () => screen.getByRole('group', { name: 'Which days can you help' });
const drive = () => screen.getByRole('radiogroup', { name: 'Can you drive a van' });
const born = () => field('Date of birth');
const mobile = () => textbox('Mobile number');
const contact = () => screen.getByRole('group', { name: 'Emergency contact' });
const contactName = () => within(contact()).getByRole('textbox', { name: 'Name' });
const contactPhone = () => within(contact()).getByRole('textbox', { name: 'Phone' });
const radio = (group: HTMLElement, name: string) => within(group).getByRole('radio', { name });
const checkbox = (group: HTMLElement, name: string) => within(group).getByRole('checkbox', { name });

const required = 'This question needs an answer';
const register = { method: 'POST', url: '/api/register' };

describe('Question fields', () => {
  it('draws one field per question by its type, labelled by the question, inside the group', () => {
    form();
    const group = screen.getByRole('group', { name: 'Questions for you' });
    expect(within(group).getByText('Questions marked * need an answer.')).toBeTruthy();
    expect(badge().tagName).toBe('INPUT');
    expect(badge().getAttribute('aria-required')).toBe('true');
    expect(notes().tagName).toBe('TEXTAREA');
    expect(notes().getAttribute('aria-required')).toBeNull();
    expect(
      within(shirt())
        .getAllByRole('radio')
        .map((one) => one.getAttribute('value')),
    ).toEqual(['S', 'M', 'L']);
    expect(within(days()).getAllByRole('checkbox')).toHaveLength(2);
    expect(checkbox(days(), 'Saturday').tagName).toBe('INPUT');
    expect(
      within(drive())
        .getAllByRole('radio')
        .map((one) => one.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    expect(radio(drive(), 'Yes')).toBeTruthy();
    expect(radio(drive(), 'No')).toBeTruthy();
    expect(born().getAttribute('type')).toBe('date');
    expect(mobile().getAttribute('type')).toBe('tel');
    expect(contactName().getAttribute('aria-required')).toBe('true');
    expect(contactPhone().getAttribute('type')).toBe('tel');
    for (const box of [badge(), notes(), mobile(), contactName(), contactPhone()]) expectNoProblem(box);
  });

  it('says what is missing beside each required field, puts focus on the first and sends nothing', async () => {
    const { user } = form();
    await user.click(button('Register'));
    expectProblem(badge(), required);
    expect(document.activeElement).toBe(badge());
    for (const size of ['S', 'M', 'L']) expectProblem(radio(shirt(), size), required);
    expect(problemOf(shirt())).toBe(required);
    expectProblem(contactName(), required);
    expectNoProblem(contactPhone());
    expectNoProblem(notes());
    expect(sent).toEqual([]);

    // Answering one clears its problem; the others stay until the next Register.
    await user.type(badge(), 'Rita');
    expectNoProblem(badge());
    await user.click(button('Register'));
    expect(document.activeElement).toBe(radio(shirt(), 'S'));
    expect(sent).toEqual([]);
  });

  it('refuses an emergency contact with no usable phone beside its phone, and a bad phone number beside the field', async () => {
    const { user } = form();
    await user.type(badge(), 'Rita');
    await user.click(radio(shirt(), 'M'));
    await user.type(contactName(), 'Sam Okafor');
    await user.type(contactPhone(), 'call me');
    await user.type(mobile(), 'none');
    await user.click(button('Register'));
    expectProblem(mobile(), 'Use a phone number, like +44 20 7946 0958');
    expectProblem(contactPhone(), 'Use a phone number, like +44 20 7946 0958');
    expectNoProblem(contactName());
    expect(document.activeElement).toBe(mobile());
    expect(sent).toEqual([]);
  });

  it('sends the answers given, trimmed, each of its type, leaving out the questions left blank', async () => {
    const { user } = form();
    await user.type(badge(), '  Rita  ');
    await user.click(radio(shirt(), 'L'));
    await user.click(checkbox(days(), 'Sunday'));
    await user.click(checkbox(days(), 'Saturday'));
    await user.click(radio(drive(), 'No'));
    fireEvent.change(born(), { target: { value: '1990-04-02' } });
    await user.type(contactName(), 'Sam Okafor');
    await user.type(contactPhone(), '+44 20 7946 0958');
    await user.click(button('Register'));
    expectSent(register.method, register.url, {
      eventId,
      answers: {
        badge: 'Rita',
        shirt: 'L',
        days: ['Saturday', 'Sunday'],
        drive: false,
        born: '1990-04-02',
        contact: { name: 'Sam Okafor', phone: '+44 20 7946 0958' },
      },
    });
  });

  it("shows the server's refusal of answers beside their fields, focus on the first, what was typed kept", async () => {
    const refusal = new ApiError(400, 'invalid_input', 'Choose one of the options', {
      'answers.shirt': 'Choose one of the options',
      'answers.contact': 'Use a phone number, like +44 20 7946 0958',
    });
    const { user } = form(refusal);
    await user.type(badge(), 'Rita');
    await user.type(contactName(), 'Sam Okafor');
    await user.type(contactPhone(), '0');
    await user.click(button('Refused'));
    for (const size of ['S', 'M', 'L']) expectProblem(radio(shirt(), size), 'Choose one of the options');
    expectProblem(contactPhone(), 'Use a phone number, like +44 20 7946 0958');
    expectNoProblem(contactName());
    expectNoProblem(badge());
    expect(document.activeElement).toBe(radio(shirt(), 'S'));
    expect((badge() as HTMLInputElement).value).toBe('Rita');
    expect((contactName() as HTMLInputElement).value).toBe('Sam Okafor');
    expect((contactPhone() as HTMLInputElement).value).toBe('0');
  });
});

/** The food drive on 5 December 2026, asking two of the questions. */
const foodDrive: Event = {
  _id: eventId,
  index: 1,
  key: 'food-drive',
  title: 'Food drive',
  desc: 'Sorting and packing food parcels.',
  banner: '/images/food-drive.jpg',
  date: '2026-12-05T09:00',
  location: null,
  end: null,
  capacity: null,
  goal: null,
  hours: null,
  checkinHoursBefore: 2,
  registered: 3,
  spotsLeft: null,
  shifts: 0,
  questions: [questions[2] as Question, questions[4] as Question, questions[5] as Question, questions[7] as Question],
  waiver: null,
  past: false,
  raised: 0,
  donors: 0,
};

const adasRegistration: Registration = {
  _id: '3f1c2a4e-8b6d-4c1e-9f0a-2b7d5e6c8a91',
  eventId,
  index: 1,
  key: 'food-drive',
  title: 'Food drive',
  desc: foodDrive.desc,
  banner: foodDrive.banner,
  date: foodDrive.date,
  location: null,
  end: null,
  capacity: null,
  status: 'registered',
  position: null,
  name: ada.displayName,
  email: ada.email,
  image: null,
  role: 'admin',
  registeredAt: '2026-11-20T10:00:00.000Z',
  shift: null,
  answers: { shirt: 'M', drive: true, born: '1990-04-02', contact: { name: 'Sam Okafor', phone: '+44 20 7946 0958' } },
  waiverId: null,
};

describe('Answers on My Events', () => {
  const card = (registration = adasRegistration) =>
    renderForm(<RegistrationAnswers registration={registration} describedBy="card-title" />, {
      data: [knownSite(), signedIn(ada), [eventQueries.detail(eventId).queryKey, foodDrive]],
    });

  it('lists each answer under its question, in words', () => {
    card();
    const terms = screen.getAllByRole('term').map((one) => one.textContent);
    const definitions = screen.getAllByRole('definition').map((one) => one.textContent);
    expect(terms).toEqual(['T-shirt size', 'Can you drive a van', 'Date of birth', 'Emergency contact']);
    expect(definitions).toEqual(['M', 'Yes', 'Monday 2 April 1990', 'Sam Okafor, +44 20 7946 0958']);
  });

  it('changes them in a dialog with the same fields, filled in, and sends them all', async () => {
    const { user } = card();
    const change = button('Change answers');
    expect(change.getAttribute('aria-describedby')).toBe('card-title');
    await user.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Change your answers for Food drive' });
    expect(radio(dialog, 'M')).toHaveProperty('checked', true);
    expect(radio(dialog, 'Yes')).toHaveProperty('checked', true);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveProperty('value', 'Sam Okafor');
    await replace(user, name, '');
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expectProblem(name, 'Give the emergency contact’s name');
    expect(document.activeElement).toBe(name);
    expect(sent).toEqual([]);

    await user.type(name, 'Jo Okafor');
    await user.click(radio(dialog, 'No'));
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expectSent('PUT', `/api/register/${adasRegistration._id}/answers`, {
      answers: { shirt: 'M', drive: false, born: '1990-04-02', contact: { name: 'Jo Okafor', phone: '+44 20 7946 0958' } },
    });
  });

  it('offers no change once the event has started', () => {
    card({ ...adasRegistration, date: '2020-01-01' });
    expect(screen.queryByRole('button', { name: 'Change answers' })).toBeNull();
    expect(screen.getAllByRole('definition')).toHaveLength(4);
  });
});
