import { accessSync, constants, createWriteStream, renameSync, rmSync, mkdirSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { Writable } from 'node:stream';
import { fail } from '../core/errors.js';
import type { PlannedPage } from '../layout/plan.js';
import { renderDocument, type RenderOptions } from '../pdf/render.js';

/** Temp files still being written; removed if the process is interrupted. */
export const pendingFiles = new Set<string>();

/** Fails now, before any generating, if `file` could never be written. */
export function checkWritable(file: string): void {
  ensureFolder(file);
  try {
    accessSync(dirname(file) || '.', constants.W_OK);
  } catch (e) {
    fail(`cannot write ${file} (${(e as NodeJS.ErrnoException).code}): choose an --out path in a folder you can write to`);
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

/** Writes to a temp file beside the target and renames it into place, so no half PDF is ever left. */
export async function writeAtomic(file: string, write: (sink: Writable) => Promise<void>): Promise<void> {
  ensureFolder(file);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  pendingFiles.add(temp);
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
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EPERM') {
      fail(`cannot write ${file} (${code}): choose an --out path in a folder you can write to`);
    }
    throw e;
  } finally {
    pendingFiles.delete(temp);
  }
}

export async function writePdf(file: string, pages: PlannedPage[], opts: RenderOptions): Promise<void> {
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
