import { waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/questions.ts';
import type { EventWaiver } from '../../../shared/waivers.ts';
import { sendJson } from '../../lib/api-client.ts';
import { combineParts, type FormPart } from '../../lib/forms/form-part.ts';
import { sent } from '../../test/dom-setup.ts';
import type { User } from '../../test/render-form.tsx';
import { button, expectNoProblem, expectProblem, renderForm, replace, screen, within } from '../../test/render-form.tsx';
import { slugOf } from './question-drafts.ts';
import { useQuestionsPart } from './questions-part.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

/** The questions and waiver as the event form draws them, with buttons standing for the form's submit. */
function Questions({ questions, waiver, answered }: { questions?: Question[]; waiver?: EventWaiver | null; answered?: boolean }) {
  const part = useQuestionsPart({ questions, waiver, answered });
  return <Harness part={part} />;
}

function Harness({ part }: { part: FormPart }) {
  const [said, setSaid] = useState('');
  return (
    <>
      {part.render(() => ({ day: '2026-12-05', time: '', end: '' }))}
      <button type="button" onClick={() => setSaid(part.check() ? 'fine' : 'wrong')}>
        Check
      </button>
      <button
        type="button"
        onClick={async () => {
          const failure = await part.save(eventId);
          setSaid(failure ? `${failure.title}. ${failure.message}` : 'saved');
        }}
      >
        Save
      </button>
      <output>{said}</output>
    </>
  );
}

/** A new event's questions and waiver: Add creates the event with them (as Add Event does), then saves the part. */
function NewEventQuestions({ questions }: { questions?: Question[] }) {
  const part = useQuestionsPart({ questions });
  const [said, setSaid] = useState('');
  return (
    <>
      <Harness part={part} />
      <button
        type="button"
        onClick={async () => {
          if (!part.check()) return;
          try {
            const id = await part.sendWithEvent(async (values) => {
              await sendJson('POST', '/events', { title: 'Beach clean', ...values });
              return eventId;
            });
            const failure = await part.save(id);
            setSaid(failure ? failure.title : 'added');
          } catch {
            setSaid('not added');
          }
        }}
      >
        Add
      </button>
      <p>{said}</p>
    </>
  );
}

const said = () => document.querySelector('output')?.textContent;

const wording = (n: number) => screen.getByRole('textbox', { name: `Question ${n}` });
const typeOf = (n: number) => screen.getByRole('combobox', { name: `Type for question ${n}` });
const optionsOf = (n: number) => screen.getByRole('textbox', { name: `Options for question ${n}` });
const ageOf = (n: number) => screen.queryByRole('checkbox', { name: `Tells the person’s age for question ${n}` });
const groupCount = () => screen.queryAllByRole('group', { name: /^Question \d+/ }).length;

async function press(user: User, element: HTMLElement) {
  element.focus();
  await user.keyboard('{Enter}');
}

function question(values: Partial<Question> & Pick<Question, 'id' | 'label'>): Question {
  return {
    type: 'text',
    required: false,
    options: [],
    staffOnly: false,
    sensitive: false,
    checkIn: false,
    age: false,
    ...values,
  };
}

const shirt = question({ id: 'shirt', label: 'T-shirt size', type: 'choice', options: ['S', 'M', 'L'], required: true });
const birth = question({ id: 'dateOfBirth', label: 'Date of birth', type: 'date', sensitive: true, age: true });

/** Answers every call as the server would, keeping what was sent. */
function answerCalls(answer: (method: string, url: string) => Response | undefined = () => undefined) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const given = answer(method, url);
    if (given) return given;
    const body = url.endsWith('/waiver') ? (method === 'PUT' ? { version: 3 } : { deletedCount: 1 }) : { modifiedCount: 1 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const refusal = (status: number, error: Record<string, unknown>) =>
  new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });

describe('the question editor', () => {
  it('adds a choice question by keyboard: its id made from its wording, and options it needs, beside their box', async () => {
    const { user } = renderForm(<Questions />);
    expect(screen.getByRole('group', { name: 'Registration questions' })).toBeTruthy();
    expect(screen.getByText('No questions yet.')).toBeTruthy();

    await press(user, button('Add a question'));
    expect(groupCount()).toBe(1);
    expect(document.activeElement).toBe(wording(1));
    await user.keyboard('T-shirt size?');
    expect(screen.getByRole('group', { name: 'Question 1: T-shirt size?' })).toBeTruthy();
    expect(screen.getByText('Its answers will be kept as “t-shirt-size” (made from the question).')).toBeTruthy();
    // Every box is named with its question.
    for (const name of ['Required', 'Staff only', 'Sensitive', 'Show at check-in']) {
      expect(screen.getByRole('checkbox', { name: `${name} for question 1` })).toBeTruthy();
    }
    expect(button('Remove question 1')).toBeTruthy();

    expect(screen.queryByRole('textbox', { name: 'Options for question 1' })).toBeNull();
    await user.selectOptions(typeOf(1), 'One choice');
    expect(optionsOf(1).getAttribute('required')).not.toBeNull();

    await user.click(button('Check'));
    expect(said()).toBe('wrong');
    expectProblem(optionsOf(1), 'A choice question needs at least one option');
    expectNoProblem(wording(1));

    await user.click(optionsOf(1));
    await user.keyboard('Small{Enter}Medium{Enter}{Enter} Large {Enter}');
    expectNoProblem(optionsOf(1));
    await user.click(screen.getByRole('checkbox', { name: 'Required for question 1' }));
    await user.click(button('Check'));
    expect(said()).toBe('fine');

    await user.click(button('Save'));
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: `/api/events/${eventId}/questions`,
        body: {
          questions: [
            {
              id: 't-shirt-size',
              type: 'choice',
              label: 'T-shirt size?',
              required: true,
              options: ['Small', 'Medium', 'Large'],
              staffOnly: false,
              sensitive: false,
              checkIn: false,
              age: false,
            },
          ],
        },
      },
    ]);
  });

  it('asks for the wording of each question, beside it, and gives each new one its own id', async () => {
    const { user } = renderForm(<Questions questions={[question({ id: 'diet', label: 'Diet' })]} />);
    await press(user, button('Add a question'));
    await user.click(button('Check'));
    expectProblem(wording(2), 'Question is required');
    expectNoProblem(wording(1));

    await user.type(wording(2), 'Diet');
    await press(user, button('Add a question'));
    await user.keyboard('Diet');
    expect(screen.getByText('Its answers are kept as “diet”.')).toBeTruthy();
    expect(screen.getByText('Its answers will be kept as “diet-2” (made from the question).')).toBeTruthy();
    expect(screen.getByText('Its answers will be kept as “diet-3” (made from the question).')).toBeTruthy();

    // A kept id stays whatever the wording becomes.
    await replace(user, wording(1), 'Food needs');
    expect(screen.getByText('Its answers are kept as “diet”.')).toBeTruthy();
  });

  it('makes ids of letters, digits and -, at most 40, and one for wording in another script', () => {
    expect(slugOf('  Café: allergies / needs?  ')).toBe('cafe-allergies-needs');
    expect(slugOf('খাদ্য')).toBe('question');
    const long = slugOf('What would you most like to tell us about yourself before the day');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
  });

  it('offers “Tells the person’s age” only for a date, yes/no or short text question', async () => {
    const { user } = renderForm(<Questions />);
    await press(user, button('Add a question'));
    expect(typeOf(1)).toHaveProperty('value', 'text');
    expect(ageOf(1)).not.toBeNull();
    const offered: Record<string, boolean> = {};
    for (const [type, name] of [
      ['longText', 'Long text'],
      ['choice', 'One choice'],
      ['multiChoice', 'Several choices'],
      ['yesNo', 'Yes or no'],
      ['date', 'Date'],
      ['phone', 'Phone number'],
      ['emergencyContact', 'Emergency contact'],
      ['text', 'Short text'],
    ] as const) {
      await user.selectOptions(typeOf(1), name);
      offered[type] = ageOf(1) !== null;
    }
    expect(offered).toEqual({
      longText: false,
      choice: false,
      multiChoice: false,
      yesNo: true,
      date: true,
      phone: false,
      emergencyContact: false,
      text: true,
    });

    // Ticked on a date, then the type changed to one that cannot tell: it is not sent as telling age.
    await user.type(wording(1), 'Phone');
    await user.selectOptions(typeOf(1), 'Date');
    await user.click(ageOf(1) as HTMLElement);
    await user.selectOptions(typeOf(1), 'Phone number');
    await user.click(button('Check'));
    expect(said()).toBe('fine');
    await user.click(button('Save'));
    expect(sent).toEqual([
      expect.objectContaining({ body: { questions: [expect.objectContaining({ id: 'phone', type: 'phone', age: false })] } }),
    ]);
  });

  it('shows the server’s message about a question’s field beside that field, and says the questions were not saved', async () => {
    answerCalls(() =>
      refusal(400, {
        code: 'invalid_input',
        message: 'Some fields are not valid',
        fields: { 'questions.1.label': 'Question must be at most 200 characters', 'questions.0.options.1': 'Option is required' },
      }),
    );
    const { user } = renderForm(<Questions questions={[shirt]} answered />);
    await press(user, button('Add a question'));
    await user.keyboard('Anything else?');
    await user.click(button('Save'));
    await screen.findByText(/^The questions were not saved/);
    expect(said()).toBe('The questions were not saved. The event is saved, but not its questions: Some fields are not valid');
    expectProblem(wording(2), 'Question must be at most 200 characters');
    expectProblem(optionsOf(1), 'Option is required');
    expectNoProblem(wording(1));
    expect(wording(2)).toHaveProperty('value', 'Anything else?');

    // Corrected, the message goes.
    await user.type(wording(2), ' ');
    expectNoProblem(wording(2));
  });

  it('says beside the type when the server refuses to change the type of a question people answered', async () => {
    const message = 'A question’s type cannot change once people have answered it: add a new question instead';
    answerCalls(() => refusal(409, { code: 'conflict', message }));
    const { user } = renderForm(<Questions questions={[shirt, birth]} answered />);
    expect(screen.getAllByText('Once people have answered, its type cannot change: add a new question instead.')).toHaveLength(2);
    await user.selectOptions(typeOf(1), 'Several choices');
    await user.click(button('Save'));
    await screen.findByText(/^The questions were not saved/);
    expectProblem(typeOf(1), message);
    expectNoProblem(typeOf(2));
  });

  it('sends nothing when the questions and waiver are as loaded, and only what changed', async () => {
    const calls = answerCalls();
    const { user } = renderForm(
      <Questions questions={[shirt, birth]} waiver={{ version: 2, text: 'I take part at my own risk.' }} answered />,
    );
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toEqual([]);

    // Moved: the order is what is sent.
    await press(user, button('Move question 2 up'));
    expect(wording(1)).toHaveProperty('value', 'Date of birth');
    // At the top, focus goes to its other button.
    expect(document.activeElement).toBe(button('Move question 1 down'));
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toEqual([{ method: 'PUT', url: `/api/events/${eventId}/questions`, body: { questions: [birth, shirt] } }]);
  });

  it('asks before taking off a question people may have answered, and not before one just added', async () => {
    const { user } = renderForm(<Questions questions={[shirt, birth]} answered />);
    await press(user, button('Add a question'));
    await press(user, button('Remove question 3'));
    expect(groupCount()).toBe(2);
    expect(document.activeElement).toBe(wording(2));

    await press(user, button('Remove question 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this question?' });
    expect(
      within(dialog).getByText('People may already have answered “T-shirt size”. It is taken off the event when the event is saved.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(groupCount()).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(button('Remove question 1')));

    await press(user, button('Remove question 1'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, remove it' }));
    expect(groupCount()).toBe(1);
    expect(wording(1)).toHaveProperty('value', 'Date of birth');
    await waitFor(() => expect(document.activeElement).toBe(wording(1)));

    // Its id is not given to a new question, whose answers would mix with the old ones.
    await press(user, button('Add a question'));
    await user.keyboard('shirt');
    expect(screen.getByText('Its answers will be kept as “shirt-2” (made from the question).')).toBeTruthy();
  });

  it('warns, tied to “Show at check-in”, when a sensitive answer would be shown at the door', async () => {
    const warning = 'Door staff will see this sensitive answer at check-in, not only admins.';
    const { user } = renderForm(<Questions questions={[birth, shirt]} />);
    const checkIn = (n: number) => screen.getByRole('checkbox', { name: `Show at check-in for question ${n}` });
    /** What assistive technology reads after a box's name. */
    const description = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    // Sensitive but not shown at the door; shown at the door but not sensitive: nothing to warn of.
    await user.click(checkIn(2));
    expect(screen.queryByText(warning)).toBeNull();

    await user.click(checkIn(1));
    const note = screen.getByText(warning);
    expect(screen.getByRole('group', { name: 'Question 1: Date of birth' }).contains(note)).toBe(true);
    expect(description(checkIn(1))).toContain(warning);
    expectNoProblem(checkIn(1));
    expect(description(checkIn(2))).not.toContain(warning);

    await user.click(screen.getByRole('checkbox', { name: 'Sensitive for question 1' }));
    expect(screen.queryByText(warning)).toBeNull();
    expect(description(checkIn(1))).not.toContain(warning);
  });

  it('lets a new event take off the organisation’s questions without asking', async () => {
    const { user } = renderForm(<Questions questions={[shirt, birth]} />);
    expect(screen.getByText(/^The organisation’s questions are here to start with/)).toBeTruthy();
    await press(user, button('Remove question 1'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(groupCount()).toBe(1);
    await user.click(button('Save'));
    expect(sent).toEqual([{ method: 'PUT', url: `/api/events/${eventId}/questions`, body: { questions: [birth] } }]);
  });
});

describe('the waiver editor', () => {
  it('asks for the text of a waiver switched on, beside it, and sets it', async () => {
    const { user } = renderForm(<Questions />);
    expect(screen.queryByRole('textbox', { name: /^Waiver text/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    const text = screen.getByRole('textbox', { name: /^Waiver text/ });
    await user.click(button('Check'));
    expect(said()).toBe('wrong');
    expectProblem(text, 'Waiver text is required');

    await user.type(text, '  I take part at my own risk.  ');
    expectNoProblem(text);
    await user.click(button('Save'));
    expect(sent).toEqual([{ method: 'PUT', url: `/api/events/${eventId}/waiver`, body: { text: 'I take part at my own risk.' } }]);
  });

  it('shows the version, makes a changed text the next, and takes a waiver switched off away', async () => {
    const calls = answerCalls();
    const { user } = renderForm(<Questions waiver={{ version: 2, text: 'I take part at my own risk.' }} answered />);
    expect(screen.getByText('Version 2')).toBeTruthy();
    const text = screen.getByRole('textbox', { name: /^Waiver text/ });
    await user.type(text, ' Really.');
    expect(screen.getByText('Version 2 Saving the changed text makes version 3.')).toBeTruthy();
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(screen.getByText('Version 3')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    expect(screen.getByText(/^The waiver is taken off when the event is saved/)).toBeTruthy();
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toEqual([
      { method: 'PUT', url: `/api/events/${eventId}/waiver`, body: { text: 'I take part at my own risk. Really.' } },
      { method: 'DELETE', url: `/api/events/${eventId}/waiver`, body: undefined },
    ]);
  });
});

describe('a new event’s questions and waiver', () => {
  it('go with the event when it is added, and only what changes after it is saved again', async () => {
    const calls = answerCalls((method, url) =>
      method === 'POST' && url === '/api/events' ? Response.json({ insertedId: eventId }, { status: 201 }) : undefined,
    );
    const { user } = renderForm(<NewEventQuestions questions={[shirt, birth]} />);
    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    await user.type(screen.getByRole('textbox', { name: /^Waiver text/ }), 'I take part at my own risk.');
    await user.click(button('Add'));
    await screen.findByText('added');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/events',
        body: { title: 'Beach clean', questions: [shirt, birth], waiver: { text: 'I take part at my own risk.' } },
      },
    ]);
    // The event holds them now: its waiver is version 1.
    expect(screen.getByText('Version 1')).toBeTruthy();

    // Saved again (after another part failed): nothing more, then only what changed.
    await user.click(button('Save'));
    await screen.findByText('saved');
    expect(calls).toHaveLength(1);
    await replace(user, wording(1), 'Shirt size');
    await user.click(button('Save'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      method: 'PUT',
      url: `/api/events/${eventId}/questions`,
      body: { questions: [{ ...shirt, label: 'Shirt size' }, birth] },
    });
  });

  it('show the server’s messages about an event refused for them beside their boxes, focus on the first', async () => {
    const calls = answerCalls((method) =>
      method === 'POST'
        ? refusal(400, {
            code: 'invalid_input',
            message: 'Some fields are not valid',
            fields: { 'questions.0.options.1': 'Option is required', 'waiver.text': 'Waiver text is too long' },
          })
        : undefined,
    );
    const { user } = renderForm(<NewEventQuestions questions={[shirt]} />);
    await user.click(screen.getByRole('checkbox', { name: 'Ask people to sign a waiver' }));
    await user.type(screen.getByRole('textbox', { name: /^Waiver text/ }), 'I take part at my own risk.');
    await user.click(button('Add'));
    await screen.findByText('not added');
    expectProblem(optionsOf(1), 'Option is required');
    expectProblem(screen.getByRole('textbox', { name: /^Waiver text/ }), 'Waiver text is too long');
    expect(document.activeElement).toBe(optionsOf(1));
    // No event: nothing else is sent.
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });
});

describe('parts combined', () => {
  function part(name: string, log: string[], failure: string | null, question: string | null = null): FormPart {
    return {
      render: () => <p>{name}</p>,
      check: () => {
        log.push(`check ${name}`);
        return failure === null;
      },
      question: () => (question ? { title: question, subject: question, confirmLabel: 'Yes', declineLabel: 'No' } : null),
      save: async (id) => {
        log.push(`save ${name} ${id}`);
        return failure ? { title: failure, message: failure, onField: false } : null;
      },
    };
  }

  it('draws, checks and saves every part in order, asks the first question and says the first failure', async () => {
    const log: string[] = [];
    const combined = combineParts(part('shifts', log, null), part('questions', log, 'no questions', 'Sure?'), part('more', log, 'no more'));
    renderForm(combined.render(() => ({ day: '', time: '', end: '' })));
    expect(screen.getAllByText(/^(shifts|questions|more)$/).map((p) => p.textContent)).toEqual(['shifts', 'questions', 'more']);
    expect(combined.check()).toBe(false);
    expect(combined.question()?.title).toBe('Sure?');
    expect((await combined.save('e1'))?.title).toBe('no questions');
    expect(log).toEqual(['check shifts', 'check questions', 'check more', 'save shifts e1', 'save questions e1', 'save more e1']);
  });
});
