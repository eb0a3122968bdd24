/**
 * Moves a server process's clock by E2E_CLOCK_SHIFT_MS, loaded with `--import` through NODE_OPTIONS: for a browser
 * test of what the server offers only on some days of a month (the monthly look back). Times given explicitly are
 * left as they are; only "now" moves.
 */
const shift = Number(process.env.E2E_CLOCK_SHIFT_MS ?? 0);
if (shift !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
