import { accessSync, constants, createWriteStream, renameSync, rmSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { fail } from '../core/errors.js';
import type { PlannedPage } from '../layout/plan.js';
import type { RenderOptions } from '../pdf/render.js';
import { hold, release } from './interrupt.js';

/** Temp files being written, removed if the run is stopped (see interrupt.ts). */
export const pendingFiles = { add: hold, delete: release };

/** File names longer than this (in bytes) are refused by nearly every file system. */
const MAX_NAME_BYTES = 255;

/** Fails now, before any generating, if `file` could never be written. */
export function checkWritable(file: string): void {
  if (new TextEncoder().encode(basename(file)).length > MAX_NAME_BYTES) {
    fail(`cannot write ${basename(file).slice(0, 40)}...: the file name is longer than ${MAX_NAME_BYTES} bytes; choose a shorter --out`);
  }
  ensureFolder(file);
  try {
    accessSync(dirname(file) || '.', constants.W_OK);
  } catch (e) {
    fail(`cannot write ${file} (${(e as NodeJS.ErrnoException).code}): choose an --out path in a folder you can write to`);
  }
  checkTarget(file);
}

/**
 * A folder the run will write into, checked before any work without creating it (a run that fails
 * later leaves no empty folder): the nearest part of the path that exists must be a folder we can
 * write in.
 */
export function checkFolder(dir: string): void {
  let at = resolve(dir);
  let st = statOf(at);
  while (!st && dirname(at) !== at) {
    at = dirname(at);
    st = statOf(at);
  }
  if (st && !st.isDirectory()) fail(`cannot write to ${dir}: ${at} is a file, not a folder; choose another --out`);
  try {
    accessSync(at, constants.W_OK);
  } catch (e) {
    fail(`cannot write to ${dir} (${(e as NodeJS.ErrnoException).code}): choose an --out folder you can write to`);
  }
}

function checkTarget(file: string): void {
  const existing = statOf(file);
  if (existing?.isDirectory()) fail(`cannot write ${file}: it is a folder; give a file name such as ${join(file, 'puzzles.pdf')}`);
  // renaming over a device such as /dev/full would replace it, not write to it
  if (existing && !existing.isFile()) fail(`cannot write ${file}: it is not a plain file (a device or a pipe); give the name of a file`);
}

/**
 * Every output of a run, checked before any work: each can be written, and no two are the same
 * file (`--json` naming the PDF would silently replace it). `outputs` maps a file to its option.
 */
export function checkOutputs(outputs: [file: string, option: string][]): void {
  const seen = new Map<string, string>();
  for (const [file, option] of outputs) {
    const other = seen.get(resolve(file));
    if (other) fail(`${option} ${file} is the same file as ${other}: give each output its own name`);
    seen.set(resolve(file), `${option} ${file}`.trim());
    checkWritable(file);
  }
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function ensureFolder(file: string): void {
  try {
    mkdirSync(dirname(file) || '.', { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'part of its folder path is a file, not a folder' : `its folder cannot be created (${code})`;
    fail(`cannot write ${file}: ${why}; choose another --out`);
  }
}

/** Errors of the file system while writing: the user's disk or folder, never our bug. */
function writeFailure(file: string, e: unknown): never {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOSPC' || code === 'EDQUOT') fail(`cannot write ${file}: the disk is full (${code}); free some space or choose an --out on another disk`);
  if (code === 'EFBIG') fail(`cannot write ${file}: the file is too large for that disk (EFBIG); choose an --out on another disk`);
  if (code === 'ENAMETOOLONG') fail(`cannot write ${file}: the name is too long (ENAMETOOLONG); choose a shorter --out`);
  if (code === 'EISDIR') fail(`cannot write ${file}: it is a folder; give a file name`);
  fail(`cannot write ${file} (${code}): choose an --out path in a folder you can write to`);
}

let temps = 0;

/**
 * Writes to a temp file beside the target and renames it into place, so no half PDF is ever left.
 * The temp name is short whatever the target's length, so a legal long name still has room.
 */
export async function writeAtomic(file: string, write: (sink: Writable) => Promise<void>): Promise<void> {
  ensureFolder(file);
  checkTarget(file);
  const temp = join(dirname(file), `.${basename(file).slice(0, 40)}.${process.pid}-${++temps}.tmp`);
  hold(temp);
  try {
    const sink = createWriteStream(temp);
    const opened = new Promise<void>((resolve, reject) => {
      sink.once('open', () => resolve());
      sink.once('error', reject);
    });
    await opened;
    await write(sink);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    if (typeof (e as NodeJS.ErrnoException).code === 'string' && (e as NodeJS.ErrnoException).syscall) writeFailure(file, e);
    throw e;
  } finally {
    release(temp);
  }
}

export async function writePdf(file: string, pages: PlannedPage[], opts: RenderOptions): Promise<void> {
  // loaded here: a batch's main thread checks and writes files but never draws
  const { renderDocument } = await import('../pdf/render.js');
  const doc = renderDocument(pages, opts); // drawn in full before the file is opened
  await writeAtomic(file, (sink) => {
    const done = new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
    });
    doc.pipe(sink);
    return done;
  });
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeAtomic(file, async (sink) => {
    await new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
      sink.end(`${JSON.stringify(value, null, 2)}\n`);
    });
  });
}
