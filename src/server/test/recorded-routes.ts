import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** A route as Fastify saw it being added: one entry per method. */
export interface RecordedRoute {
  method: string;
  url: string;
}

/**
 * Starts the test app and records every route it adds, as the router saw it (HEAD twins and the
 * sign-in library's catch-all included): the suites that must cover every route start from this list,
 * so a new route without a rule or a document fails them.
 */
export async function startTestAppRecordingRoutes(overrides: Partial<Config> = {}): Promise<{ t: TestApp; routes: RecordedRoute[] }> {
  const routes: RecordedRoute[] = [];
  // Fastify announces each new instance on this channel before any route is added.
  const watch = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
  };
  diagnostics.subscribe('fastify.initialization', watch);
  try {
    return { t: await startTestApp(overrides), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', watch);
  }
}
