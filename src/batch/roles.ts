/**
 * Who generates and who draws in a class batch. Each worker thread compiles the code it runs hot
 * for itself (V8 shares no machine code between threads), and for a class of 30 that compiling
 * costs about as much CPU as the work itself. So worker 0 generates every pupil's puzzles and the
 * others lay out and draw them: each thread compiles only its half of the code. A side helps the
 * other only when the other is what holds the run back, since helping means compiling its code too.
 */

/** About what a thread pays to start drawing cold (compiling the drawing code, slow first pages). */
const JOIN_DRAWING_MS = 2000;

/** The mean of the last few tasks: a thread's first tasks run cold and would skew a plain mean. */
class Timing {
  private recent: number[] = [];

  add(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > 5) this.recent.shift();
  }

  get mean(): number | null {
    return this.recent.length ? this.recent.reduce((s, x) => s + x, 0) / this.recent.length : null;
  }
}

export class Roles {
  private generating = new Timing();
  private drawing = new Timing();
  private undrawn: number;

  constructor(
    private workers: number,
    pupils: number,
  ) {
    this.undrawn = pupils;
  }

  generated(ms: number): void {
    this.generating.add(ms);
  }

  drawn(ms: number): void {
    this.drawing.add(ms);
    this.undrawn--;
  }

  /** Drawers generate too while generating a pupil takes longer than the drawers need for one. */
  mayGenerate = (worker: number): boolean => {
    if (worker === 0) return true;
    const g = this.generating.mean;
    const d = this.drawing.mean;
    return g !== null && d !== null && g > d / (this.workers - 1);
  };

  /** The generator draws too once the drawing left would keep the drawers busy for long. */
  mayDraw = (worker: number): boolean => {
    if (worker !== 0) return true;
    const d = this.drawing.mean;
    return d !== null && (this.undrawn * d) / (this.workers - 1) > JOIN_DRAWING_MS;
  };
}
