/**
 * Imports this process runs at once, previews included. Each holds its file (up to IMPORT_MAX_MB), and, while it is
 * read, what parsing makes of it, a few times that: two at once bound what imports can take of the server's memory
 * whatever people send (docs/architecture.md).
 */
export const IMPORTS_AT_ONCE = 2;

export type SlotRefusal = 'yours-running' | 'server-busy';

/**
 * Who is importing now, in this process: one import per person at a time, and IMPORTS_AT_ONCE in all. A slot is
 * taken before the file is read and given back when the import has ended, answered or not. Each server process counts
 * its own: memory is per process.
 */
export class ImportSlots {
  private readonly running = new Set<string>();

  constructor(private readonly atOnce = IMPORTS_AT_ONCE) {}

  /** A slot for this person, with the function that gives it back, or why there is none now. */
  take(userId: string): { release: () => void } | { refused: SlotRefusal } {
    if (this.running.has(userId)) return { refused: 'yours-running' };
    if (this.running.size >= this.atOnce) return { refused: 'server-busy' };
    this.running.add(userId);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running.delete(userId);
      },
    };
  }
}
