import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies kept in memory while nothing they are made of has changed (docs/decisions/023-replies-from-memory.md,
 * 041-cache-invalidated-by-what-changed.md).
 *
 * A route opts in with `config: { cache: 'public' }` (the same bytes for everyone) or `'personal'` (kept
 * per account and role, answered only to that account), and says which tables its reply is made of with
 * `tables: ['event', 'registration']`; without `tables`, any change drops it. Every committed change to a
 * table is announced by the database (migration 0009) and drops the replies made of that table; a write
 * request answered here waits until the database's announcements have caught up with it before its
 * answer leaves, so a caller reads its own write at once. A reply is also kept at most `maxAgeMs`,
 * because some depend on the clock (an event becomes past). While changes cannot be seen (the database's
 * listening connection is lost or stopped answering) nothing is kept.
 *
 * Memory is bounded in bytes (`maxBytes`, the least recently used going first), and a reply is keyed by
 * the query parameters its route knows (its querystring schema), sorted: unknown ones make no new entry.
 */

export type CacheScope = 'public' | 'personal';

/** The tables a kept reply or value is made of; undefined when not known: then any change drops it. */
export type Tables = readonly string[] | undefined;

/**
 * Every table whose changes the database announces (the `hh_data_changed` triggers of migration 0009);
 * `reply-cache.test.ts` checks this list against the database's triggers.
 */
export const ANNOUNCED_TABLES = [
  'account',
  'session',
  'event',
  'registration',
  'donation',
  'review',
  'notice',
  'image',
  'site_settings',
  'shift',
  'event_staff',
] as const;

/**
 * Announced too (migration 0017): a change to the registrations that hold a place, the part of the
 * registrations a visitor sees (how many are registered, the places left). A read that shows nothing
 * else of them names this instead of 'registration', and a waitlist's changes leave it kept.
 */
export const REGISTRATION_PLACES = 'registration_places';

/**
 * What a page drawn for any visitor may show: every announced table but the sessions (renewed on reads),
 * and of the registrations only the places (a visitor's page shows no one's registration).
 */
export const PAGE_TABLES: Tables = [
  ...ANNOUNCED_TABLES.filter((table) => table !== 'session' && table !== 'registration' && table !== 'event_staff'),
  REGISTRATION_PLACES,
];

interface Entry {
  /** What the reply is made of, and the changes to those tables when it was read (`ReplyCache.stampOf`). */
  tables: Tables;
  stamp: number;
  /** Bytes held: the body, its compressed copies, and a rough figure for the key and headers. */
  bytes: number;
  madeAt: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  /** When a request began making this reply again (it was too old): others get this one meanwhile. */
  refreshingSince?: number;
  /** The whole set of headers answered, per encoding (and for 304), made on first use. */
  prepared?: Record<string, Record<string, string>>;
}

interface Fill {
  key: string;
  tables: Tables;
  stamp: number;
  /** Ends the fill; those waiting for it get `made` (the reply it made, kept or not) or look again. */
  settle: (made?: Entry) => void;
}

interface Filling {
  tables: Tables;
  done: Promise<Entry | undefined>;
}

interface Value {
  tables: Tables;
  stamp: number;
  bytes: number;
  madeAt: number;
  value: Promise<unknown>;
  refreshing?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    replyCacheFill?: Fill;
  }
}

/** Headers of a kept reply that are the reply's own, not set again for each answer. */
const KEPT_HEADERS = new Set(['content-type', 'x-total-count', 'link', 'x-next-cursor', 'content-disposition']);
const COMPRESS_FROM_BYTES = 1024;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A rough figure for what an entry holds besides its bodies (its key, headers and bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 1024;
/** How long an old reply stands in while another request makes it again; after that, one more tries. */
const REFRESH_PATIENCE_MS = 5_000;

export interface ReplyCacheOptions {
  maxEntries?: number;
  /** Bytes the kept replies may hold, and as many again for the kept values (pages); 32 MB each by default. */
  maxBytes?: number;
  maxAgeMs?: number;
}

/** Whether a change to `table` drops something made of `tables`. */
const dependsOn = (tables: Tables, table: string) => tables === undefined || tables.includes(table);

export class ReplyCache {
  private readonly entries = new Map<string, Entry>();
  /** Replies under way for keys with no reply kept: the others asking for the same wait for it. */
  private readonly filling = new Map<string, Filling>();
  private readonly values = new Map<string, Value>();
  /** Every change seen so far, per table, and how often everything was dropped at once. */
  private changes = 0;
  private everything = 0;
  private readonly tableChanges = new Map<string, number>();
  private watching = false;
  private entryBytes = 0;
  private valueBytes = 0;
  readonly maxEntries: number;
  /** Bytes the kept replies may hold, and as many again the kept values. */
  maxBytes: number;
  /** How long a reply is kept at most (some depend on the clock: an event becomes past). */
  maxAgeMs: number;
  /**
   * Resolves true once every change committed before the call has been announced here (see
   * `DatabaseHandle.watchChanges`), false when that cannot be known; set by the app.
   */
  caughtUp: () => Promise<boolean> = async () => false;
  /** Counts, for the bench and the tests' understanding; not exposed over HTTP. */
  readonly stats = { hits: 0, misses: 0, notModified: 0, dropped: 0, evicted: 0 };

  constructor(options: ReplyCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 1_000;
  }

  /**
   * A table changed (or, with no table, anything may have): what is made of it goes, and fills under way
   * from it are not kept. Those waiting for such a fill still get its reply (they asked before the
   * change); anyone asking from now on starts a new one.
   */
  changed(table?: string) {
    this.changes += 1;
    if (table === undefined) {
      this.everything += 1;
      this.stats.dropped += this.entries.size;
      this.entries.clear();
      this.entryBytes = 0;
      this.values.clear();
      this.valueBytes = 0;
      this.filling.clear();
      return;
    }
    this.tableChanges.set(table, (this.tableChanges.get(table) ?? 0) + 1);
    for (const [key, entry] of this.entries) {
      if (dependsOn(entry.tables, table)) this.dropEntry(key, entry);
    }
    for (const [key, value] of this.values) {
      if (dependsOn(value.tables, table)) this.dropValue(key, value);
    }
    for (const [key, fill] of this.filling) {
      if (dependsOn(fill.tables, table)) this.filling.delete(key);
    }
  }

  /**
   * The changes so far to `tables`: something read from them is still good while this is the same. A sum
   * of counts that only grow is the same only while each of them is.
   */
  stampOf(tables: Tables): number {
    if (tables === undefined) return this.changes;
    let stamp = this.everything;
    for (const table of tables) stamp += this.tableChanges.get(table) ?? 0;
    return stamp;
  }

  /**
   * A value made from the data (a page drawn on the server), kept like a reply: until one of `tables`
   * changes, at most `maxAgeMs` (then the first caller makes it again while the others get the old one),
   * made once for callers asking at the same time. A failure is not kept. `bytesOf` says what it holds.
   */
  async remember<T>(key: string, make: () => Promise<T>, options: { tables?: Tables; bytesOf?: (value: T) => number } = {}): Promise<T> {
    if (!this.watching) return make();
    const { tables, bytesOf } = options;
    const now = Date.now();
    const kept = this.values.get(key);
    const current = kept && kept.stamp === this.stampOf(kept.tables);
    if (kept && current && (now - kept.madeAt < this.maxAgeMs || kept.refreshing)) {
      this.stats.hits += 1;
      this.values.delete(key);
      this.values.set(key, kept);
      return kept.value as Promise<T>;
    }
    this.stats.misses += 1;
    if (kept && current) kept.refreshing = true;
    const stamp = this.stampOf(tables);
    const value = make();
    const settled = value.then(
      (made) => {
        const before = this.values.get(key);
        if (before?.value === value) this.dropValue(key, before);
        if (stamp !== this.stampOf(tables)) return;
        if (before && before.value !== value) this.dropValue(key, before);
        const bytes = (bytesOf?.(made) ?? 0) + ENTRY_OVERHEAD_BYTES;
        this.values.set(key, { tables, stamp, bytes, madeAt: Date.now(), value });
        this.valueBytes += bytes;
        this.evict(this.values, 'valueBytes', (k, v) => this.dropValue(k, v));
      },
      () => {
        if (kept) kept.refreshing = false;
        const before = this.values.get(key);
        if (before?.value === value) this.dropValue(key, before);
      },
    );
    // Callers asking while it is made get the same promise (not kept yet: kept once it succeeded).
    if (!kept || !current) {
      if (kept) this.dropValue(key, kept);
      this.values.set(key, { tables, stamp, bytes: 0, madeAt: now, value, refreshing: true });
    }
    void settled;
    return value;
  }

  /** Whether changes are seen; while they are not, nothing is kept. A return counts as a change. */
  setWatching(watching: boolean) {
    this.watching = watching;
    this.changed();
  }

  get enabled() {
    return this.watching;
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes held by the kept replies and by the kept values. */
  get bytes() {
    return { replies: this.entryBytes, values: this.valueBytes };
  }

  get valueCount() {
    return this.values.size;
  }

  /** Changes so far, to any table: what the tests wait on for an announcement to arrive. */
  get currentVersion() {
    return this.changes;
  }

  /** The reply kept for `key`, if still current; it becomes the most recently used. */
  lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== this.stampOf(entry.tables)) {
      this.dropEntry(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Starts making the reply for `key`; until `settle`, others asking for it wait (see `waitFor`). */
  beginFill(key: string, tables: Tables): Fill {
    let resolveDone: (made: Entry | undefined) => void = () => {};
    const filling: Filling = { tables, done: new Promise((resolve) => (resolveDone = resolve)) };
    if (!this.filling.has(key)) this.filling.set(key, filling);
    return {
      key,
      tables,
      stamp: this.stampOf(tables),
      settle: (made) => {
        if (this.filling.get(key) === filling) this.filling.delete(key);
        resolveDone(made);
      },
    };
  }

  /** The fill under way for `key`, if any: it resolves with the reply it made (kept or not), or nothing. */
  waitFor(key: string): Promise<Entry | undefined> | undefined {
    return this.filling.get(key)?.done;
  }

  /**
   * The reply a fill made, kept unless something it is made of changed meanwhile (or it is too big);
   * returned either way, for those who waited on the fill.
   */
  keep(fill: Fill, headers: Record<string, string>, body: Buffer): Entry {
    const entry: Entry = {
      tables: fill.tables,
      stamp: fill.stamp,
      bytes: body.length + ENTRY_OVERHEAD_BYTES + fill.key.length,
      madeAt: Date.now(),
      headers,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (!this.watching || fill.stamp !== this.stampOf(fill.tables) || body.length > MAX_BODY_BYTES) return entry;
    const before = this.entries.get(fill.key);
    if (before) this.dropEntry(fill.key, before);
    this.entries.set(fill.key, entry);
    this.entryBytes += entry.bytes;
    this.evict(this.entries, 'entryBytes', (k, e) => this.dropEntry(k, e));
    return entry;
  }

  /** A kept reply grew (a compressed copy was made): counted, and the least recently used make room. */
  grew(key: string, entry: Entry, bytes: number) {
    entry.bytes += bytes;
    if (this.entries.get(key) !== entry) return;
    this.entryBytes += bytes;
    this.evict(this.entries, 'entryBytes', (k, e) => this.dropEntry(k, e));
  }

  /** The least recently used go (a Map iterates in insertion order, and a use moves to the end) until under the caps. */
  private evict<T extends { bytes: number }>(
    map: Map<string, T>,
    counter: 'entryBytes' | 'valueBytes',
    drop: (key: string, item: T) => void,
  ) {
    for (const [key, item] of map) {
      if (this[counter] <= this.maxBytes && map.size <= this.maxEntries) return;
      // The newest stays, however big: it was just asked for.
      if (map.size === 1) return;
      drop(key, item);
      this.stats.evicted += 1;
    }
  }

  private dropEntry(key: string, entry: Entry) {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.entryBytes -= entry.bytes;
    this.stats.dropped += 1;
  }

  private dropValue(key: string, value: Value) {
    if (this.values.get(key) !== value) return;
    this.values.delete(key);
    this.valueBytes -= value.bytes;
  }
}

/** The kept body in the best encoding the caller accepts, compressed once and kept beside it (and counted). */
function encodedBody(
  cache: ReplyCache,
  key: string,
  entry: Entry,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!acceptEncoding || entry.body.length < COMPRESS_FROM_BYTES) return { body: entry.body };
  if (/\bbr\b/.test(acceptEncoding)) {
    if (!entry.br) {
      entry.br = brotliCompressSync(entry.body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      });
      cache.grew(key, entry, entry.br.length);
    }
    return { body: entry.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body, { level: 6 });
      cache.grew(key, entry, entry.gzip.length);
    }
    return { body: entry.gzip, encoding: 'gzip' };
  }
  return { body: entry.body };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === opaque || `W/${t}` === etag;
  });
}

/** Cache-Control of a kept reply: public ones revalidated each time (ETag), personal ones never stored. */
export function cacheControlOf(scope: CacheScope) {
  return scope === 'public' ? 'no-cache' : 'private, no-store';
}

/**
 * Answers a kept reply through Fastify's own send: the send hooks add what every reply carries (the
 * security headers, set in one place), and the compression plugin leaves a body that is already
 * compressed. The cache's own headers (cache control, ETag, encoding, length) are put together once per
 * entry and encoding; headers already set on this reply (a renewed session's cookie) stay.
 */
function answer(cache: ReplyCache, key: string, entry: Entry, request: FastifyRequest, reply: FastifyReply, scope: CacheScope) {
  const notModified = scope === 'public' && matchesEtag(request.headers['if-none-match'], entry.etag);
  const { body, encoding } = notModified
    ? { body: EMPTY, encoding: undefined }
    : encodedBody(cache, key, entry, request.headers['accept-encoding']);
  const variant = notModified ? '304' : (encoding ?? 'identity');
  if (notModified) cache.stats.notModified += 1;
  entry.prepared ??= {};
  let headers = entry.prepared[variant];
  if (!headers) {
    headers = { ...(notModified ? {} : entry.headers), 'cache-control': cacheControlOf(scope) };
    if (scope === 'public') headers.etag = entry.etag;
    if (!notModified) {
      if (entry.body.length >= COMPRESS_FROM_BYTES) headers.vary = 'Accept-Encoding';
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
    }
    entry.prepared[variant] = headers;
  }
  void reply
    .code(notModified ? 304 : 200)
    .headers(headers)
    .send(notModified ? undefined : body);
}

const EMPTY = Buffer.alloc(0);

/** The query parameters a route knows (its querystring schema's keys), and whether it ignores the others. */
interface KnownQuery {
  names: ReadonlySet<string>;
  /** A zod object strips keys it does not know; a strict (or passthrough) one does not. */
  othersIgnored: boolean;
}

const knownQueries = new WeakMap<object, KnownQuery>();

function knownQueryOf(request: FastifyRequest): KnownQuery {
  const config = request.routeOptions.config;
  let known = knownQueries.get(config);
  if (!known) {
    const schema = request.routeOptions.schema?.querystring as
      | { shape?: Record<string, unknown>; _zod?: { def?: { catchall?: unknown } } }
      | undefined;
    // No querystring schema: the route reads no query, so every parameter is one it ignores.
    known = schema
      ? { names: new Set(Object.keys(schema.shape ?? {})), othersIgnored: Boolean(schema.shape) && !schema._zod?.def?.catchall }
      : { names: new Set(), othersIgnored: true };
    knownQueries.set(config, known);
  }
  return known;
}

/**
 * The address a reply is kept under: the path and the parameters its route knows, sorted, so that
 * unknown parameters (or their order) make no new entry. Undefined when a parameter the route does not
 * know would change its answer (a strict schema refuses it): such a request is not answered from memory.
 */
export function normalisedUrl(request: FastifyRequest): string | undefined {
  const url = request.url;
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const known = knownQueryOf(request);
  const kept: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (known.names.has(name)) kept.push([name, value]);
    else if (!known.othersIgnored) return undefined;
  }
  if (kept.length === 0) return url.slice(0, mark);
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${url.slice(0, mark)}?${new URLSearchParams(kept).toString()}`;
}

function keyOf(request: FastifyRequest, scope: CacheScope): string | undefined {
  const url = normalisedUrl(request);
  if (url === undefined) return undefined;
  if (scope === 'public') return url;
  const account = request.account;
  return account ? `${account.id} ${account.role} ${url}` : undefined;
}

/**
 * An onRequest hook answering kept replies of routes with `config.cache` of `scope`: for 'public' it
 * goes first of all (nothing else is needed); for 'personal' after the session is read.
 */
export function answerFromCache(cache: ReplyCache, scope: CacheScope) {
  // A callback hook, not an async one: a hit is answered in the same turn, with no promise to settle.
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const config = request.routeOptions.config;
    if (config.cache !== scope || !cache.enabled) return done();
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const key = keyOf(request, scope);
    if (key === undefined) return done();
    look();

    /**
     * A kept reply, else the one being made (its reply, kept or not: it was asked for before any change
     * that dropped it), else this request makes it. Someone waiting whose fill failed looks again, and
     * finds the fill the first of them started: one fill at a time, never all of them at once.
     */
    function look(made?: Entry) {
      const entry = cache.lookup(key as string) ?? made;
      const pending = entry ? undefined : cache.waitFor(key as string);
      if (pending) pending.then(look, done);
      else serve(entry);
    }

    function serve(entry: Entry | undefined) {
      const now = Date.now();
      // Too old, and already being made again by another request (that has not stalled): the old one will do.
      const beingRefreshed = entry?.refreshingSince !== undefined && now - entry.refreshingSince < REFRESH_PATIENCE_MS;
      if (entry && (now - entry.madeAt < cache.maxAgeMs || beingRefreshed)) {
        cache.stats.hits += 1;
        answer(cache, key as string, entry, request, reply, scope);
        return;
      }
      // Not kept, or too old: this request makes it (meanwhile others get the old one, or wait). HEAD only reads.
      if (request.method === 'GET') {
        if (entry) entry.refreshingSince = now;
        cache.stats.misses += 1;
        request.replyCacheFill = cache.beginFill(key as string, config.tables);
      }
      done();
    }
  };
}

/** Every other API reply is revalidated, and one made for a signed-in caller is never stored. */
function revalidated(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
    reply.header('Cache-Control', request.account ? 'private, no-store' : 'no-cache');
  }
  return payload;
}

/** Registers the cache on the app: the hooks that keep replies and drop them on every write. */
export function registerReplyCache(app: FastifyInstance, cache: ReplyCache) {
  app.addHook('onRequest', answerFromCache(cache, 'public'));
  // A callback hook: it runs on every reply, and for most (a hit, a read that is not kept) has nothing to do.
  app.addHook('onSend', (request, reply, payload, done) => {
    const fill = request.replyCacheFill;
    if (fill) {
      request.replyCacheFill = undefined;
      const scope = request.routeOptions.config.cache;
      if (scope) reply.header('Cache-Control', cacheControlOf(scope));
      if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (KEPT_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
        }
        const entry = cache.keep(fill, headers, Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
        fill.settle(entry);
        if (scope === 'public') {
          reply.header('ETag', entry.etag);
          if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
            reply.code(304);
            return done(null, '');
          }
        }
      }
      fill.settle();
    } else if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      // A write answered here: its caller may read at once, so what it changed goes before its answer
      // leaves: the database's announcements are awaited; when they cannot be, everything goes.
      void cache.caughtUp().then((caughtUp) => {
        if (!caughtUp) cache.changed();
        done(null, revalidated(request, reply, payload));
      }, done);
      return;
    }
    done(null, revalidated(request, reply, payload));
  });
  // A request that failed, or whose caller left, before its reply was sent must not leave others waiting.
  app.addHook('onResponse', (request, _reply, done) => {
    request.replyCacheFill?.settle();
    done();
  });
  app.addHook('onRequestAbort', async (request) => {
    request.replyCacheFill?.settle();
  });
}
