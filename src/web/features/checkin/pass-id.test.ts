import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registrationIdOfPass } from './pass-id.ts';

/** A pass shaped as the server makes it (decision 027): the id's 16 bytes and a signature, both base64url. */
const passFor = (id: string, signature = Buffer.alloc(16, 7)) =>
  `hh1.${Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url')}.${signature.toString('base64url')}`;

describe('registrationIdOfPass', () => {
  it('reads the registration a pass names', () => {
    for (const id of [randomUUID(), randomUUID(), '00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff']) {
      expect(registrationIdOfPass(passFor(id))).toBe(id);
    }
  });

  it('gives null for text not shaped like a pass', () => {
    const good = passFor(randomUUID());
    for (const text of [
      '',
      'hello',
      good.replace('hh1.', 'hh2.'),
      `${good}.more`,
      good.slice(0, -1),
      good.replace('.', '..'),
      'hh1.!!!!!!!!!!!!!!!!!!!!!!.AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(registrationIdOfPass(text)).toBeNull();
    }
  });
});
