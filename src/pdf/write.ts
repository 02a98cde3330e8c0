import { accessSync, constants, createWriteStream, renameSync, rmSync, mkdirSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import type { Paper } from '../core/kind.js';
import { fail } from '../core/errors.js';
import { createDocument, PAPER_SIZE, MARGIN, type DocMeta } from './document.js';
import { Draw, type Box } from './draw.js';
import type { Block } from '../layout/blocks.js';
import { drawPage } from '../layout/page.js';
import type { PlannedPage } from '../layout/plan.js';
import type { Templates } from '../layout/templates.js';

export interface RenderOptions {
  paper: Paper;
  meta: DocMeta;
  templates: Templates;
  /** Page size when it is not the paper's own (booklet halves). */
  size?: { w: number; h: number };
  /** Page numbers when these pages are one stretch of a longer document (batches merge stretches). */
  numbering?: { first: number; total: number };
}

/** Temp files still being written; removed if the process is interrupted. */
export const pendingFiles = new Set<string>();

/**
 * Draws planned pages into `sink`. Templates are expanded for every page first, so a template that
 * fails does so before the first byte is written.
 */
export async function renderPages(pages: PlannedPage[], opts: RenderOptions, sink: Writable): Promise<void> {
  const { first, total } = opts.numbering ?? { first: 1, total: pages.length };
  const expanded = pages.map((p, i) =>
    opts.templates.get(p.template)({ ...p.vars, page: first + i, pages: total }),
  );
  const size = opts.size ?? PAPER_SIZE[opts.paper];
  const content = { x: MARGIN, y: MARGIN, w: size.w - 2 * MARGIN, h: size.h - 2 * MARGIN };
  const doc = createDocument(opts.paper, opts.meta, size);
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  doc.pipe(sink);
  try {
    drawAll(doc, pages, expanded, size.w, content);
  } catch (e) {
    doc.unpipe(sink);
    sink.destroy(); // close the temp file so writeAtomic can remove it
    throw e;
  }
  doc.end();
  await done;
}

function drawAll(doc: ReturnType<typeof createDocument>, pages: PlannedPage[], expanded: Block[][], pageWidth: number, content: Box): void {
  const d = new Draw(doc);
  const outlines = new Map<string, PDFKit.PDFOutline>();
  pages.forEach((p, i) => {
    doc.addPage();
    if (p.outline) {
      let parent = doc.outline;
      p.outline.forEach((title, depth) => {
        const key = p.outline!.slice(0, depth + 1).join('\u0000');
        let item = outlines.get(key);
        if (!item) {
          item = parent.addItem(title);
          outlines.set(key, item);
        }
        parent = item;
      });
    }
    drawPage(d, { blocks: expanded[i]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: p.mirrored }, content, pageWidth);
  });
}

export async function renderToBuffer(pages: PlannedPage[], opts: RenderOptions): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  await renderPages(pages, opts, sink);
  return Buffer.concat(chunks);
}

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
  await writeAtomic(file, (sink) => renderPages(pages, opts, sink));
}
