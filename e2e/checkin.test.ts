import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventCheckins } from '../src/shared/checkin.ts';
import { formatEventDate } from '../src/shared/event-date.ts';
import { adminSession, apiCall, type Session, signedInPage, signUpThroughApi, uniqueEmail } from './support/accounts.ts';
import { baseURL, expectAccessible, pageProblems } from './support/browser.ts';
import { closeCameraBrowsers, pageWithCamera, qrVideo } from './support/fake-camera.ts';

/**
 * The door: an admin's phone checks people in by scanning their pass with its camera (a real QR code of
 * a real pass, played by a fake camera) or by name, undoes a mistaken check-in, and keeps check-ins made
 * with no connection, sending each once when the connection returns and showing those another phone
 * had already made.
 */

afterAll(() => closeCameraBrowsers());

/** This machine's wall clock `hours` from now, to the minute: 'YYYY-MM-DDTHH:MM' (the site's zone is this machine's). */
function localWall(hours: number): string {
  return localWallOf(new Date(Date.now() + hours * 3600_000));
}

/** The wall clock `at` shows on this machine: 'YYYY-MM-DDTHH:MM'. */
function localWallOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** An event going on now (begun an hour ago, for four hours): its door is open. `startsIn` hours moves it. */
async function newEvent(admin: Session, what: string, startsIn = -1) {
  const title = `${what} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const res = await apiCall(admin, 'POST', '/events', {
    title,
    desc: 'Packing food parcels for families in the church hall.',
    banner: '/images/events/coat-drive.svg',
    date: localWall(startsIn),
    end: localWall(startsIn + 4),
    location: 'Church hall, Mill Lane',
  });
  if (res.status !== 200) throw new Error(`adding ${title} failed: ${res.status} ${await res.text()}`);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return { eventId: insertedId, title };
}

/** People registered for the event through the API, each with their registration id. */
async function registeredPeople(eventId: string, names: string[]) {
  const people = [];
  for (const name of names) {
    const session = await signUpThroughApi({ email: uniqueEmail('door'), name });
    const res = await apiCall(session, 'POST', '/register', { eventId });
    if (res.status !== 201) throw new Error(`registering ${name} failed: ${res.status} ${await res.text()}`);
    people.push({ name, email: session.email, registrationId: ((await res.json()) as { insertedId: string }).insertedId });
  }
  return people;
}

async function passOf(admin: Session, registrationId: string): Promise<string> {
  const res = await apiCall(admin, 'GET', `/register/${registrationId}/pass`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function doorList(admin: Session, eventId: string): Promise<EventCheckins> {
  const res = await apiCall(admin, 'GET', `/events/${eventId}/checkins`);
  expect(res.status).toBe(200);
  return (await res.json()) as EventCheckins;
}

/** Every POST /api/checkin the page sends, counted as it leaves. */
function countCheckinPosts(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkin') count += 1;
  });
  return () => count;
}

const banner = (page: Page) => page.getByTestId('door-result');

/** The shared browser has no camera device (on a machine with one, headless Chromium is refused it). */
const CAMERA_PROBLEM = /No camera found|The camera is not allowed/;

async function openDoor(page: Page, eventId: string, title: string) {
  await page.goto(`/dashboard/checkin/${eventId}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
}

/** What the page keeps waiting to send, read from its IndexedDB. */
function keptQueue(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hh-checkin');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('queue').objectStore('queue').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

describe('the door: scanning passes', () => {
  it('checks a person in from the QR code of their pass, read by the camera, once however long it is held up', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Scan at the door');
    const [dora] = await registeredPeople(eventId, ['Dora Door', 'Eli Early']);
    if (!dora) throw new Error('no one registered');
    const token = await passOf(admin, dora.registrationId);

    const page = await pageWithCamera(admin, qrVideo(token));
    // Each camera stream the page opens, to see it stopped when the page is left.
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const open = devices.getUserMedia.bind(devices);
      const streams: MediaStream[] = [];
      (window as unknown as { streams: MediaStream[] }).streams = streams;
      devices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        streams.push(stream);
        return stream;
      };
    });
    const posts = countCheckinPosts(page);
    const elsewhere: string[] = [];
    const wasm: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL).origin) elsewhere.push(request.url());
      if (url.pathname.endsWith('.wasm')) wasm.push(url.pathname);
    });
    await openDoor(page, eventId, title);
    await page.getByText('0 of 2 checked in').waitFor();

    const firstPost = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkin');
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await firstPost;
    const scannedAt = Date.now();
    await banner(page).getByText('Checked in: Dora Door').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('checked-in');
    await page.getByText('1 of 2 checked in').waitFor();
    // The camera goes on seeing the same code many times a second: within 5 s of the scan it is the same
    // scan, not a stream of 'already checked in' (counted from the scan, however slow the answer was).
    await page.waitForTimeout(Math.max(0, scannedAt + 4000 - Date.now()));
    expect(posts()).toBe(1);
    expect(await banner(page).getAttribute('data-tone')).toBe('checked-in');

    const list = await doorList(admin, eventId);
    expect(list.checkedIn).toBe(1);
    expect(list.people.find((person) => person.registrationId === dora.registrationId)?.checkedInAt).not.toBeNull();
    // No browser here has a BarcodeDetector of its own: ZXing read the code, its WebAssembly served by the product itself.
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((file) => /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(file))).toBe(true);
    expect(elsewhere).toEqual([]);

    const live = () =>
      page
        .evaluate(() =>
          (window as unknown as { streams: MediaStream[] }).streams
            .flatMap((stream) => stream.getTracks())
            .filter((t) => t.readyState === 'live'),
        )
        .then((tracks) => tracks.length);
    expect(await live()).toBe(1);
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.getByRole('button', { name: 'Scan passes' }).waitFor();
    expect(await live()).toBe(0);

    // Leaving the page with the camera on stops it too.
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await page.getByRole('button', { name: 'Stop camera' }).waitFor();
    await expect.poll(live).toBe(1);
    await page.getByRole('link', { name: 'Roster' }).click();
    await page.getByRole('heading', { level: 1, name: `Roster: ${title}` }).waitFor();
    await expect.poll(live).toBe(0);
  });

  it('says plainly when the camera cannot be used, and finding people by name still works', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'No camera');
    await registeredPeople(eventId, ['Ivy Inside']);
    // The shared browser has no camera at all.
    const page = await signedInPage(admin);
    await openDoor(page, eventId, title);
    await page.getByRole('button', { name: 'Scan passes' }).click();
    const problem = page.getByRole('alert').filter({ hasText: CAMERA_PROBLEM });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Find people by name below');
    await page.getByRole('button', { name: 'Check in Ivy Inside' }).click();
    await banner(page).getByText('Checked in: Ivy Inside').waitFor();
    await expectAccessible(page);
  });

  it('says a pass whose signature was altered is not valid, in red, and checks no one in', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Forged pass');
    const [fay] = await registeredPeople(eventId, ['Fay Forged']);
    if (!fay) throw new Error('no one registered');
    const token = await passOf(admin, fay.registrationId);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;

    const page = await pageWithCamera(admin, qrVideo(altered));
    await openDoor(page, eventId, title);
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await banner(page).getByText('Not valid', { exact: true }).waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('invalid');
    expect(await banner(page).textContent()).toContain('This pass is not valid');
    await page.getByText('0 of 1 checked in').waitFor();
    expect((await doorList(admin, eventId)).checkedIn).toBe(0);
  });

  it('refuses, in red, a genuine pass for another event instead of checking the person in there', async () => {
    const admin = await adminSession();
    const here = await newEvent(admin, 'This door');
    const there = await newEvent(admin, 'Another door');
    await registeredPeople(here.eventId, ['Hana Here']);
    const [owen] = await registeredPeople(there.eventId, ['Owen Other']);
    if (!owen) throw new Error('no one registered');
    const token = await passOf(admin, owen.registrationId);

    const page = await pageWithCamera(admin, qrVideo(token));
    const posts = countCheckinPosts(page);
    await openDoor(page, here.eventId, here.title);
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await banner(page).getByText('Not valid: not on this event’s list').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('invalid');
    expect(posts()).toBe(0);
    expect((await doorList(admin, there.eventId)).checkedIn).toBe(0);
    expect((await doorList(admin, here.eventId)).checkedIn).toBe(0);
  });
});

describe('the door: by name', () => {
  it('finds a person by name, checks them in, and undoes it only after asking', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Door by name');
    const people = await registeredPeople(eventId, ['Nia Name', 'Ola Other']);
    const nia = people[0];
    if (!nia) throw new Error('no one registered');
    const page = await signedInPage(admin);

    // From All Events: each event has its door. Other pages carry none of its scanner.
    const scannerFiles: string[] = [];
    page.on('request', (request) => {
      if (/qr-reader|zxing/.test(request.url())) scannerFiles.push(request.url());
    });
    await page.goto(`/dashboard/allEvents?q=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: `Check-in for ${title}` }).waitFor();
    expect(scannerFiles).toEqual([]);
    await page.getByRole('link', { name: `Check-in for ${title}` }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/checkin/${eventId}`);
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    expect(await page.title()).toContain(`Check-in: ${title}`);
    await page.getByText('0 of 2 checked in').waitFor();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('nia');
    await page.getByText('1 of 2 match').waitFor();
    expect(await page.getByRole('list', { name: 'People on the door list' }).getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Check in Nia Name' }).click();
    await banner(page).getByText('Checked in: Nia Name').waitFor();
    // The result is said and focused, so the next scan or search starts from it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('door-result');
    await page.getByText('1 of 2 checked in').waitFor();
    expect((await doorList(admin, eventId)).people.find((p) => p.registrationId === nia.registrationId)?.checkedInAt).not.toBeNull();
    await expectAccessible(page);

    // Undo asks first; 'no' keeps the check-in.
    await page.getByRole('button', { name: 'Undo check-in of Nia Name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this check-in?' });
    await dialog.getByText('Nia Name will no longer be counted as checked in.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await doorList(admin, eventId)).checkedIn).toBe(1);

    await page.getByRole('button', { name: 'Undo check-in of Nia Name' }).click();
    await dialog.getByRole('button', { name: 'Yes, undo' }).click();
    await page.getByRole('button', { name: 'Check in Nia Name' }).waitFor();
    await page.getByText('0 of 2 checked in').waitFor();
    expect((await doorList(admin, eventId)).checkedIn).toBe(0);

    // Checked in again after the undo, under a new key; another phone's try after it is refused.
    await page.getByRole('button', { name: 'Check in Nia Name' }).click();
    await banner(page).getByText('Checked in: Nia Name').waitFor();
    // The banner may still be the first check-in's: the server's own list says when this one is in.
    await expect.poll(async () => (await doorList(admin, eventId)).checkedIn).toBe(1);
    expect((await apiCall(admin, 'POST', '/checkin', { eventId, registrationId: nia.registrationId })).status).toBe(409);

    // The roster shows the check-in, and leads back to the door.
    await page.getByRole('link', { name: 'Roster', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Roster: ${title}` }).waitFor();
    await page.getByTestId('checked-in-count').getByText('1 of 2 checked in').waitFor();
    await page.getByRole('link', { name: 'Check-in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });

  it('is for admins only', async () => {
    const admin = await adminSession();
    const { eventId } = await newEvent(admin, 'Door closed');
    const donor = await signUpThroughApi({ email: uniqueEmail('donor'), name: 'Dan Donor' });
    const page = await signedInPage(donor);
    await page.goto(`/dashboard/checkin/${eventId}`);
    await page.getByRole('heading', { level: 1, name: /not authori[sz]ed/i }).waitFor();
    expect(await page.getByText('checked in').count()).toBe(0);
  });
});

describe('the door without a connection', () => {
  it('keeps three check-ins made offline and sends each once when the connection returns', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Offline door');
    const people = await registeredPeople(eventId, ['Ann Offline', 'Ben Offline', 'Cai Offline', 'Dee Online']);
    const page = await signedInPage(admin);
    const posts = countCheckinPosts(page);
    await openDoor(page, eventId, title);
    await page.getByText('0 of 4 checked in').waitFor();
    await page.getByText('Waiting to send: 0').waitFor();

    await page.context().setOffline(true);
    await page.getByText('Offline: check-ins are kept on this phone').waitFor();
    for (const person of people.slice(0, 3)) {
      await page.getByRole('button', { name: `Check in ${person.name}` }).click();
      await banner(page).getByText(`Saved on this phone: ${person.name}`).waitFor();
    }
    await page.getByText('Waiting to send: 3').waitFor();
    expect(await keptQueue(page)).toBe(3);
    expect(posts()).toBe(0);
    expect((await doorList(admin, eventId)).checkedIn).toBe(0);
    await expectAccessible(page);

    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    await page.getByText('Sent 3 check-ins kept on this phone.').waitFor();
    await banner(page).getByText('Sent 3 check-ins kept on this phone').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('checked-in');
    await page.getByText('3 of 4 checked in').waitFor();
    const list = await doorList(admin, eventId);
    expect(list.checkedIn).toBe(3);
    expect(
      list.people
        .filter((person) => person.checkedInAt)
        .map((person) => person.name)
        .sort(),
    ).toEqual(['Ann Offline', 'Ben Offline', 'Cai Offline']);
    expect(await keptQueue(page)).toBe(0);
    // Each sent once: a reload sends nothing more (the queue is empty), and nobody else was counted.
    await page.reload();
    await page.getByText('3 of 4 checked in').waitFor();
    await page.waitForTimeout(500);
    expect(posts()).toBe(3);
    expect((await doorList(admin, eventId)).checkedIn).toBe(3);
    expect(pageProblems(page).filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(problem))).toEqual([]);
  });

  it('shows a check-in made offline that another phone had already made as a conflict, not lost', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Two phones');
    const [cleo] = await registeredPeople(eventId, ['Cleo Conflict']);
    if (!cleo) throw new Error('no one registered');
    const page = await signedInPage(admin);
    await openDoor(page, eventId, title);
    await page.getByText('0 of 1 checked in').waitFor();

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Check in Cleo Conflict' }).click();
    await page.getByText('Waiting to send: 1').waitFor();
    // Another phone had checked her in a minute before, and sends it now (the earlier scan is the one that counts).
    const at = new Date(Date.now() - 60_000).toISOString();
    const other = await apiCall(admin, 'POST', '/checkin', { eventId, registrationId: cleo.registrationId, key: crypto.randomUUID(), at });
    expect(other.status).toBe(200);
    const first = ((await other.json()) as { checkedInAt: string }).checkedInAt;

    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    const conflicts = page.getByRole('region', { name: 'Conflicts (1)' });
    await conflicts.waitFor();
    // The banner that said 'Saved on this phone' now says, in amber, that it was not counted.
    await banner(page).getByText('1 check-in kept on this phone not counted').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('already');
    const conflict = conflicts.getByTestId('door-conflict');
    expect(await conflict.textContent()).toMatch(/Cleo Conflict: already checked in at \d{1,2}:\d{2} [ap]m, on another phone/);
    await page.getByText('1 of 1 checked in').waitFor();
    // The check-in that counts is the other phone's, recorded once.
    const list = await doorList(admin, eventId);
    expect(list.checkedIn).toBe(1);
    expect(list.people[0]?.checkedInAt).toBe(first);
    expect(await keptQueue(page)).toBe(0);
    await expectAccessible(page);

    // Kept until dismissed, across a reload.
    await page.reload();
    await conflicts.waitFor();
    await conflicts.getByRole('button', { name: 'Dismiss the conflict of Cleo Conflict' }).click();
    await conflicts.waitFor({ state: 'detached' });
  });

  it('sends a check-in whose answer was lost again, and the server counts it once', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Lost answer');
    const [lou] = await registeredPeople(eventId, ['Lou Lost']);
    if (!lou) throw new Error('no one registered');
    const page = await signedInPage(admin);
    const posts = countCheckinPosts(page);
    await openDoor(page, eventId, title);
    // The first check-in reaches the server and is recorded, but its answer never comes back.
    let recorded: { checkedInAt: string } | undefined;
    await page.route('**/api/checkin', async (route) => {
      const response = await route.fetch();
      recorded = (await response.json()) as { checkedInAt: string };
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Check in Lou Lost' }).click();
    await banner(page).getByText('Saved on this phone: Lou Lost').waitFor();
    await page.getByText('Waiting to send: 1').waitFor();
    expect(recorded?.checkedInAt).toBeDefined();
    await page.unroute('**/api/checkin');

    // Opened again, the page sends what it kept: the same check-in, with the same key, answered as the first.
    await page.reload();
    await page.getByText('Waiting to send: 0').waitFor();
    await page.getByText('1 of 1 checked in').waitFor();
    expect(posts()).toBe(2);
    expect(await page.getByRole('region', { name: /^Conflicts/ }).count()).toBe(0);
    const list = await doorList(admin, eventId);
    expect(list.checkedIn).toBe(1);
    expect(list.people[0]?.checkedInAt).toBe(recorded?.checkedInAt);
  });

  it('never lets two tabs send the same queue', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Two tabs');
    const people = await registeredPeople(eventId, ['Tam Tab', 'Uma Tab']);
    const first = await signedInPage(admin);
    await openDoor(first, eventId, title);
    const second = await first.context().newPage();
    await openDoor(second, eventId, title);
    const postsFirst = countCheckinPosts(first);
    const postsSecond = countCheckinPosts(second);

    await first.context().setOffline(true);
    for (const person of people) {
      await first.getByRole('button', { name: `Check in ${person.name}` }).click();
      await banner(first).getByText(`Saved on this phone: ${person.name}`).waitFor();
    }
    await first.getByText('Waiting to send: 2').waitFor();
    // Both tabs see the connection return at the same moment, and both try to send.
    await first.context().setOffline(false);
    await first.getByText('Waiting to send: 0').waitFor();
    // Whichever tab held the lock and sent them, the tab they were made in says they went, and shows them in.
    await banner(first).getByText('Sent 2 check-ins kept on this phone').waitFor();
    await first.getByText('2 of 2 checked in').waitFor();
    await second.reload();
    await second.getByText('2 of 2 checked in').waitFor();
    await second.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    expect(postsFirst() + postsSecond()).toBe(2);
    expect((await doorList(admin, eventId)).checkedIn).toBe(2);
  });

  it('keeps a pass scanned with no connection as the pass, and the server checks it when it is sent', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Scan offline');
    const [sam] = await registeredPeople(eventId, ['Sam Scanned']);
    if (!sam) throw new Error('no one registered');
    const token = await passOf(admin, sam.registrationId);
    const page = await pageWithCamera(admin, qrVideo(token));
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkin') sent.push(request.postDataJSON());
    });
    await openDoor(page, eventId, title);
    await page.getByText('0 of 1 checked in').waitFor();
    // The reader is kept before the connection goes.
    await page.locator('[data-offline-ready]').waitFor();

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await banner(page).getByText('Saved on this phone: Sam Scanned').waitFor();
    await page.getByText('Waiting to send: 1').waitFor();
    // Still held up after a few seconds: the phone knows it already kept it, and keeps it once.
    await banner(page).getByText('Already saved on this phone: Sam Scanned').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('already');
    expect(await keptQueue(page)).toBe(1);
    await page.getByRole('button', { name: 'Stop camera' }).click();

    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    await page.getByText('1 of 1 checked in').waitFor();
    expect(sent).toEqual([{ eventId, token, key: expect.stringMatching(/^[\da-f-]{36}$/), at: expect.any(String) }]);
    expect((await doorList(admin, eventId)).checkedIn).toBe(1);
  });

  it('shows a pass for another event scanned with no connection as a conflict, and counts it at neither event', async () => {
    const admin = await adminSession();
    const here = await newEvent(admin, 'Offline door');
    const there = await newEvent(admin, 'Other offline door');
    await registeredPeople(here.eventId, ['Hugo Here']);
    const [olga] = await registeredPeople(there.eventId, ['Olga Other']);
    if (!olga) throw new Error('no one registered');
    const token = await passOf(admin, olga.registrationId);
    const page = await pageWithCamera(admin, qrVideo(token));
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkin') sent.push(request.postDataJSON());
    });
    await openDoor(page, here.eventId, here.title);
    await page.getByText('0 of 1 checked in').waitFor();
    await page.locator('[data-offline-ready]').waitFor();

    // Offline, the phone cannot ask whether a pass missing from its list is new here or another event's: it keeps it.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Scan passes' }).click();
    await banner(page).getByText('Saved on this phone', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.getByText('Waiting to send: 1').waitFor();

    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    // Sent with this door's event, the server refuses it: a conflict in red, not a check-in at the other event.
    expect(sent).toEqual([{ eventId: here.eventId, token, key: expect.stringMatching(/^[\da-f-]{36}$/), at: expect.any(String) }]);
    const conflicts = page.getByRole('region', { name: 'Conflicts (1)' });
    await conflicts.waitFor();
    expect(await conflicts.getByTestId('door-conflict').textContent()).toContain(
      'Olga Other: not counted here (This pass is for another event)',
    );
    await banner(page).getByText('1 check-in kept on this phone not counted').waitFor();
    expect(await banner(page).getAttribute('data-tone')).toBe('invalid');
    expect(await keptQueue(page)).toBe(0);
    expect((await doorList(admin, there.eventId)).checkedIn).toBe(0);
    expect((await doorList(admin, here.eventId)).checkedIn).toBe(0);
    await expectAccessible(page);
  });

  it('opens again with no connection, from what the phone kept', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Hall with no signal');
    await registeredPeople(eventId, ['Gus Good', 'Hal Hall']);
    const page = await signedInPage(admin);
    await openDoor(page, eventId, title);
    await page.getByText('0 of 2 checked in').waitFor();
    // The service worker keeps the page, its files and ZXing's WebAssembly.
    await page.locator('[data-offline-ready]').waitFor();

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    await page.getByText(/^The list as this phone last loaded it/).waitFor();
    await page.getByText('0 of 2 checked in').waitFor();
    await page.getByRole('button', { name: 'Check in Hal Hall' }).click();
    await page.getByText('Waiting to send: 1').waitFor();

    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    await page.getByText('1 of 2 checked in').waitFor();
    expect((await doorList(admin, eventId)).checkedIn).toBe(1);
  });

  it('gets ready to work offline when reached from All Events, says so, and then opens with no connection', async () => {
    const admin = await adminSession();
    const { eventId, title } = await newEvent(admin, 'Door from the list');
    await registeredPeople(eventId, ['Ivy Inn']);
    const page = await signedInPage(admin);
    await page.goto(`/dashboard/allEvents?q=${encodeURIComponent(title)}`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.getByRole('link', { name: `Check-in for ${title}` }).click();
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    // Said only once the worker holds the page and its files and the phone holds the list.
    const status = page.getByTestId('door-offline');
    await status.getByText('Ready offline: this page opens without a connection').waitFor();
    expect(await page.locator('[data-offline-ready]').count()).toBe(1);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Check-in: ${title}` }).waitFor();
    await page.getByText('0 of 1 checked in').waitFor();
    await page.getByRole('button', { name: 'Check in Ivy Inn' }).click();
    await page.getByText('Waiting to send: 1').waitFor();
    await page.context().setOffline(false);
    await page.getByText('Waiting to send: 0').waitFor();
    expect((await doorList(admin, eventId)).checkedIn).toBe(1);
  });

  it('says when the door opens for an event still to come, and checks no one in before then', async () => {
    const admin = await adminSession();
    // Starts in 5 hours: the door opens 2 hours before, in 3 hours.
    const { eventId, title } = await newEvent(admin, 'Door not open', 5);
    await registeredPeople(eventId, ['Jo Early']);
    const list = await doorList(admin, eventId);
    const page = await signedInPage(admin);
    await openDoor(page, eventId, title);
    await page
      .getByTestId('door-shut')
      .getByText(/^Check-in opens on /)
      .waitFor();
    await page.getByRole('button', { name: 'Check in Jo Early' }).click();
    await expect.poll(() => banner(page).textContent()).toContain('Not yet: check-in has not opened');
    expect(await banner(page).textContent()).toContain(
      `Check-in for this event opens on ${formatEventDate(localWallOf(new Date(list.event.checkinOpensAt)))}, 2 hours before it starts`,
    );
    expect((await doorList(admin, eventId)).checkedIn).toBe(0);
    await expectAccessible(page);
  });
});
