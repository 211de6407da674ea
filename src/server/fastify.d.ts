import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: 'embedded' | 'server';
  }
  interface FastifyContextConfig {
    /** Routes are for signed-in callers unless they say they are public. */
    public?: boolean;
  }
}
