/** A clock tests move by hand, so nothing waits on real time. */
export class TestClock {
  private ms: number;

  constructor(start: string | Date = "2026-01-15T12:00:00.000Z") {
    this.ms = new Date(start).getTime();
  }

  /** The current test time. */
  now = (): Date => new Date(this.ms);

  /** Moves time forward. */
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }

  /** Jumps to a given time. */
  set(at: string | Date): void {
    this.ms = new Date(at).getTime();
  }
}
