import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Another running process has the embedded database's folder: starting too would corrupt it. */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${path.resolve(dataDir)} is in use by process ${pid}. Only one process may use an embedded ` +
        'database: stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the embedded database's folder for this process: a lock file naming its pid, created only
 * if none exists. A lock whose process is gone (killed, or the machine restarted) is stale and taken
 * over. Returns the release, which removes the lock if it is still this process's.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'helping-hands.pid');
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) throw new DataDirInUse(dataDir, holder);
    // Stale (or unreadable): remove it and try to take it again; a process starting at the same moment wins or loses here.
    unlinkSync(lockFile);
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}
