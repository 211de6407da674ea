import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoader } from './components/page-loader.tsx';
import { RouteError } from './components/route-error.tsx';
import { SiteLayout } from './components/site-layout.tsx';

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
          { path: '*', lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]);
