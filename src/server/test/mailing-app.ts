import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig, type MailSettings } from '../config.ts';
import { type SignUpOptions, signUp, type TestAccount } from './accounts.ts';
import { type SmtpStandIn, signUpConfirmation, startSmtpStandIn } from './smtp-stand-in.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface MailingApp {
  smtp: SmtpStandIn;
  t: TestApp;
}

/** Mail settings that send through `smtpUrl` at once (a look every 100 ms), a failed send tried again after 1 s. */
export function mailSettingsFor(smtpUrl: string, settings: Partial<MailSettings> = {}): MailSettings {
  return { ...loadConfig().mail, smtpUrl, pollMs: 100, retryDelaysS: [1], ...settings };
}

/**
 * For a file about the messages people get: an app whose outbox sends through a local SMTP stand-in
 * (which leaves the sign-up confirmations out of what it received), started before the file's tests
 * with an account signed up for each of `options.people`, and closed after them. `started` gets both
 * and the accounts once they are there, to keep and to set up more.
 */
export function mailingApp<Name extends string = never>(
  started: (app: MailingApp & Record<Name, TestAccount>) => unknown,
  options: { config?: Partial<Config>; mail?: Partial<MailSettings>; people?: Record<Name, SignUpOptions> } = {},
) {
  let app: Partial<MailingApp> = {};
  beforeAll(async () => {
    const smtp = await startSmtpStandIn(0, { ignoring: signUpConfirmation });
    app = { smtp };
    const t = await startTestApp({ ...options.config, mail: mailSettingsFor(smtp.url, options.mail) });
    app = { smtp, t };
    const accounts = {} as Record<Name, TestAccount>;
    for (const name of Object.keys(options.people ?? {}) as Name[]) accounts[name] = await signUp(t, options.people![name]);
    await started({ smtp, t, ...accounts });
  });
  afterAll(async () => {
    await app.t?.close();
    await app.smtp?.close();
  });
}
