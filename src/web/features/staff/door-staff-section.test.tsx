import { describe, expect, it, vi } from 'vitest';
import type { EventStaffMember } from '../../../shared/staff.ts';
import { sent } from '../../test/dom-setup.ts';
import { button, expectProblem, expectRefused, expectSent, renderForm, screen, textbox, within } from '../../test/render-form.tsx';
import { staffQueries } from './api.ts';
import { DoorStaffSection } from './door-staff-section.tsx';

const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';
const lead: EventStaffMember = {
  accountId: 'user-lead',
  name: 'Lena Lead',
  email: 'lena@example.org',
  addedAt: '2026-11-01T10:00:00.000Z',
};

function section(staff: EventStaffMember[] = [lead]) {
  return renderForm(<DoorStaffSection eventId={eventId} />, { data: [[staffQueries.ofEvent(eventId).queryKey, staff]] });
}

describe('Door staff', () => {
  it('lists who runs the door, each with a way to remove them that asks first', async () => {
    const { user } = section();
    const list = screen.getByRole('list', { name: 'Door staff of this event' });
    within(list).getByText('Lena Lead');
    within(list).getByText('lena@example.org');
    await user.click(button('Remove Lena Lead from the door staff'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the door staff?' });
    within(dialog).getByText('Lena Lead (lena@example.org) will no longer be able to run this event’s door or read its roster.');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expectSent('DELETE', `/api/events/${eventId}/staff/user-lead`, undefined);
  });

  it('says so when nobody runs the door yet', () => {
    section([]);
    screen.getByText('Nobody has been named to run this door yet.');
  });

  it('refuses an empty or improper email beside the box, and sends nothing', async () => {
    const { user } = section();
    const email = textbox('Add by email');
    await user.click(button('Add to door staff'));
    expectRefused(email, 'Email is required');
    await user.type(email, 'lena@');
    await user.click(button('Add to door staff'));
    expectRefused(email, 'Enter proper email');
  });

  it('adds someone by their account’s email, and waits while it is sent', async () => {
    const { user } = section();
    await user.type(textbox('Add by email'), ' Nia@Example.org ');
    await user.click(button('Add to door staff'));
    expectSent('POST', `/api/events/${eventId}/staff`, { email: 'nia@example.org' });
    expect(button('Adding…')).toHaveProperty('disabled', true);
  });

  it('says beside the box when no account has the email', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            error: { code: 'invalid_input', message: 'No account has this email', fields: { email: 'No account has this email' } },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const { user } = section();
    const email = textbox('Add by email');
    await user.type(email, 'nobody@example.org');
    await user.click(button('Add to door staff'));
    await vi.waitFor(() => expectProblem(email, 'No account has this email'));
    expect(document.activeElement).toBe(email);
  });
});
