import type { Auth } from './auth/auth.ts';
import type { SignedInAccount } from './auth/signed-in.ts';
import type { AccountLimit, Config, DownloadLimit } from './config.ts';
import type { Database } from './db/client.ts';
import type { AuditDeclaration, AuditNote } from './features/audit/record.ts';
import type { AuditRetentionJob } from './features/audit/retention.ts';
import type { EventMessageJob } from './features/event-messages/job.ts';
import type { DecodePool } from './features/images/decode-pool.ts';
import type { RenewalJob } from './features/subscriptions/job.ts';
import type { DatabaseOutage } from './http/outage.ts';
import type { RateLimitCounts } from './http/rate-limit-counts.ts';
import type { CacheScope, ReplyCache } from './http/reply-cache.ts';
import type { ReminderJob } from './mail/reminders.ts';
import type { SigningSite } from './mail/unsubscribe.ts';
import type { OutboxWorker } from './mail/worker.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { TestModeGateway } from './payments/test-mode-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: 'embedded' | 'server';
    auth: Auth;
    /** Whether the database is out: one log event per outage, and when it returns. */
    databaseOutage: DatabaseOutage;
    /**
     * Sends the messages the outbox holds. The database announces each message queued (migration 0019),
     * and the app wakes it then: a route that queues one has nothing more to do.
     */
    outbox: OutboxWorker;
    /** The site as messages name it, with the secret that signs their links: kept until the settings change. */
    mailSite(): Promise<SigningSite>;
    /** Signs sessions, and the unsubscribe links in messages (src/server/mail/unsubscribe.ts). */
    authSecret: string;
    /** Queues the day-before event reminders, at start and every `config.mail.reminderCheckMs`. */
    reminders: ReminderJob;
    /** Sends the messages to events' people when due: at start, every `config.mail.messageCheckMs`, and when one is written to go now. */
    eventMessages: EventMessageJob;
    /** Test mode's monthly payments (undefined with Stripe, which renews them itself). */
    renewals: RenewalJob | undefined;
    /** Deletes audit entries older than AUDIT_RETENTION_DAYS, at start and daily. */
    auditRetention: AuditRetentionJob;
    /** Stripe when configured, otherwise the offline test-mode gateway. */
    payments: PaymentGateway | TestModeGateway;
    /** Replies kept in memory while nothing they are made of changed. */
    replyCache: ReplyCache;
    /** Whether rate limits are counted in Redis right now; undefined without REDIS_URL. */
    redisState(): Promise<'ok' | 'unavailable' | undefined>;
    /** The counts every limit shares: in Redis when REDIS_URL is set, in this process otherwise. */
    rateLimitCounts: RateLimitCounts;
    /** Pictures decoded a few at a time (src/server/features/images/decode-pool.ts). */
    pictureDecodes: DecodePool;
  }
  interface FastifyRequest {
    /** The signed-in caller, read from the session once per request; null when signed out. */
    account: SignedInAccount | null;
    /** What this request's audit entry will say (src/server/features/audit/record.ts); null: nothing to record. */
    auditNote?: AuditNote | null;
  }
  interface FastifyContextConfig {
    /** Routes are for signed-in callers unless they say they are public. */
    public?: boolean;
    /**
     * Replies kept in memory until something they are made of changes (src/server/http/reply-cache.ts):
     * 'public' for the same bytes to everyone, 'personal' per account.
     */
    cache?: CacheScope;
    /**
     * The tables a kept reply is made of: a change to one of them drops it, a change to any other does
     * not. Left out, any change drops it (the safe default).
     */
    tables?: readonly string[];
    /** Limited per account in each hour (src/server/http/limits.ts). */
    accountLimit?: AccountLimit;
    /** A file limited per account in each minute (src/server/http/limits.ts). */
    downloadLimit?: DownloadLimit;
    /** What the route records in the audit log when it answers 2xx to an admin (required of admin writes). */
    audit?: AuditDeclaration;
  }
}
