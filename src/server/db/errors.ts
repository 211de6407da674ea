/** The PostgreSQL error code of a database error from either driver, possibly wrapped by the ORM. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
/** PostgreSQL's answer to text it cannot store (a NUL character): bad input, not a server fault. */
export const isBadTextError = (error: unknown) => ['22021', '22P05'].includes(sqlState(error) ?? '');
