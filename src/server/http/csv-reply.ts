import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a CSV download as it is produced, named `{name}-{date}.csv`. */
export function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`);
  reply.header('Cache-Control', 'private, no-store');
  return reply.send(Readable.from(chunks));
}
