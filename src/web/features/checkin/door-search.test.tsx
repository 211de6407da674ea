import { describe, expect, it, vi } from 'vitest';
import type { CheckinPerson } from '../../../shared/checkin.ts';
import type { Question } from '../../../shared/questions.ts';
import { renderForm, screen, within } from '../../test/render-form.tsx';
import { DoorSearch } from './door-search.tsx';

const driver = { _id: 'shift-driver', role: 'Driver', startsAt: '2026-12-05T08:00', endsAt: '2026-12-05T10:00' };
const cook = { _id: 'shift-cook', role: 'Cook', startsAt: '2026-12-05T10:00', endsAt: '2026-12-05T14:00' };
const driverShift = 'Driver, Saturday 5 December 2026, 8:00 am – 10:00 am';
const cookShift = 'Cook, Saturday 5 December 2026, 10:00 am – 2:00 pm';

const place = (registrationId: string, name: string, shift: CheckinPerson['shift'], checkedInAt: string | null = null): CheckinPerson => ({
  registrationId,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
  checkedInAt,
  hours: 2,
  hoursAdjusted: false,
  shift,
  answers: null,
});

/** Ada has two shifts (two places, one checked in), Ben one; Dee came for the event itself. */
const people = [
  place('reg-ada-driver', 'Ada Lovelace', driver, '2026-12-05T08:05:00.000Z'),
  place('reg-ada-cook', 'Ada Lovelace', cook),
  place('reg-ben-driver', 'Ben Okri', driver),
  place('reg-dee', 'Dee Old', null),
];

function door() {
  const onCheckIn = vi.fn();
  const onUndo = vi.fn();
  const view = renderForm(<DoorSearch people={people} waitingIds={new Set()} online busyId={null} onCheckIn={onCheckIn} onUndo={onUndo} />);
  return { ...view, onCheckIn, onUndo };
}

describe('the door list on an event staffed by shifts', () => {
  it('shows each place under its shift: a person with two shifts is two lines, each with its own button', async () => {
    const { user, onCheckIn, onUndo } = door();
    const lines = within(screen.getByRole('list', { name: 'People on the door list' })).getAllByRole('listitem');
    expect(lines.map((line) => within(line).queryByTestId('door-person-shift')?.textContent ?? null)).toEqual([
      `Shift: ${driverShift}`,
      `Shift: ${cookShift}`,
      `Shift: ${driverShift}`,
      null,
    ]);
    await user.click(screen.getByRole('button', { name: `Check in Ada Lovelace for ${cookShift}` }));
    expect(onCheckIn).toHaveBeenCalledWith(people[1]);
    await user.click(screen.getByRole('button', { name: `Undo check-in of Ada Lovelace for ${driverShift}` }));
    expect(onUndo).toHaveBeenCalledWith(people[0]);
    // Without a shift, the buttons say what they said before.
    screen.getByRole('button', { name: 'Check in Dee Old' });
  });

  it('finds people by a shift’s role too', async () => {
    const { user } = door();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'cook');
    await vi.waitFor(() => expect(screen.getByText('1 of 4 matches')).toBeTruthy());
    screen.getByRole('button', { name: `Check in Ada Lovelace for ${cookShift}` });
  });
});

describe('the check-in answers on the door list', () => {
  const allergies: Question = {
    id: 'allergies',
    type: 'text',
    label: 'Allergies',
    required: false,
    options: [],
    staffOnly: false,
    sensitive: false,
    checkIn: true,
    age: false,
  };
  const helper: Question = { ...allergies, id: 'helper', type: 'yesNo', label: 'Needs a helper' };

  it('shows each person’s answers to the check-in questions on their line, with the questions’ labels', () => {
    const answered = [
      { ...place('reg-ada', 'Ada Lovelace', null), answers: { allergies: 'Peanuts', helper: true } },
      { ...place('reg-ben', 'Ben Okri', null), answers: {} },
      place('reg-dee', 'Dee Old', null),
    ];
    renderForm(
      <DoorSearch
        people={answered}
        questions={[allergies, helper]}
        waitingIds={new Set()}
        online
        busyId={null}
        onCheckIn={() => {}}
        onUndo={() => {}}
      />,
    );
    // The people's lines (each answer is a line of its own list, inside its person's).
    const [ada, ben, dee] = [...screen.getByRole('list', { name: 'People on the door list' }).children] as HTMLElement[];
    if (!ada || !ben || !dee) throw new Error('expected three people on the door list');
    const answers = within(ada).getByRole('list', { name: 'Answers of Ada Lovelace' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Allergies: Peanuts', 'Needs a helper: Yes']);
    // Highlighted: what the door must see.
    expect(answers.dataset.tone).toBe('door');
    expect(within(ben).queryByRole('list')).toBeNull();
    expect(within(dee).queryByRole('list')).toBeNull();
  });

  it('shows the list as before when it has no check-in questions', () => {
    door();
    expect(screen.queryByTestId('answers')).toBeNull();
  });
});
