import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/accounts.ts';
import { call, signUp, type TestAccount } from './accounts.ts';
import { setUpSecondFactor } from './second-factor.ts';
import type { TestApp } from './test-app.ts';

/**
 * The six callers every route is tried as: signed out, a donator, a volunteer, another account (a
 * second donator, who acts on the first donator's records), door staff (a donator an admin named to run
 * the door of the suite's events: its own caller, whose rights come from that and not from a role), and
 * an admin who has passed the second factor.
 */
export const callerNames = ['anonymous', 'donator', 'volunteer', 'other', 'doorStaff', 'admin'] as const;
export type CallerName = (typeof callerNames)[number];

export interface Caller {
  name: CallerName;
  /** Undefined when signed out. */
  account?: TestAccount;
  /** What authenticates the call: a bearer token, or for the admin the session cookie a browser holds. */
  headers: Record<string, string>;
}

/** A new account for a caller's role; an admin also sets up two-step sign-in and uses the session that passed it. */
export async function signUpCaller(t: TestApp, name: Exclude<CallerName, 'anonymous'>): Promise<Caller> {
  const role: Role = name === 'admin' ? 'admin' : name === 'volunteer' ? 'volunteer' : 'donator';
  const account = await signUp(t, { role });
  if (role !== 'admin') return { name, account, headers: account.auth };
  const { cookie } = await setUpSecondFactor(t, account);
  return { name, account, headers: { cookie } };
}

export async function signUpCallers(t: TestApp): Promise<Record<CallerName, Caller>> {
  return {
    anonymous: { name: 'anonymous', headers: {} },
    donator: await signUpCaller(t, 'donator'),
    volunteer: await signUpCaller(t, 'volunteer'),
    other: await signUpCaller(t, 'other'),
    doorStaff: await signUpCaller(t, 'doorStaff'),
    admin: await signUpCaller(t, 'admin'),
  };
}

/** One call: its path (with query), and a JSON body or raw bytes with their type. */
export interface AccessRequest {
  path: string;
  body?: unknown;
  raw?: { type: string; bytes: Buffer };
}

export interface Answer {
  status: number;
  text: string;
}

/** Makes the call as a browser on the app's own pages would (the app's Origin), as `caller`; redirects are not followed. */
export async function callAs(t: TestApp, method: string, request: AccessRequest, caller: Caller): Promise<Answer> {
  const body = request.raw ? request.raw.bytes : request.body === undefined ? undefined : JSON.stringify(request.body);
  const type = request.raw ? request.raw.type : request.body === undefined ? undefined : 'application/json';
  const res = await t.api(request.path, {
    method,
    redirect: 'manual',
    headers: { origin: t.baseUrl, ...(type ? { 'content-type': type } : {}), ...caller.headers },
    ...(body === undefined ? {} : { body: new Uint8Array(Buffer.from(body)) }),
  });
  return { status: res.status, text: await res.text() };
}

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', postalCode: '10001' };

/** Starts a donation to an event as `who` through the API (test mode): the payment, not yet paid. */
export async function startPayment(t: TestApp, who: TestAccount, eventId: string) {
  const res = await call(t, 'POST', '/api/create-payment-intent', { eventId, attemptId: randomUUID() }, who.auth);
  if (res.status !== 200) throw new Error(`create-payment-intent answered ${res.status}`);
  const started = (await res.json()) as { clientSecret: string; paymentId: string };
  return { ...started, card };
}

/** A payment made by `who` with the test card that succeeds, not yet recorded as a donation. */
export async function paidPayment(t: TestApp, who: TestAccount, eventId: string) {
  const started = await startPayment(t, who, eventId);
  const paid = await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, who.auth);
  if (paid.status !== 200) throw new Error(`test-payments/confirm answered ${paid.status}`);
  return started;
}

/** A donation by `who`, paid and recorded through the API as the donation page does: its id. */
export async function donate(t: TestApp, who: TestAccount, eventId: string): Promise<string> {
  const { paymentId } = await paidPayment(t, who, eventId);
  const res = await call(t, 'POST', '/api/payment', { transaction: paymentId }, who.auth);
  if (res.status !== 200) throw new Error(`payment answered ${res.status}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** A monthly gift of `who` to an event, started and its first month paid through the API as the donation page does: its id. */
export async function giveMonthly(t: TestApp, who: TestAccount, eventId: string): Promise<string> {
  const res = await call(t, 'POST', '/api/subscriptions', { amount: 3000, eventId, attemptId: randomUUID() }, who.auth);
  if (res.status !== 200) throw new Error(`subscriptions answered ${res.status}`);
  const started = (await res.json()) as { clientSecret: string; paymentId: string; subscriptionId: string };
  const paid = await call(t, 'POST', '/api/test-payments/confirm', { clientSecret: started.clientSecret, card }, who.auth);
  if (paid.status !== 200) throw new Error(`test-payments/confirm answered ${paid.status}`);
  const recorded = await call(t, 'POST', '/api/payment', { transaction: started.paymentId }, who.auth);
  if (recorded.status !== 200) throw new Error(`payment answered ${recorded.status}`);
  return started.subscriptionId;
}

/** A registration of `who` for an event, through the API: its id. */
export async function register(t: TestApp, who: TestAccount, eventId: string): Promise<string> {
  const res = await call(t, 'POST', '/api/register', { eventId }, who.auth);
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}
