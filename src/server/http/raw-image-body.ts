import type { FastifyInstance } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '../../shared/accounts.ts';

/**
 * In this plugin's scope, a request body of any type other than JSON arrives as raw bytes (at most
 * 2 MB, else 413): pictures are uploaded as the body itself, and their real type is read from
 * their bytes, not from the Content-Type header.
 */
export function acceptRawImageBodies(scope: FastifyInstance) {
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROFILE_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
}
