// What the component tests start from: the organisation's settings and the accounts signed in, as the
// server gives them, and the query data that puts them in a form's cache before it is drawn.
import type { Account, Me } from '../../shared/accounts.ts';
import type { Site } from '../../shared/site.ts';
import { currentAccountQuery } from '../lib/current-account.ts';
import { siteQuery } from '../lib/site.ts';
import type { QueryData } from './render-form.tsx';

/** The organisation's settings as GET /api/site gives them: no identity provider set up, mail that works. */
export const siteSettings: Site = {
  name: 'Helping Hands',
  logo: '',
  tagline: '',
  headline: '',
  subtext: '',
  address: '',
  phone: '',
  email: '',
  registrationNumber: '',
  socialLinks: [],
  timeZone: 'Europe/London',
  defaultLanguage: 'en',
  currency: 'gbp',
  privacy: '',
  terms: '',
  donationAmounts: [1000],
  customAmount: false,
  minAmount: 100,
  maxAmount: 1_000_000,
  socialSignIn: null,
  mailConfigured: true,
  payments: 'test',
};

/** The site's settings (`siteSettings` with `changes`) already known, for `renderForm`'s `data`. */
export const knownSite = (changes: Partial<Site> = {}): QueryData => [siteQuery.queryKey, { ...siteSettings, ...changes }];

/** `me` already signed in (the current-account query answered), for `renderForm`'s `data`. */
export const signedIn = (me: Me): QueryData => [currentAccountQuery.queryKey, me];

/** Rita, a volunteer whose profile is still empty. */
export const rita: Account = {
  _id: 'user-rita',
  email: 'rita@example.org',
  emailVerified: true,
  displayName: 'Rita Okafor',
  name: 'Rita Okafor',
  photoURL: null,
  role: 'volunteer',
  address: null,
  age: null,
  education: null,
  occupation: null,
};

/** Rita's profile, all four fields filled in. */
export const ritaProfile = { address: '12 Mill Lane', age: '34', education: 'BSc Nursing', occupation: 'Nurse' };

/** Ada, an admin, as GET /api/users/me gives her: two-step sign-in off and not required. */
export const ada: Me = {
  _id: 'user-ada',
  email: 'ada@example.org',
  emailVerified: true,
  displayName: 'Ada Mensah',
  name: 'Ada Mensah',
  photoURL: null,
  role: 'admin',
  address: null,
  age: null,
  education: null,
  occupation: null,
  twoFactorEnabled: false,
  mfaRequired: null,
  twoFactorLocked: false,
  language: 'en',
};
