import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoader } from './components/page-loader.tsx';
import { RequireSignedIn } from './components/require-signed-in.tsx';
import { RouteError } from './components/route-error.tsx';
import { SiteLayout } from './components/site-layout.tsx';

const dashboardNotFound = () =>
  import('./routes/dashboard-not-found.tsx').then((m) => ({ Component: m.DashboardNotFoundPage }));

/**
 * The admin pages of spec section 2, behind the admin guard (DECISIONS 3.1). Their pages come later;
 * until one is built its address answers with the dashboard's not-found message, to admins only.
 */
const adminPaths = [
  'addEvent',
  'eventUpdatePage/:singleEventId',
  'allEvents',
  'all-event-registration',
  'event-register-role-update/:singleEventId',
  'all-donation',
  'all-accounts',
  'users/:accountId',
];

/** Each page is its own chunk, so the home page downloads only what it shows. */
export const router = createBrowserRouter([
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
          {
            path: 'events/register/:singleEventId',
            element: <RequireSignedIn />,
            children: [
              { index: true, lazy: () => import('./routes/event-register.tsx').then((m) => ({ Component: m.EventRegisterPage })) },
            ],
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
                      ...adminPaths.map((path) => ({ path, lazy: dashboardNotFound })),
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
]);
