// `npm run restore FILE`: loads a backup into an empty database (DATA_DIR or DATABASE_URL).
import { register } from 'tsx/esm/api';

register();
const { restoreCommand } = await import('../src/server/db/backup-commands.ts');
process.exit(await restoreCommand(process.argv.slice(2)));
