// Progress of a long scoring run, for the log: scenarios done of the total, decisions answered so
// far, the rate over the run so far and an ETA from the scenario rate. Pure: the clock and the sink
// are given. A line is written only when the driver reports something and at least `interval`
// seconds have passed since the start or the last line, so a run never logs one line per decision,
// and a run that ends within the first interval logs nothing.
import { oneLine } from '../format/escape.js';
import { fixed } from '../format/gofmt.js';
import { percent } from '../format/percent.js';

export interface ProgressOptions {
  /** What is being scored, e.g. "pairs, my-defense" (a defense's name is made one line). */
  readonly label: string;
  /** The least number of seconds between two lines; 0 writes none. */
  readonly interval: number;
  /** Milliseconds from any fixed origin (performance.now, Date.now, or a test's fake clock). */
  readonly now: () => number;
  /** Takes each line, without a newline. */
  readonly sink: (line: string) => void;
}

/** What the driver tells a run's progress. */
export interface ProgressObserver {
  /** The run begins: `total` scenarios will be scored. */
  start(total: number): void;
  /** The defense answered `n` more requests (one decision each). */
  decided(n?: number): void;
  /** `n` more scenarios have every decision their outcome needs. */
  scenariosDone(n?: number): void;
}

/** 1498 → "1,498". */
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Seconds as "0:42", "12:05" or "1:02:03". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The line for a run `elapsed` seconds in. */
export function progressLine(label: string, done: number, total: number, decisions: number, elapsed: number): string {
  const rate = elapsed > 0 ? decisions / elapsed : 0;
  const eta = done > 0 && elapsed > 0 ? `ETA ${clock(((total - done) * elapsed) / done)}` : 'ETA unknown';
  const share = total > 0 ? ` (${percent(done / total)})` : '';
  return (
    `progress: ${oneLine(label)}: ${grouped(done)}/${grouped(total)} scenarios${share}, ` +
    `${grouped(decisions)} decisions, ${fixed(rate, 1)} decisions/s, ${eta}`
  );
}

export class Progress implements ProgressObserver {
  private t0 = 0;
  private last = 0;
  private total = 0;
  private done = 0;
  private decisions = 0;

  constructor(private readonly opts: ProgressOptions) {}

  start(total: number): void {
    this.t0 = this.last = this.opts.now();
    this.total = total;
    this.done = this.decisions = 0;
  }

  decided(n = 1): void {
    this.decisions += n;
    this.tick();
  }

  scenariosDone(n = 1): void {
    this.done += n;
    this.tick();
  }

  private tick(): void {
    if (!(this.opts.interval > 0)) return;
    const now = this.opts.now();
    if (now - this.last < this.opts.interval * 1000) return;
    this.last = now;
    this.opts.sink(progressLine(this.opts.label, this.done, this.total, this.decisions, (now - this.t0) / 1000));
  }
}
