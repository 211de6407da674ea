import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { chooseLanguage, type Language } from '../../shared/language.ts';
import { account } from '../db/schema.ts';

/**
 * The language a request is answered in (DECISIONS 5): the signed-in account's choice when the caller
 * gives it, else the `lang` cookie, else Accept-Language, else the organisation's default.
 */
export async function requestLanguage(request: FastifyRequest, saved?: string | null): Promise<Language> {
  const site = await request.server.mailSite();
  return chooseLanguage({
    account: saved,
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
    siteDefault: site.defaultLanguage,
  });
}

/** The reader's language for a document or message made for this request: the signed-in person's saved choice first. */
export async function readerLanguage(request: FastifyRequest): Promise<Language> {
  if (!request.account) return requestLanguage(request);
  const [found] = await request.server.db.select({ language: account.language }).from(account).where(eq(account.id, request.account.id));
  return requestLanguage(request, found?.language);
}
