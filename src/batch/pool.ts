import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { fromPlain, type PlainUserError } from '../core/errors.js';
import { tuneV8 } from '../node/v8-flags.js';
import type { Owner, TaskRunner } from './core.js';
import type { BatchPlan } from './plan.js';
import type { Setup, Task } from './tasks.js';

/** What a worker of the pool does: the batch's tasks, and first reading the plan and taking the setup. */
export type WorkerTask = Task | { type: 'plan'; file: string } | { type: 'setup'; setup: Setup };

/** What a worker posts back: a result, or what went wrong (a user's mistake with its place). */
interface Reply {
  result?: unknown;
  error?: { user?: PlainUserError; message: string; stack?: string };
}

interface Queued {
  task: WorkerTask;
  owner: Owner;
  resolve(v: { result: unknown; worker: number; ms: number }): void;
  reject(e: Error): void;
}

/**
 * From source (tsx, vitest) the worker is a .ts file: a small script registers tsx first (its
 * --import hook only registers itself on the main thread). Built, it is plain .js.
 */
/**
 * A batch worker's young generation at V8's usual 48 MB (it was held to 12 MB). With 12 MB a
 * worker ran ~5.6 scavenges a pupil and promoted a pupil's half-built pages to the old generation;
 * with 48 MB, 1.4 a pupil, and a 90-pupil README batch took 0.87x the CPU (median of 3,
 * interleaved) for ~10 MB more peak memory.
 *
 * The old generation's ceiling also sets how far V8 lets the heap grow between full collections:
 * with the default (several GB on a large machine) it grows to 3-4 times what is live (~30 MB), so
 * peak memory rose with the roster. A 1 GB ceiling makes V8 grow it by at most ~1.6 times, so the
 * heap stays near 50 MB whatever the roster; 512 MB holds it tighter still
 * (README plan, 1,000 pupils: peak RSS 200-206 MB against 214-215 MB at 1 GB; 30 pupils 179-180
 * against 177-178; CPU the same; interleaved x2). The worker used to force full collections (gc()) for
 * that instead, but each forced collection threw away ~85 functions' optimised code ('weak
 * objects'), and recompiling them cost ~30 ms CPU a pupil: 300 README pupils took 25.6-26.4 s CPU
 * then, 18.1-19.2 s now, at 193-204 MB peak RSS against 229-233 MB.
 */
const LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 512 };

/**
 * Built, the worker is one file bundled with the packages it uses (scripts/bundle.ts, part of the
 * build), started by worker-boot.js: started from worker.js, each worker loaded ~400 modules one
 * by one, ~0.2 s of CPU. A build by tsc alone has no bundle and starts worker.js, which does the
 * same work.
 */
function startWorker(setup: Setup | null): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    if (existsSync(new URL('../batch/worker.bundle.cjs', import.meta.url))) {
      // worker-boot.js sets V8's flags itself, after Node's modules are loaded (see tuneV8)
      return new Worker(new URL('../batch/worker-boot.js', import.meta.url), { workerData: setup, resourceLimits: LIMITS });
    }
    tuneV8();
    return new Worker(new URL('../batch/worker.js', import.meta.url), { workerData: setup, resourceLimits: LIMITS });
  }
  tuneV8();
  // tsx's "./esm/api" export for import (require.resolve would give its CommonJS twin).
  const api = new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const file = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(boot, { eval: true, workerData: setup, resourceLimits: LIMITS });
}

/**
 * A fixed set of worker threads. A task may name the worker that must run it (the one holding its
 * models) or the workers that may; otherwise the first idle worker takes it. Results never depend
 * on which worker ran what.
 */
export class Pool implements TaskRunner {
  private workers: Worker[] = [];
  private busy: (Queued | null)[] = [];
  private started: number[] = [];
  private queue: Queued[] = [];
  private failed: Error | null = null;

  /** Workers started with `setup`, or one without, to read the plan first (see `readPlan`). */
  constructor(size: number, setup: Setup | null) {
    this.grow(size, setup);
  }

  /** Up to `size` workers, the new ones started with `setup`. */
  grow(size: number, setup: Setup | null): void {
    for (let i = this.workers.length; i < size; i++) {
      const w = startWorker(setup);
      w.on('message', (msg: Reply) => this.done(i, msg));
      w.on('error', (e) => this.crash(e));
      w.on('exit', (code) => code !== 0 && this.crash(new Error(`batch worker ${i} stopped (exit code ${code})`)));
      this.workers.push(w);
      this.busy.push(null);
    }
  }

  /** The plan, read and checked by the first worker (the main thread does not load the kinds). */
  async readPlan(file: string): Promise<BatchPlan> {
    return (await this.run<BatchPlan>({ type: 'plan', file }, 0)).result;
  }

  /** Gives the workers started without a setup theirs. */
  async setup(setup: Setup, workers: number): Promise<void> {
    await Promise.all(Array.from({ length: workers }, (_, i) => this.run({ type: 'setup', setup }, i)));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Runs `task` on a worker; `ms` is how long that worker took. */
  run<R>(task: WorkerTask, owner: Owner = null): Promise<{ result: R; worker: number; ms: number }> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.queue.push({ task, owner, resolve: resolve as Queued['resolve'], reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    this.workers.forEach((w, i) => {
      if (this.busy[i]) return;
      const at = this.queue.findIndex((q) => q.owner === null || q.owner === i || (typeof q.owner === 'function' && q.owner(i)));
      if (at < 0) return;
      const [job] = this.queue.splice(at, 1);
      this.busy[i] = job!;
      this.started[i] = performance.now();
      w.postMessage({ id: i, task: job!.task });
    });
  }

  private done(i: number, msg: Reply): void {
    const job = this.busy[i];
    this.busy[i] = null;
    if (!job) return;
    if (msg.error) {
      const e = msg.error.user ? fromPlain(msg.error.user) : new Error(msg.error.message);
      if (!msg.error.user && msg.error.stack) e.stack = msg.error.stack;
      job.reject(e);
    } else {
      job.resolve({ result: msg.result, worker: i, ms: performance.now() - this.started[i]! });
    }
    this.dispatch();
  }

  private crash(e: Error): void {
    if (this.failed) return;
    this.failed = e;
    for (const job of [...this.busy, ...this.queue]) job?.reject(e);
    this.queue = [];
  }

  async close(): Promise<void> {
    this.failed ??= new Error('pool closed');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
