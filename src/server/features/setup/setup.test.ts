import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SITE_NAME } from '../../config.ts';
import { account } from '../../db/schema.ts';
import { call, me, sessionOf, signUp } from '../../test/accounts.ts';
import { setUpSecondFactor } from '../../test/second-factor.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { announceStartNotes, startNotes } from './start-notes.ts';

/** What the server prints at its start, and the set-up code in it (undefined when none is printed). */
async function started(t: TestApp) {
  const notes = await startNotes(t.app);
  const code = notes.find((note) => note.setupAddress)?.setupAddress?.match(/\/setup\?code=([\w-]+)$/)?.[1];
  return { notes: notes.map((note) => note.text), addresses: notes.flatMap((note) => note.setupAddress ?? []), code };
}

const admin = {
  organisation: 'Riverside Food Share',
  name: 'Amina Rahman',
  email: 'amina@riverside.example.org',
  password: 'lantern-orchard-river-7',
};

const setUp = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/api/setup', body, headers);

async function admins(t: TestApp) {
  return t.app.db.select({ email: account.email }).from(account).where(eq(account.role, 'admin'));
}

describe('a fresh install without mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('prints at its start what it lacks: the set-up address, mail, real payments', async () => {
    const { notes, addresses, code } = await started(t);
    expect(code).toMatch(/^[\w-]{32}$/);
    expect(addresses).toEqual([`${t.baseUrl}/setup?code=${code}`]);
    const text = notes.join('\n');
    expect(text).toContain('This site has no admin yet');
    expect(text).toContain('SMTP_URL is not set');
    expect(text).toContain('no real money is taken');
  });

  it('gives a new code at each start; only the newest opens set-up, and nothing else is told what the install has', async () => {
    const first = await started(t);
    const second = await started(t);
    expect(second.code).not.toBe(first.code);
    expect(await (await t.api(`/api/setup?code=${first.code}`)).json()).toEqual({ codeAccepted: false });
    expect(await (await t.api('/api/setup')).json()).toEqual({ codeAccepted: false });
    expect(await (await t.api('/api/setup?code=guess')).json()).toEqual({ codeAccepted: false });
    const res = await t.api(`/api/setup?code=${second.code}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ codeAccepted: true, organisation: SITE_NAME, mailConfigured: false, payments: 'test' });
  });

  it('refuses a wrong code and a weak or mistyped admin, making no account', async () => {
    const { code } = await started(t);
    const wrong = await setUp(t, { ...admin, code: `${code}x` });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.message).toContain('printed when it last started');

    const short = await setUp(t, { ...admin, code, password: 'short-pass1' });
    expect(short.status).toBe(400);
    expect((await short.json()).error.fields.password).toBe("An admin's password must be at least 12 characters");

    const badEmail = await setUp(t, { ...admin, code, email: 'amina-at-riverside' });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error.fields.email).toBe('Enter proper email');

    const noName = await setUp(t, { ...admin, code, organisation: '  ' });
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.fields.organisation).toBe('Organisation name is required');

    expect(await t.app.db.select().from(account)).toEqual([]);
  });

  it('refuses an address that already has an account', async () => {
    const existing = await signUp(t);
    const { code } = await started(t);
    const res = await setUp(t, { ...admin, code, email: existing.email });
    expect(res.status).toBe(409);
    expect((await res.json()).error.fields.email).toContain('already exists');
    expect(await admins(t)).toEqual([]);
  });

  it('makes the first admin, signed in, names the organisation, then is gone', async () => {
    const { code } = await started(t);
    const res = await setUp(t, { ...admin, code });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: admin.email, confirmationMailed: false, mailConfigured: false });
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('better-auth.session_token='))
      ?.split(';')[0];
    expect(cookie).toBeDefined();
    const who = await me(t, { cookie: cookie ?? '' });
    expect(who).toMatchObject({ email: admin.email, name: admin.name, role: 'admin' });

    // Without mail the code proved the address: nothing waits on a link that cannot arrive.
    const [row] = await t.app.db.select().from(account).where(eq(account.email, admin.email));
    expect(row?.emailVerified).toBe(true);
    expect(row?.mailboxProvenAt).toBeInstanceOf(Date);
    expect((await (await t.api('/api/site')).json()).name).toBe(admin.organisation);

    // Gone: the page's call, the set-up itself (with the same code), and the printed address.
    expect((await t.api(`/api/setup?code=${code}`)).status).toBe(404);
    const again = await setUp(t, { ...admin, email: 'someone@example.org', code });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toContain('this site has an admin');
    const after = await started(t);
    expect(after.code).toBeUndefined();
    expect(after.addresses).toEqual([]);
    expect(after.notes.join('\n')).not.toContain('no admin');
    expect(await admins(t)).toEqual([{ email: admin.email }]);
  });
});

describe('the notes at start', () => {
  it('are a block of plain words at a terminal, and JSON lines with the whole address in a log', async () => {
    const lines: string[] = [];
    const t = await startTestApp({ logLevel: 'info' }, { logTo: (line) => lines.push(line) });
    try {
      let block = '';
      await announceStartNotes(t.app, { isTTY: true, write: (text) => (block += text) });
      expect(block).toMatch(/^\nHelping Hands is running\. To finish setting it up:\n\n\* This site has no admin yet\./);
      const code = block.match(/\n {4}(http:\S+\/setup\?code=([\w-]+))\n/)?.[2];
      expect((await (await t.api(`/api/setup?code=${code}`)).json()).codeAccepted).toBe(true);
      expect(lines.filter((line) => line.includes('startNote'))).toEqual([]);

      // Some codes are 32 letters and digits, the shape of a session token that the log's text scrubbing
      // hides: the address is a field of its own, kept whole.
      let logged: string | undefined;
      for (let start = 0; start < 200 && !logged?.match(/code=[A-Za-z0-9]{32}$/); start++) {
        lines.length = 0;
        await announceStartNotes(t.app, { isTTY: false, write: () => expect.unreachable('no terminal') });
        const notes = lines.map((line) => JSON.parse(line)).filter((line) => line.startNote);
        expect(notes.map((note) => note.msg)).toEqual([
          expect.stringMatching(/^This site has no admin yet\. Open the set-up address/),
          expect.stringMatching(/^Mail is not set up/),
          expect.stringMatching(/^Donations are in test mode/),
        ]);
        logged = notes[0]?.setupAddress;
      }
      expect(logged).toMatch(/code=[A-Za-z0-9]{32}$/);
      expect((await (await t.api(`/api/setup?code=${logged?.split('code=')[1]}`)).json()).codeAccepted).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('two set-ups at once', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('make one admin; the other is told and leaves no account behind', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await startTestApp();
      apps.push(t);
      const { code } = await started(t);
      const answers = await Promise.all(
        ['first', 'second', 'third'].map((who) =>
          setUp(t, { ...admin, code, name: `Admin ${who}`, email: `${who}@riverside.example.org` }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const status of statuses.filter((s) => s !== 201)) expect([404, 409]).toContain(status);
      expect(await admins(t)).toHaveLength(1);
      expect(await t.app.db.select({ id: account.id }).from(account)).toHaveLength(1);
    }
  });
});

describe('a fresh install with mail', () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    // As a new install has it: admin pages ask for the second factor.
    t = await startTestApp({ adminMfa: 'required', mail: { ...loadConfig().mail, smtpUrl: smtp.url, pollMs: 100 } });
  });
  afterEach(() => smtp.set('accept'));
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('says mail is set up, makes the admin and mails the link that confirms the address', async () => {
    const { notes, code } = await started(t);
    expect(notes.join('\n')).not.toContain('SMTP_URL');
    expect(await (await t.api(`/api/setup?code=${code}`)).json()).toMatchObject({ codeAccepted: true, mailConfigured: true });
    const res = await setUp(t, { ...admin, code });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: admin.email, confirmationMailed: true, mailConfigured: true });
    const [mail] = await smtp.mailTo(admin.email, { subject: /^Confirm your email address/ });
    expect(mail?.text).toContain(`${t.baseUrl}/verify-email?token=`);
    const [row] = await t.app.db.select().from(account).where(eq(account.email, admin.email));
    expect(row).toMatchObject({ role: 'admin', emailVerified: false });
  });

  it("sends an admin's test email straight through the mail server, or says why it was not taken", async () => {
    const signIn = await call(t, 'POST', '/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(signIn.status).toBe(200);
    const [row] = await t.app.db.select({ id: account.id }).from(account).where(eq(account.email, admin.email));
    const who = sessionOf(signIn, { id: row?.id ?? '', email: admin.email, name: admin.name, password: admin.password });

    // Before the second factor is set up: to the admin's own address only.
    const own = await call(t, 'POST', '/api/site/test-email', {}, { cookie: who.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ to: admin.email });
    const [mail] = await smtp.mailTo(admin.email, { subject: /^Test message from Riverside Food Share$/ });
    expect(mail?.text).toContain('mail is set up');
    const elsewhere = await call(t, 'POST', '/api/site/test-email', { to: 'treasurer@riverside.example.org' }, { cookie: who.cookie });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).error.code).toBe('mfa_required');

    const { cookie } = await setUpSecondFactor(t, who);
    const other = await call(t, 'POST', '/api/site/test-email', { to: 'treasurer@riverside.example.org' }, { cookie });
    expect(other.status).toBe(200);
    expect(await smtp.mailTo('treasurer@riverside.example.org', { subject: /^Test message/ })).toHaveLength(1);

    smtp.set('refuse');
    const refused = await call(t, 'POST', '/api/site/test-email', {}, { cookie });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toMatch(/^The mail server did not take the test message: .*451/);

    const volunteer = await signUp(t, { role: 'volunteer' });
    expect((await call(t, 'POST', '/api/site/test-email', {}, volunteer.auth)).status).toBe(403);
    expect((await call(t, 'POST', '/api/site/test-email', {})).status).toBe(401);
  });
});

describe('the test email without mail', () => {
  it('is refused with what to set, and nothing is sent', async () => {
    const t = await startTestApp();
    try {
      const someone = await signUp(t, { role: 'admin' });
      const res = await call(t, 'POST', '/api/site/test-email', {}, someone.auth);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toContain('set SMTP_URL');
    } finally {
      await t.close();
    }
  });
});
