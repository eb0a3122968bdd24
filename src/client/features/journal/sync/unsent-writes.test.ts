import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingWrite } from './outbox';
import { unsentWrites } from './unsent-writes';

const write = (opId: string): PendingWrite => ({ kind: 'delete', id: `entry-${opId}`, opId });

afterEach(() => unsentWrites.attach(null));

describe('unsentWrites', () => {
  it('has nothing waiting, and nothing to send, while no outbox runs', () => {
    expect(unsentWrites.pending()).toEqual([]);
    expect(unsentWrites.count()).toBe(0);
    expect(() => unsentWrites.sendNow()).not.toThrow();
  });

  it('reads the running outbox, sends through it, and tells its listeners of every change', () => {
    let queue = [write('a'), write('b')];
    const sendNow = vi.fn();
    const listener = vi.fn();
    const unsubscribe = unsentWrites.subscribe(listener);

    unsentWrites.attach({ pending: () => queue, sendNow });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(unsentWrites.count()).toBe(2);

    unsentWrites.sendNow();
    expect(sendNow).toHaveBeenCalledOnce();

    queue = [write('b')];
    unsentWrites.changed();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(unsentWrites.count()).toBe(1);

    unsentWrites.attach(null);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(unsentWrites.count()).toBe(0);

    unsubscribe();
    unsentWrites.changed();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
