import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, newPage, pageProblems } from './support/browser.ts';

/**
 * Markup an attacker stores in every text field the product shows: each must come back as the words
 * typed, in the browser and in the HTML the server draws, and never as an element that runs.
 */
const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';
const SVG = '"><svg onload=window.__pwned=1>';
const LINK = 'javascript:window.__pwned=1';

/** What each field holds: the payloads with a word before them, so each field is found on its own. */
const stored = {
  eventTitle: `Canal day ${IMG}`,
  eventDesc: `Bring boots ${SCRIPT} and ${SVG} see ${LINK}`,
  eventLocation: `Quay ${SVG}`,
  reviewMessage: `Grand day ${SVG}`,
  reviewText: `Loved it ${IMG} ${SCRIPT}`,
  profileName: `Mallory ${SVG}`,
  noticeFirstLine: `Gloves ${IMG}`,
  noticeSecondLine: `Then ${SCRIPT} ${LINK}`,
  siteName: `Harbour ${SVG}`,
  siteTagline: `Helping ${IMG}`,
  siteAddress: `1 Dock Road ${SCRIPT}`,
  socialLabel: 'On <img src=x onerror=window.__pwned=1>',
  socialUrl: 'https://example.org/"><svg/onload=window.__pwned=1>',
};

/** The raw forms that must never reach a page's HTML: each would be an element. */
const RAW = ['<img src=x onerror', '<script>window.__pwned', '<svg onload', '<svg/onload'];

let admin: Session;
let mallory: Session;
let eventId = '';

/** A day a month from now, as the event form sends it. */
function dayAhead(days: number) {
  const day = new Date(Date.now() + days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  admin = await adminSession();
  // Mallory's name is markup; she registers, reviews, and is seen by the admin everywhere.
  mallory = await signUpThroughApi({ email: uniqueEmail('mallory'), name: stored.profileName });

  const created = await apiCall(admin, 'POST', '/events', {
    title: stored.eventTitle,
    desc: stored.eventDesc,
    location: stored.eventLocation,
    banner: '/images/events/food-bank.svg',
    date: dayAhead(30),
  });
  expect(created.status).toBe(200);
  const events = (await (await apiCall(null, 'GET', `/events?limit=100&q=${encodeURIComponent('Canal day')}`)).json()) as {
    _id: string;
    title: string;
  }[];
  eventId = events.find((e) => e.title === stored.eventTitle)?._id ?? '';
  expect(eventId).not.toBe('');

  expect((await apiCall(mallory, 'POST', '/register', { eventId })).status).toBe(201);
  expect((await apiCall(mallory, 'POST', '/review', { message: stored.reviewMessage, review: stored.reviewText })).status).toBe(200);
  const [mine] = (await (await apiCall(mallory, 'GET', `/review/${mallory.email}`)).json()) as { _id: string }[];
  expect((await apiCall(admin, 'PATCH', `/review/${mine?._id}`, { status: 'approved' })).status).toBe(200);

  // Mallory is a volunteer, so the notices are hers to read too.
  expect((await apiCall(admin, 'PUT', '/users/role', { email: mallory.email, role: 'volunteer' })).status).toBe(200);
  const notice = await apiCall(admin, 'POST', '/notices', { notice: `${stored.noticeFirstLine}\n${stored.noticeSecondLine}` });
  expect(notice.status).toBeLessThan(300);

  const { socialSignIn: _, ...settings } = await (await apiCall(null, 'GET', '/site')).json();
  const saved = await apiCall(admin, 'PUT', '/site', {
    ...settings,
    name: stored.siteName,
    tagline: stored.siteTagline,
    address: stored.siteAddress,
    socialLinks: [{ label: stored.socialLabel, url: stored.socialUrl }],
  });
  expect(`${saved.status} ${await saved.text()}`).toMatch(/^200 /);
});

/** Elements and addresses the payloads would have made, had any been read as HTML. */
function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const html = element.outerHTML.slice(0, 120);
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name) && attribute.value.includes('__pwned')) found.push(`handler: ${html}`);
        if (/^(href|src|action|formaction)$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value))
          found.push(`javascript address: ${html}`);
      }
      if (element.tagName === 'SCRIPT' && /^\s*window\.__pwned/.test(element.textContent ?? '')) found.push(`script: ${html}`);
      if (element.tagName === 'IMG' && element.getAttribute('src') === 'x') found.push(`picture: ${html}`);
      if (element.tagName.toLowerCase() === 'svg' && element.hasAttribute('onload')) found.push(`svg: ${html}`);
    }
    return found;
  });
}

/** The page's HTML as the server sends it, to the account (or to anyone). */
async function serverHtml(path: string, who: Session | null): Promise<string> {
  const res = await fetch(`${baseURL}${path}`, {
    headers: who ? { cookie: `${who.cookie.name}=${who.cookie.value}` } : {},
  });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * Whether the HTML holds a field as text: every `<` written as an entity (`&lt;`, `&#60;`, …), and
 * `>`, `"`, `'` and `&` either as themselves or as entities, as HTML escapers differ there.
 */
function holdsEscaped(html: string, text: string): boolean {
  const entity = (...forms: string[]) => `(?:${forms.join('|')})`;
  const pattern = [...text]
    .map((char) => {
      if (char === '<') return entity('&lt;', '&#60;', '&#x3[cC];');
      if (char === '>') return entity('>', '&gt;', '&#62;', '&#x3[eE];');
      if (char === '"') return entity('"', '&quot;', '&#34;', '&#x22;');
      if (char === "'") return entity("'", '&#39;', '&#x27;', '&apos;');
      if (char === '&') return entity('&amp;', '&#38;', '&#x26;');
      return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');
  return new RegExp(pattern).test(html);
}

interface Visit {
  path: string;
  who: 'anyone' | 'mallory' | 'admin';
  /** Fields the page shows in full, as text. */
  shows: (keyof typeof stored)[];
  /** Fields the server draws into the page's HTML before any script runs. */
  drawn?: (keyof typeof stored)[];
}

const visits = (): Visit[] => [
  { path: '/', who: 'anyone', shows: ['siteName', 'reviewMessage', 'reviewText', 'siteAddress', 'socialLabel'], drawn: ['reviewText'] },
  { path: '/events', who: 'anyone', shows: ['eventTitle'], drawn: ['eventTitle'] },
  {
    path: `/eventDetails/${eventId}`,
    who: 'anyone',
    shows: ['eventTitle', 'eventDesc', 'eventLocation'],
    drawn: ['eventTitle', 'eventDesc'],
  },
  { path: '/dashboard/profile', who: 'mallory', shows: ['profileName'] },
  { path: '/dashboard/myReview', who: 'mallory', shows: ['reviewMessage', 'reviewText'] },
  { path: '/dashboard/myEvents', who: 'mallory', shows: ['eventTitle'] },
  { path: '/dashboard/notices', who: 'mallory', shows: ['noticeFirstLine'] },
  { path: '/dashboard/notices', who: 'admin', shows: ['noticeFirstLine'] },
  { path: '/dashboard/reviews?status=approved', who: 'admin', shows: ['reviewMessage', 'reviewText'] },
  { path: '/dashboard/allEvents', who: 'admin', shows: ['eventTitle'] },
  { path: '/dashboard/all-accounts', who: 'admin', shows: ['profileName'] },
  { path: '/dashboard/all-event-registration', who: 'admin', shows: ['eventTitle'] },
  { path: `/dashboard/events/${eventId}/roster`, who: 'admin', shows: ['profileName'] },
  { path: '/dashboard', who: 'admin', shows: [] },
  { path: '/dashboard/audit', who: 'admin', shows: [] },
];

describe('markup stored in every displayed field', () => {
  it('is shown as the words typed on every page that shows it, runs nothing, makes no element, and is escaped in the HTML', async () => {
    const pages: Record<Visit['who'], Page> = {
      anyone: await newPage(),
      mallory: await signedInPage(mallory),
      admin: await signedInPage(admin),
    };
    const dialogs: string[] = [];
    for (const page of Object.values(pages)) {
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }
    const problems: string[] = [];
    for (const visit of visits()) {
      const page = pages[visit.who];
      const where = `${visit.path} as ${visit.who}`;
      await page.goto(visit.path);
      for (const field of visit.shows) {
        const seen = await page
          .getByText(stored[field])
          .first()
          .waitFor()
          .then(() => true)
          .catch(() => false);
        if (!seen) problems.push(`${where}: ${field} is not shown as text`);
      }
      // The site's name is in the header of every page.
      await page.getByText(stored.siteName).first().waitFor();
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), where).toBeUndefined();
      for (const found of await injected(page)) problems.push(`${where}: ${found}`);

      const html = await serverHtml(visit.path, visit.who === 'anyone' ? null : visit.who === 'admin' ? admin : mallory);
      for (const raw of RAW) if (html.includes(raw)) problems.push(`${where}: the server's HTML has ${raw}`);
      for (const field of visit.drawn ?? []) {
        if (!holdsEscaped(html, stored[field])) problems.push(`${where}: the server's HTML does not have ${field} escaped`);
      }
      // The site's name is drawn escaped in the title of every page.
      if (!holdsEscaped(html, stored.siteName))
        problems.push(`${where}: the server's HTML does not have the site name escaped: ${/<title>[^<]*<\/title>/.exec(html)?.[0]}`);
    }
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
    for (const page of Object.values(pages)) {
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(pageProblems(page)).toEqual([]);
    }
  });
});

describe('the checks above', () => {
  it('catch markup that is read as HTML: the flag is set, the elements are found, the raw tag is not the escaped form', async () => {
    // A blank page, without the app's Content-Security-Policy (which would stop the handlers running
    // even if markup got in): here the payloads do run, and each check must see them.
    const page = await newPage();
    await page.setContent(`<main>${IMG}<div>${SVG}</div><a href="${LINK}">x</a></main>`);
    await expect.poll(() => page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBe(1);
    const found = await injected(page);
    expect(found.some((f) => f.startsWith('picture:'))).toBe(true);
    expect(found.some((f) => f.startsWith('svg:'))).toBe(true);
    expect(found.some((f) => f.startsWith('handler:'))).toBe(true);
    expect(found.some((f) => f.startsWith('javascript address:'))).toBe(true);
    expect(holdsEscaped(`<p>${stored.eventTitle}</p>`, stored.eventTitle)).toBe(false);
    expect(holdsEscaped('<p>Canal day &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;</p>', stored.eventTitle)).toBe(true);
  });
});
