// The ceiling the product is measured against: Fastify on this machine answering the very bytes the
// product answered (body and headers), from memory, with nothing else to do. Started by
// bench/ceiling.ts as its own process, like the product, so neither shares the load generator's thread.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [, , repliesFile, port] = process.argv;
/** @type {Record<string, { body: string; headers: Record<string, string> }>} */
const replies = JSON.parse(readFileSync(repliesFile, 'utf8'));
const byUrl = new Map(Object.entries(replies).map(([url, reply]) => [url, { ...reply, body: Buffer.from(reply.body, 'base64') }]));

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const found = byUrl.get(request.url);
  if (!found) return reply.code(404).send();
  return reply.headers(found.headers).send(found.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
