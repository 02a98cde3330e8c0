import { concatBytes } from '../core/bytes.js';
import { sha256 } from '@noble/hashes/sha2';
import type { Item, Progress } from '../core/kind.js';
import { fail } from '../core/errors.js';
import type { PlannedPage } from '../layout/plan.js';
import { Templates } from '../layout/templates.js';
import { PAPER_SIZE } from '../pdf/document.js';
import { renderToBuffer } from '../pdf/render.js';
import { bookletOrder, mergePdfs, type Bookmark, type MergeOptions } from './merge.js';
import { halfPage } from './parts.js';
import { messages } from '../i18n/messages.js';
import type { BatchPlan } from './plan.js';
import { Roles } from './roles.js';
import { pupilFileNames, safeFileName } from './roster.js';
import { BatchTasks, type GenerateResult, type KeyResult, type PdfResult, type PupilResult, type SheetResult, type Setup, type Task } from './tasks.js';

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

/** Where finished files go: whole files, and (if given) files passed on piece by piece. */
export interface BatchSink {
  file(name: string, bytes: Uint8Array, pages: number): Promise<void>;
  /** A file written in pieces (a class's key), so it is never held whole; without it the pieces are joined for file(). */
  open?(name: string): { write(bytes: Uint8Array): Promise<void>; close(pages: number): Promise<void> };
}

export interface ManifestFile {
  file: string;
  pages: number;
  sha256: string;
}

export interface Manifest {
  title: string;
  seed: string;
  paper: string;
  booklet: boolean;
  files: ManifestFile[];
  pupils?: { name: string; file: string; worksheets: { worksheet: number; kind: string; name: string; codes: string[] }[] }[];
  worksheets?: { worksheet: number; kind: string; name: string; codes: string[]; firstPage: number; answersPage: number | null }[];
}

export const KEY_FILE = 'answer-key.pdf';
export const MANIFEST = 'manifest.json';

/** Runs every task in this thread: for a Web Worker, and for tests. */
export class InThreadRunner implements TaskRunner {
  readonly size = 1;
  private tasks: BatchTasks;

  constructor(setup: Setup) {
    this.tasks = new BatchTasks(setup);
  }

  async run<R>(task: Task): Promise<{ result: R; worker: number; ms: number }> {
    const started = performance.now();
    const result = (await this.tasks.run(task)) as R;
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

/**
 * A digest in hex as one flat string: built by joining, not by adding piece by piece, which leaves
 * a chain of ~40 small strings behind each one (the manifest holds one a pupil until the end).
 */
function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
}

class Files {
  readonly list: ManifestFile[] = [];
  constructor(private sink: BatchSink) {}

  async write(name: string, bytes: Uint8Array, pages: number): Promise<void> {
    await this.sink.file(name, bytes, pages);
    this.list.push({ file: name, pages, sha256: hex(sha256(bytes)) });
  }

  /** A file passed on in pieces as they are made, hashed as it goes. */
  open(name: string): { write(bytes: Uint8Array): Promise<void>; close(pages: number): Promise<void> } {
    const hash = sha256.create();
    const own = this.sink.open?.(name);
    const held: Uint8Array[] = [];
    return {
      write: async (bytes) => {
        hash.update(bytes);
        if (own) await own.write(bytes);
        else held.push(bytes);
      },
      close: async (pages) => {
        if (own) await own.close(pages);
        else await this.sink.file(name, concatBytes(held), pages);
        this.list.push({ file: name, pages, sha256: hex(hash.digest()) });
      },
    };
  }
}

/** Counts finished tasks against everything the run will do. */
function counter(progress: Progress, total: number): <T>(p: Promise<T>) => Promise<T> {
  let done = 0;
  return (p) =>
    p.then((v) => {
      progress(++done, total);
      return v;
    });
}

function shift(marks: Bookmark[], by: number, path: (p: string[]) => string[] = (p) => p): Bookmark[] {
  return marks.map((m) => ({ path: path(m.path), page: m.page + by }));
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
 * passed on as soon as it is drawn, and the key (drawn on one worker as one document) grows pupil
 * by pupil in roster order. Memory holds a few pupils, never the class.
 */
async function pupils(setup: Setup, runner: TaskRunner, files: Files, manifest: Manifest, progress: Progress): Promise<void> {
  const { plan } = setup;
  const roster = plan.roster!;
  const keyed = plan.answers !== 'none';
  const count = counter(progress, roster.length * (keyed ? 2 : 1));
  const keyWorker = runner.size - 1;
  // With two or more workers, generating and drawing go to different threads (see Roles).
  const roles = new Roles(runner.size, roster.length);
  const draw = async (i: number): Promise<Drawn> => {
    if (runner.size === 1) {
      const d = await runner.run<PupilResult>({ type: 'pupil', pupil: i, keep: keying });
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
  const names = pupilFileNames(roster, [KEY_FILE, MANIFEST]);
  // Opened with the first pupil's answers: a plan whose worksheets have no answer pages gets no key.
  let key: ReturnType<Files['open']> | null = null;
  let keying = keyed;
  manifest.pupils = [];
  startUpTo(ahead);
  for (let i = 0; i < roster.length; i++) {
    const d = await drawn[i]!;
    drawn[i] = null;
    await files.write(names[i]!, d.pupil.pdf, d.pupil.pages);
    manifest.pupils.push({
      name: roster[i]!,
      file: names[i]!,
      worksheets: plan.worksheets.map((ws, w) => ({ worksheet: w + 1, kind: ws.kind, name: d.pupil.names[w]!, codes: d.pupil.codes[w]! })),
    });
    if (keying) {
      // One worker keeps the worksheets it drew; with more, the key worker is sent the puzzles.
      const k = await count(runner.run<KeyResult>({ type: 'key', pupil: i, items: d.items }, keyWorker));
      if (k.result.total === 0) keying = false;
      else await (key ??= files.open(KEY_FILE)).write(k.result.pdf);
    }
    startUpTo(i + 1 + ahead);
  }
  if (key) {
    const end = await runner.run<KeyResult>({ type: 'key-end' }, keyWorker);
    await key.write(end.result.pdf);
    await key.close(end.result.pages!);
  }
}

function coverPage(plan: BatchPlan, contents: { name: string; page: number }[]): PlannedPage {
  const subtitle = messages(plan.lang).t('batch.worksheets', { n: plan.worksheets.length });
  return {
    template: 'cover',
    vars: { title: plan.title, subtitle, contents, pupil: '', lang: plan.lang },
    slots: [],
    grid: { cols: 1, rows: 1 },
    labels: false,
    mirrored: false,
    outline: null,
    ...(plan.largePrint ? { large: true } : {}),
  };
}

async function booklet(setup: Setup, runner: TaskRunner, files: Files, manifest: Manifest, progress: Progress): Promise<void> {
  const { plan } = setup;
  const n = plan.worksheets.length;
  const backs = plan.answers !== 'none';
  const count = counter(progress, n * (backs ? 3 : 2));
  const sheets = await Promise.all(plan.worksheets.map((_, w) => count(runner.run<SheetResult>({ type: 'sheet', worksheet: w }))));
  const fronts = sheets.reduce((s, x) => s + x.result.front, 0);
  const backPages = sheets.reduce((s, x) => s + x.result.back, 0);
  const together = plan.answers === 'back';
  const mainTotal = 1 + fronts + (together ? backPages : 0);
  const frontStart = sheets.map((_, w) => 1 + sheets.slice(0, w).reduce((s, x) => s + x.result.front, 0));
  const backStart = sheets.map((_, w) => (together ? 1 + fronts : 0) + sheets.slice(0, w).reduce((s, x) => s + x.result.back, 0));
  const stretch = (w: number, answers: boolean, first: number, total: number) =>
    count(runner.run<PdfResult>({ type: 'stretch', worksheet: w, answers, first: first + 1, total }, sheets[w]!.worker)).then((r) => Buffer.from(r.result.pdf));
  const frontPdfs = sheets.map((_, w) => stretch(w, false, frontStart[w]!, mainTotal));
  const backPdfs = backs ? sheets.map((s, w) => (s.result.back ? stretch(w, true, backStart[w]!, together ? mainTotal : backPages) : null)) : [];

  const contents = sheets.map((s, w) => ({ name: s.result.name, page: frontStart[w]! + 1 }));
  const msg = messages(plan.lang);
  if (together && backPages) contents.push({ name: msg.t('batch.answers'), page: 1 + fronts + 1 });
  const templates = new Templates();
  const size = setup.booklet ? halfPage(plan.paper) : PAPER_SIZE[plan.paper];
  const cover = Buffer.from(
    await renderToBuffer([coverPage(plan, contents)], {
      paper: plan.paper, templates, size, meta: { title: '', subject: '', keywords: '', lang: plan.lang, ...(plan.font ? { font: plan.font } : {}) }, numbering: { first: 1, total: mainTotal },
    }),
  );
  const meta = { title: plan.title, subject: sheets.map((s) => s.result.name).join('; '), keywords: `puzzlepress, batch, seed ${manifest.seed}`, lang: plan.lang };
  const impose = (pages: number): MergeOptions['impose'] =>
    setup.booklet ? { sheet: { w: PAPER_SIZE[plan.paper].h, h: PAPER_SIZE[plan.paper].w }, order: bookletOrder(pages) } : undefined;
  const physical = (pages: number) => (setup.booklet ? bookletOrder(pages).length : pages);
  const answerMarks = (w: number, first: number) => shift(sheets[w]!.result.backMarks, first, () => [msg.t('batch.answers'), sheets[w]!.result.name]);

  const mainChunks = [cover, ...(await Promise.all(frontPdfs))];
  const bookmarks: Bookmark[] = [{ path: [msg.t('page.contents')], page: 0 }, ...sheets.flatMap((s, w) => shift(s.result.frontMarks, frontStart[w]!))];
  const backChunks = (await Promise.all(backPdfs)).filter((b) => b !== null);
  if (together) {
    mainChunks.push(...backChunks);
    bookmarks.push(...sheets.flatMap((_, w) => answerMarks(w, backStart[w]!)));
  }
  const file = safeFileName(plan.title);
  await files.write(`${file}.pdf`, mergePdfs(mainChunks, { meta, bookmarks, impose: impose(mainTotal) }), physical(mainTotal));
  if (!together && backChunks.length) {
    const marks = sheets.flatMap((_, w) => answerMarks(w, backStart[w]!));
    await files.write(`${file}-answers.pdf`, mergePdfs(backChunks, { meta: { ...meta, title: msg.t('batch.answersTitle', { title: plan.title }) }, bookmarks: marks, impose: impose(backPages) }), physical(backPages));
  }
  manifest.worksheets = sheets.map((s, w) => ({
    worksheet: w + 1,
    kind: plan.worksheets[w]!.kind,
    name: s.result.name,
    codes: s.result.codes,
    firstPage: frontStart[w]! + 1,
    answersPage: s.result.back ? backStart[w]! + 1 : null,
  }));
}

/**
 * Makes every file of a batch and returns its manifest (the caller stores it as manifest.json).
 * With a roster: one PDF per pupil and the teacher's key; without: one booklet.
 */
export async function runBatchCore(setup: Setup, runner: TaskRunner, sink: BatchSink, progress: Progress = () => {}): Promise<Manifest> {
  const files = new Files(sink);
  const manifest: Manifest = { title: setup.plan.title, seed: setup.seed, paper: setup.plan.paper, booklet: setup.booklet, files: files.list };
  if (setup.plan.roster) await pupils(setup, runner, files, manifest, progress);
  else await booklet(setup, runner, files, manifest, progress);
  return manifest;
}
