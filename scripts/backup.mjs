// `npm run backup [-- FILE]`: copies the database the server uses (DATA_DIR or DATABASE_URL) to a file.
import { register } from 'tsx/esm/api';

register();
const { backupCommand } = await import('../src/server/db/backup-commands.ts');
process.exit(await backupCommand(process.argv.slice(2)));
