import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, localDateIn, monthIndexOfKey, nextMonthly, nextReminder, timeZoneName, zonedMoment } from './zoned-time';

const EVERY_DAY = 0x7f;
const at = (iso: string) => new Date(iso);

describe('zonedMoment', () => {
  it('keeps a New York reminder at 20:00 on the clock on either side of the March change', () => {
    // EST (UTC-5) until 2026-03-08 02:00, EDT (UTC-4) after.
    expect(zonedMoment('America/New_York', '2026-03-07', 20 * 60).toISOString()).toBe('2026-03-08T01:00:00.000Z');
    expect(zonedMoment('America/New_York', '2026-03-08', 20 * 60).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('keeps it at 20:00 on either side of the November change', () => {
    // EDT until 2026-11-01 02:00, EST after.
    expect(zonedMoment('America/New_York', '2026-10-31', 20 * 60).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(zonedMoment('America/New_York', '2026-11-01', 20 * 60).toISOString()).toBe('2026-11-02T01:00:00.000Z');
  });

  it('moves a time the spring change skips forward by the hour, and takes the first of a time that happens twice', () => {
    // 02:30 does not happen on 2026-03-08 in New York: 03:30 EDT instead.
    expect(zonedMoment('America/New_York', '2026-03-08', 2 * 60 + 30).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: first in EDT (05:30 UTC), then in EST (06:30 UTC).
    expect(zonedMoment('America/New_York', '2026-11-01', 60 + 30).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('works in zones with half-hour and three-quarter-hour offsets', () => {
    expect(zonedMoment('Asia/Kolkata', '2026-03-15', 21 * 60).toISOString()).toBe('2026-03-15T15:30:00.000Z');
    expect(zonedMoment('Asia/Kathmandu', '2026-03-15', 8 * 60).toISOString()).toBe('2026-03-15T02:15:00.000Z');
    // Adelaide: +10:30 in summer, +9:30 from 2026-04-05 03:00.
    expect(zonedMoment('Australia/Adelaide', '2026-04-04', 20 * 60).toISOString()).toBe('2026-04-04T09:30:00.000Z');
    expect(zonedMoment('Australia/Adelaide', '2026-04-05', 20 * 60).toISOString()).toBe('2026-04-05T10:30:00.000Z');
  });
});

describe('localDateIn', () => {
  it('names the day the moment falls on in the zone', () => {
    const moment = at('2026-03-15T23:30:00.000Z');
    expect(localDateIn('UTC', moment)).toBe('2026-03-15');
    expect(localDateIn('Asia/Kolkata', moment)).toBe('2026-03-16');
    expect(localDateIn('America/Los_Angeles', moment)).toBe('2026-03-15');
    expect(localDateIn('Pacific/Kiritimati', at('2026-03-15T10:30:00.000Z'))).toBe('2026-03-16');
  });
});

describe('nextReminder', () => {
  const newYork = { timeZone: 'America/New_York', minuteOfDay: 8 * 60, weekdays: EVERY_DAY };

  it('is the next time on the clock after the moment, today or on a later day', () => {
    expect(nextReminder(newYork, at('2026-03-15T11:00:00.000Z'), null)?.toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(nextReminder(newYork, at('2026-03-15T12:00:00.000Z'), null)?.toISOString()).toBe('2026-03-16T12:00:00.000Z');
  });

  it('comes only on the chosen weekdays', () => {
    // 2026-03-15 is a Sunday; Monday and Friday only.
    const weekdays = (1 << 1) | (1 << 5);
    const monday = nextReminder({ ...newYork, weekdays }, at('2026-03-15T11:00:00.000Z'), null);
    expect(monday?.toISOString()).toBe('2026-03-16T12:00:00.000Z');
    const friday = nextReminder({ ...newYork, weekdays }, monday ?? new Date(), null);
    expect(friday?.toISOString()).toBe('2026-03-20T12:00:00.000Z');
    expect(nextReminder({ ...newYork, weekdays: 0 }, at('2026-03-15T11:00:00.000Z'), null)).toBeNull();
  });

  it('skips the days a reminder already went out for', () => {
    expect(nextReminder(newYork, at('2026-03-15T11:00:00.000Z'), '2026-03-15')?.toISOString()).toBe(
      '2026-03-16T12:00:00.000Z',
    );
  });

  it('finds the day in zones far ahead of and behind UTC', () => {
    const kiritimati = { timeZone: 'Pacific/Kiritimati', minuteOfDay: 60, weekdays: EVERY_DAY };
    // 2026-03-15T10:30Z is 00:30 on the 16th there: 01:00 on the 16th is half an hour away.
    expect(nextReminder(kiritimati, at('2026-03-15T10:30:00.000Z'), null)?.toISOString()).toBe('2026-03-15T11:00:00.000Z');
    const samoa = { timeZone: 'Pacific/Pago_Pago', minuteOfDay: 23 * 60, weekdays: EVERY_DAY };
    expect(nextReminder(samoa, at('2026-03-16T09:00:00.000Z'), null)?.toISOString()).toBe('2026-03-16T10:00:00.000Z');
  });
});

describe('nextMonthly', () => {
  const ny = { timeZone: 'America/New_York', minuteOfDay: 8 * 60 };
  const october = monthIndexOfKey('2026-10');

  it('is the first of the next month at the time on the clock, for the month before it', () => {
    // 1 November 2026: the clocks went back that night, so 08:00 is 13:00 UTC.
    expect(nextMonthly(ny, at('2026-10-15T12:00:00Z'), null)).toEqual({ at: at('2026-11-01T13:00:00.000Z'), lookBack: october });
    // On the first itself, before the time: today's; after it: next month's.
    expect(nextMonthly(ny, at('2026-11-01T12:59:00Z'), null).at.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(nextMonthly(ny, at('2026-11-01T13:00:00Z'), null).at.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    // Across the year.
    expect(nextMonthly(ny, at('2026-12-20T12:00:00Z'), null)).toEqual({
      at: at('2027-01-01T13:00:00.000Z'),
      lookBack: monthIndexOfKey('2026-12'),
    });
  });

  it('never comes twice for a month, whatever time is chosen after one went', () => {
    expect(nextMonthly(ny, at('2026-11-01T12:00:00Z'), october).at.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(nextMonthly({ ...ny, minuteOfDay: 23 * 60 }, at('2026-11-01T14:00:00Z'), october).at.toISOString()).toBe(
      '2026-12-02T04:00:00.000Z',
    );
  });

  it('finds the first in zones far ahead of and behind UTC', () => {
    // 31 October 20:00 UTC is already 1 November 09:00 in Auckland, and still 31 October 10:00 in Honolulu.
    expect(nextMonthly({ timeZone: 'Pacific/Auckland', minuteOfDay: 10 * 60 }, at('2026-10-31T20:00:00Z'), null).at.toISOString()).toBe(
      '2026-10-31T21:00:00.000Z',
    );
    expect(nextMonthly({ timeZone: 'Pacific/Honolulu', minuteOfDay: 10 * 60 }, at('2026-10-31T20:00:00Z'), null).at.toISOString()).toBe(
      '2026-11-01T20:00:00.000Z',
    );
  });
});

describe('isKnownTimeZone', () => {
  it('knows IANA zones, their links and UTC, and nothing else', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'UTC', 'Etc/GMT+5']) {
      expect(isKnownTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus_Mons', 'America/Nowhere', '', 'local']) expect(isKnownTimeZone(zone)).toBe(false);
  });
});

describe('timeZoneName', () => {
  it("keeps a zone under the runtime's spelling, and another name of it as given", () => {
    expect(timeZoneName('europe/berlin')).toBe('Europe/Berlin');
    expect(timeZoneName('EUROPE/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneName('utc')).toBe('UTC');
    expect(timeZoneName('etc/gmt+5')).toBe('Etc/GMT+5');
    expect(timeZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(timeZoneName('America/New_York')).toBe('America/New_York');
    expect(timeZoneName('Mars/Olympus_Mons')).toBeUndefined();
    // Intl ignores the case of A-Z only: the Kelvin sign is no "k".
    expect(timeZoneName('Europe/\u212Aiev')).toBeUndefined();
  });
});

/**
 * Runs `script` in a Node process of its own, with the garbage collector in reach, and returns what it prints: the
 * memory of a test runner's process says little about one module.
 */
function runAlone(script: string): Promise<string> {
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd, timeout: 120_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

describe('memory', () => {
  it('keeps one formatter per zone, however many ways its name is spelt', { timeout: 150_000 }, async () => {
    // 20,000 spellings of one zone: each letter of America/Los_Angeles in either case. Each used to keep a formatter
    // of its own (some 28 kB), 550 MB in all; the figures go to the test's output for bench/RESULTS.md.
    const script = `
      import { isKnownTimeZone, localDateIn, nextReminder } from './src/server/zoned-time.ts';
      const zone = 'America/Los_Angeles';
      const letters = [...zone].flatMap((char, index) => (/[a-z]/i.test(char) ? [index] : []));
      const spelling = (n) => [...zone].map((char, index) => {
        const bit = letters.indexOf(index);
        return bit >= 0 && (n >> bit) & 1 ? (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) : char;
      }).join('');
      const residentMb = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().rss / 1e6; };
      const at = new Date('2026-03-15T12:00:00.000Z');
      localDateIn(zone, at);
      const before = residentMb();
      const seen = new Set();
      for (let n = 0; n < 20000; n += 1) {
        const name = spelling(n);
        seen.add(name);
        if (!isKnownTimeZone(name)) throw new Error(name);
        localDateIn(name, at);
        nextReminder({ timeZone: name, minuteOfDay: 480, weekdays: 127 }, at, null);
      }
      const after = residentMb();
      process.stdout.write(JSON.stringify({ spellings: seen.size, before, after }));
    `;
    const { spellings, before, after } = JSON.parse(await runAlone(script)) as { spellings: number; before: number; after: number };
    console.log(`20,000 spellings of one zone: resident memory ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after`);
    expect(spellings).toBe(20_000);
    expect(after - before).toBeLessThan(50);
  });
});
