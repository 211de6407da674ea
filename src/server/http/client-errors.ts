import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';

/** What a request Node could not even read as HTTP is told: its status, code and words. */
function answerFor(err: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'invalid_input', message: 'The request did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'payload_too_large', message: 'The request’s headers are too large' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, code: 'invalid_input', message: 'The request’s method is not one HTTP knows' };
    default:
      return { status: 400, code: 'invalid_input', message: 'The request could not be read as HTTP' };
  }
}

/**
 * For Fastify's `clientErrorHandler`: a request Node's parser refuses (a bad method, header or
 * request line, headers too large, too slow) is answered in the product's error format, and its
 * connection closed, since what follows on it cannot be read either.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = answerFor(err);
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
