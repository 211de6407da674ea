import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impactSchema } from '../../../shared/checkin.ts';
import { todayIn } from '../../../shared/time-zone.ts';
import { requireSelfOrAdmin, selfOrAdmin } from '../../auth/signed-in.ts';
import { AppError } from '../../errors.ts';
import { errorResponses, fileResponse, tagged } from '../../http/api-docs.ts';
import { readerLanguage } from '../../http/language.ts';
import { charityOf } from '../donations/charity.ts';
import { personOfPath } from '../users/audit-targets.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { findImpact } from './service.ts';

const emailParams = z.object({ email: z.string().max(254) });
const noSuchPerson = 'No account has this email, and no donation was made with it.';

export const impactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Impact'));

  const impactOf = async (request: Parameters<typeof requireSelfOrAdmin>[0], email: string) => {
    const caller = requireSelfOrAdmin(request, { email });
    const { timeZone } = await app.mailSite();
    const found = await findImpact(app.db, caller, email, timeZone);
    if (!found) throw new AppError('not_found', 'No account has this email');
    return { impact: found, timeZone };
  };

  app.get(
    '/impact/:email',
    {
      onRequest: selfOrAdmin,
      config: { cache: 'personal', audit: { action: 'impact.read', target: personOfPath } },
      schema: {
        summary: 'Get what a person gave: hours and donations',
        description:
          'The events the person was checked in at (latest first) with the hours each credits them, their hours in all and this calendar year (the site’s time zone), and their donations per currency and per year, refunds left out. `years` are the years with donations, for the yearly statement.',
        params: emailParams,
        response: { 200: impactSchema, ...errorResponses({ 404: noSuchPerson }) },
      },
    },
    async (request) => (await impactOf(request, request.params.email)).impact,
  );

  app.get(
    '/impact/:email/certificate.pdf',
    {
      onRequest: selfOrAdmin,
      config: { downloadLimit: 'certificates', audit: { action: 'export.certificate.pdf', target: personOfPath } },
      schema: {
        summary: 'Download a certificate of volunteering as a PDF',
        description:
          'An A4 certificate from the charity: the person, their hours in all, and each event they came to with its date and hours.',
        params: emailParams,
        response: { 200: fileResponse('application/pdf', 'The certificate.'), ...errorResponses({ 404: noSuchPerson }) },
      },
    },
    async (request, reply) => {
      const { impact, timeZone } = await impactOf(request, request.params.email);
      const pdf = await certificatePdf(impact, charityOf(await app.mailSite()), todayIn(timeZone), await readerLanguage(request));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="certificate-of-volunteering.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
