import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies kept in memory while nothing they are made of has changed (docs/decisions/023-replies-from-memory.md).
 *
 * A route opts in with `config: { cache: 'public' }` (the same bytes for everyone) or `'personal'` (kept
 * per account and role, answered only to that account). Every committed change to the tables replies are
 * made of is announced by the database (migration 0009) and drops every reply; so does every write
 * request answered here, before its answer leaves, so a caller reads its own write at once even where
 * the database's announcement is a moment behind. A reply is also kept at most `maxAgeMs`, because some
 * depend on the clock (an event becomes past). While changes cannot be seen (the database's listening
 * connection is lost) nothing is kept.
 */

export type CacheScope = 'public' | 'personal';

interface Entry {
  /** The data version the reply was made at. */
  version: number;
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
  version: number;
  settle: () => void;
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
/** How long an old reply stands in while another request makes it again; after that, one more tries. */
const REFRESH_PATIENCE_MS = 5_000;

export interface ReplyCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
}

export class ReplyCache {
  private readonly entries = new Map<string, Entry>();
  /** Replies under way for keys with no reply kept: the others asking for the same wait for it. */
  private readonly filling = new Map<string, Promise<void>>();
  private version = 0;
  private watching = false;
  readonly maxEntries: number;
  /** How long a reply is kept at most (some depend on the clock: an event becomes past). */
  maxAgeMs: number;
  /** Headers every reply carries (set elsewhere by send hooks, which a reply answered from here skips). */
  everyReplyHeaders: Record<string, string> = {};
  /** Counts, for the bench and the tests' understanding; not exposed over HTTP. */
  readonly stats = { hits: 0, misses: 0, notModified: 0, dropped: 0 };

  constructor(options: ReplyCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxAgeMs = options.maxAgeMs ?? 1_000;
  }

  /** Something replies are made of changed: every kept reply goes, and fills under way are not kept. */
  changed() {
    this.version += 1;
    if (this.entries.size > 0) this.stats.dropped += this.entries.size;
    this.entries.clear();
    this.values.clear();
  }

  private readonly values = new Map<string, { version: number; madeAt: number; value: Promise<unknown>; refreshing?: boolean }>();

  /**
   * A value made from the data (a page drawn on the server), kept like a reply: until something changes,
   * at most `maxAgeMs` (then the first caller makes it again while the others get the old one), made once
   * for callers asking at the same time. A failure is not kept.
   */
  async remember<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.watching) return make();
    const now = Date.now();
    const kept = this.values.get(key);
    if (kept && kept.version === this.version && (now - kept.madeAt < this.maxAgeMs || kept.refreshing)) {
      this.stats.hits += 1;
      return kept.value as Promise<T>;
    }
    this.stats.misses += 1;
    if (kept && kept.version === this.version) kept.refreshing = true;
    const version = this.version;
    const value = make();
    const settled = value.then(
      () => {
        if (this.version !== version) return;
        if (!this.values.has(key) && this.values.size >= this.maxEntries) {
          const oldest = this.values.keys().next().value;
          if (oldest !== undefined) this.values.delete(oldest);
        }
        this.values.delete(key);
        this.values.set(key, { version, madeAt: Date.now(), value });
      },
      () => {
        if (kept) kept.refreshing = false;
        if (this.values.get(key)?.value === value) this.values.delete(key);
      },
    );
    // Callers asking while it is made get the same promise (not kept yet: kept once it succeeded).
    if (!kept || kept.version !== version) this.values.set(key, { version, madeAt: now, value, refreshing: true });
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

  /** Changes so far: what a value derived from the data (a session) was read at. */
  get currentVersion() {
    return this.version;
  }

  lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === this.version ? entry : undefined;
  }

  /** Starts making the reply for `key`; until `settle`, others asking for it wait (see `waitFor`). */
  beginFill(key: string): Fill {
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = () => {
        if (this.filling.get(key) === done) this.filling.delete(key);
        resolve();
      };
    });
    if (!this.filling.has(key)) this.filling.set(key, done);
    return { key, version: this.version, settle };
  }

  waitFor(key: string): Promise<void> | undefined {
    return this.filling.get(key);
  }

  /** Keeps a reply made at `fill.version`, unless something changed meanwhile. */
  keep(fill: Fill, headers: Record<string, string>, body: Buffer) {
    if (!this.watching || fill.version !== this.version || body.length > MAX_BODY_BYTES) return;
    if (!this.entries.has(fill.key) && this.entries.size >= this.maxEntries) {
      // The oldest kept reply makes room (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(fill.key);
    this.entries.set(fill.key, {
      version: fill.version,
      madeAt: Date.now(),
      headers,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    });
  }
}

/** The kept body in the best encoding the caller accepts, compressed once and kept beside it. */
function encodedBody(entry: Entry, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (!acceptEncoding || entry.body.length < COMPRESS_FROM_BYTES) return { body: entry.body };
  if (/\bbr\b/.test(acceptEncoding)) {
    entry.br ??= brotliCompressSync(entry.body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    });
    return { body: entry.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
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
 * Answers a kept reply straight onto the connection: its headers (the reply's own, the cache's, the
 * encoding's and every reply's, such as the security headers) are put together once per entry and
 * encoding, so a hit goes through none of the send hooks that would set them one by one each time.
 * Headers already set on this reply (a renewed session's cookie) go too.
 */
function answer(cache: ReplyCache, entry: Entry, request: FastifyRequest, reply: FastifyReply, scope: CacheScope) {
  const notModified = scope === 'public' && matchesEtag(request.headers['if-none-match'], entry.etag);
  const { body, encoding } = notModified ? { body: EMPTY, encoding: undefined } : encodedBody(entry, request.headers['accept-encoding']);
  const variant = notModified ? '304' : (encoding ?? 'identity');
  if (notModified) cache.stats.notModified += 1;
  entry.prepared ??= {};
  let headers = entry.prepared[variant];
  if (!headers) {
    headers = { ...cache.everyReplyHeaders, ...(notModified ? {} : entry.headers), 'cache-control': cacheControlOf(scope) };
    if (scope === 'public') headers.etag = entry.etag;
    if (!notModified) {
      if (entry.body.length >= COMPRESS_FROM_BYTES) headers.vary = 'Accept-Encoding';
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
    }
    entry.prepared[variant] = headers;
  }
  const already = reply.getHeaders();
  for (const _ in already) {
    headers = { ...(already as Record<string, string>), ...headers };
    break;
  }
  reply.hijack();
  reply.raw.writeHead(notModified ? 304 : 200, headers);
  reply.raw.end(body);
}

const EMPTY = Buffer.alloc(0);

function keyOf(request: FastifyRequest, scope: CacheScope): string | undefined {
  if (scope === 'public') return request.url;
  const account = request.account;
  return account ? `${account.id} ${account.role} ${request.url}` : undefined;
}

/**
 * An onRequest hook answering kept replies of routes with `config.cache` of `scope`: for 'public' it
 * goes first of all (nothing else is needed); for 'personal' after the session is read.
 */
export function answerFromCache(cache: ReplyCache, scope: CacheScope) {
  // A callback hook, not an async one: a hit is answered in the same turn, with no promise to settle.
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (request.routeOptions.config.cache !== scope || !cache.enabled) return done();
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const key = keyOf(request, scope);
    if (key === undefined) return done();
    const entry = cache.lookup(key);
    // Someone is making this reply: wait for it rather than make it again.
    const pending = entry ? undefined : cache.waitFor(key);
    if (pending) {
      pending.then(() => serve(cache.lookup(key)), done);
    } else {
      serve(entry);
    }

    function serve(entry: Entry | undefined) {
      const now = Date.now();
      // Too old, and already being made again by another request (that has not stalled): the old one will do.
      const beingRefreshed = entry?.refreshingSince !== undefined && now - entry.refreshingSince < REFRESH_PATIENCE_MS;
      if (entry && (now - entry.madeAt < cache.maxAgeMs || beingRefreshed)) {
        cache.stats.hits += 1;
        answer(cache, entry, request, reply, scope);
        return;
      }
      // Not kept, or too old: this request makes it (meanwhile others get the old one, or wait). HEAD only reads.
      if (request.method === 'GET') {
        if (entry) entry.refreshingSince = now;
        cache.stats.misses += 1;
        request.replyCacheFill = cache.beginFill(key as string);
      }
      done();
    }
  };
}

/** Registers the cache on the app: the hooks that keep replies and drop them on every write. */
export function registerReplyCache(app: FastifyInstance, cache: ReplyCache, everyReplyHeaders: Record<string, string>) {
  cache.everyReplyHeaders = everyReplyHeaders;
  app.addHook('onRequest', answerFromCache(cache, 'public'));
  app.addHook('onSend', async (request, reply, payload) => {
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
        cache.keep(fill, headers, Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
        const entry = cache.lookup(fill.key);
        if (entry && scope === 'public') {
          reply.header('ETag', entry.etag);
          if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
            fill.settle();
            reply.code(304);
            return '';
          }
        }
      }
      fill.settle();
    } else if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      // A write answered here: its caller may read at once, before the database's announcement arrives.
      cache.changed();
    }
    // Every other API reply is revalidated, and one made for a signed-in caller is never stored.
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('Cache-Control', request.account ? 'private, no-store' : 'no-cache');
    }
    return payload;
  });
  // A request that failed, or whose caller left, before its reply was sent must not leave others waiting.
  app.addHook('onResponse', async (request) => {
    request.replyCacheFill?.settle();
  });
  app.addHook('onRequestAbort', async (request) => {
    request.replyCacheFill?.settle();
  });
}
