import type { Item, Progress } from '../core/kind.js';
import { fail } from '../core/errors.js';
import type { BatchPlan } from './plan.js';
import { counter, Files, type BatchSink, type ManifestFile } from './files.js';
import { Roles } from './roles.js';
import { pupilFileNames } from './roster.js';
import { KEY_FILE, MANIFEST, PRINT_FILE } from './file-names.js';
import type { BatchTasks, GenerateResult, KeyResult, PdfResult, PupilResult, Setup, Task } from './tasks.js';

/**
 * A batch without files or threads: the plan comes in as data, the work goes to a task runner (a
 * pool of worker threads from the command line, or `InThreadRunner` in a browser's Web Worker) and
 * every finished file goes out through the caller's sink. So the command line and a web page make
 * the same files from the same plan and seed.
 */

/** Which workers may run a task: any (null), exactly one, or those a test accepts. */
export type Owner = number | null | ((worker: number) => boolean);

export interface TaskRunner {
  readonly size: number;
  /** Runs `task` on a worker; `ms` is how long that worker took. */
  run<R>(task: Task, owner?: Owner): Promise<{ result: R; worker: number; ms: number }>;
}

export type { BatchSink, ManifestFile } from './files.js';

export interface Manifest {
  title: string;
  seed: string;
  paper: string;
  booklet: boolean;
  files: ManifestFile[];
  pupils?: { name: string; class?: string; file: string; worksheets: { worksheet: number; kind: string; name: string; codes: string[] }[] }[];
  worksheets?: { worksheet: number; kind: string; name: string; codes: string[]; firstPage: number; answersPage: number | null }[];
}

export { KEY_FILE, MANIFEST } from './file-names.js';

/**
 * Runs every task in this thread: for a Web Worker, and for tests. The drawing code is loaded with
 * the first task, so a thread that only hands out work (the command line's) never loads it.
 */
export class InThreadRunner implements TaskRunner {
  readonly size = 1;
  private tasks: Promise<BatchTasks>;

  constructor(setup: Setup) {
    this.tasks = import('./tasks.js').then((m) => new m.BatchTasks(setup));
  }

  async run<R>(task: Task): Promise<{ result: R; worker: number; ms: number }> {
    const tasks = await this.tasks;
    const started = performance.now();
    const result = (await tasks.run(task)) as R;
    return { result, worker: 0, ms: performance.now() - started };
  }
}

/** The checked setup of a run: a booklet only without a roster. `source` names the plan in messages. */
export function batchSetup(plan: BatchPlan, seed: string, source: string, booklet?: boolean): Setup {
  const useBooklet = booklet ?? plan.booklet;
  if (useBooklet && plan.roster) {
    fail(`${source}: a booklet is made for plans without a roster; remove --booklet (or booklet: true), or the roster`);
  }
  return { plan, seed, booklet: useBooklet };
}

export function manifestText(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** Pupils in flight at once per worker: enough to keep every worker busy, few enough to keep memory flat. */
const AHEAD_PER_WORKER = 3;

interface Drawn {
  pupil: PupilResult;
  worker: number;
  items?: Item<unknown>[][];
}

/**
 * A class streams through: pupils are generated and drawn a few at a time, each pupil's file is
 * passed on as soon as it is drawn, and the key (drawn on one worker as one document) and the file
 * to print (joined there too) grow pupil by pupil in roster order. Memory holds a few pupils, never
 * the class.
 */
async function pupils(setup: Setup, runner: TaskRunner, files: Files, manifest: Manifest, progress: Progress): Promise<void> {
  const { plan } = setup;
  const roster = plan.roster!;
  const keyed = plan.answers !== 'none';
  const count = counter(progress, roster.length * (keyed ? 2 : 1));
  const keyWorker = runner.size - 1;
  // one pupil's file is already the whole class to print
  const print = roster.length > 1 ? files.open(PRINT_FILE) : null;
  // With two or more workers, generating and drawing go to different threads (see Roles).
  const roles = new Roles(runner.size, roster.length);
  const draw = async (i: number): Promise<Drawn> => {
    if (runner.size === 1) {
      const d = await runner.run<PupilResult>({ type: 'pupil', pupil: i, key: keying, print: !!print });
      return { pupil: d.result, worker: d.worker };
    }
    const g = await runner.run<GenerateResult>({ type: 'generate', pupil: i }, roles.mayGenerate);
    roles.generated(g.ms);
    const items = g.result.items ?? undefined;
    const d = await runner.run<PupilResult>({ type: 'pupil', pupil: i, items }, roles.mayDraw);
    roles.drawn(d.ms);
    return { pupil: d.result, worker: d.worker, items };
  };
  const ahead = AHEAD_PER_WORKER * runner.size;
  const drawn: (Promise<Drawn> | null)[] = new Array(roster.length).fill(null);
  let started = 0;
  const startUpTo = (limit: number) => {
    for (; started < Math.min(limit, roster.length); started++) {
      const p = count(draw(started));
      p.catch(() => {}); // awaited in order below; this only keeps a later failure from going unseen twice
      drawn[started] = p;
    }
  };
  const names = pupilFileNames(roster, [KEY_FILE, MANIFEST, PRINT_FILE], plan.classes ?? null);
  // Opened with the first pupil's answers: a plan whose worksheets have no answer pages gets no key.
  let key: ReturnType<Files['open']> | null = null;
  let keying = keyed;
  manifest.pupils = [];
  startUpTo(ahead);
  for (let i = 0; i < roster.length; i++) {
    const d = await drawn[i]!;
    drawn[i] = null;
    await files.write(names[i]!, d.pupil.pdf, d.pupil.pages);
    if (print) {
      // One worker joined the pupil as it drew them; with more, the key worker joins them all.
      const p = d.pupil.print ?? (await runner.run<PdfResult>({ type: 'print', pupil: i, pdf: d.pupil.pdf }, keyWorker)).result;
      await print.write(p.pdf);
    }
    manifest.pupils.push({
      name: roster[i]!,
      ...(plan.classes?.[i] ? { class: plan.classes[i] } : {}),
      file: names[i]!,
      worksheets: plan.worksheets.map((ws, w) => ({ worksheet: w + 1, kind: ws.kind, name: d.pupil.names[w]!, codes: d.pupil.codes[w]! })),
    });
    if (keying) {
      // One worker added the pupil to the key as it drew them; with more, the key worker is sent the puzzles.
      const k = await count(d.pupil.key ? Promise.resolve(d.pupil.key) : runner.run<KeyResult>({ type: 'key', pupil: i, items: d.items }, keyWorker).then((r) => r.result));
      if (k.total === 0) keying = false;
      else await (key ??= files.open(KEY_FILE)).write(k.pdf);
    }
    startUpTo(i + 1 + ahead);
  }
  if (key) {
    const end = await runner.run<KeyResult>({ type: 'key-end' }, keyWorker);
    await key.write(end.result.pdf);
    await key.close(end.result.pages!);
  }
  if (print) {
    const end = await runner.run<KeyResult>({ type: 'print-end' }, keyWorker);
    await print.write(end.result.pdf);
    await print.close(end.result.pages!);
  }
}

/**
 * Makes every file of a batch and returns its manifest (the caller stores it as manifest.json).
 * With a roster: one PDF per pupil and the teacher's key; without: one booklet.
 */
export async function runBatchCore(setup: Setup, runner: TaskRunner, sink: BatchSink, progress: Progress = () => {}): Promise<Manifest> {
  const files = new Files(sink);
  const manifest: Manifest = { title: setup.plan.title, seed: setup.seed, paper: setup.plan.paper, booklet: setup.booklet, files: files.list };
  if (setup.plan.roster) await pupils(setup, runner, files, manifest, progress);
  else await (await import('./booklet.js')).booklet(setup, runner, files, manifest, progress);
  return manifest;
}
