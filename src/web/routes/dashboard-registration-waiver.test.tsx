import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Registration } from '../../shared/registrations.ts';
import type { SignedWaiver } from '../../shared/waivers.ts';
import { registrationQueries } from '../features/registrations/api.ts';
import { waiverQueries } from '../features/waivers/api.ts';
import { ada, knownSite, signedIn } from '../test/fixtures.ts';
import { button, renderForm, screen, within } from '../test/render-form.tsx';
import { DashboardMyEventsPage } from './dashboard-my-events.tsx';
import { DashboardRegistrationWaiverPage } from './dashboard-registration-waiver.tsx';

const registrationId = '3f1c2a4e-8b6d-4c1e-9f0a-2b7d5e6c8a91';
const eventId = '7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b';

const signed: SignedWaiver = {
  _id: 'waiver-1',
  registrationId,
  eventId,
  eventTitle: 'Food drive',
  version: 2,
  text: 'I take part at my own risk.\n\nI will follow the team leader’s instructions.',
  textHash: 'a3f1c0de9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a392817060504',
  signedName: 'Rita Okafor',
  guardianName: 'Sam Okafor',
  email: 'rita@example.org',
  signedAt: '2026-11-21T09:21:00.000Z',
  address: '203.0.113.7',
};

/** The signed waiver's page, its waiver already loaded (`known`), or asked of the server. */
const page = (known: SignedWaiver | null = signed) =>
  renderForm(
    <Routes>
      <Route path="/dashboard/registrations/:registrationId/waiver" element={<DashboardRegistrationWaiverPage />} />
    </Routes>,
    {
      path: `/dashboard/registrations/${registrationId}/waiver`,
      data: [knownSite(), signedIn(ada), ...(known ? [[waiverQueries.signed(registrationId).queryKey, known] as const] : [])],
    },
  );

/** What the page says for a term of its list. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('The signed waiver', () => {
  it('shows the event, the text and its version, who signed, when, from where, and the text’s hash', () => {
    page();
    const article = screen.getByRole('article', { name: 'Signed waiver' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Signed waiver' })).toBeTruthy();
    expect(within(article).getByText('Food drive')).toBeTruthy();
    expect(within(article).getByText('Version 2')).toBeTruthy();
    expect(detail('Signed by')).toBe('Rita Okafor');
    expect(detail('Parent or guardian')).toBe('Sam Okafor');
    expect(detail('Account')).toBe('rita@example.org');
    expect(detail('Network address')).toBe('203.0.113.7');
    expect(detail('Text’s SHA-256 hash')).toBe(signed.textHash);
    const time = article.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(signed.signedAt);
    expect(time?.textContent).toMatch(/November 2026 at \d\d:\d\d/);
    expect(within(article).getByRole('heading', { level: 2, name: 'Waiver text' })).toBeTruthy();
    expect(within(article).getByText('I take part at my own risk.').tagName).toBe('P');
  });

  it('leaves out the guardian when none signed, and prints with the Print button', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = page({ ...signed, guardianName: null });
    expect(screen.queryByText('Parent or guardian', { selector: 'dt' })).toBeNull();
    await user.click(button('Print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when the registration has no signed waiver', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'This registration has no signed waiver' } }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    page(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'This registration has no signed waiver' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Events' }).getAttribute('href')).toBe('/dashboard/myEvents');
  });
});

const registration: Registration = {
  _id: registrationId,
  eventId,
  index: 1,
  key: 'food-drive',
  title: 'Food drive',
  desc: 'Sorting and packing food parcels.',
  banner: '/images/food-drive.jpg',
  date: '2020-12-05T09:00',
  location: null,
  end: null,
  capacity: null,
  status: 'registered',
  position: null,
  name: ada.displayName,
  email: ada.email,
  image: null,
  role: 'admin',
  registeredAt: '2020-11-20T10:00:00.000Z',
  shift: null,
  answers: null,
  waiverId: 'waiver-1',
};

describe('My Events', () => {
  const myEvents = (registrations: Registration[]) =>
    renderForm(<DashboardMyEventsPage />, {
      path: '/dashboard/myEvents',
      data: [knownSite(), signedIn(ada), [registrationQueries.mine(ada.email).queryKey, registrations]],
    });

  it('links a registration with a signed waiver to its page', () => {
    myEvents([registration, { ...registration, _id: 'registration-2', title: 'Park clean-up', waiverId: null }]);
    const links = screen.getAllByRole('link', { name: 'Signed waiver' });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/dashboard/registrations/${registrationId}/waiver`);
    expect(document.getElementById(links[0]?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Food drive');
  });
});
