import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';

/**
 * The backup file: gzip-compressed JSON lines, the same for the embedded database and a server.
 *
 *   {"format":"helping-hands-backup","version":1,…,"migrations":[…],"tables":[…],"sequences":[…]}
 *   {"table":"account","rows":2}
 *   {"id":"…","name":"…",…}            one line per row: PostgreSQL's row_to_json
 *   {"id":"…","name":"…",…}
 *   {"table":"credential","rows":0}
 *   …
 *   {"end":true,"tables":13,"rows":2}
 *
 * Tables come parents first (foreign-key order), so a restore inserts them as it reads them. The header
 * names the schema the rows are in (the migrations applied to the database), every table's columns and
 * row count, and where each id sequence stood. The last line proves the file is whole.
 */
export const BACKUP_FORMAT = 'helping-hands-backup';
export const BACKUP_VERSION = 1;

/** A backup or restore that cannot go on, with a message for the person running it. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const migrationSchema = z.object({ tag: z.string().nullable(), createdAt: z.number().int(), hash: z.string() });

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  source: z.enum(['embedded', 'server']),
  /** The migrations applied to the database the backup was made from, oldest first. */
  migrations: z.array(migrationSchema).min(1),
  tables: z.array(z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1), rows: z.number().int().min(0) })),
  /** Each id sequence's last value (null: never used), so a restored database never hands out an old id again. */
  sequences: z.array(
    z.object({
      table: z.string(),
      column: z.string(),
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
});

export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupMigration = z.infer<typeof migrationSchema>;

const tableLineSchema = z.object({ table: z.string(), rows: z.number().int().min(0) });
const endLineSchema = z.object({ end: z.literal(true), tables: z.number().int(), rows: z.number().int() });

export const tableLine = (name: string, rows: number) => `${JSON.stringify({ table: name, rows })}\n`;
export const endLine = (tables: number, rows: number) => `${JSON.stringify({ end: true, tables, rows })}\n`;

/** The file's text, line by line, without holding more than one line in memory. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip).setEncoding('utf8');
  let pieces: string[] = [];
  for await (const chunk of gunzip as AsyncIterable<string>) {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      pieces.push(chunk.slice(start, newline));
      yield pieces.join('');
      pieces = [];
      start = newline + 1;
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
  }
  if (pieces.length) yield pieces.join('');
}

function parseJson(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`${what} is not valid JSON`);
  }
}

export type BackupSection = { kind: 'header'; header: BackupHeader } | { kind: 'rows'; table: string; rows: string[] };

/** A batch of rows stays under both limits, whatever the size of each row (a picture can be megabytes). */
const BATCH_ROWS = 1000;
const BATCH_CHARACTERS = 4 * 1024 * 1024;

/**
 * Reads a backup: its header, then its rows table by table in batches, checking the file's shape as it
 * goes (each table where the header says, with the rows it says, up to the end line). Throws a
 * BackupError at the first thing wrong, so a consumer that runs in a transaction undoes everything.
 */
export async function* readBackupSections(file: string, options: { checkRows?: boolean } = {}): AsyncGenerator<BackupSection> {
  let header: BackupHeader | undefined;
  let tableIndex = 0;
  let table: { name: string; rows: number } | undefined;
  let seen = 0;
  let total = 0;
  let ended = false;
  let batch: string[] = [];
  let batchCharacters = 0;
  try {
    for await (const line of linesOf(file)) {
      if (ended) {
        if (line === '') continue;
        throw new BackupError('there is more after its end line');
      }
      if (!header) {
        header = parseHeader(line);
        yield { kind: 'header', header };
        continue;
      }
      if (table && seen < table.rows) {
        if (options.checkRows) {
          const row = parseJson(line, `row ${seen + 1} of table ${table.name}`);
          if (typeof row !== 'object' || row === null || Array.isArray(row))
            throw new BackupError(`row ${seen + 1} of table ${table.name} is not a row`);
        }
        batch.push(line);
        batchCharacters += line.length;
        seen += 1;
        total += 1;
        if (batch.length >= BATCH_ROWS || batchCharacters >= BATCH_CHARACTERS || seen === table.rows) {
          yield { kind: 'rows', table: table.name, rows: batch };
          batch = [];
          batchCharacters = 0;
        }
        continue;
      }
      const expected = header.tables[tableIndex];
      if (expected) {
        const parsed = tableLineSchema.safeParse(parseJson(line, `the line that starts table ${expected.name}`));
        if (!parsed.success || parsed.data.table !== expected.name || parsed.data.rows !== expected.rows) {
          throw new BackupError(
            `table ${expected.name} does not start where it should (${table ? `after ${table.rows} rows of ${table.name}` : 'after the header'})`,
          );
        }
        table = { name: expected.name, rows: expected.rows };
        seen = 0;
        tableIndex += 1;
        continue;
      }
      const end = endLineSchema.safeParse(parseJson(line, 'its end line'));
      if (!end.success || end.data.tables !== header.tables.length || end.data.rows !== total) {
        throw new BackupError(`its end line does not match what came before (${header.tables.length} tables, ${total} rows)`);
      }
      ended = true;
    }
  } catch (error) {
    throw asBackupError(file, error);
  }
  if (!header) throw asBackupError(file, new BackupError('it is empty'));
  if (!ended) {
    const where = table ? `in table ${table.name}, after ${seen} of its ${table.rows} rows` : 'after its header';
    throw asBackupError(file, new BackupError(`it ends early, ${where}: the file is incomplete`));
  }
}

function parseHeader(line: string): BackupHeader {
  const value = parseJson(line, 'its first line');
  const loose = z.object({ format: z.literal(BACKUP_FORMAT), version: z.number() }).safeParse(value);
  if (!loose.success) throw new BackupError('it does not start like a Helping Hands backup');
  if (loose.data.version > BACKUP_VERSION) {
    throw new BackupError(
      `it was written in a newer backup format (${loose.data.version}) than this version of Helping Hands reads (${BACKUP_VERSION})`,
    );
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`its header is not valid (${parsed.error.issues[0]?.path.join('.') ?? 'header'})`);
  return parsed.data;
}

function asBackupError(file: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`There is no file ${file}.`);
  if (code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file.`);
  if (code === 'EACCES') return new BackupError(`${file} cannot be read (permission denied).`);
  if (error instanceof BackupError) return new BackupError(`${file} is not a complete Helping Hands backup: ${error.message}.`);
  // zlib: not gzip at all, cut short, or bytes changed (its checksum no longer matches).
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BackupError(`${file} is not a complete Helping Hands backup: it is damaged or cut short (${(error as Error).message}).`);
  }
  return error as Error;
}

export interface CheckedBackup {
  file: string;
  header: BackupHeader;
  rows: number;
  bytes: number;
}

/** Reads a whole backup file and checks it, before anything is written anywhere. */
export async function checkBackupFile(file: string): Promise<CheckedBackup> {
  let header: BackupHeader | undefined;
  let rows = 0;
  for await (const section of readBackupSections(file, { checkRows: true })) {
    if (section.kind === 'header') header = section.header;
    else rows += section.rows.length;
  }
  if (!header) throw new BackupError(`${file} is not a complete Helping Hands backup.`);
  return { file, header, rows, bytes: (await stat(file)).size };
}
