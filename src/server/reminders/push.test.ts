import { Agent as HttpsAgent } from 'node:https';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../shared/messages';
import type { PushDeviceAdded, PushDevices } from '../../shared/push-schemas';
import { quoteForDay } from '../../shared/quotes';
import type { ReminderSettingsInput } from '../../shared/reminder-schemas';
import { createApp, type JournalApp } from '../app';
import { disableAccount } from '../auth/repository';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { createLogger } from '../logger';
import { DATABASE_KINDS, type DatabaseKind } from '../test/databases';
import { type Agent, createHarness, type Harness, signUpAndVerify } from '../test/harness';
import { type PushServicePeer, startPushService, type TestSubscription } from '../test/push-service';
import { dailyQuotes } from './quotes';

const SUBJECT = 'mailto:operator@journal.example.com';
const EVERY_DAY: ReminderSettingsInput['days'] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Written into a journal: no notification may ever carry it. */
const SECRET_TEXT = 'The letter from my grandmother, read aloud at last';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** 08:00 in New York on Sunday 2026-03-15, and five seconds after. */
const DUE = '2026-03-15T12:00:05.000Z';

let peer: PushServicePeer;
beforeAll(async () => {
  peer = await startPushService();
});
afterAll(async () => {
  await peer.close();
});

describe.each(DATABASE_KINDS)('notifications on %s', { timeout: 120_000 }, (kind: DatabaseKind) => {
  let h: Harness;
  let agent: HttpsAgent;
  let others: { journal: JournalApp; database: DatabaseHandle }[];
  beforeEach(async () => {
    agent = new HttpsAgent({ ca: peer.certificate });
    h = await createHarness(kind, { VAPID_SUBJECT: SUBJECT, PUSH_SERVICE_HOSTS: peer.host }, { pushAgent: agent });
    h.clock.set('2026-03-15T11:00:00.000Z');
    others = [];
  });
  afterEach(async () => {
    for (const other of others) {
      await other.journal.close();
      await other.database.close();
    }
    await h.close();
    agent.destroy();
  });

  async function anotherProcess(): Promise<JournalApp> {
    const database = await openDatabase(h.config.database);
    const journal = createApp({ config: h.config, database, logger: createLogger('silent'), now: h.clock.now, pushAgent: agent });
    others.push({ journal, database });
    return journal;
  }

  async function person(settings: Partial<ReminderSettingsInput> = {}) {
    const signedUp = await signUpAndVerify(h);
    const res = await signedUp.agent.put('/api/reminders', {
      enabled: true,
      time: '08:00',
      days: EVERY_DAY,
      timeZone: 'America/New_York',
      ...settings,
    });
    expect(res.status).toBe(200);
    return signedUp;
  }

  async function addDevice(who: Agent, subscription: TestSubscription = peer.subscribe()) {
    const res = await who.post('/api/reminders/devices', subscription, { 'user-agent': PHONE });
    expect(res.status, res.text).toBe(201);
    return { subscription, added: res.json as unknown as PushDeviceAdded };
  }

  const reminderMails = async (email: string) =>
    (await h.mailTo(email)).filter((mail) => mail.subject === 'A moment for gratitude today');
  const devices = async (who: Agent) => (await who.get('/api/reminders/devices')).json as unknown as PushDevices;
  const deliveredTo = (subscription: TestSubscription) =>
    peer.delivered.filter((push) => push.subscription === subscription.endpoint);

  /**
   * Runs the scheduler at the reminder's moment, and lets every process send what it queued: its notifications, and
   * the emails its own mail worker took from the shared queue (`h.mailTo` waits only for the first process's).
   */
  async function remind(...apps: JournalApp[]): Promise<void> {
    const all = apps.length > 0 ? apps : [h.journal];
    h.clock.set(DUE);
    await Promise.all(all.map((app) => app.reminders.runDue()));
    await Promise.all(all.map(async (app) => {
      app.pushWorker.kick();
      await Promise.all([app.pushWorker.idle(), app.mailWorker.idle()]);
    }));
  }

  it('adds, lists and removes the person’s devices, with the browser and when it was added', async () => {
    const { agent: writer } = await person();
    const before = await devices(writer);
    expect(before.available).toBe(true);
    expect(before.devices).toEqual([]);
    // The key the page subscribes with is the one the server signs with, kept for every process.
    const row = await h.database.db.selectFrom('push_keys').select('public_key').executeTakeFirstOrThrow();
    expect(before.publicKey).toBe(row.public_key);

    const { subscription, added } = await addDevice(writer);
    expect(added.device).toEqual({ id: expect.any(String), device: 'Chrome on Android', createdAt: '2026-03-15T11:00:00.000Z', endpoint: subscription.endpoint });
    expect(added.replaced).toBeNull();
    h.clock.advance(60_000);
    const second = await addDevice(writer);
    expect((await devices(writer)).devices.map((device) => device.endpoint)).toEqual([subscription.endpoint, second.subscription.endpoint]);

    // Off by its id (the list's Remove), or by its endpoint (the switch on the device itself).
    expect((await writer.delete(`/api/reminders/devices/${added.device.id}`)).status).toBe(200);
    expect((await writer.post('/api/reminders/devices/remove', { endpoint: second.subscription.endpoint })).status).toBe(200);
    expect((await devices(writer)).devices).toEqual([]);
    expect((await writer.delete(`/api/reminders/devices/${added.device.id}`)).status).toBe(404);
  });

  it('never shows, removes or takes over another person’s device, by any name', async () => {
    const ada = await person();
    const mallory = await person();
    const { subscription, added } = await addDevice(ada.agent);

    expect((await devices(mallory.agent)).devices).toEqual([]);
    for (const res of [
      await mallory.agent.delete(`/api/reminders/devices/${added.device.id}`),
      await mallory.agent.delete(`/api/reminders/devices/${encodeURIComponent(subscription.endpoint)}`),
      await mallory.agent.post('/api/reminders/devices/remove', { endpoint: subscription.endpoint }),
      await mallory.agent.post('/api/reminders/devices/remove', { endpoint: added.device.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'not-found', message: PUSH_MESSAGES.notFound });
    }
    expect((await devices(ada.agent)).devices.map((device) => device.id)).toEqual([added.device.id]);

    // Signed out, nothing at all.
    const stranger = h.agent();
    expect((await stranger.get('/api/reminders/devices')).status).toBe(401);
    expect((await stranger.post('/api/reminders/devices', peer.subscribe())).status).toBe(401);
    expect((await stranger.delete(`/api/reminders/devices/${added.device.id}`)).status).toBe(401);
    expect((await devices(ada.agent)).devices).toHaveLength(1);
  });

  it('refuses what is not a push service’s subscription with a 400 naming what is wrong, and keeps nothing', async () => {
    const { agent: writer } = await person();
    const good = peer.subscribe();
    const longEndpoint = `${good.endpoint}/${'a'.repeat(2000 - good.endpoint.length - 1)}`;
    expect(longEndpoint).toHaveLength(2000);
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const refusals: [unknown, string][] = [
      [{ keys: good.keys }, PUSH_MESSAGES.missingEndpoint],
      [{ ...good, endpoint: longEndpoint }, PUSH_MESSAGES.endpointTooLong],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.missingKeys],
      [{ ...good, keys: { auth: good.keys.auth } }, PUSH_MESSAGES.invalidP256dh],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, PUSH_MESSAGES.invalidAuth],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 86) } }, PUSH_MESSAGES.invalidP256dh],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}A` } }, PUSH_MESSAGES.invalidP256dh],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }, PUSH_MESSAGES.invalidP256dh],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 86)}=` } }, PUSH_MESSAGES.invalidP256dh],
      [{ ...good, keys: { ...good.keys, auth: good.keys.auth.slice(0, 20) } }, PUSH_MESSAGES.invalidAuth],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, PUSH_MESSAGES.invalidAuth],
      [{ ...good, keys: { ...good.keys, auth: 42 } }, PUSH_MESSAGES.invalidAuth],
      [{ ...good, keys: 'keys' }, PUSH_MESSAGES.missingKeys],
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: 'https://attacker.example.com/push/1' }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: 'https://fcm.googleapis.com.attacker.example.com/fcm/send/1' }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/1' }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: good.endpoint.replace(peer.host, '127.0.0.1:1') }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: good.endpoint.replace('https://', 'https://user:pass@') }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, endpoint: 'not a url' }, PUSH_MESSAGES.endpointNotAllowed],
      [{ ...good, userId: 'someone-else' }, PUSH_MESSAGES.invalid],
      [[], PUSH_MESSAGES.invalid],
      [null, PUSH_MESSAGES.missingEndpoint],
    ];
    for (const [body, message] of refusals) {
      const res = await writer.post('/api/reminders/devices', body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json, `${JSON.stringify(body).slice(0, 200)} ${res.text}`).toEqual({ code: 'invalid-subscription', message });
    }
    expect((await writer.post('/api/reminders/devices', '{"endpoint":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await devices(writer)).devices).toEqual([]);
    expect(await h.database.db.selectFrom('push_subscription').select('id').execute()).toEqual([]);

    // The browsers' own services are taken as they are.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGc1AbC',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      const res = await writer.post('/api/reminders/devices', { ...good, endpoint });
      expect(res.status, endpoint).toBe(201);
    }
  });

  it('keeps ten devices a person at most: the eleventh replaces the oldest, and says which', async () => {
    const { agent: writer } = await person();
    const added: PushDeviceAdded[] = [];
    for (let index = 0; index < 10; index += 1) {
      h.clock.advance(60_000);
      added.push((await addDevice(writer)).added);
    }
    h.clock.advance(60_000);
    const eleventh = (await addDevice(writer)).added;
    expect(eleventh.replaced).toEqual(added[0]?.device);
    const listed = (await devices(writer)).devices.map((device) => device.id);
    expect(listed).toEqual([...added.slice(1).map((one) => one.device.id), eleventh.device.id]);
  });

  it('sends the day’s reminder to every device and by email, once, with the quote of the day and nothing the writer typed', async () => {
    const { agent: writer, email } = await person();
    const phone = await addDevice(writer);
    const laptop = await addDevice(writer);
    const yesterday = { gratitude: SECRET_TEXT, celebration: SECRET_TEXT, manifestation: SECRET_TEXT };
    expect((await writer.post('/api/entries', { content: yesterday, localDate: '2026-03-14' })).status).toBe(201);

    await remind();
    const quote = quoteForDay(dailyQuotes(), '2026-03-15');
    for (const device of [phone, laptop]) {
      const pushes = deliveredTo(device.subscription);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.payload).toEqual({
        title: 'A moment for gratitude',
        body: `“${quote.quote}”${quote.author ? ` (${quote.author})` : ''}`,
        url: '/journal/new',
        tag: 'reminder',
      });
      expect(JSON.stringify(pushes[0])).not.toContain('grandmother');
      expect(pushes[0]?.subject).toBe(SUBJECT);
      expect(pushes[0]?.topic).toBe('reminder');
      expect(pushes[0]?.ttl).toBeGreaterThan(0);
    }
    expect(await reminderMails(email)).toHaveLength(1);

    // Later that day, again: nothing more to anyone.
    h.clock.set('2026-03-15T15:00:00.000Z');
    await h.journal.reminders.runDue();
    h.journal.pushWorker.kick();
    await h.journal.pushWorker.idle();
    expect(deliveredTo(phone.subscription)).toHaveLength(1);
    expect(await h.database.db.selectFrom('push_queue').selectAll().execute()).toEqual([]);
  });

  it('sends nothing on a day already written, by any channel', async () => {
    const { agent: writer, email } = await person();
    const phone = await addDevice(writer);
    const content = { gratitude: SECRET_TEXT, celebration: '', manifestation: '' };
    expect((await writer.post('/api/entries', { content, localDate: '2026-03-15' })).status).toBe(201);
    await remind();
    expect(deliveredTo(phone.subscription)).toEqual([]);
    expect(await reminderMails(email)).toEqual([]);
  });

  it('drops a notification queued before the day was written', async () => {
    const { agent: writer } = await person();
    const phone = await addDevice(writer);
    await h.journal.pushWorker.stop();
    h.clock.set(DUE);
    await h.journal.reminders.runDue();
    expect(await h.database.db.selectFrom('push_queue').select('local_date').execute()).toEqual([{ local_date: '2026-03-15' }]);
    // Written between the reminder's claim and the notification's turn.
    const content = { gratitude: SECRET_TEXT, celebration: '', manifestation: '' };
    expect((await writer.post('/api/entries', { content, localDate: '2026-03-15' })).status).toBe(201);
    h.journal.pushWorker.start();
    await h.journal.pushWorker.idle();
    expect(deliveredTo(phone.subscription)).toEqual([]);
    expect(await h.database.db.selectFrom('push_queue').selectAll().execute()).toEqual([]);
  });

  it('sends nothing to an account disabled after the notification was queued', async () => {
    const disabled = await person();
    const active = await person();
    const [disabledPhone, activePhone] = [await addDevice(disabled.agent), await addDevice(active.agent)];
    await h.journal.pushWorker.stop();
    h.clock.set(DUE);
    await h.journal.reminders.runDue();
    expect(await disableAccount(h.database.db, disabled.userId, h.clock.now())).toBe(true);
    h.journal.pushWorker.start();
    await h.journal.pushWorker.idle();
    expect(deliveredTo(disabledPhone.subscription)).toEqual([]);
    expect(deliveredTo(activePhone.subscription)).toHaveLength(1);
  });

  it('sends only notifications when the writer turned email off, and only email with no device', async () => {
    const pushOnly = await person({ email: false });
    const phone = await addDevice(pushOnly.agent);
    const mailOnly = await person();
    await remind();
    expect(deliveredTo(phone.subscription)).toHaveLength(1);
    expect(await reminderMails(pushOnly.email)).toEqual([]);
    expect(await reminderMails(mailOnly.email)).toHaveLength(1);
    expect((await pushOnly.agent.get('/api/reminders')).json).toMatchObject({ email: false });
  });

  it('removes a device the push service says is gone (410, 404)', async () => {
    const { agent: writer } = await person();
    const gone = await addDevice(writer);
    const missing = await addDevice(writer);
    const kept = await addDevice(writer);
    peer.answer(gone.subscription, 410);
    peer.answer(missing.subscription, 404);
    await remind();
    expect((await devices(writer)).devices.map((device) => device.id)).toEqual([kept.added.device.id]);
    expect(deliveredTo(kept.subscription)).toHaveLength(1);
    expect(await h.database.db.selectFrom('push_queue').selectAll().execute()).toEqual([]);
  });

  it('tries a failing push service again later, and never holds up the emails', async () => {
    const { agent: writer, email } = await person();
    const phone = await addDevice(writer);
    peer.answer(phone.subscription, 503);
    await remind();
    // The email went; the notification waits for its next try.
    expect(await reminderMails(email)).toHaveLength(1);
    expect(deliveredTo(phone.subscription)).toEqual([]);
    const queued = await h.database.db.selectFrom('push_queue').selectAll().execute();
    expect(queued).toMatchObject([{ attempts: 1, sending_at: null }]);
    expect(Date.parse(queued[0]?.next_attempt_at ?? '')).toBeGreaterThan(Date.parse(DUE));

    // Not before its time; then, with the service back, once.
    h.journal.pushWorker.kick();
    await h.journal.pushWorker.idle();
    expect(deliveredTo(phone.subscription)).toEqual([]);
    peer.answer(phone.subscription, 201);
    h.clock.advance(5 * 60_000);
    h.journal.pushWorker.kick();
    await h.journal.pushWorker.idle();
    expect(deliveredTo(phone.subscription)).toHaveLength(1);
    expect((await devices(writer)).devices).toHaveLength(1);
  });

  it('sends the emails while a slow push service has yet to answer', async () => {
    const { agent: writer, email } = await person();
    const phone = await addDevice(writer);
    peer.answer(phone.subscription, 201, 3_000);
    h.clock.set(DUE);
    await h.journal.reminders.runDue();
    // The email is out while the push service still holds the notification.
    expect(await reminderMails(email)).toHaveLength(1);
    expect(deliveredTo(phone.subscription)).toEqual([]);
    await h.journal.pushWorker.idle();
    expect(deliveredTo(phone.subscription)).toHaveLength(1);
  });

  it('sends each device one notification when two processes share the work', async () => {
    const b = await anotherProcess();
    const people = [];
    for (let index = 0; index < 6; index += 1) {
      const one = await person();
      people.push({ ...one, devices: [await addDevice(one.agent), await addDevice(one.agent)] });
    }
    await remind(h.journal, b);
    for (const one of people) {
      for (const device of one.devices) expect(deliveredTo(device.subscription)).toHaveLength(1);
      expect(await reminderMails(one.email)).toHaveLength(1);
    }
    // Both processes sign with the one key pair the database keeps.
    const keys = new Set(people.flatMap((one) => one.devices.flatMap((device) => deliveredTo(device.subscription).map((push) => push.vapidKey))));
    expect(keys.size).toBe(1);
    expect(await b.pushKeys.get()).toEqual(await h.journal.pushKeys.get());
  });
});

describe('notifications without a contact address for the push services', () => {
  it('are not offered, and a device cannot be added', async () => {
    const h = await createHarness('sqlite');
    try {
      const { agent } = await signUpAndVerify(h);
      expect((await agent.get('/api/reminders/devices')).json).toEqual({ available: false, publicKey: null, devices: [] });
      const res = await agent.post('/api/reminders/devices', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: peer.subscribe().keys,
      });
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ code: 'push-unavailable', message: PUSH_MESSAGES.unavailable });
    } finally {
      await h.close();
    }
  });
});
