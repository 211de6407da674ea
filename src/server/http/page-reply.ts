import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A page's HTML kept as bytes, compressed once both ways, with the tag a browser revalidates it by. */
export interface PreparedPage {
  status: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Brotli's best (quality 11) for pages kept and sent many times; a page made for one reply takes less. */
export function preparePage(html: string, status = 200, brotliQuality = 11): PreparedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    status,
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: brotliQuality === 11 ? 9 : 6 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** What a prepared page holds in memory: its three bodies. */
export function preparedPageBytes(page: PreparedPage): number {
  return page.identity.length + page.br.length + page.gzip.length;
}

/** The query parameters the web app's pages read (src/web/lib/use-list-params.ts: search, page, sort). */
const PAGE_PARAMETERS = new Set(['q', 'page', 'sort', 'when']);

/** Whether every query parameter of a page's address is one pages read (only then is the page kept by address). */
export function pageParametersKnown(url: string): boolean {
  const mark = url.indexOf('?');
  if (mark < 0) return true;
  for (const name of new URLSearchParams(url.slice(mark + 1)).keys()) if (!PAGE_PARAMETERS.has(name)) return false;
  return true;
}

/** Which of the kept encodings the browser takes: brotli, then gzip, else the plain bytes. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a prepared page: revalidated on every visit (`no-cache`) by its ETag, answered 304 when the
 * browser's copy is current, otherwise the bytes already compressed the way the browser accepts.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PreparedPage) {
  reply.header('Cache-Control', 'no-cache');
  reply.header('ETag', page.etag);
  // A page is drawn in its reader's language, chosen from the lang cookie and Accept-Language.
  reply.header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.status === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    return reply.code(304).send();
  }
  reply.code(page.status).type('text/html; charset=utf-8');
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.identity);
  reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : page.gzip);
}
