import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CLOSED_ANNOUNCEMENT, ConfigError, envSchema, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'journal-config-'));

describe('configuration', () => {
  it('has working defaults: port 3000 on 127.0.0.1, SQLite under ./data, the mail outbox', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', path: join(dir, 'journal.db') });
    expect(config.mail.outboxDir).toBe(join(dir, 'outbox'));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.readCacheBytes).toBe(32 * 1024 * 1024);
    expect(config.devOrigin).toBeUndefined();
  });

  it('plays the built-in walkthrough unless DEMO_VIDEO_ID names a hosted video', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).demoVideoId).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_VIDEO_ID: '' }).demoVideoId).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_VIDEO_ID: 'abcdefghijk' }).demoVideoId).toBe('abcdefghijk');
  });

  it('trusts a development origin only when DEV_ORIGIN names one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).devOrigin).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_ORIGIN: 'http://localhost:5173/' }).devOrigin).toBe(
      'http://localhost:5173',
    );
  });

  it('sizes the answer cache in megabytes, 0 turning it off', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), READ_CACHE_MB: '0' }).readCacheBytes).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), READ_CACHE_MB: '0.5' }).readCacheBytes).toBe(512 * 1024);
  });

  it('takes an empty variable as unset, as `PORT= npm start` or a blank line in .env gives it', () => {
    const dir = dataDir();
    const blank = Object.fromEntries(
      Object.keys(envSchema.shape)
        .filter((name) => name !== 'ANNOUNCEMENT' && name !== 'DATA_DIR')
        .map((name) => [name, name === 'PORT' ? ' ' : '']),
    );
    expect(loadConfig({ ...blank, DATA_DIR: dir })).toEqual(loadConfig({ DATA_DIR: dir }));
    const config = loadConfig({ ...blank, DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.readCacheBytes).toBe(32 * 1024 * 1024);
    // Only the banner tells empty from unset: empty hides it, even the closed-sign-ups notice.
    expect(loadConfig({ DATA_DIR: dir, SIGNUPS: 'closed', ANNOUNCEMENT: '' }).announcement).toBe('');
  });

  it('selects PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db:5432/journal' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/journal' });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['APP_URL', { APP_URL: 'journal.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'not a url' }],
    ['DEMO_VIDEO_ID', { DEMO_VIDEO_ID: 'short' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['READ_CACHE_MB', { READ_CACHE_MB: 'lots' }],
    ['READ_CACHE_MB', { READ_CACHE_MB: '-1' }],
    ['DEV_ORIGIN', { DEV_ORIGIN: 'localhost:5173' }],
  ])('stops with a message naming %s when it is wrong', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${name}:`));
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required/);
  });

  it('generates a local secret once, readable only by its owner, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
  });
});

describe('.env.example', () => {
  const lines = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8').split('\n');
  const settings = lines
    .map((line, index) => ({ match: /^#?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line), meaning: lines[index - 1] ?? '' }))
    .filter((found) => found.match !== null)
    .map(({ match, meaning }) => ({ name: match?.[1] ?? '', value: match?.[2] ?? '', meaning }));

  it('lists every variable the server reads, and no other', () => {
    expect(settings.map((setting) => setting.name).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('gives each one a line of meaning and the default the server really uses', () => {
    const shape = envSchema.shape as Record<string, z.ZodType>;
    for (const { name, value, meaning } of settings) {
      expect(meaning, name).toMatch(/^# \S/);
      const unset = shape[name]?.parse(undefined);
      if (value === '') expect(unset === undefined || unset === '', name).toBe(true);
      else expect(shape[name]?.parse(value), name).toEqual(unset);
    }
  });
});

describe('sign-ups, support and backups', () => {
  it('shows the closed notice only while sign-ups are closed, unless ANNOUNCEMENT says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ signups: 'open', announcement: '' });
    expect(loadConfig({ DATA_DIR: dataDir(), SIGNUPS: 'invite' }).announcement).toBe('');
    expect(loadConfig({ DATA_DIR: dataDir(), SIGNUPS: 'closed' }).announcement).toBe(CLOSED_ANNOUNCEMENT);
    expect(loadConfig({ DATA_DIR: dataDir(), SIGNUPS: 'closed', ANNOUNCEMENT: '' }).announcement).toBe('');
    expect(loadConfig({ DATA_DIR: dataDir(), ANNOUNCEMENT: 'Maintenance at noon' }).announcement).toBe('Maintenance at noon');
  });

  it('takes scheduled backups only when BACKUP_DIR is set, every BACKUP_EVERY, keeping BACKUP_KEEP', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).backups).toBeUndefined();
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, BACKUP_DIR: join(dir, 'backups') }).backups).toEqual({
      dir: join(dir, 'backups'),
      everyMs: 24 * 3_600_000,
      keep: 7,
    });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_DIR: 'b', BACKUP_EVERY: '30m', BACKUP_KEEP: '3' }).backups).toMatchObject({
      everyMs: 30 * 60_000,
      keep: 3,
    });
  });

  it.each([
    ['SIGNUPS', { SIGNUPS: 'maybe' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'not an address' }],
    ['BACKUP_EVERY', { BACKUP_EVERY: 'daily' }],
    ['BACKUP_EVERY', { BACKUP_EVERY: '30s' }],
    ['BACKUP_EVERY', { BACKUP_EVERY: '0m' }],
    ['BACKUP_KEEP', { BACKUP_KEEP: '0' }],
    ['IMPORT_MAX_MB', { IMPORT_MAX_MB: 'big' }],
  ])('stops with a message naming %s when it is wrong', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${name}:`));
  });
});

describe('notifications (Web Push)', () => {
  const keys = {
    VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    VAPID_PRIVATE_KEY: 'dUiu8dPDx5ZnXbHwQUMC9tW9ILVgAE7DmIWbqa1tsg8',
  };

  it('take VAPID_SUBJECT as a mailto: or https: address, and stop the server with a message for any other', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'mailto:admin@journal.example.com' }).push.subject).toBe(
      'mailto:admin@journal.example.com',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'https://journal.example.com' }).push.subject).toBe(
      'https://journal.example.com',
    );
    for (const subject of [
      'admin@journal.example.com',
      'mailto:admin',
      'mailto:',
      'http://journal.example.com',
      'https://localhost',
      'https://127.0.0.1',
      'ftp://journal.example.com',
      'journal.example.com',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: subject }), subject).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: subject }), subject).toThrow(
        /VAPID_SUBJECT: must be a mailto: address or an https: address .*Apple refuses any other/,
      );
    }
  });

  it('fall back to SUPPORT_EMAIL or an https: APP_URL as the subject, and are off with neither', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).push.subject).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'help@example.org' }).push.subject).toBe('mailto:help@example.org');
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://journal.example.com/' }).push.subject).toBe(
      'https://journal.example.com',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'http://journal.example.com' }).push.subject).toBeUndefined();
  });

  it('take a VAPID key pair from the environment, both or neither, each of the right length', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).push.keys).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).push.keys).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: is required with VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: is required with VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY.slice(1) })).toThrow(
      /VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, VAPID_PRIVATE_KEY: `${keys.VAPID_PRIVATE_KEY}=` })).toThrow(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    );
  });

  it('add the hosts of PUSH_SERVICE_HOSTS, each with an optional port, and refuse anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).push.extraHosts).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUSH_SERVICE_HOSTS: ' Push.Example.com , localhost:8443,' }).push.extraHosts,
    ).toEqual(['push.example.com', 'localhost:8443']);
    for (const hosts of ['https://push.example.com', 'push.example.com:0', 'push.example.com:99999', 'push example.com', 'a/b', 'host:']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUSH_SERVICE_HOSTS: hosts }), hosts).toThrow(/PUSH_SERVICE_HOSTS: must be host names/);
    }
  });
});
