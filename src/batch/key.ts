import type { Section, Slot } from '../core/kind.js';
import { BLOCK_GAP, BLOCK_HEAD, blockHeight, Packer, packedCell, rowsPerBlock, type PackedCell } from '../layout/pack.js';
import { drawPage, drawSlot, slotsBox } from '../layout/page.js';
import { scaleBlocks } from '../layout/blocks.js';
import { pageStyle, settlePageText } from '../pdf/document.js';
import type { Templates } from '../layout/templates.js';
import { describeFigure } from '../layout/describe.js';
import type { Box, Draw as DrawType } from '../pdf/draw.js';
import { Draw, fromRight } from '../pdf/draw.js';
import { CollectedDocument, contentBox } from '../pdf/render.js';
import { keepWrittenAsNumbers } from '../pdf/written.js';
import type { BuiltWorksheet, Size } from './parts.js';
import type { BatchPlan } from './plan.js';
import type { DocMeta } from '../pdf/document.js';
import { messages } from '../i18n/messages.js';

/** One pupil's answers to one worksheet (or the part of them that fits a page). */
interface KeyBlock {
  pupil: string;
  worksheet: string; // "Calcudoku · 6×6 · medium"
  heading: string; // "Calcudoku"
  description: string; // "6×6 · medium"
  slots: Slot[];
  count: number; // answers in the whole section
  cell: PackedCell;
  height: number;
  first: boolean; // the first block of this worksheet for this pupil
  shared: boolean; // the same for every pupil: drawn once, before the first pupil's
}

const NO_SLOTS = { slots: [], grid: { cols: 1, rows: 1 }, labels: false, mirrored: false };

/**
 * The teacher's key of a class as one document, drawn pupil by pupil as their puzzles are made and
 * handed on in pieces, so the key of a school is never held whole. Every font subset and picture
 * is stored once for the whole file. Page numbers need the page count before the first page is
 * drawn: every pupil has the same worksheets, so their blocks have the same sizes, and the count
 * is the first pupil's blocks packed for the whole class (each later pupil is checked against it).
 * A section the kind calls shared (drawn from the options alone, as Ludo's teacher's board) is the
 * same for every pupil: it opens the key once, headed so, and later pupils' copies are left out.
 * The kind says so rather than pages being compared: the count is needed before the second pupil
 * is made, and holding pupils back to compare them would stop the key streaming.
 */
export class KeyWriter {
  private out: CollectedDocument;
  private d: DrawType;
  private packer: Packer;
  private area: Box;
  /** The page count, known once the first pupil is added. */
  total: number;
  private heights: string[] | null = null;
  private vars: Record<string, unknown>;
  private pupilsDone = 0;
  private everyone: string;

  constructor(
    private plan: BatchPlan,
    private templates: Templates,
    private size: Size,
    private pupils: number,
    meta: DocMeta,
  ) {
    const msg = messages(plan.lang);
    this.out = new CollectedDocument(plan.paper, meta, size);
    this.d = new Draw(this.out.doc);
    this.d.rtl = msg.dir === 'rtl';
    const worksheets = plan.worksheets.length;
    this.everyone = msg.t('batch.keyShared');
    this.vars = {
      title: plan.title,
      headline: plan.title,
      subtitle: msg.t('batch.keySubtitle', { pupils, worksheets }),
      kind: '',
      description: '',
      instructions: '',
      pupil: '',
      codes: '',
      section: msg.t('section.answerKey'),
      lang: msg.lang,
    };
    this.area = this.slotsArea();
    this.packer = new Packer(this.area.h);
    this.total = 0;
  }

  private slotsArea(): Box {
    const frame = scaleBlocks(this.templates.get('answers')({ ...this.vars, page: 1, pages: 1 }), pageStyle(this.size).scale);
    const box = slotsBox(this.d, frame, contentBox(this.size));
    if (!box) throw new Error('the answers template has no {{slots}}');
    return box;
  }

  /**
   * A worksheet with nothing to mark (a game board) has no blocks: the subtitle says so, or the
   * teacher, told "2 worksheets each", looks for the missing one. Known from the first pupil; the
   * subtitle may then take more room, so the answers' area is measured again.
   */
  private noteUnmarked(built: BuiltWorksheet[]): void {
    const names = built.filter((b) => !b.key.sections.some((s) => s.answers)).map((b) => b.heading);
    if (!names.length) return;
    const msg = messages(this.plan.lang);
    this.vars.subtitle = `${String(this.vars.subtitle)} · ${msg.t('batch.keyNothingToMark', { names: [...new Set(names)].join(', ') })}`;
    this.area = this.slotsArea();
    this.packer = new Packer(this.area.h);
  }

  /** Blocks of one pupil, in reading order: worksheet by worksheet, answer section by section. */
  private blocks(pupil: string, built: BuiltWorksheet[]): KeyBlock[] {
    const out: KeyBlock[] = [];
    for (const b of built) {
      let first = true;
      for (const s of b.key.sections.filter((x: Section) => x.answers)) {
        const cell = s.packGrid ? packedCell(s.packGrid, this.area, true) : packedCell(s.grid, this.area);
        const per = rowsPerBlock(cell, this.area) * cell.cols;
        for (let i = 0; i < s.slots.length; i += per) {
          const slots = s.slots.slice(i, i + per);
          const shared = s.shared ?? false;
          out.push({ pupil: shared ? this.everyone : pupil, worksheet: b.name, heading: b.heading, description: b.description, slots, count: s.slots.length, cell, height: blockHeight(cell, slots.length), first, shared });
          first = false;
        }
      }
    }
    return out;
  }

  /** Draws one pupil's blocks; pupils must come in roster order. */
  add(pupil: string, built: BuiltWorksheet[]): void {
    if (!this.heights) this.noteUnmarked(built);
    const blocks = this.blocks(pupil, built);
    const own = blocks.filter((b) => !b.shared);
    const heights = blocks.map((b) => `${b.shared ? 's' : ''}${b.height}`);
    if (!this.heights) {
      this.heights = heights;
      const shared = blocks.filter((b) => b.shared);
      const count = new Packer(this.area.h);
      for (const b of shared) count.place(b.height);
      for (let p = 0; p < this.pupils; p++) for (const b of own) count.place(b.height);
      this.total = count.pages;
      this.place(this.everyone, shared);
    } else if (heights.join() !== this.heights.join()) {
      throw new Error(`internal error: ${pupil}'s answers are laid out unlike the first pupil's, so the key's page count would be wrong`);
    }
    this.place(pupil, own);
    // The pupil's bookmarks are complete: what the key keeps of them and of written pages stays small.
    keepWrittenAsNumbers(this.out.doc);
    settlePageText(this.out.doc);
    this.pupilsDone++;
  }

  /** Draws blocks under one bookmark (a pupil, or every pupil), a bookmark for each worksheet below it. */
  private place(name: string, blocks: KeyBlock[]): void {
    let item: PDFKit.PDFOutline | null = null;
    for (const block of blocks) {
      const at = this.packer.place(block.height);
      if (at.newPage) this.newPage(at.page);
      item ??= this.out.doc.outline.addItem(name);
      if (block.first) item.addItem(block.worksheet);
      this.drawBlock(block, this.area.y + at.y);
    }
  }

  private newPage(page: number): void {
    const doc = this.out.doc;
    doc.addPage();
    const frame = scaleBlocks(this.templates.get('answers')({ ...this.vars, page: page + 1, pages: this.total }), pageStyle(this.size).scale);
    drawPage(this.d, { blocks: frame, ...NO_SLOTS, fill: () => {}, starts: page === 0 ? String(this.vars.section) : undefined }, contentBox(this.size), this.size.w);
  }

  /**
   * The heading: the pupil and the worksheet. Not the codes: each answer carries its number and
   * code above it, as on the pupil's sheet, and a list of them in the heading only said them twice.
   */
  private drawBlock(b: KeyBlock, top: number): void {
    const d = this.d;
    const { x, w } = this.area;
    const line = { x, y: top, w, h: 13 };
    const title = `· ${b.worksheet}`;
    const nameW = Math.min(d.textWidth(b.pupil, 12, 'bold'), w * 0.5);
    // right to left, the heading and the answers run from the right, as on the pupils' pages
    const msg = messages(this.plan.lang);
    const rtl = msg.dir === 'rtl';
    const room = w - nameW - 6;
    d.tag('H2', () => {
      d.text(b.pupil, { ...line, x: rtl ? fromRight(this.area, 0, nameW) : x, w: nameW }, { size: 12, font: 'bold', valign: 'bottom', fit: true, align: rtl ? 'right' : 'left' });
      d.text(title, { ...line, x: rtl ? fromRight(this.area, nameW + 6, room) : x + nameW + 6, w: room }, { size: 10, color: '#444444', valign: 'bottom', fit: true, align: rtl ? 'right' : 'left' });
    });
    d.artifact(() => d.line(x, top + 16, x + w, top + 16, { stroke: '#999999', width: 0.5 }));
    const figures = { kind: b.heading, description: b.description, count: b.count, answers: true, heading: b.worksheet, ...(b.shared ? {} : { pupil: b.pupil }), msg };
    b.slots.forEach((slot, i) => {
      const r = Math.floor(i / b.cell.cols);
      const c = i % b.cell.cols;
      const across = c * (b.cell.w + BLOCK_GAP);
      const box = { x: rtl ? fromRight(this.area, across, b.cell.w) : x + across, y: top + BLOCK_HEAD + r * (b.cell.h + BLOCK_GAP), w: b.cell.w, h: b.cell.h };
      d.figure(() => drawSlot(d, slot, box, true, rtl), (words) => describeFigure(slot, words, figures));
    });
  }

  /** The bytes written since the last call. */
  take(): Promise<Uint8Array> {
    return this.out.take();
  }

  /** Ends the document: the rest of its bytes and its page count. */
  async end(): Promise<{ bytes: Uint8Array; pages: number }> {
    if (this.packer.pages !== this.total || this.pupilsDone !== this.pupils) {
      throw new Error(`internal error: the key has ${this.packer.pages} pages for ${this.pupilsDone} pupils, not the ${this.total} counted for ${this.pupils}`);
    }
    return { bytes: await this.out.end(), pages: this.total };
  }
}
