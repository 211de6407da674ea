/**
 * Work that runs at start and every `everyMs` after, in every instance, and never overlaps itself: a
 * run asked for while one is going waits for that one instead. Each job's work is safe to run in two
 * instances at once (a second instance's run finds nothing left to do).
 */
export abstract class PeriodicJob {
  /** A failed run: logged by the job, unless the database outage watch takes it (one event per outage). */
  abstract onReadFailure: (err: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly everyMs: number) {}

  /** One run's work: how many things it did (entries deleted, reminders queued). */
  protected abstract work(now: Date): Promise<number>;

  start() {
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
    void this.runOnce();
  }

  /** One run now (a run already going is waited for instead, and counts 0): how many things it did. */
  async runOnce(now = new Date()): Promise<number> {
    if (this.stopped) return 0;
    if (this.running) {
      await this.running;
      return 0;
    }
    let done = 0;
    this.running = this.work(now)
      .then((count) => {
        done = count;
      })
      .catch((err: unknown) => this.onReadFailure(err))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
    return done;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
