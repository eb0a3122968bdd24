/**
 * The device's copy of the whole journal, for reading offline (docs/product.md §10): what the server says of each
 * month, so that a device fetches again only the months that changed since it copied them.
 */

/** One month with entries: how many, and when the newest change to one of them was made. */
export interface MonthSignature {
  /** YYYY-MM */
  month: string;
  entries: number;
  /** The latest `updatedAt` of the month's entries. */
  changedAt: string;
  /**
   * A digest of every entry's id and `updatedAt`. With the count and `changedAt` it changes on every create, edit and
   * delete, and on a delete and an import into the month that leave the same count and the same newest change.
   */
  digest: string;
}

/**
 * GET /api/entries/months. `version` is the journal's version (it goes up with every change to the journal); asked
 * with `?since=` the version the device copied at, an unchanged journal answers `months: null` without reading it.
 */
export interface JournalMonths {
  version: number;
  months: MonthSignature[] | null;
}

/** ?since=: the version a device last copied at, plain digits. */
export const SINCE_VERSION = /^\d{1,15}$/;
