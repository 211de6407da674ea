import type { FastifyRequest } from 'fastify';
import { chooseLanguage, type Language } from '../../shared/language.ts';

/**
 * The language a request is answered in (DECISIONS 5): the signed-in account's choice when the caller
 * says it, else the `lang` cookie, else Accept-Language, else the organisation's default.
 */
export async function requestLanguage(request: FastifyRequest, account?: string | null): Promise<Language> {
  const site = await request.server.mailSite();
  return chooseLanguage({
    account,
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
    siteDefault: site.defaultLanguage,
  });
}
