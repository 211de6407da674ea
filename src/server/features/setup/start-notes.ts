import type { FastifyInstance } from 'fastify';
import { newSetupCode } from './service.ts';

/**
 * What the server prints once at its start, in plain words, about what a new install still lacks: the
 * set-up address while no admin exists (with a new one-time code: docs/decisions/047-first-run.md), mail
 * that is not sent, payments that take no real money. Nothing when all is in place.
 */
export async function startNotes(app: FastifyInstance): Promise<StartNote[]> {
  const notes: StartNote[] = [];
  const code = await newSetupCode(app.db);
  if (code) {
    notes.push({
      text:
        'This site has no admin yet. Open the set-up address to make the first admin account and name your organisation. ' +
        'It works until the first admin is made and changes each time the server starts: keep it to yourself.' +
        (app.config.adminEmails.length > 0 ? ' (Or sign up with an address listed in ADMIN_EMAILS.)' : ''),
      setupAddress: new URL(`/setup?code=${code}`, app.config.publicUrl).href,
    });
  }
  if (!app.config.mail.smtpUrl) {
    notes.push({
      text: 'Mail is not set up (SMTP_URL is not set): no email is sent. Confirmation links, password resets and receipts are written to this log instead.',
    });
  }
  if (!app.config.stripe) {
    notes.push({
      text: 'Donations are in test mode (no Stripe keys set): no real money is taken. Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real donations.',
    });
  }
  return notes;
}

export interface StartNote {
  text: string;
  /** The set-up address with its code: a field of its own in the JSON log, whose text scrubbing would take it for a secret. */
  setupAddress?: string;
}

/** The notes as one block for a person at a terminal. */
export function startNotesText(notes: StartNote[]): string {
  if (notes.length === 0) return '';
  const items = notes.map(({ text, setupAddress }) => `* ${text}${setupAddress ? `\n\n    ${setupAddress}` : ''}`);
  return `\nHelping Hands is running. To finish setting it up:\n\n${items.join('\n\n')}\n\n`;
}

/**
 * Says the notes once: to a person at a terminal as a block of plain words; to a log that machines read
 * (no terminal) as one JSON line each, the log staying JSON lines (decision 012).
 */
export async function announceStartNotes(app: FastifyInstance, terminal: { isTTY?: boolean; write(text: string): unknown }) {
  const notes = await startNotes(app);
  if (terminal.isTTY) terminal.write(startNotesText(notes));
  else for (const { text, setupAddress } of notes) app.log.info({ startNote: true, ...(setupAddress ? { setupAddress } : {}) }, text);
}
