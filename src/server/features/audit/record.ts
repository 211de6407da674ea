import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AuditAction } from '../../../shared/audit.ts';
import { accessOf } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { account, auditEntry } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordId } from '../../http/record-id.ts';

/** The record an action was about, as a person would name it. */
export interface AuditTarget {
  kind: string;
  id?: string | null;
  label?: string | null;
}

/** What an entry says beyond who, when and from where. */
export interface AuditNote {
  target?: AuditTarget;
  /** What changed (`{ from, to }`), or what was asked for; never secrets, tokens or message bodies. */
  details?: Record<string, unknown>;
}

/**
 * A route's `config.audit`: the action it records when it answers 2xx to an admin. `target` reads the
 * record before the handler changes it (a deleted event's title is gone afterwards); null means there
 * is nothing to record (no such record, or the admin's own). The handler may add to it with `noteAudit`.
 */
export interface AuditDeclaration {
  action: AuditAction;
  target?: (request: FastifyRequest, db: Database) => Promise<AuditNote | null>;
  /**
   * Record the attempt whatever its answer, not only a 2xx: `details.outcome` is what the handler noted
   * when it succeeded, or the failure's `reason` (its code without one, `failed` for the unforeseen).
   * For an action whose result another party may decide first (a refund the gateway's notice marks).
   */
  attempts?: boolean;
}

const USER_AGENT_MAX = 500;

/**
 * Writes one entry: the caller (with the email and role they have now, kept if the account goes), the
 * action, and where from (the address as Fastify reads it, through X-Forwarded-For only with TRUST_PROXY).
 * Takes the database or a transaction, so a service can record in the transaction of its change.
 */
export async function recordAudit(db: Database, request: FastifyRequest, entry: AuditNote & { action: AuditAction }) {
  const actor = request.account;
  if (!actor) throw new Error('an audit entry needs a signed-in caller');
  const userAgent = request.headers['user-agent'];
  await db.insert(auditEntry).values({
    // An admin who just deleted their own account is recorded by email and role, without the account.
    actorId: sql`(select ${account.id} from ${account} where ${account.id} = ${actor.id})`,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    details: entry.details ?? {},
    address: request.ip || null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
}

/**
 * Adds to what the route's entry will say (e.g. the id of the record it made); nothing when the route
 * records nothing for this caller (not an admin, or the record is their own).
 */
export function noteAudit(request: FastifyRequest, note: AuditNote) {
  const before = request.auditNote;
  if (!before) return;
  request.auditNote = {
    target: note.target ?? before.target,
    details: { ...before.details, ...note.details },
  };
}

const READS = new Set(['GET', 'HEAD']);

/** Whether a route changes something and only admins may call it: it must say what it records. */
export function isAdminWrite(route: Pick<RouteOptions, 'method' | 'config' | 'onRequest'>): boolean {
  const access = accessOf(route);
  return typeof access === 'object' && access.roles.includes('admin') && [route.method].flat().some((method) => !READS.has(method));
}

/** How an attempt failed, for `details.outcome`: the error's `reason`, its code, or `failed`. */
function outcomeOf(error: Error): string {
  if (!(error instanceof AppError)) return 'failed';
  return typeof error.details?.reason === 'string' ? error.details.reason : error.code;
}

/**
 * The audit log's hooks for the API: every admin write must declare `config.audit` (the app does not
 * start otherwise), and a declared route answered 2xx to an admin leaves one entry. A refused or
 * failed action records nothing, unless the route records `attempts`. Replies a route keeps
 * (`config.cache`) are recorded when made, not when the same admin is given them again from memory.
 */
export function registerAudit(api: FastifyInstance) {
  api.addHook('onRoute', (route) => {
    if (isAdminWrite(route) && !route.config?.audit) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: an admin action must declare config.audit (src/server/features/audit)`,
      );
    }
  });
  api.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config.audit;
    if (!declared || request.account?.role !== 'admin') return;
    request.auditNote = declared.target ? await declared.target(request, api.db) : {};
  });
  // Runs before the error handler answers, so the entry written on sending has the outcome.
  api.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.config.audit?.attempts) noteAudit(request, { details: { outcome: outcomeOf(error) } });
  });
  // A callback hook: it runs on every API reply (those from the reply cache too), and most have nothing to record.
  api.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const declared = request.routeOptions.config.audit;
    const note = request.auditNote;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    if (!declared || !note || (!succeeded && !declared.attempts)) return done(null, payload);
    recordAudit(api.db, request, { action: declared.action, ...note }).then(
      () => done(null, payload),
      (err: unknown) => {
        // A read of personal data is not handed out unrecorded; a change already made is answered, and the loss logged.
        if (READS.has(request.method)) return done(err as Error);
        request.log.error({ err, audit: { action: declared.action } }, 'audit entry not recorded');
        done(null, payload);
      },
    );
  });
}

/** The record id in the path's parameter `name`, or null when it cannot be one: for the features' audit-target readers. */
export const pathRecordId = (request: FastifyRequest, name: string) => recordId((request.params as Record<string, string>)[name] ?? '');

/** A list read: what it was asked for (search, filters, sort, and the page: limit, offset, cursor), not what it answered. */
export async function queryOf(request: FastifyRequest): Promise<AuditNote> {
  return { details: { ...(request.query as Record<string, unknown>) } };
}
