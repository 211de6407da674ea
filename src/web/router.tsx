import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from './components/page-loader.tsx';
import { RequireSignedIn } from './components/require-signed-in.tsx';
import { RouteError } from './components/route-error.tsx';
import { SiteLayout } from './components/site-layout.tsx';

const dashboardNotFound = () => import('./routes/dashboard-not-found.tsx').then((m) => ({ Component: m.DashboardNotFoundPage }));

/** A lazy route whose page is the export `name` of the module `load` imports. */
function page<Module extends Record<Name, ComponentType>, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return () => load().then((m) => ({ Component: m[name] }));
}

/** The admin pages of spec section 2, behind the admin guard (DECISIONS 3.1). */
const adminPages = [
  { path: 'addEvent', lazy: page(() => import('./routes/dashboard-add-event.tsx'), 'DashboardAddEventPage') },
  {
    path: 'eventUpdatePage/:singleEventId',
    lazy: page(() => import('./routes/dashboard-update-event.tsx'), 'DashboardUpdateEventPage'),
  },
  { path: 'allEvents', lazy: page(() => import('./routes/dashboard-all-events.tsx'), 'DashboardAllEventsPage') },
  {
    path: 'all-event-registration',
    lazy: page(() => import('./routes/dashboard-all-registrations.tsx'), 'DashboardAllRegistrationsPage'),
  },
  {
    path: 'event-register-role-update/:singleEventId',
    lazy: page(() => import('./routes/dashboard-registration-role.tsx'), 'DashboardRegistrationRolePage'),
  },
  { path: 'all-donation', lazy: page(() => import('./routes/dashboard-all-donations.tsx'), 'DashboardAllDonationsPage') },
  { path: 'all-accounts', lazy: page(() => import('./routes/dashboard-all-accounts.tsx'), 'DashboardAllAccountsPage') },
  { path: 'users/:accountId', lazy: page(() => import('./routes/dashboard-account-role.tsx'), 'DashboardAccountRolePage') },
  { path: 'outbox', lazy: page(() => import('./routes/dashboard-outbox.tsx'), 'DashboardOutboxPage') },
  { path: 'settings', lazy: page(() => import('./routes/dashboard-settings.tsx'), 'DashboardSettingsPage') },
  { path: 'reviews', lazy: page(() => import('./routes/dashboard-reviews.tsx'), 'DashboardReviewsPage') },
  { path: 'events/:eventId/roster', lazy: page(() => import('./routes/dashboard-event-roster.tsx'), 'DashboardEventRosterPage') },
];

/**
 * Each page is its own chunk, so the home page downloads only what it shows. The same routes render
 * on the server (entry-server.tsx) and in the browser (main.tsx), which takes over the server's HTML.
 */
export const routes: RouteObject[] = [
  {
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
          { index: true, lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomePage })) },
          { path: 'home', lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomePage })) },
          { path: 'events', lazy: () => import('./routes/events.tsx').then((m) => ({ Component: m.EventsPage })) },
          {
            path: 'eventDetails/:eventId',
            lazy: () => import('./routes/event-details.tsx').then((m) => ({ Component: m.EventDetailsPage })),
          },
          { path: 'login', lazy: () => import('./routes/login.tsx').then((m) => ({ Component: m.LoginPage })) },
          { path: 'register', lazy: () => import('./routes/register.tsx').then((m) => ({ Component: m.RegisterPage })) },
          { path: 'unsubscribe', lazy: page(() => import('./routes/unsubscribe.tsx'), 'UnsubscribePage') },
          { path: 'verify-email', lazy: page(() => import('./routes/verify-email.tsx'), 'VerifyEmailPage') },
          { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage') },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage') },
          { path: 'privacy', lazy: page(() => import('./routes/policy.tsx'), 'PrivacyPage') },
          { path: 'terms', lazy: page(() => import('./routes/policy.tsx'), 'TermsPage') },
          {
            path: 'events/register/:singleEventId',
            element: <RequireSignedIn />,
            children: [
              { index: true, lazy: () => import('./routes/event-register.tsx').then((m) => ({ Component: m.EventRegisterPage })) },
            ],
          },
          {
            path: 'donation/:eventId',
            element: <RequireSignedIn />,
            children: [{ index: true, lazy: page(() => import('./routes/donation.tsx'), 'DonationPage') }],
          },
          {
            path: 'dashboard',
            element: <RequireSignedIn />,
            children: [
              {
                lazy: () => import('./components/dashboard-shell.tsx').then((m) => ({ Component: m.DashboardShell })),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard.tsx').then((m) => ({ Component: m.DashboardPage })) },
                  {
                    path: 'profile',
                    lazy: () => import('./routes/dashboard-profile.tsx').then((m) => ({ Component: m.DashboardProfilePage })),
                  },
                  {
                    path: 'myEvents',
                    lazy: () => import('./routes/dashboard-my-events.tsx').then((m) => ({ Component: m.DashboardMyEventsPage })),
                  },
                  {
                    path: 'addReview',
                    lazy: () => import('./routes/dashboard-add-review.tsx').then((m) => ({ Component: m.DashboardAddReviewPage })),
                  },
                  {
                    path: 'myReview',
                    lazy: () => import('./routes/dashboard-my-review.tsx').then((m) => ({ Component: m.DashboardMyReviewPage })),
                  },
                  {
                    path: 'donation',
                    lazy: page(() => import('./routes/dashboard-donation.tsx'), 'DashboardDonationPage'),
                  },
                  {
                    path: 'donation/:donationId/receipt',
                    lazy: page(() => import('./routes/dashboard-donation-receipt.tsx'), 'DashboardDonationReceiptPage'),
                  },
                  {
                    path: 'notices',
                    lazy: () => import('./routes/dashboard-notices.tsx').then((m) => ({ Component: m.DashboardNoticesPage })),
                  },
                  {
                    lazy: () => import('./components/require-admin.tsx').then((m) => ({ Component: m.RequireAdmin })),
                    children: [
                      {
                        path: 'addNotice',
                        lazy: () => import('./routes/dashboard-add-notice.tsx').then((m) => ({ Component: m.DashboardAddNoticePage })),
                      },
                      ...adminPages,
                    ],
                  },
                  { path: '*', lazy: dashboardNotFound },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];
