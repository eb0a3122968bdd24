interface UserAnswers {
  version: number;
  answers: Map<string, string>;
  size: number;
}

/**
 * Answers to users' journal reads (the JSON bodies), kept in memory while each user's journal is unchanged.
 *
 * Every change to a user's entries raises their `profile.journal_version` in the same transaction, and every
 * signed-in request reads that version together with its session, in the one query it makes anyway. An answer is
 * kept under the version it was read at and served only to a request that read the same version. So a cached answer
 * is never older than the database, whichever process wrote the change: N processes on one PostgreSQL still
 * behave as one, and nothing is kept only here.
 *
 * Memory is bounded by `maxBytes` (string lengths, roughly bytes of JSON): the least recently used users' answers go
 * first. A bound of 0 turns the cache off.
 */
export class ReadCache {
  private readonly users = new Map<string, UserAnswers>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    /** One user's distinct reads (days, months, pages) kept at once. */
    private readonly answersPerUser = 64,
  ) {}

  get(userId: string, version: number, key: string): string | undefined {
    const user = this.users.get(userId);
    if (!user || user.version !== version) return undefined;
    const answer = user.answers.get(key);
    if (answer !== undefined) {
      // Most recently used last: eviction takes from the front.
      this.users.delete(userId);
      this.users.set(userId, user);
    }
    return answer;
  }

  set(userId: string, version: number, key: string, answer: string): void {
    const cost = key.length + answer.length;
    if (cost > this.maxBytes) return;
    let user = this.users.get(userId);
    if (user && user.version > version) return; // read before a newer answer was stored: that one stays
    const full = user !== undefined && user.answers.size >= this.answersPerUser && !user.answers.has(key);
    if (user && (user.version < version || full)) {
      this.remove(userId, user);
      user = undefined;
    }
    if (!user) user = { version, answers: new Map(), size: 0 };
    // Most recently used last, so eviction below reaches this user only when nobody else is left.
    this.users.delete(userId);
    this.users.set(userId, user);
    const previous = user.answers.get(key);
    if (previous !== undefined) this.account(user, -(key.length + previous.length));
    user.answers.set(key, answer);
    this.account(user, cost);
    for (const [oldestId, oldest] of this.users) {
      if (this.size <= this.maxBytes) break;
      this.remove(oldestId, oldest);
    }
  }

  /** Characters held, keys included. */
  get bytes(): number {
    return this.size;
  }

  private account(user: UserAnswers, change: number) {
    user.size += change;
    this.size += change;
  }

  private remove(userId: string, user: UserAnswers) {
    this.users.delete(userId);
    this.size -= user.size;
  }
}
