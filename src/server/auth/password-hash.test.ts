import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const hash = await hashPassword('Grateful#2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash, password: 'Grateful#2026' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'Grateful#2027' })).toBe(false);
    expect(await verifyPassword({ hash: '$argon2id$not-a-hash', password: 'Grateful#2026' })).toBe(false);
    expect(await verifyPassword({ hash: 'plain text', password: 'plain text' })).toBe(false);
  });
});
