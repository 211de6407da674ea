import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../../shared/accounts.ts';
import type { DoorEvent } from '../../../shared/staff.ts';
import { sent } from '../../test/dom-setup.ts';
import { ada, rita, signedIn } from '../../test/fixtures.ts';
import { type QueryData, renderForm, screen } from '../../test/render-form.tsx';
import { staffQueries } from './api.ts';
import { RequireDoor } from './require-door.tsx';

const foodDrive: DoorEvent = { _id: 'event-food', title: 'Food drive', date: '2026-12-05T08:00', end: null, location: null };
const volunteer: Me = { ...rita, twoFactorEnabled: false, mfaRequired: null, twoFactorLocked: false, language: 'en' };
const adminWithoutCode: Me = { ...ada, mfaRequired: 'set-up' };

/** The door page of the food drive, behind the guard, for `me`, whose door events are `doors` (unknown: still loading). */
function openDoor(me: Me, doors?: DoorEvent[]) {
  const data: QueryData[] = [signedIn(me)];
  if (doors) data.push([staffQueries.doorEvents().queryKey, doors]);
  return renderForm(
    <Routes>
      <Route
        path="/dashboard/checkin/:eventId"
        element={
          <RequireDoor>
            <h1>The door</h1>
          </RequireDoor>
        }
      />
      <Route path="/dashboard/security" element={<h1>Security</h1>} />
    </Routes>,
    { path: `/dashboard/checkin/${foodDrive._id}`, data },
  );
}

describe('the door guard', () => {
  it('lets an admin past the second factor through, without asking which doors they run', async () => {
    openDoor(ada);
    await screen.findByRole('heading', { name: 'The door' });
    expect(sent).toEqual([]);
  });

  it('lets through someone of any role named to run this event’s door', async () => {
    openDoor(volunteer, [foodDrive]);
    await screen.findByRole('heading', { name: 'The door' });
  });

  it('shows the loading placeholder while the door events load', async () => {
    openDoor(volunteer);
    await screen.findByText('Checking that you run this event’s door');
    expect(sent).toEqual([{ method: 'GET', url: '/api/door/events', body: undefined }]);
  });

  it('tells someone not named for this door that they are not authorised', async () => {
    openDoor(volunteer, [{ ...foodDrive, _id: 'event-other' }]);
    await screen.findByRole('heading', { name: 'Not authorised' });
    expect(screen.queryByRole('heading', { name: 'The door' })).toBeNull();
  });

  it('sends an admin without the second factor to set it up, unless named for this door', async () => {
    const first = openDoor(adminWithoutCode, []);
    await screen.findByRole('heading', { name: 'Security' });
    first.unmount();
    openDoor(adminWithoutCode, [foodDrive]);
    await screen.findByRole('heading', { name: 'The door' });
  });
});
