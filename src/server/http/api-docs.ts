import type { RouteOptions } from 'fastify';
import { errorBodySchema } from '../../shared/errors.ts';

/**
 * An `onRoute` hook for every API route: any 4xx or 5xx reply is serialized as the error body, so no
 * error reply can take another shape. (The error handler sends them all.)
 */
export function errorsAsErrorBody(route: RouteOptions) {
  route.schema = { ...route.schema, response: { '4xx': errorBodySchema, '5xx': errorBodySchema, ...(route.schema?.response as object) } };
}
