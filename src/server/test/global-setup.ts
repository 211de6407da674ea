import { loadConfig } from '../config.ts';
import { ensureEmbeddedSnapshot } from './embedded-snapshot.ts';

/** Once before the suites: on the embedded database, the migrated snapshot every test's database starts from. */
export default async function setup() {
  if (!loadConfig().databaseUrl) await ensureEmbeddedSnapshot();
}
