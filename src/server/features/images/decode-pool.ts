import { AppError } from '../../errors.ts';

/**
 * Pictures decoded at once are at most `size`; the next `queue` wait their turn in order, and any
 * more are refused (503 with Retry-After) at once. Decoding takes the CPU for a while: a burst of
 * uploads takes turns here rather than starving every other request.
 */
export class DecodePool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most decodes ever running at once (the tests read it). */
  peakActive = 0;

  constructor(
    readonly size: number,
    readonly queue: number,
  ) {}

  async run<T>(decode: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) {
      if (this.waiting.length >= this.queue) {
        throw new AppError('unavailable', 'Many pictures are being processed right now. Please try again in a few seconds.');
      }
      // The finishing decode hands its place over, so the count never goes above `size`.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    this.peakActive = Math.max(this.peakActive, this.active);
    try {
      return await decode();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Decodes running and waiting now. */
  get load() {
    return { active: this.active, waiting: this.waiting.length };
  }
}
