import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { type SignUpOptions, signUp, type TestAccount } from './accounts.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The app a file's tests share, and the accounts signed up for them, by the names the file gave. */
export type AppWithPeople<Name extends string> = { t: TestApp } & Record<Name, TestAccount>;

/**
 * For a file whose tests share one app: started before them (with `config` over the test defaults),
 * an account signed up for each of `people` in the order given, and closed after them. `started` gets
 * the app and the accounts once they are there, to keep and to set up more.
 */
export function sharedApp<Name extends string>(
  people: Record<Name, SignUpOptions>,
  started: (app: AppWithPeople<Name>) => unknown,
  config: Partial<Config> = {},
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(config);
    const accounts = {} as Record<Name, TestAccount>;
    for (const name of Object.keys(people) as Name[]) accounts[name] = await signUp(t, people[name]);
    await started({ t, ...accounts });
  });
  afterAll(() => t?.close());
}
