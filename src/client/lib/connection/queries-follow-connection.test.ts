import { onlineManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { connection } from './connection-state';
import { queriesFollowConnection } from './queries-follow-connection';

beforeEach(() => {
  connection.reset();
  onlineManager.setOnline(true);
});

describe('the query cache and the connection', () => {
  it('starts offline when the connection was already lost, and follows it back online', () => {
    connection.reportFailure();
    queriesFollowConnection();
    expect(onlineManager.isOnline()).toBe(false);
    connection.reportAnswer();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('starts online while the connection is not yet known, and goes offline with it', () => {
    queriesFollowConnection();
    expect(onlineManager.isOnline()).toBe(true);
    connection.reportFailure();
    expect(onlineManager.isOnline()).toBe(false);
  });
});
