import fastifyCompress from '@fastify/compress';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth.ts';
import { authRoutes } from './auth/routes.ts';
import { loadAuthSecret } from './auth/secret.ts';
import { registerSessionHook } from './auth/session-hook.ts';
import type { Config, StripeSettings } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { AppError } from './errors.ts';
import { registerAudit } from './features/audit/record.ts';
import { AuditRetentionJob } from './features/audit/retention.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { checkinRoutes } from './features/checkin/routes.ts';
import { registerApiDocument } from './features/docs/document.ts';
import { docsRoutes } from './features/docs/routes.ts';
import { donationRoutes } from './features/donations/routes.ts';
import { EventMessageJob } from './features/event-messages/job.ts';
import { eventMessageRoutes } from './features/event-messages/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { DecodePool } from './features/images/decode-pool.ts';
import { imageRoutes } from './features/images/routes.ts';
import { impactRoutes } from './features/impact/routes.ts';
import { mailPreferenceRoutes } from './features/mail-preferences/routes.ts';
import { noticeRoutes } from './features/notices/routes.ts';
import { outboxRoutes } from './features/outbox/routes.ts';
import { overviewRoutes } from './features/overview/routes.ts';
import { questionRoutes } from './features/questions/routes.ts';
import { registrationRoutes } from './features/registrations/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { rosterRoutes } from './features/roster/routes.ts';
import { setupRoutes } from './features/setup/routes.ts';
import { adminExists } from './features/setup/service.ts';
import { shiftRoutes } from './features/shifts/routes.ts';
import { siteRoutes } from './features/site/routes.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { RenewalJob } from './features/subscriptions/job.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { waiverRoutes } from './features/waivers/routes.ts';
import { errorsAsErrorBody } from './http/api-docs.ts';
import { answerClientError } from './http/client-errors.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { eventPreviewPages } from './http/event-preview.ts';
import { requestLanguage } from './http/language.ts';
import { OneLinePerRequest, registerGracefulClose } from './http/lifecycle.ts';
import { registerAccountLimits } from './http/limits.ts';
import { loggerOptions, requestLogger } from './http/logger.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { DatabaseOutage, isDatabaseUnavailable } from './http/outage.ts';
import { type PreparedPage, pageParametersKnown, preparedPageBytes, preparePage, sendPage } from './http/page-reply.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { createPageRenderer, inLanguage, serverEntryFor } from './http/render-page.ts';
import { answerFromCache, PAGE_TABLES, ReplyCache, registerReplyCache } from './http/reply-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { isPagePath, registerWebApp } from './http/web-app.ts';
import { ReminderJob } from './mail/reminders.ts';
import { mailSiteSource } from './mail/site.ts';
import { OUTBOX_DUE, OutboxWorker } from './mail/worker.ts';
import { createStripeGateway } from './payments/stripe-gateway.ts';
import { createTestModeGateway } from './payments/test-mode-gateway.ts';

/**
 * Builds the whole product (API under /api and the web app) without listening, so tests can drive
 * it over real HTTP. Opens the database the config names, applies migrations and seeds demo content.
 */
export async function buildApp(
  config: Config,
  options: {
    databaseSnapshot?: Blob;
    durableWrites?: boolean;
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
    /**
     * The embedded database's thread stopped on its own: every request now answers 503. The server
     * process (main.ts) ends, for its manager to start it again.
     */
    onDatabaseLost?: (error: Error) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream ? { ...loggerOptions(config), stream: options.logStream } : loggerOptions(config),
    // One line per request, written when it is answered, not two.
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestLogger,
    // Closing is the app's own (registerGracefulClose): requests in flight finish, idle sockets go at once.
    forceCloseConnections: false,
    return503OnClosing: false,
    // Registering the routes (and compiling their schemas) is start-up, not a hang: on a loaded two-CPU
    // machine one plugin took longer than Fastify's default 10 s, which ended the start.
    pluginTimeout: 60_000,
    // Slow clients cannot hold a connection for good: the headers, then the whole request, must arrive in time.
    requestTimeout: config.clientTimeouts.requestMs,
    http: { headersTimeout: config.clientTimeouts.headersMs, connectionsCheckingInterval: 1_000 },
    trustProxy: config.trustProxy,
    // A request Node cannot even read as HTTP still gets the product's error format.
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot even route (bad percent-encoding) still gets the product's error format.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send({ error: { code: 'invalid_input', message: error.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGracefulClose(app);
  // Stripe mode lets the donation page load Stripe.js and its card frames; test mode needs nothing outside.
  registerSecurityHeaders(app, {
    stripe: Boolean(config.stripe),
    https: config.publicUrl.startsWith('https://'),
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    snapshot: options.databaseSnapshot,
    durable: options.durableWrites,
    onLost: (err) => {
      app.log.fatal({ err }, 'the embedded database stopped: every request answers 503 until the server is started again');
      options.onDatabaseLost?.(err);
    },
  });
  app.addHook('onClose', () => database.close());
  try {
    await database.migrate(config.seedDemo ? (db) => seedDemoContent(db).then(() => undefined) : undefined);
  } catch (err) {
    await database.close();
    throw err;
  }
  app.decorate('config', config);
  app.decorate('db', database.db);
  const outage = new DatabaseOutage(app.log, () => database.db.execute(sql`select 1`));
  app.decorate('databaseOutage', outage);
  app.addHook('onClose', async () => outage.stop());
  app.decorate('dbKind', database.kind);
  app.decorate('pictureDecodes', new DecodePool(config.limits.pictureDecodes, config.limits.pictureQueue));
  const authSecret = await loadAuthSecret(database.db, config.authSecret);
  app.decorate('authSecret', authSecret);
  // Before the jobs and routes that use it (the mail site is kept in it); registered as hooks further down.
  const replyCache = new ReplyCache();
  app.decorate('replyCache', replyCache);
  const mailSite = mailSiteSource(database.db, config.publicUrl, authSecret, replyCache);
  app.decorate('mailSite', mailSite);
  const outboxWorker = new OutboxWorker(database.db, config.mail, app.log, config.publicUrl, mailSite);
  app.decorate('outbox', outboxWorker);
  // Stops claiming messages before the database closes; a message being sent is finished first, the others given back.
  app.addHook('preClose', () => outboxWorker.stop());
  const auth = createAuth(config, database.db, authSecret, app.log, mailSite);
  const reminders = new ReminderJob(database.db, mailSite, config.mail.reminderCheckMs, app.log);
  // Background jobs that find the database out report to the outage watch: one event in the log per outage.
  const backgroundFailure = (log: (err: unknown) => void) => (err: unknown) => (isDatabaseUnavailable(err) ? outage.failed(err) : log(err));
  outboxWorker.onReadFailure = backgroundFailure(outboxWorker.onReadFailure);
  reminders.onReadFailure = backgroundFailure(reminders.onReadFailure);
  app.decorate('reminders', reminders);
  app.addHook('preClose', () => reminders.stop());
  const eventMessages = new EventMessageJob(database.db, config.mail.messageCheckMs, app.log);
  eventMessages.onReadFailure = backgroundFailure(eventMessages.onReadFailure);
  app.decorate('eventMessages', eventMessages);
  app.addHook('preClose', () => eventMessages.stop());
  const auditRetention = new AuditRetentionJob(database.db, config.audit.retentionDays, config.audit.retentionCheckMs, app.log);
  auditRetention.onReadFailure = backgroundFailure(auditRetention.onReadFailure);
  app.decorate('auditRetention', auditRetention);
  app.addHook('preClose', () => auditRetention.stop());
  app.decorate('auth', auth);
  const testPayments = config.stripe ? undefined : createTestModeGateway(database.db);
  app.decorate('payments', testPayments ?? createStripeGateway(config.stripe as StripeSettings));
  // In test mode the app takes monthly payments as they fall due, as Stripe would.
  const renewals = testPayments && new RenewalJob(database.db, testPayments, mailSite, config.renewalCheckMs, app.log);
  if (renewals) {
    renewals.onReadFailure = backgroundFailure(renewals.onReadFailure);
    app.addHook('preClose', () => renewals.stop());
  }
  app.decorate('renewals', renewals);

  // Before compression: replies are kept as the handler made them, and compressed once each.
  registerReplyCache(app, replyCache);
  // A message queued anywhere (any instance, any route, a job) wakes the outbox at its commit; after
  // a time when changes went unseen, it looks for what it missed.
  const changes = await database.watchChanges(
    (table) => (table === OUTBOX_DUE ? outboxWorker.kick() : replyCache.changed(table)),
    (watching) => {
      replyCache.setWatching(watching);
      if (watching) outboxWorker.kick();
    },
  );
  replyCache.caughtUp = changes.caughtUp;
  app.addHook('onClose', () => changes.stop());

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await registerRateLimit(app, config.redisUrl);
  await registerApiDocument(app);

  await app.register(
    async (api) => {
      api.addHook('onRoute', errorsAsErrorBody);
      registerOriginCheck(api, config.publicUrl);
      registerSessionHook(api, auth, replyCache);
      // Denied by default: a route must say it is public, or the caller must be signed in.
      api.addHook('onRequest', async (request) => {
        if (!request.routeOptions.config.public && !request.account) throw new AppError('unauthenticated', 'Please sign in first');
      });
      registerAccountLimits(api, app.rateLimitCounts, config.limits);
      api.addHook('onRequest', answerFromCache(replyCache, 'personal'));
      registerAudit(api);
      await api.register(authRoutes, { auth, rateLimitMax: config.authRateLimit, signInPerAddress: config.limits.signInPerAddress });
      await api.register(siteRoutes);
      await api.register(setupRoutes);
      await api.register(userRoutes);
      await api.register(imageRoutes);
      await api.register(registrationRoutes);
      await api.register(noticeRoutes);
      await api.register(donationRoutes);
      await api.register(subscriptionRoutes);
      await api.register(healthRoutes);
      await api.register(eventRoutes);
      await api.register(shiftRoutes);
      await api.register(questionRoutes);
      await api.register(waiverRoutes);
      await api.register(eventMessageRoutes);
      await api.register(staffRoutes);
      await api.register(reviewRoutes);
      await api.register(rosterRoutes);
      await api.register(overviewRoutes);
      await api.register(outboxRoutes);
      await api.register(mailPreferenceRoutes);
      await api.register(docsRoutes);
      await api.register(calendarRoutes);
      await api.register(checkinRoutes);
      await api.register(impactRoutes);
      await api.register(auditRoutes);
    },
    { prefix: '/api' },
  );

  const shell = await registerWebApp(app, config.webDir);
  if (!shell) app.log.warn({ webDir: config.webDir }, 'no built web app found: serving the API only (run `npm run build`)');
  const eventPreview = eventPreviewPages(database.db, config.publicUrl);
  // Without its preview (the database is away) the page still loads, and says what it can.
  const withEventPreview = async (url: string, html: string) =>
    (await eventPreview(url, html).catch((err: unknown) => {
      app.log.warn({ err, url }, 'event page sent without its link preview');
      return null;
    })) ?? html;
  const serverEntry = shell && serverEntryFor(config.webDir);
  const renderPage = serverEntry ? await createPageRenderer(app, config.webDir, serverEntry, withEventPreview) : null;

  // The set-up page is gone once the site has an admin (decision 047): its address answers 404, as
  // GET /api/setup does, whatever the page (drawn and kept for everyone) shows.
  const withSetupStatus = async (url: string, page: PreparedPage): Promise<PreparedPage> =>
    url.split('?')[0] === '/setup' && (await adminExists(database.db)) ? { ...page, status: 404 } : page;

  app.setNotFoundHandler(async (request, reply) => {
    if (shell && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      // In the reader's language (DECISIONS 5): one drawing kept per language and address.
      const language = await requestLanguage(request);
      if (renderPage) {
        try {
          // Drawn once and kept until something it shows changes (or its second is up): the same bytes for everyone.
          const draw = async () => {
            const drawn = await renderPage(request.url, language);
            return preparePage(drawn.html, drawn.status, 5);
          };
          // A page whose address carries a parameter no page reads is drawn but not kept: no new entry each.
          const page = pageParametersKnown(request.url)
            ? await replyCache.remember(`page ${language} ${request.url}`, draw, { tables: PAGE_TABLES, bytesOf: preparedPageBytes })
            : await draw();
          return sendPage(request, reply, await withSetupStatus(request.url, page));
        } catch (err) {
          // The browser can still draw the page itself from the plain one.
          request.log.error({ err }, 'page sent for the browser to draw: rendering it here failed');
        }
      }
      const shellHtml = shell.identity.toString('utf8');
      const html = await withEventPreview(request.url, inLanguage(shellHtml, language));
      return sendPage(request, reply, await withSetupStatus(request.url, html === shellHtml ? shell : preparePage(html, 200, 5)));
    }
    throw new AppError('not_found', `Nothing at ${request.method} ${request.url.split('?')[0]}`);
  });

  app.addHook('onReady', async () => outboxWorker.start());
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onReady', async () => eventMessages.start());
  app.addHook('onReady', async () => renewals?.start());
  app.addHook('onReady', async () => auditRetention.start());

  return app;
}
