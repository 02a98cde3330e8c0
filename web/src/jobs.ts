import type { Job, Reply } from './protocol.js';

type Done = Extract<Reply, { type: 'done' }>;
type Failed = Extract<Reply, { type: 'error' }>;

export interface Handle {
  result: Promise<Done | Failed | null>; // null: cancelled
  cancel(): void;
}

/**
 * The worker that does all the generating and drawing. Only one job runs at a time; a newer job of
 * the same lane replaces a queued one, and cancelling a running job ends the worker (a new one starts).
 */
export class Jobs {
  private worker!: Worker;
  private next = 1;
  private waiting = new Map<number, { resolve: (r: Done | Failed | null) => void; progress?: (r: Extract<Reply, { type: 'progress' }>) => void }>();
  constructor() {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<Reply>) => {
      const r = e.data;
      const w = this.waiting.get(r.id);
      if (!w) return;
      if (r.type === 'progress') return w.progress?.(r);
      this.waiting.delete(r.id);
      w.resolve(r);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      for (const [id, w] of this.waiting) {
        w.resolve({ id, type: 'error', message: 'Something went wrong while making this. Reload the page and try again.' });
      }
      this.waiting.clear();
    };
  }

  run(job: Job, progress?: (r: Extract<Reply, { type: 'progress' }>) => void): Handle {
    const id = this.next++;
    const result = new Promise<Done | Failed | null>((resolve) => this.waiting.set(id, { resolve, progress }));
    this.worker.postMessage({ id, job });
    return {
      result,
      cancel: () => {
        if (!this.waiting.has(id)) return;
        // A job in the worker cannot be interrupted: end the worker and start afresh.
        this.worker.terminate();
        for (const [, w] of this.waiting) w.resolve(null);
        this.waiting.clear();
        this.start();
      },
    };
  }
}
