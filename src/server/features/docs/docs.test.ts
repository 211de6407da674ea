import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { authCalls } from '../../auth/calls.ts';
import { accessOf, requireRole } from '../../auth/signed-in.ts';
import { donation, registration } from '../../db/schema.ts';
import { earlyInputScriptSource } from '../../http/early-input.ts';
import { call, signUp, type TestAccount } from '../../test/accounts.ts';
import { insertEvent } from '../../test/factories.ts';
import { type RecordedRoute, startTestAppRecordingRoutes } from '../../test/recorded-routes.ts';
import type { TestApp } from '../../test/test-app.ts';
import { writeWaiver } from '../waivers/service.ts';

interface Operation {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-access'?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>; tags: { name: string }[] };
let operations: Operation[];
/** Every route the app added, as Fastify saw it being added. */
let registered: RecordedRoute[];
let admin: TestAccount;
let volunteer: TestAccount;
let donator: TestAccount;
/** Someone else, whose records the donator must not reach. */
let other: TestAccount;
let othersRegistration: string;
let othersDonation: string;
/** The other account's registration for an event with a waiver, and its signature. */
let othersSigned: { registrationId: string; signatureId: string };

beforeAll(async () => {
  ({ t, routes: registered } = await startTestAppRecordingRoutes());
  document = await (await t.api('/api/openapi.json')).json();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
  admin = await signUp(t, { role: 'admin' });
  volunteer = await signUp(t, { role: 'volunteer' });
  donator = await signUp(t);
  other = await signUp(t);
  const event = await insertEvent(t.app.db);
  othersRegistration = (await (await call(t, 'POST', '/api/register', { eventId: event.id }, other.auth)).json()).insertedId;
  const withWaiver = await insertEvent(t.app.db);
  await writeWaiver(t.app.db, withWaiver.id, 'I take part at my own risk.', null);
  const signing = { eventId: withWaiver.id, waiver: { accepted: true, signedName: 'Olu Other' } };
  const signedId: string = (await (await call(t, 'POST', '/api/register', signing, other.auth)).json()).insertedId;
  const [signature] = await t.app.db.select({ id: registration.waiverSignatureId }).from(registration).where(eq(registration.id, signedId));
  othersSigned = { registrationId: signedId, signatureId: signature?.id ?? '' };
  const [gift] = await t.app.db
    .insert(donation)
    .values({
      amountCents: 1000,
      paymentCreatedAt: new Date(),
      transaction: `pi_${randomUUID()}`,
      accountId: other.id,
      email: other.email,
      eventId: event.id,
      eventTitle: event.title,
      eventBanner: event.banner,
    })
    .returning();
  othersDonation = gift?.id ?? '';
});
afterAll(() => t.close());

/** A Fastify route URL as the document writes it: `:id` as `{id}`, a final `*` as `{path}`, no trailing slash. */
const asDocumentPath = (url: string) =>
  url
    .replace(/:(\w+)/g, '{$1}')
    .replace(/\*$/, '{path}')
    .replace(/(.)\/$/, '$1');

const key = (method: string, path: string) => `${method} ${path}`;

describe('GET /api/openapi.json', () => {
  it('answers anyone with a valid OpenAPI 3.1 document, the same one the page reads', async () => {
    const res = await t.api('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(await res.json());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(await (await t.api('/api/docs/json')).json()).toEqual(document);
  });

  it('describes every route the app has under /api, and no other', () => {
    const routes = registered.filter(({ method, url }) => url.startsWith('/api') && method !== 'HEAD' && url !== '/api/auth/*');
    const documented = operations.filter(({ method, path }) => method !== 'HEAD' && !path.startsWith('/api/auth/'));
    expect(routes.length).toBeGreaterThan(40);
    expect(documented.map((op) => key(op.method, op.path)).sort()).toEqual(
      [...new Set(routes.map((route) => key(route.method, asDocumentPath(route.url))))].sort(),
    );
  });

  it('describes the sign-in library route call by call: each call it lets through, and only those', async () => {
    const catchAll = registered.filter(({ url }) => url === '/api/auth/*').map(({ method }) => method);
    expect(catchAll).toEqual(expect.arrayContaining(['GET', 'POST']));
    const documented = operations.filter(({ path }) => path.startsWith('/api/auth/'));
    expect(documented.map((op) => key(op.method, op.path)).sort()).toEqual(
      authCalls.flatMap((c) => c.methods.map((method) => key(method, `/api/auth${c.path}`))).sort(),
    );
    for (const op of documented) {
      expect(catchAll).toContain(op.method);
      const res = await send(op, undefined);
      expect(`${key(op.method, op.path)} ${res.status} ${res.text}`).not.toMatch(/Sign-in call not found/);
    }
    for (const path of ['/api/auth/update-user', '/api/auth/get-session', '/api/auth/list-sessions']) {
      expect((await call(t, 'GET', path, undefined, donator.auth)).status).toBe(404);
      expect(operations.some((op) => op.path === path)).toBe(false);
    }
  });

  it('gives every operation a summary, a tag, who may call it, and its errors as the error body', () => {
    const tags = document.tags.map(({ name }) => name);
    const problems: string[] = [];
    for (const op of operations) {
      const name = key(op.method, op.path);
      const statuses = Object.keys(op.responses);
      const access = op['x-access'] ?? '';
      if (!op.summary) problems.push(`${name}: no summary`);
      if (op.tags?.length !== 1 || !tags.includes(op.tags[0] ?? '')) problems.push(`${name}: tags ${op.tags}`);
      if (!/^(public|signed-in|self-or-admin|event-staff-or-admin|admin|volunteer-or-admin)$/.test(access))
        problems.push(`${name}: x-access ${access}`);
      if (!op.description?.startsWith('**Who may call it:**')) problems.push(`${name}: does not say who may call it`);
      if (access !== 'public' && !statuses.includes('401')) problems.push(`${name}: ${access} without 401`);
      if (/admin/.test(access) && !statuses.includes('403')) problems.push(`${name}: ${access} without 403`);
      if ((op.parameters?.length || op.requestBody) && !statuses.includes('400')) problems.push(`${name}: takes input without 400`);
      if (!statuses.some((status) => Number(status) < 400)) problems.push(`${name}: no success answer`);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = op.responses[status]?.content?.['application/json']?.schema;
        if ((schema as { $ref?: string } | undefined)?.$ref !== '#/components/schemas/ErrorBody')
          problems.push(`${name}: ${status} is not ErrorBody`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names CSV and picture answers and picture uploads by their types', () => {
    const op = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path);
    for (const path of ['/api/register/export.csv', '/api/payment/export.csv']) {
      expect(Object.keys(op('GET', path)?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    }
    expect(Object.keys(op('GET', '/api/images/{id}')?.responses['200']?.content ?? {})).toEqual(['image/webp']);
    for (const [method, path] of [
      ['POST', '/api/images'],
      ['PUT', '/api/users/photo'],
    ] as const) {
      const body = op(method, path)?.requestBody as { content: Record<string, { schema: unknown }> };
      expect(Object.keys(body.content)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
      expect(body.content['image/png']?.schema).toEqual({ type: 'string', format: 'binary' });
    }
  });

  it('describes both ways to send the session', () => {
    const { components, security } = document as unknown as {
      components: { securitySchemes: Record<string, Record<string, string>> };
      security: Record<string, string[]>[];
    };
    expect(components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' });
    expect(components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(security).toEqual([{ session: [] }, { bearer: [] }]);
  });

  it("says who may call each of the spec's calls as DECISIONS.md section 2 does", () => {
    const decided: Record<string, string> = {
      'GET /api/events': 'public',
      'GET /api/events/{id}': 'public',
      'GET /api/review': 'public',
      'POST /api/events': 'admin',
      'PUT /api/events/{id}': 'admin',
      'DELETE /api/events/{id}': 'admin',
      'POST /api/register': 'signed-in',
      'GET /api/register': 'admin',
      'GET /api/register/{id}': 'self-or-admin',
      'DELETE /api/register/{id}': 'self-or-admin',
      'GET /api/register/event/{email}': 'self-or-admin',
      'GET /api/payment/{email}': 'self-or-admin',
      'GET /api/review/{email}': 'self-or-admin',
      'GET /api/users/{email}': 'self-or-admin',
      'POST /api/create-payment-intent': 'signed-in',
      'POST /api/payment': 'signed-in',
      'GET /api/payment': 'admin',
      'GET /api/users': 'admin',
      'DELETE /api/users/{id}': 'admin',
      'PUT /api/users/role': 'admin',
      'POST /api/review': 'signed-in',
      'POST /api/notices': 'admin',
      'GET /api/notices': 'volunteer-or-admin',
      // "self": these change the caller's own account only.
      'POST /api/users': 'signed-in',
      'PUT /api/users': 'signed-in',
      'GET /api/users/account/{id}': 'self-or-admin',
      // Moderation, notice corrections, the overview and rosters (issue 14): admins only.
      'GET /api/reviews': 'admin',
      'PATCH /api/review/{id}': 'admin',
      'DELETE /api/review/{id}': 'admin',
      'PUT /api/notices/{id}': 'admin',
      'DELETE /api/notices/{id}': 'admin',
      'GET /api/overview': 'admin',
      // Rosters and the door: admins, and the door staff and shift leads named for the event (issue 32).
      'GET /api/events/{id}/roster': 'event-staff-or-admin',
      'GET /api/events/{id}/roster.csv': 'event-staff-or-admin',
      // Check-in at the door and each person's impact (issue 17).
      'GET /api/register/{id}/pass': 'self-or-admin',
      'POST /api/checkin': 'event-staff-or-admin',
      'DELETE /api/checkin/{registrationId}': 'event-staff-or-admin',
      'PATCH /api/checkin/{registrationId}': 'admin',
      'GET /api/events/{id}/checkins': 'event-staff-or-admin',
      'GET /api/impact/{email}': 'self-or-admin',
      'GET /api/impact/{email}/certificate.pdf': 'self-or-admin',
      // People's own data (issue 18): the caller's own account only.
      'GET /api/users/me/export': 'signed-in',
      'DELETE /api/users/me': 'signed-in',
      // The audit log (issue 18).
      'GET /api/audit': 'admin',
      'GET /api/audit.csv': 'admin',
    };
    const documented = Object.fromEntries(
      operations.filter((op) => key(op.method, op.path) in decided).map((op) => [key(op.method, op.path), op['x-access']]),
    );
    expect(documented).toEqual(decided);
  });
});

interface Answer {
  status: number;
  text: string;
}

/**
 * Bodies that get past the input checks to the check of who is calling, where the input is checked
 * first. Every other call gets `{}`: its guard answers before its body is read.
 */
const validBodies: Record<string, unknown> = {
  'POST /api/auth/change-password': { currentPassword: 'not-the-password', newPassword: 'lantern-meadow-77' },
};

/** Calls an operation as `who` (signed out when undefined), with its path parameters filled in. */
async function send(op: Operation, who: TestAccount | undefined, values: Record<string, string> = {}): Promise<Answer> {
  const params: Record<string, string> = { id: randomUUID(), email: donator.email, provider: 'google', path: 'swagger-ui.css', ...values };
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
  const hasBody = op.method === 'POST' || op.method === 'PUT';
  const res = await t.api(url, {
    method: op.method,
    redirect: 'manual',
    headers: { origin: t.baseUrl, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...who?.auth },
    ...(hasBody ? { body: JSON.stringify(validBodies[key(op.method, op.path)] ?? {}) } : {}),
  });
  return { status: res.status, text: await res.text() };
}

function isErrorBody(text: string) {
  try {
    return errorBodySchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/** The records of `owner` that a self-or-admin operation names in its path. */
function recordsOf(op: Operation, owner: TestAccount): Record<string, string> {
  if (op.path === '/api/register/{id}' || op.path === '/api/register/{id}/pass' || op.path === '/api/register/{id}/answers')
    return owner === other ? { id: othersRegistration } : {};
  if (op.path === '/api/register/{id}/waiver') return owner === other ? { id: othersSigned.registrationId } : {};
  if (op.path === '/api/waivers/{id}') return owner === other ? { id: othersSigned.signatureId } : {};
  if (op.path === '/api/payment/{id}/receipt' || op.path === '/api/payment/{id}/receipt.pdf')
    return owner === other ? { id: othersDonation } : {};
  return { email: owner.email, id: owner.id };
}

describe('who may call each operation, checked by calling it', () => {
  it('refuses everyone the reference does not name: 401 signed out, 403 signed in', async () => {
    const problems: string[] = [];
    let checked = 0;
    const check = (op: Operation, who: string, answer: Answer, expected: (status: number) => boolean) => {
      checked += 1;
      const name = `${key(op.method, op.path)} (${op['x-access']}) as ${who}`;
      if (!expected(answer.status)) problems.push(`${name}: ${answer.status} ${answer.text.slice(0, 120)}`);
      if (!(String(answer.status) in op.responses)) problems.push(`${name}: answered ${answer.status}, which the reference does not list`);
      if (answer.status >= 400 && !isErrorBody(answer.text)) problems.push(`${name}: ${answer.status} is not the error body`);
    };
    const refused = (status: number) => status === 403;
    const admitted = (status: number) => status !== 401 && status !== 403;
    for (const op of operations) {
      const access = op['x-access'];
      check(op, 'signed out', await send(op, undefined), access === 'public' ? admitted : (status) => status === 401);
      if (access === 'signed-in') check(op, 'a donator', await send(op, donator), admitted);
      if (access === 'admin' || access === 'volunteer-or-admin') {
        const allowed = access === 'admin' ? [admin] : [volunteer, admin];
        for (const who of [donator, volunteer, admin]) {
          check(
            op,
            who === admin ? 'an admin' : who === volunteer ? 'a volunteer' : 'a donator',
            await send(op, who),
            allowed.includes(who) ? admitted : refused,
          );
        }
      }
      if (access === 'self-or-admin') {
        check(op, "a donator, on another's records", await send(op, donator, recordsOf(op, other)), refused);
        check(op, 'a donator, on their own', await send(op, donator, recordsOf(op, donator)), admitted);
        check(op, "an admin, on another's records", await send(op, admin, op.method === 'DELETE' ? {} : recordsOf(op, other)), admitted);
      }
    }
    expect(problems).toEqual([]);
    // Every operation was called at least signed out, and the guarded ones as the others too.
    expect(checked).toBeGreaterThan(operations.length + 40);
    // The refused cancellation changed nothing.
    expect((await call(t, 'GET', `/api/register/${othersRegistration}`, undefined, other.auth)).status).toBe(200);
  });

  it('reads who may call a route from the one place the route says it', () => {
    expect(accessOf({ config: { public: true } })).toBe('public');
    expect(accessOf({ onRequest: requireRole('volunteer', 'admin') })).toEqual({ roles: ['volunteer', 'admin'] });
    expect(accessOf({})).toBe('signed-in');
    expect(() => accessOf({ config: { public: true }, onRequest: requireRole('admin') })).toThrow(/once/);
  });
});

describe('error answers', () => {
  const listed = (method: string, path: string, status: number) =>
    String(status) in (operations.find((op) => op.method === method && op.path === path)?.responses ?? {});

  it('answers invalid input with 400, the error body and the fields that are wrong', async () => {
    const res = await call(t, 'POST', '/api/events', { title: 'A run' }, admin.auth);
    expect(res.status).toBe(400);
    const { error } = errorBodySchema.parse(await res.json());
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['desc', 'date']));
    expect(listed('POST', '/api/events', 400)).toBe(true);
  });

  it('answers 404 and 409 with the error body, on calls that list them', async () => {
    const missing = await call(t, 'GET', `/api/events/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('not_found');
    expect(listed('GET', '/api/events/{id}', 404)).toBe(true);

    const { id: eventId } = await insertEvent(t.app.db);
    expect((await call(t, 'POST', '/api/register', { eventId }, donator.auth)).status).toBe(201);
    const again = await call(t, 'POST', '/api/register', { eventId }, donator.auth);
    expect(again.status).toBe(409);
    expect(errorBodySchema.parse(await again.json()).error.code).toBe('conflict');
    expect(listed('POST', '/api/register', 409)).toBe(true);
  });

  it('answers a body larger than the call takes with 413 and the error body', async () => {
    const res = await call(t, 'POST', '/api/review', { message: 'x', review: 'y'.repeat(1024 * 1024) }, donator.auth);
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('payload_too_large');
    expect(listed('POST', '/api/review', 413)).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it("answers a page that loads only this server's scripts, under a policy that allows no other", async () => {
    const res = await t.api('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const [, attributes = '', inline = ''] of scripts) {
      expect(inline.trim()).toBe('');
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? '';
      const url = new URL(src, `${t.baseUrl}/api/docs`);
      expect(url.origin).toBe(t.baseUrl);
      const script = await t.api(url.pathname);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect((await script.text()).length).toBeGreaterThan(0);
    }
    const policy = Object.fromEntries(
      (res.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(policy['default-src']).toEqual(["'self'"]);
    // The site's one policy: scripts from here only ('wasm-unsafe-eval' is for the door page's QR reader,
    // WebAssembly only), and the one inline script of the drawn pages by its hash (decision 042).
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", earlyInputScriptSource]);
  });
});
