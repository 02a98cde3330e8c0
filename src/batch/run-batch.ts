import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { Progress } from '../core/kind.js';
import { fail } from '../core/errors.js';
import { randomSeed } from '../core/seed.js';
import type { PlannedPage } from '../layout/plan.js';
import { Templates } from '../layout/templates.js';
import { PAPER_SIZE } from '../pdf/document.js';
import { renderToBuffer } from '../pdf/render.js';
import { writeAtomic } from '../node/write.js';
import { bookletOrder, mergePdfs, type Bookmark, type MergeOptions } from './merge.js';
import { halfPage } from './parts.js';
import { readPlan, type BatchPlan } from './plan.js';
import { Pool } from './pool.js';
import { Roles } from './roles.js';
import { pupilFileNames, safeFileName } from './roster.js';
import type { GenerateResult, PdfResult, PupilResult, Setup, SheetResult } from './tasks.js';

export interface BatchRun {
  planFile: string;
  out?: string; // folder; default: the plan's `out`, else output/
  workers: number;
  booklet?: boolean;
  log(line: string): void;
  progress: Progress;
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

const KEY_FILE = 'answer-key.pdf';
const MANIFEST = 'manifest.json';

function writeBuffer(file: string, data: Uint8Array | string): Promise<void> {
  return writeAtomic(file, (sink) => {
    const done = new Promise<void>((res, rej) => {
      sink.on('finish', res);
      sink.on('error', rej);
    });
    sink.end(data);
    return done;
  });
}

class Output {
  readonly files: ManifestFile[] = [];
  constructor(
    private dir: string,
    private log: (line: string) => void,
  ) {}

  async write(name: string, data: Uint8Array, pages: number): Promise<void> {
    await writeBuffer(join(this.dir, name), data);
    this.files.push({ file: name, pages, sha256: createHash('sha256').update(data).digest('hex') });
    this.log(`Wrote ${join(this.dir, name)} (${pages} ${pages === 1 ? 'page' : 'pages'})`);
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

async function pupils(plan: BatchPlan, pool: Pool, out: Output, manifest: Manifest, progress: Progress): Promise<void> {
  const roster = plan.roster!;
  const keyed = plan.answers !== 'none';
  const count = counter(progress, roster.length * (keyed ? 2 : 1));
  // With two or more workers, generating and drawing go to different threads (see Roles).
  const roles = new Roles(pool.size, roster.length);
  const first = (i: number) =>
    pool.size > 1
      ? pool
          .run<GenerateResult>({ type: 'generate', pupil: i }, roles.mayGenerate)
          .then((g) => {
            roles.generated(g.ms);
            return pool.run<PupilResult>({ type: 'pupil', pupil: i, items: g.result.items ?? undefined }, roles.mayDraw);
          })
          .then((d) => {
            roles.drawn(d.ms);
            return d;
          })
      : pool.run<PupilResult>({ type: 'pupil', pupil: i });
  // Every pupil is generated before the first file is written, so a failure leaves nothing behind.
  const firsts = await Promise.all(roster.map((_, i) => count(first(i))));
  const total = firsts.reduce((s, f) => s + f.result.keyPages, 0);
  const starts = firsts.map((_, i) => firsts.slice(0, i).reduce((s, f) => s + f.result.keyPages, 0));
  const keys = keyed
    ? firsts.map((f, i) => count(pool.run<PdfResult>({ type: 'key', pupil: i, first: starts[i]! + 1, total }, f.worker)))
    : [];
  const names = pupilFileNames(roster, [KEY_FILE, MANIFEST]);
  manifest.pupils = [];
  for (const [i, f] of firsts.entries()) {
    await out.write(names[i]!, f.result.pdf, f.result.pages);
    manifest.pupils.push({
      name: roster[i]!,
      file: names[i]!,
      worksheets: plan.worksheets.map((ws, w) => ({ worksheet: w + 1, kind: ws.kind, name: f.result.names[w]!, codes: f.result.codes[w]! })),
    });
  }
  if (!keyed) return;
  const chunks = (await Promise.all(keys)).map((k) => Buffer.from(k.result.pdf));
  const bookmarks = firsts.flatMap((f, i) => shift(f.result.keyMarks, starts[i]!));
  const meta = { title: `${plan.title}: answer key`, subject: `Answers for ${roster.length} pupils`, keywords: `puzzlepress, answer key, seed ${manifest.seed}` };
  await out.write(KEY_FILE, mergePdfs(chunks, { meta, bookmarks }), total);
}

function coverPage(plan: BatchPlan, contents: { name: string; page: number }[]): PlannedPage {
  const subtitle = `${plan.worksheets.length} ${plan.worksheets.length === 1 ? 'worksheet' : 'worksheets'}`;
  return {
    template: 'cover',
    vars: { title: plan.title, subtitle, contents, pupil: '' },
    slots: [],
    grid: { cols: 1, rows: 1 },
    labels: false,
    mirrored: false,
    outline: null,
  };
}

async function booklet(plan: BatchPlan, setup: Setup, pool: Pool, out: Output, manifest: Manifest, progress: Progress): Promise<void> {
  const n = plan.worksheets.length;
  const backs = plan.answers !== 'none';
  const count = counter(progress, n * (backs ? 3 : 2));
  const sheets = await Promise.all(plan.worksheets.map((_, w) => count(pool.run<SheetResult>({ type: 'sheet', worksheet: w }))));
  const fronts = sheets.reduce((s, x) => s + x.result.front, 0);
  const backPages = sheets.reduce((s, x) => s + x.result.back, 0);
  const together = plan.answers === 'back';
  const mainTotal = 1 + fronts + (together ? backPages : 0);
  const frontStart = sheets.map((_, w) => 1 + sheets.slice(0, w).reduce((s, x) => s + x.result.front, 0));
  const backStart = sheets.map((_, w) => (together ? 1 + fronts : 0) + sheets.slice(0, w).reduce((s, x) => s + x.result.back, 0));
  const stretch = (w: number, answers: boolean, first: number, total: number) =>
    count(pool.run<PdfResult>({ type: 'stretch', worksheet: w, answers, first: first + 1, total }, sheets[w]!.worker)).then((r) => Buffer.from(r.result.pdf));
  const frontPdfs = sheets.map((_, w) => stretch(w, false, frontStart[w]!, mainTotal));
  const backPdfs = backs ? sheets.map((s, w) => (s.result.back ? stretch(w, true, backStart[w]!, together ? mainTotal : backPages) : null)) : [];

  const contents = sheets.map((s, w) => ({ name: s.result.name, page: frontStart[w]! + 1 }));
  if (together && backPages) contents.push({ name: 'Answers', page: 1 + fronts + 1 });
  const templates = new Templates();
  const size = setup.booklet ? halfPage(plan.paper) : PAPER_SIZE[plan.paper];
  const cover = await renderToBuffer([coverPage(plan, contents)], {
    paper: plan.paper, templates, size, meta: { title: '', subject: '', keywords: '' }, numbering: { first: 1, total: mainTotal },
  });
  const meta = { title: plan.title, subject: sheets.map((s) => s.result.name).join('; '), keywords: `puzzlepress, batch, seed ${manifest.seed}` };
  const impose = (pages: number): MergeOptions['impose'] =>
    setup.booklet ? { sheet: { w: PAPER_SIZE[plan.paper].h, h: PAPER_SIZE[plan.paper].w }, order: bookletOrder(pages) } : undefined;
  const physical = (pages: number) => (setup.booklet ? bookletOrder(pages).length : pages);
  const answerMarks = (w: number, first: number) => shift(sheets[w]!.result.backMarks, first, () => ['Answers', sheets[w]!.result.name]);

  const mainChunks = [Buffer.from(cover.buffer, cover.byteOffset, cover.byteLength), ...(await Promise.all(frontPdfs))];
  const bookmarks: Bookmark[] = [{ path: ['Contents'], page: 0 }, ...sheets.flatMap((s, w) => shift(s.result.frontMarks, frontStart[w]!))];
  const backChunks = (await Promise.all(backPdfs)).filter((b) => b !== null);
  if (together) {
    mainChunks.push(...backChunks);
    bookmarks.push(...sheets.flatMap((_, w) => answerMarks(w, backStart[w]!)));
  }
  const file = safeFileName(plan.title);
  await out.write(`${file}.pdf`, mergePdfs(mainChunks, { meta, bookmarks, impose: impose(mainTotal) }), physical(mainTotal));
  if (!together && backChunks.length) {
    const marks = sheets.flatMap((_, w) => answerMarks(w, backStart[w]!));
    await out.write(`${file}-answers.pdf`, mergePdfs(backChunks, { meta: { ...meta, title: `${plan.title}: answers` }, bookmarks: marks, impose: impose(backPages) }), physical(backPages));
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

/** `puzzlepress batch PLAN`: validates everything, generates on a worker pool, writes the files and a manifest. */
export async function runBatch(run: BatchRun): Promise<Manifest> {
  const plan = readPlan(run.planFile);
  const useBooklet = run.booklet ?? plan.booklet;
  if (useBooklet && plan.roster) {
    fail(`${run.planFile}: a booklet is made for plans without a roster; remove --booklet (or booklet: true), or the roster`);
  }
  const seed = plan.seed ?? randomSeed();
  if (!plan.seed) run.log(`Seed: ${seed} (add "seed: ${seed}" to the plan to make the same puzzles again)`);
  const dir = run.out ?? (plan.out ? resolve(dirname(run.planFile), plan.out) : 'output');
  const setup: Setup = { plan, seed, booklet: useBooklet };
  const units = plan.roster ? plan.roster.length : plan.worksheets.length;
  const pool = new Pool(Math.max(1, Math.min(run.workers, units)), setup);
  const out = new Output(dir, run.log);
  const manifest: Manifest = { title: plan.title, seed, paper: plan.paper, booklet: useBooklet, files: out.files };
  try {
    if (plan.roster) await pupils(plan, pool, out, manifest, run.progress);
    else await booklet(plan, setup, pool, out, manifest, run.progress);
  } finally {
    await pool.close();
  }
  await writeBuffer(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  run.log(`Wrote ${join(dir, MANIFEST)}`);
  return manifest;
}
