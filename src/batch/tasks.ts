import { Templates } from '../layout/templates.js';
import type { PlannedPage } from '../layout/plan.js';
import { PAPER_SIZE } from '../pdf/document.js';
import { renderToBuffer } from '../pdf/write.js';
import type { Bookmark } from './merge.js';
import { buildWorksheet, halfPage, pagesOf, type Size } from './parts.js';
import type { BatchPlan } from './plan.js';

/** What every worker is started with. Plain data: it crosses the thread boundary. */
export interface Setup {
  plan: BatchPlan;
  seed: string;
  booklet: boolean; // logical pages are half sheets
}

/**
 * Work comes in two rounds. First each pupil (or each worksheet of a booklet) is generated and its
 * pages counted; then, with every count known, the stretches of the shared files (the teacher's
 * key, the booklet) are drawn with their final page numbers by the worker that holds the models.
 */
export type Task =
  | { type: 'pupil'; pupil: number }
  | { type: 'key'; pupil: number; first: number; total: number }
  | { type: 'sheet'; worksheet: number }
  | { type: 'stretch'; worksheet: number; answers: boolean; first: number; total: number };

export interface PupilResult {
  pdf: Uint8Array;
  pages: number;
  names: string[]; // per worksheet
  codes: string[][];
  keyPages: number;
  keyMarks: Bookmark[]; // pages relative to the pupil's first key page
}

export interface SheetResult {
  name: string;
  codes: string[];
  front: number;
  back: number;
  frontMarks: Bookmark[];
  backMarks: Bookmark[];
}

export interface PdfResult {
  pdf: Uint8Array;
}

const META = { title: '', subject: '', keywords: '' };

function marks(pages: PlannedPage[]): Bookmark[] {
  return pages.flatMap((p, page) => (p.outline ? [{ path: p.outline, page }] : []));
}

export class BatchTasks {
  private templates = new Templates();
  private held = new Map<string, PlannedPage[]>(); // pages waiting for their final page numbers
  private size: Size;

  constructor(private setup: Setup) {
    this.size = setup.booklet ? halfPage(setup.plan.paper) : PAPER_SIZE[setup.plan.paper];
  }

  private render(pages: PlannedPage[], meta = META, numbering?: { first: number; total: number }): Promise<Buffer> {
    return renderToBuffer(pages, { paper: this.setup.plan.paper, templates: this.templates, meta, size: this.size, numbering });
  }

  async run(task: Task): Promise<PupilResult | SheetResult | PdfResult> {
    switch (task.type) {
      case 'pupil':
        return this.pupil(task.pupil);
      case 'sheet':
        return this.sheet(task.worksheet);
      case 'key':
        return { pdf: await this.release(`key ${task.pupil}`, task) };
      case 'stretch':
        return { pdf: await this.release(`${task.answers ? 'back' : 'front'} ${task.worksheet}`, task) };
    }
  }

  private async release(id: string, n: { first: number; total: number }): Promise<Buffer> {
    const pages = this.held.get(id);
    if (!pages) throw new Error(`batch worker holds no pages for ${id}`);
    this.held.delete(id);
    return this.render(pages, META, n);
  }

  private async pupil(index: number): Promise<PupilResult> {
    const { plan, seed } = this.setup;
    const name = plan.roster![index]!;
    const built = plan.worksheets.map((_, w) => buildWorksheet(plan, seed, w, name, index, this.templates, this.size));
    const front = pagesOf(built.map((b) => b.worksheet), false).pages;
    const key = pagesOf(built.map((b) => b.key), true);
    if (plan.answers !== 'none') this.held.set(`key ${index}`, key.pages);
    const meta = { title: `${plan.title}: ${name}`, subject: built.map((b) => b.name).join('; '), keywords: `puzzlepress, ${name}, seed ${seed}` };
    return {
      pdf: await this.render(front, meta),
      pages: front.length,
      names: built.map((b) => b.name),
      codes: built.map((b) => b.codes),
      keyPages: plan.answers === 'none' ? 0 : key.pages.length,
      keyMarks: key.starts.map((page, w) => ({ path: [name, built[w]!.name], page })),
    };
  }

  private async sheet(index: number): Promise<SheetResult> {
    const { plan, seed } = this.setup;
    const b = buildWorksheet(plan, seed, index, null, null, this.templates, this.size);
    const front = pagesOf([b.worksheet], false).pages;
    const back = plan.answers === 'none' ? [] : pagesOf([b.worksheet], true).pages;
    this.held.set(`front ${index}`, front);
    if (back.length) this.held.set(`back ${index}`, back);
    return { name: b.name, codes: b.codes, front: front.length, back: back.length, frontMarks: marks(front), backMarks: marks(back) };
  }
}
