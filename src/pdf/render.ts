import { concatBytes } from '../core/bytes.js';
import type { Paper } from '../core/kind.js';
import { createDocument, PAPER_SIZE, pageStyle, type DocMeta } from './document.js';
import { Draw, type Box } from './draw.js';
import { scaleBlocks, type Block } from '../layout/blocks.js';
import { drawPage } from '../layout/page.js';
import type { PlannedPage } from '../layout/plan.js';
import { describeFigure } from '../layout/describe.js';
import { messages } from '../i18n/messages.js';
import { LARGE_PRINT, scaledBox } from './print.js';
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

export type PdfDoc = ReturnType<typeof createDocument>;

/** Templates expanded for every page first, so a template that fails does so before any drawing. */
export function expandPages(pages: PlannedPage[], opts: RenderOptions): Block[][] {
  const { first, total } = opts.numbering ?? { first: 1, total: pages.length };
  const { scale } = pageStyle(opts.size ?? PAPER_SIZE[opts.paper]);
  return pages.map((p, i) => scaleBlocks(opts.templates.get(p.template)({ ...p.vars, page: first + i, pages: total }), scale));
}

/** The content box of a page: inside the margins. */
export function contentBox(size: { w: number; h: number }): Box {
  const m = pageStyle(size).margin;
  return { x: m, y: m, w: size.w - 2 * m, h: size.h - 2 * m };
}

/**
 * Draws planned pages into a finished document whose bytes are read from its 'data' and 'end'
 * events (or `pipe`). Templates are expanded and every page drawn before the caller sees a byte, so
 * a template or drawing that fails leaves nothing half-written.
 */
export function renderDocument(pages: PlannedPage[], opts: RenderOptions): PdfDoc {
  const expanded = expandPages(pages, opts);
  const size = opts.size ?? PAPER_SIZE[opts.paper];
  const doc = createDocument(opts.paper, opts.meta, size);
  drawAll(doc, pages, expanded, size.w, contentBox(size));
  doc.end();
  return doc;
}
function drawAll(doc: PdfDoc, pages: PlannedPage[], expanded: Block[][], pageWidth: number, content: Box): void {
  const d = new Draw(doc);
  const outlines = new Map<string, PDFKit.PDFOutline>();
  pages.forEach((p, i) => {
    doc.addPage();
    const scale = p.large ? LARGE_PRINT.scale : 1;
    if (p.large) doc.scale(scale);
    d.minText = p.large ? LARGE_PRINT.minText : 0;
    d.minLine = p.large ? LARGE_PRINT.minLine : 0;
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
    const v = p.vars as Record<string, string | undefined>;
    const figures = { kind: v.kind ?? '', description: v.description ?? '', count: p.count ?? p.slots.length, answers: p.answers ?? false, heading: v.headline || v.section || v.title || '', msg: messages(v.lang) };
    d.rtl = figures.msg.dir === 'rtl';
    drawPage(
      d,
      {
        blocks: expanded[i]!,
        slots: p.slots,
        grid: p.grid,
        labels: p.labels,
        mirrored: p.mirrored,
        ...(figures.msg.dir === 'rtl' ? { rtl: true } : {}),
        lead: p.lead,
        starts: p.outline ? p.outline[p.outline.length - 1] : undefined,
        describe: (slot, words) => describeFigure(slot, words, figures),
      },
      p.large ? scaledBox(content, scale) : content,
      pageWidth / scale,
    );
  });
}

/** The whole PDF as bytes. */
export function renderToBuffer(pages: PlannedPage[], opts: RenderOptions): Promise<Uint8Array> {
  const doc = renderDocument(pages, opts);
  const chunks: Uint8Array[] = [];
  return new Promise((resolve) => {
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('end', () => resolve(concatBytes(chunks)));
  });
}

/**
 * A document whose bytes are collected as PDFKit emits them: `take()` hands over what has been
 * written so far, so a long document (a class's answer key) is passed on in pieces, never held whole.
 */
export class CollectedDocument {
  readonly doc: PdfDoc;
  private chunks: Uint8Array[] = [];
  private ended: Promise<void>;

  constructor(paper: Paper, meta: DocMeta, size = PAPER_SIZE[paper]) {
    this.doc = createDocument(paper, meta, size);
    this.doc.on('data', (c: Uint8Array) => this.chunks.push(c));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
  }

  /** The bytes written since the last call (PDFKit may hand them over a tick after writing). */
  async take(): Promise<Uint8Array> {
    await new Promise((r) => setTimeout(r, 0));
    const out = concatBytes(this.chunks);
    this.chunks = [];
    return out;
  }

  async end(): Promise<Uint8Array> {
    this.doc.end();
    await this.ended;
    return this.take();
  }
}
