import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  Outbox,
  parseQueue,
  syncedMessage,
  withWrite,
  type EntryWrite,
  type OutboxStore,
  type PendingWrite,
} from './outbox';

const content = { gratitude: 'Sun', celebration: '', manifestation: '' };

function create(id: string, gratitude = 'Sun'): EntryWrite {
  return { kind: 'create', id, content: { ...content, gratitude }, localDate: '2026-11-22', writtenAt: '2026-11-22T09:00:00.000Z' };
}

function update(id: string, gratitude: string): EntryWrite {
  return { kind: 'update', id, content: { ...content, gratitude }, localDate: '2026-11-22' };
}

const remove = (id: string): EntryWrite => ({ kind: 'delete', id });

let opCounter = 0;
const queued = (write: EntryWrite): PendingWrite => ({ ...write, opId: `op${(opCounter += 1)}` });

function memoryStore(initial: PendingWrite[] = []): OutboxStore & { queue: () => PendingWrite[] } {
  let queue = initial;
  return {
    queue: () => queue,
    read: async () => queue,
    change: async (change) => (queue = change(queue)),
  };
}

const offline = () => new ApiError(0, 'network-request-failed', 'Network error');

/**
 * A server that stores creates by id, as ours does: a repeated create returns the stored entry. `loseAnswers`
 * makes the next n requests reach it but lose their answer on the way back.
 */
function fakeServer() {
  const entries = new Map<string, string>();
  let unreachable = false;
  let loseAnswers = 0;
  const send = vi.fn(async (write: PendingWrite) => {
    if (unreachable) throw offline();
    if (write.kind === 'create' && !entries.has(write.id)) entries.set(write.id, write.content.gratitude);
    if (write.kind === 'update') {
      if (!entries.has(write.id)) throw new ApiError(404, 'not-found', 'Entry not found');
      entries.set(write.id, write.content.gratitude);
    }
    if (write.kind === 'delete') entries.delete(write.id);
    if (loseAnswers > 0) {
      loseAnswers -= 1;
      throw offline();
    }
    return write.id;
  });
  return {
    entries,
    send,
    goOffline: () => (unreachable = true),
    goOnline: () => (unreachable = false),
    loseNextAnswer: () => (loseAnswers = 1),
  };
}

describe('withWrite', () => {
  it('adds writes in order', () => {
    const first = queued(create('a'));
    const second = queued(create('b'));
    expect(withWrite(withWrite([], first), second)).toEqual([first, second]);
  });

  it('lets a second edit of an entry take the place of the first', () => {
    const made = queued(create('a'));
    const edit = queued(update('a', 'One'));
    const other = queued(create('b'));
    const again = queued(update('a', 'Two'));
    expect(withWrite([made, edit, other], again)).toEqual([made, again, other]);
  });

  it('replaces everything queued for an entry by its delete', () => {
    const made = queued(create('a'));
    const edit = queued(update('a', 'One'));
    const other = queued(create('b'));
    const gone = queued(remove('a'));
    expect(withWrite([made, edit, other], gone)).toEqual([other, gone]);
  });
});

describe('parseQueue', () => {
  it('keeps the readable writes and drops the rest', () => {
    const good = queued(create('a'));
    expect(parseQueue([good, { kind: 'teleport' }, null])).toEqual([good]);
    expect(parseQueue('not a queue')).toEqual([]);
  });

  it('keeps the mark of a write that has waited', () => {
    const waited = { ...queued(create('a')), waited: true };
    expect(parseQueue([waited])).toEqual([waited]);
  });

  it('reads every kind of write, with only the fields it knows, and drops a write with a field of the wrong type', () => {
    const edit = queued(update('a', 'Later'));
    const gone = queued(remove('b'));
    const withMemory = queued({ ...(create('c') as Extract<EntryWrite, { kind: 'create' }>), content: { ...content, memory: 'Rain' }, utcOffset: 60 });
    expect(parseQueue([{ ...edit, extra: 1 }, gone, withMemory])).toEqual([edit, gone, withMemory]);
    expect(parseQueue([{ ...queued(create('d')), utcOffset: '60' }])).toEqual([]);
    expect(parseQueue([{ ...queued(create('d')), content: { gratitude: 'Sun' } }])).toEqual([]);
    expect(parseQueue([{ ...queued(create('d')), waited: 'yes' }])).toEqual([]);
    expect(parseQueue([{ kind: 'delete', id: 'e' }])).toEqual([]);
  });

  it('keeps a write’s mood, or its null that clears one, and drops a write whose mood is not one of the five', () => {
    const made = create('a') as Extract<EntryWrite, { kind: 'create' }>;
    const withMood = queued({ ...made, content: { ...content, mood: 4 } });
    const cleared = queued({ ...(update('b', 'Later') as Extract<EntryWrite, { kind: 'update' }>), content: { ...content, mood: null } });
    expect(parseQueue([withMood, cleared])).toEqual([withMood, cleared]);
    for (const mood of [0, 6, 2.5, 'great', '4']) {
      expect(parseQueue([{ ...withMood, content: { ...content, mood } }])).toEqual([]);
    }
  });

  it('keeps the answers of a write made with the writer’s own prompts, wording and all, and drops one it cannot read', () => {
    const made = create('a') as Extract<EntryWrite, { kind: 'create' }>;
    const answers = [
      { prompt: 'What went well?', answer: 'The bread rose.' },
      { prompt: 'Why?', answer: '' },
    ];
    const ownContent = { gratitude: '', celebration: '', manifestation: '', answers };
    const own = queued({ ...made, content: ownContent });
    expect(parseQueue([own])).toEqual([own]);
    for (const broken of ['yes', [], [{ prompt: 'Why?' }], [...answers, { prompt: 3, answer: 'x' }]]) {
      expect(parseQueue([{ ...own, content: { ...ownContent, answers: broken } }])).toEqual([]);
    }
  });

  it('keeps a write’s chips, an empty list too, and drops a write whose chips are no tags', () => {
    const made = create('a') as Extract<EntryWrite, { kind: 'create' }>;
    const withTags = queued({ ...made, content: { ...content, tags: ['family', 'été'] } });
    const cleared = queued({ ...(update('b', 'Later') as Extract<EntryWrite, { kind: 'update' }>), content: { ...content, tags: [] } });
    expect(parseQueue([withTags, cleared])).toEqual([withTags, cleared]);
    const tooMany = Array.from({ length: 21 }, (_, i) => `t${i}`);
    for (const tags of ['family', ['two words'], [1], tooMany, [null]]) {
      expect(parseQueue([{ ...withTags, content: { ...content, tags } }])).toEqual([]);
    }
  });
});

describe('syncedMessage', () => {
  it('counts the entries written or edited once each, and the deletions apart', () => {
    const waited = (write: EntryWrite) => ({ ...queued(write), waited: true });
    expect(syncedMessage([waited(create('a'))])).toBe('1 entry synced');
    expect(syncedMessage([waited(create('a')), waited(update('a', 'Later')), waited(create('b'))])).toBe(
      '2 entries synced',
    );
    expect(syncedMessage([waited(remove('a'))])).toBe('1 deletion synced');
    expect(syncedMessage([waited(create('a')), waited(remove('b')), waited(remove('c'))])).toBe(
      '1 entry and 2 deletions synced',
    );
    expect(syncedMessage([])).toBeNull();
  });
});

describe('Outbox', () => {
  it('sends a write at once when the server answers', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const onSynced = vi.fn();
    const outbox = new Outbox({ store, send: server.send, onSynced });

    await expect(outbox.submit(create('a'))).resolves.toBe('sent');
    expect(server.entries.get('a')).toBe('Sun');
    expect(store.queue()).toEqual([]);
    expect(outbox.pending()).toEqual([]);
    expect(onSynced).toHaveBeenCalledTimes(1);
  });

  it('keeps a write made offline and sends it when asked again', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const outbox = new Outbox({ store, send: server.send });
    server.goOffline();

    await expect(outbox.submit(create('a'))).resolves.toBe('queued');
    expect(outbox.pending().map((write) => write.id)).toEqual(['a']);
    expect(server.entries.size).toBe(0);

    server.goOnline();
    await outbox.flush();
    expect(server.entries.get('a')).toBe('Sun');
    expect(outbox.pending()).toEqual([]);
  });

  it('stores an entry once when the answer to its create was lost', async () => {
    const server = fakeServer();
    const outbox = new Outbox({ store: memoryStore(), send: server.send });
    server.loseNextAnswer();

    await expect(outbox.submit(create('a'))).resolves.toBe('queued');
    expect(server.entries.size).toBe(1);
    await outbox.flush();

    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.send.mock.calls.map(([write]) => write.id)).toEqual(['a', 'a']);
    expect([...server.entries.keys()]).toEqual(['a']);
    expect(outbox.pending()).toEqual([]);
  });

  it('sends queued writes in the order they were made', async () => {
    const server = fakeServer();
    const outbox = new Outbox({ store: memoryStore(), send: server.send });
    server.goOffline();
    await outbox.submit(create('a', 'First'));
    await outbox.submit(update('a', 'Second'));
    await outbox.submit(create('b'));
    await outbox.submit(remove('b'));

    server.goOnline();
    await outbox.flush();
    expect(server.send.mock.calls.slice(-3).map(([write]) => `${write.kind}:${write.id}`)).toEqual([
      'create:a',
      'update:a',
      'delete:b',
    ]);
    expect([...server.entries]).toEqual([['a', 'Second']]);
  });

  it('rejects a write the server refuses, and forgets it', async () => {
    const refusal = new ApiError(400, 'invalid-entry', 'Invalid content detected');
    const onRefused = vi.fn();
    const outbox = new Outbox({ store: memoryStore(), send: () => Promise.reject(refusal), onRefused });

    await expect(outbox.submit(create('a'))).rejects.toBe(refusal);
    expect(outbox.pending()).toEqual([]);
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('reports a refused write that was queued earlier, and goes on with the next', async () => {
    const server = fakeServer();
    const onRefused = vi.fn();
    const outbox = new Outbox({ store: memoryStore(), send: server.send, onRefused });
    server.goOffline();
    await outbox.submit(update('missing', 'Edit of an entry deleted elsewhere'));
    await outbox.submit(create('b'));

    server.goOnline();
    await outbox.flush();
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused.mock.calls[0]?.[0]).toMatchObject({ kind: 'update', id: 'missing' });
    expect(server.entries.has('b')).toBe(true);
    expect(outbox.pending()).toEqual([]);
  });

  it.each([
    ['a server error', new ApiError(503, 'unavailable', 'Unavailable')],
    ['an expired session', new ApiError(401, 'unauthorized', 'Sign in again')],
    ['no answer', offline()],
  ])('keeps the write after %s', async (_case, error) => {
    const outbox = new Outbox({ store: memoryStore(), send: () => Promise.reject(error) });
    await expect(outbox.submit(create('a'))).resolves.toBe('queued');
    expect(outbox.pending()).toHaveLength(1);
  });

  it('sends writes submitted at the same time one after another, each once', async () => {
    const server = fakeServer();
    let inFlight = 0;
    let most = 0;
    const send = async (write: PendingWrite) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return server.send(write);
    };
    const outbox = new Outbox({ store: memoryStore(), send });

    const results = await Promise.all([outbox.submit(create('a')), outbox.submit(create('b')), outbox.submit(create('c'))]);
    expect(results).toEqual(['sent', 'sent', 'sent']);
    expect(most).toBe(1);
    expect(server.send).toHaveBeenCalledTimes(3);
  });

  it('tells of the writes that had waited once a round delivers them, and of none sent at once', async () => {
    const server = fakeServer();
    const delivered = vi.fn();
    const outbox = new Outbox({ store: memoryStore(), send: server.send, onDeliveredAfterWaiting: delivered });

    await expect(outbox.submit(create('online'))).resolves.toBe('sent');
    expect(delivered).not.toHaveBeenCalled();

    server.goOffline();
    await outbox.submit(create('a'));
    await outbox.submit(update('a', 'Edited offline'));
    await outbox.submit(create('b'));
    await outbox.flush();
    expect(delivered).not.toHaveBeenCalled();

    server.goOnline();
    await outbox.flush();
    expect(delivered).toHaveBeenCalledTimes(1);
    expect(delivered.mock.calls[0]?.[0].map((write: PendingWrite) => `${write.kind}:${write.id}`)).toEqual([
      'create:a',
      'update:a',
      'create:b',
    ]);
    // Nothing left: another round tells of nothing again.
    await outbox.flush();
    expect(delivered).toHaveBeenCalledTimes(1);
  });

  it('counts a write as waiting once the server failed it, and as sent once its retry goes through', async () => {
    let failures = 1;
    const delivered = vi.fn();
    const send = async (write: PendingWrite) => {
      if (failures > 0) {
        failures -= 1;
        throw new ApiError(503, 'unavailable', 'Unavailable');
      }
      return write.id;
    };
    const outbox = new Outbox({ store: memoryStore(), send, onDeliveredAfterWaiting: delivered });
    await expect(outbox.submit(create('a'))).resolves.toBe('queued');
    await outbox.flush();
    expect(delivered).toHaveBeenCalledTimes(1);
    expect(delivered.mock.calls[0]?.[0]).toMatchObject([{ kind: 'create', id: 'a', waited: true }]);
  });

  it('tells of waiting writes in the one tab whose round sends them, and of a refused one never', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const [here, there] = [vi.fn(), vi.fn()];
    const refusing = vi.fn(async (write: PendingWrite) => {
      if (write.id === 'refused') throw new ApiError(400, 'invalid-entry', 'Invalid content detected');
      return server.send(write);
    });
    // Two tabs over one stored queue, one round at a time as the Web Lock allows.
    let lock = Promise.resolve(true);
    const exclusive = (task: () => Promise<boolean>) => (lock = lock.then(task, task));
    const first = new Outbox({ store, send: refusing, onDeliveredAfterWaiting: here, exclusive });
    const second = new Outbox({ store, send: refusing, onDeliveredAfterWaiting: there, exclusive });
    server.goOffline();
    await first.submit(create('a'));
    await first.submit(create('refused'));
    await first.submit(create('b'));

    server.goOnline();
    await Promise.all([second.flush(), first.flush()]);
    expect(server.entries.size).toBe(2);
    expect(there).toHaveBeenCalledTimes(1);
    expect(there.mock.calls[0]?.[0].map((write: PendingWrite) => write.id)).toEqual(['a', 'b']);
    expect(here).not.toHaveBeenCalled();
  });

  it('tells its listeners when the queue changes', async () => {
    const server = fakeServer();
    const outbox = new Outbox({ store: memoryStore(), send: server.send });
    const listener = vi.fn();
    outbox.subscribe(listener);
    server.goOffline();
    await outbox.submit(create('a'));
    expect(listener).toHaveBeenCalledTimes(1);
    server.goOnline();
    await outbox.flush();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
