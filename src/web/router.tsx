import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from './components/page-loader.tsx';
import { RequireSignedIn } from './components/require-signed-in.tsx';
import { RouteError } from './components/route-error.tsx';
import { SiteLayout } from './components/site-layout.tsx';
import { loaderFor, type PageData } from './lib/page-data.ts';
import { siteQuery } from './lib/site.ts';

/**
 * A route module: its pages (components) and, when its pages read data in their first draw, `pageData`,
 * which the server fetches before drawing one of them (lib/page-data.ts).
 */
type PageModule = { pageData?: PageData } & Partial<Record<string, ComponentType>>;

/** Every module a route may load: each its own chunk, loaded on the first visit to one of its pages. */
const pageModules = import.meta.glob<PageModule>([
  './routes/*.tsx',
  './components/dashboard-shell.tsx',
  './components/require-admin.tsx',
  './features/staff/require-door.tsx',
]);

/**
 * A lazy route whose page is the export `name` of `file`, with the module's `pageData` as its loader on
 * the server. Its `handle` names the source module, so the server, having drawn the page, sends the
 * stylesheets and scripts that module needs with it.
 */
function page(file: string, name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[file];
  if (!load) throw new Error(`router.tsx: no page module ${file}`);
  return {
    lazy: () =>
      load().then((m) => {
        const Component = m[name];
        if (!Component) throw new Error(`${file} exports no ${name}`);
        return { Component, ...loaderFor(m.pageData) };
      }),
    handle: { module: `src/web/${file.slice(2)}` },
  };
}

/** The admin pages of spec section 2, behind the admin guard (DECISIONS 3.1). */
const adminPages = [
  { path: 'addEvent', ...page('./routes/dashboard-add-event.tsx', 'DashboardAddEventPage') },
  {
    path: 'eventUpdatePage/:singleEventId',
    ...page('./routes/dashboard-update-event.tsx', 'DashboardUpdateEventPage'),
  },
  { path: 'allEvents', ...page('./routes/dashboard-all-events.tsx', 'DashboardAllEventsPage') },
  {
    path: 'all-event-registration',
    ...page('./routes/dashboard-all-registrations.tsx', 'DashboardAllRegistrationsPage'),
  },
  {
    path: 'event-register-role-update/:singleEventId',
    ...page('./routes/dashboard-registration-role.tsx', 'DashboardRegistrationRolePage'),
  },
  { path: 'all-donation', ...page('./routes/dashboard-all-donations.tsx', 'DashboardAllDonationsPage') },
  { path: 'monthly-gifts', ...page('./routes/dashboard-monthly-gifts.tsx', 'DashboardMonthlyGiftsPage') },
  { path: 'all-accounts', ...page('./routes/dashboard-all-accounts.tsx', 'DashboardAllAccountsPage') },
  { path: 'users/:accountId', ...page('./routes/dashboard-account-role.tsx', 'DashboardAccountRolePage') },
  { path: 'outbox', ...page('./routes/dashboard-outbox.tsx', 'DashboardOutboxPage') },
  { path: 'audit', ...page('./routes/dashboard-audit.tsx', 'DashboardAuditPage') },
  { path: 'settings', ...page('./routes/dashboard-settings.tsx', 'DashboardSettingsPage') },
  { path: 'reviews', ...page('./routes/dashboard-reviews.tsx', 'DashboardReviewsPage') },
  { path: 'events/:eventId/messages', ...page('./routes/dashboard-event-messages.tsx', 'DashboardEventMessagesPage') },
];

/**
 * One event's door: its roster and its check-in, behind the door guard (DECISIONS.md 5.4): admins, and
 * the people (of any role) an admin named to run that event's door.
 */
const doorPages = [
  { path: 'events/:eventId/roster', ...page('./routes/dashboard-event-roster.tsx', 'DashboardEventRosterPage') },
  { path: 'checkin/:eventId', ...page('./routes/dashboard-checkin.tsx', 'DashboardCheckinPage') },
];

/** What every page's header and footer read: the organisation's settings. */
const siteData: PageData = ({ queryClient }) => queryClient.prefetchQuery(siteQuery);

/**
 * Each page is its own chunk, so the home page downloads only what it shows. The same routes render
 * on the server (entry-server.tsx) and in the browser (main.tsx), which takes over the server's HTML.
 */
export const routes: RouteObject[] = [
  {
    ...loaderFor(siteData),
    element: (
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    ),
    hydrateFallbackElement: (
      <SiteLayout>
        <PageLoader />
      </SiteLayout>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...page('./routes/home.tsx', 'HomePage') },
          { path: 'home', ...page('./routes/home.tsx', 'HomePage') },
          { path: 'events', ...page('./routes/events.tsx', 'EventsPage') },
          {
            path: 'eventDetails/:eventId',
            ...page('./routes/event-details.tsx', 'EventDetailsPage'),
          },
          { path: 'login', ...page('./routes/login.tsx', 'LoginPage') },
          { path: 'register', ...page('./routes/register.tsx', 'RegisterPage') },
          { path: 'unsubscribe', ...page('./routes/unsubscribe.tsx', 'UnsubscribePage') },
          { path: 'monthly-gift', ...page('./routes/monthly-gift.tsx', 'MonthlyGiftPage') },
          { path: 'verify-email', ...page('./routes/verify-email.tsx', 'VerifyEmailPage') },
          { path: 'forgot-password', ...page('./routes/forgot-password.tsx', 'ForgotPasswordPage') },
          { path: 'reset-password', ...page('./routes/reset-password.tsx', 'ResetPasswordPage') },
          { path: 'privacy', ...page('./routes/policy.tsx', 'PrivacyPage') },
          { path: 'terms', ...page('./routes/policy.tsx', 'TermsPage') },
          { path: 'setup', ...page('./routes/setup.tsx', 'SetupPage') },
          {
            path: 'events/register/:singleEventId',
            element: <RequireSignedIn />,
            children: [{ index: true, ...page('./routes/event-register.tsx', 'EventRegisterPage') }],
          },
          {
            path: 'donation/:eventId',
            element: <RequireSignedIn />,
            children: [{ index: true, ...page('./routes/donation.tsx', 'DonationPage') }],
          },
          {
            path: 'dashboard',
            element: <RequireSignedIn />,
            children: [
              {
                ...page('./components/dashboard-shell.tsx', 'DashboardShell'),
                children: [
                  { index: true, ...page('./routes/dashboard.tsx', 'DashboardPage') },
                  {
                    path: 'profile',
                    ...page('./routes/dashboard-profile.tsx', 'DashboardProfilePage'),
                  },
                  {
                    path: 'myEvents',
                    ...page('./routes/dashboard-my-events.tsx', 'DashboardMyEventsPage'),
                  },
                  {
                    path: 'impact',
                    ...page('./routes/dashboard-impact.tsx', 'DashboardImpactPage'),
                  },
                  {
                    path: 'addReview',
                    ...page('./routes/dashboard-add-review.tsx', 'DashboardAddReviewPage'),
                  },
                  {
                    path: 'myReview',
                    ...page('./routes/dashboard-my-review.tsx', 'DashboardMyReviewPage'),
                  },
                  {
                    path: 'donation',
                    ...page('./routes/dashboard-donation.tsx', 'DashboardDonationPage'),
                  },
                  {
                    path: 'donation/:donationId/receipt',
                    ...page('./routes/dashboard-donation-receipt.tsx', 'DashboardDonationReceiptPage'),
                  },
                  {
                    path: 'registrations/:registrationId/waiver',
                    ...page('./routes/dashboard-registration-waiver.tsx', 'DashboardRegistrationWaiverPage'),
                  },
                  {
                    path: 'notices',
                    ...page('./routes/dashboard-notices.tsx', 'DashboardNoticesPage'),
                  },
                  {
                    path: 'security',
                    ...page('./routes/dashboard-security.tsx', 'DashboardSecurityPage'),
                  },
                  {
                    path: 'door',
                    ...page('./routes/dashboard-door.tsx', 'DashboardDoorPage'),
                  },
                  {
                    ...page('./features/staff/require-door.tsx', 'RequireDoor'),
                    children: doorPages,
                  },
                  {
                    ...page('./components/require-admin.tsx', 'RequireAdmin'),
                    children: [
                      {
                        path: 'addNotice',
                        ...page('./routes/dashboard-add-notice.tsx', 'DashboardAddNoticePage'),
                      },
                      ...adminPages,
                    ],
                  },
                  { path: '*', ...page('./routes/dashboard-not-found.tsx', 'DashboardNotFoundPage') },
                ],
              },
            ],
          },
          { path: '*', ...page('./routes/not-found.tsx', 'NotFoundPage') },
        ],
      },
    ],
  },
];
