import type { Role } from '../../../shared/accounts.ts';

/** A role as the admin screens name it: the word the spec's role selector uses. */
export const roleNames: Record<Role, string> = { donator: 'Donator', volunteer: 'Volunteer', admin: 'Admin' };

/** What each role may do, said beside its choice so the admin knows what they are giving. */
export const roleDescriptions: Record<Role, string> = {
  donator: 'Every account starts here: donates and registers for events, with My Donation in the menu.',
  volunteer: 'Adds My Events, Add Review, Notices and My Review to the menu.',
  admin: 'Runs the site: events, notices, registrations, donations, accounts and roles.',
};

/** The spec's role selector (section 4): Volunteer and Admin. */
export const registrationRoles: readonly Role[] = ['volunteer', 'admin'];

/**
 * On an account, Donator too: the only way to take volunteer or admin rights back without
 * deleting the account and its registrations.
 */
export const accountRoles: readonly Role[] = ['donator', 'volunteer', 'admin'];
