import type { Role } from '../../../shared/accounts.ts';

/** The spec's role selector (section 4): Volunteer and Admin. */
export const registrationRoles: readonly Role[] = ['volunteer', 'admin'];

/**
 * On an account, Donator too: the only way to take volunteer or admin rights back without
 * deleting the account and its registrations.
 */
export const accountRoles: readonly Role[] = ['donator', 'volunteer', 'admin'];
