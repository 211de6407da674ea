import QRCode from 'qrcode';
import { passToken } from '../auth/pass-token.ts';
import type { Attachment } from './outbox.ts';

/** How a message's HTML names the pass picture attached to it (`<img src="cid:…">`). */
export const PASS_CID = 'pass-qr@helping-hands';

/**
 * The pass of a registration as a QR code picture (PNG) attached to its message and shown in it:
 * large and with a quiet border, so a phone scans it from a screen or from paper.
 */
export async function passAttachment(registrationId: string, secret: string): Promise<Attachment> {
  const png = await QRCode.toBuffer(passToken(registrationId, secret), { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
  return { filename: 'pass.png', contentType: 'image/png', content: png.toString('base64'), cid: PASS_CID };
}
