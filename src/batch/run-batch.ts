import { mkdirSync, openSync, closeSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Progress } from '../core/kind.js';
import { fail } from '../core/errors.js';
import { randomSeed } from '../core/seed.js';
import { checkFolder, pendingFiles } from '../node/write.js';
import { loadPdfkit } from '../port/node-lazy.js';
import { batchSetup, manifestText, runBatchCore, MANIFEST, type BatchSink, type Manifest } from './core.js';
import { Pool } from './pool.js';

export type { Manifest, ManifestFile } from './core.js';

export interface BatchRun {
  planFile: string;
  out?: string; // folder; default: the plan's `out`, else output/
  workers: number;
  booklet?: boolean;
  log(line: string): void;
  progress: Progress;
}

function cannotWrite(file: string, e: unknown): never {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') fail(`cannot write ${file}: part of its folder path is a file, not a folder; choose another --out`);
  fail(`cannot write ${file} (${code ?? 'error'}): choose an --out path in a folder you can write to`);
}

/**
 * The files of a run go to temp files beside their targets and are renamed into place only when
 * the whole batch has succeeded, so a failure (or Ctrl-C) never leaves a half class behind, while
 * memory holds no more than the file being written.
 */
class FolderSink implements BatchSink {
  private temps: { temp: string; file: string }[] = [];

  constructor(private dir: string) {}

  private create(name: string): { fd: number; temp: string } {
    const file = join(this.dir, name);
    if (!this.temps.length) {
      try {
        mkdirSync(this.dir, { recursive: true });
      } catch (e) {
        cannotWrite(file, e);
      }
    }
    const temp = join(this.dir, `.${name}.${process.pid}.tmp`);
    pendingFiles.add(temp);
    this.temps.push({ temp, file });
    try {
      return { fd: openSync(temp, 'w'), temp };
    } catch (e) {
      cannotWrite(file, e);
    }
  }

  async file(name: string, bytes: Uint8Array): Promise<void> {
    const { fd } = this.create(name);
    try {
      writeSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
  }

  open(name: string): { write(bytes: Uint8Array): Promise<void>; close(): Promise<void> } {
    const { fd } = this.create(name);
    return {
      write: async (bytes) => {
        writeSync(fd, bytes);
      },
      close: async () => closeSync(fd),
    };
  }

  /** Every file into place, the manifest last. */
  commit(manifest: string, log: (line: string) => void, files: { file: string; pages: number }[]): void {
    for (const { temp, file } of this.temps) {
      renameSync(temp, file);
      pendingFiles.delete(temp);
    }
    for (const f of files) log(`Wrote ${join(this.dir, f.file)} (${f.pages} ${f.pages === 1 ? 'page' : 'pages'})`);
    this.temps = [];
    const temp = join(this.dir, `.${MANIFEST}.${process.pid}.tmp`);
    pendingFiles.add(temp);
    const fd = openSync(temp, 'w');
    writeSync(fd, manifest);
    closeSync(fd);
    renameSync(temp, join(this.dir, MANIFEST));
    pendingFiles.delete(temp);
    log(`Wrote ${join(this.dir, MANIFEST)}`);
  }

  discard(): void {
    for (const { temp } of this.temps) {
      rmSync(temp, { force: true });
      pendingFiles.delete(temp);
    }
    this.temps = [];
  }
}

/**
 * `puzzlepress batch PLAN`: validates everything, generates on a worker pool, writes the files and a
 * manifest. The first worker reads the plan while this thread loads nothing of the kinds or of the
 * drawing: this thread only hands out work and writes files.
 */
export async function runBatch(run: BatchRun): Promise<Manifest> {
  const pool = new Pool(1, null);
  let manifest: Manifest;
  let sink: FolderSink;
  try {
    const plan = await pool.readPlan(run.planFile);
    const seed = plan.seed ?? randomSeed();
    const setup = batchSetup(plan, seed, run.planFile, run.booklet);
    if (!plan.seed) run.log(`Seed: ${seed} (add "seed: ${seed}" to the plan to make the same puzzles again)`);
    const dir = run.out ?? (plan.out ? resolve(dirname(run.planFile), plan.out) : 'output');
    checkFolder(dir); // before the work, without creating it: an unwritable folder was found only when writing
    const units = plan.roster ? plan.roster.length : plan.worksheets.length;
    if (!plan.roster) await loadPdfkit(); // a booklet's cover is drawn here; pupils are drawn only in the workers
    await pool.setup(setup, 1);
    pool.grow(Math.max(1, Math.min(run.workers, units)), setup);
    sink = new FolderSink(dir);
    try {
      manifest = await runBatchCore(setup, pool, sink, run.progress);
    } catch (e) {
      sink.discard();
      throw e;
    }
  } finally {
    await pool.close();
  }
  sink.commit(manifestText(manifest), run.log, manifest.files);
  return manifest;
}
