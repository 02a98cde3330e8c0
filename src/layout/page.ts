import type { Grid, Lead, Slot } from '../core/kind.js';
import { Draw, fromRight, type Box } from '../pdf/draw.js';
import type { Block } from './blocks.js';
import { drawFooter, footerHeight } from './footer.js';

/** Everything needed to draw one page: the template's blocks plus the slots it frames. */
export interface PageContent {
  blocks: Block[];
  slots: Slot[];
  grid: Grid;
  labels: boolean;
  mirrored: boolean; // a duplex back: slot positions flipped left-right
  /** A right-to-left language: puzzle 1 at the top right, each number at its slot's right. */
  rtl?: boolean;
  lead?: Lead; // above the slots: a worked example on a section's first page
  /** Fills the slots' area instead of the slot grid (the packed answer key of a class). */
  fill?: (d: Draw, area: Box) => void;
  /** The section that starts on this page, for the tagged PDF's structure. */
  starts?: string;
  /** A slot's description for readers who cannot see it, from the words drawn in it. */
  describe?: (slot: Slot, words: string[]) => string;
}

/** Room above a slot for its number and code. */
export const LABEL_H = 16;

function blockHeight(d: Draw, b: Block, w: number): number {
  switch (b.type) {
    case 'heading': {
      const fit = headingFit(d, b, w);
      return fit.lines === 1 ? b.size * 1.35 : d.paragraphHeight(b.text, w, { size: fit.size, font: 'bold' }) + fit.size * 0.35;
    }
    case 'text':
      return b.text ? d.paragraphHeight(b.text, w, { size: b.size, font: b.font }) + b.size * 0.5 : 0;
    case 'fields':
      return b.size * 2.6 + (fieldRows(d, b, w).length - 1) * b.size * FIELD_ROW;
    case 'rule':
      return 10;
    case 'space':
      return b.height;
    case 'footer':
      return footerHeight(d, b, w);
    case 'slots':
      return 0;
  }
}

/**
 * A heading too long for its line (a teacher's long --title) wraps onto two lines at its size,
 * shrinking only while two are still too few; past 8 pt it is one line shrunk to fit, as before.
 */
function headingFit(d: Draw, b: Extract<Block, { type: 'heading' }>, w: number): { size: number; lines: 1 | 2 } {
  if (d.textWidth(b.text, b.size, 'bold') <= w) return { size: b.size, lines: 1 };
  for (let size = b.size; size >= 8; size -= 0.5) {
    const line = d.paragraphHeight('X', w, { size, font: 'bold' });
    if (d.paragraphHeight(b.text, w, { size, font: 'bold' }) <= 2 * line + 0.01) return { size, lines: 2 };
  }
  return { size: b.size, lines: 1 };
}

/** Where the slots go on a page whose content box is `content`; null if the template has none. */
export function slotsBox(d: Draw, blocks: Block[], content: Box): Box | null {
  const idx = blocks.findIndex((b) => b.type === 'slots');
  if (idx < 0) return null;
  let above = 0;
  let below = 0;
  blocks.forEach((b, i) => {
    const h = blockHeight(d, b, content.w);
    if (b.type === 'footer' || i > idx) below += h;
    else if (i < idx) above += h;
  });
  return { x: content.x, y: content.y + above, w: content.w, h: Math.max(0, content.h - above - below) };
}

/** Boxes of a cols x rows grid of slots inside `area`, row by row. */
export function slotBoxes(area: Box, grid: Grid, gap: number): Box[] {
  const w = (area.w - gap * (grid.cols - 1)) / grid.cols;
  const h = (area.h - gap * (grid.rows - 1)) / grid.rows;
  const boxes: Box[] = [];
  for (let r = 0; r < grid.rows; r++) {
    for (let c = 0; c < grid.cols; c++) boxes.push({ x: area.x + c * (w + gap), y: area.y + r * (h + gap), w, h });
  }
  return boxes;
}

/**
 * The part of a space that no squeeze takes: under a name line, room as tall as its words, so a
 * heading below never sits on the line a pupil writes on (a French large print cover's "Nom:" had
 * "Sommaire" right under it once its spaces were squeezed away).
 */
function kept(blocks: Block[], i: number): number {
  const b = blocks[i]!;
  const above = blocks[i - 1];
  return b.type === 'space' && above?.type === 'fields' ? Math.min(b.height, above.size) : 0;
}

/**
 * What a page without slots keeps of its template's spaces: all of them while its words and footer
 * fit, less as they need the room. A large print cover on a booklet's half page ran its contents
 * under "Page 1 of N" below 108 pt of spaces.
 */
function spaceSqueeze(d: Draw, blocks: Block[], content: Box): { spaces: number; gaps: number } {
  const spaces = blocks.reduce((h, b, i) => h + (b.type === 'space' ? b.height - kept(blocks, i) : 0), 0);
  const over = blocks.reduce((h, b) => h + blockHeight(d, b, content.w), 0) - content.h;
  // Then the gaps under paragraphs: a French large print cover's contents and note still ran into
  // its footer with every space gone.
  const gaps = blocks.reduce((h, b) => h + (b.type === 'text' && b.text ? b.size * 0.5 : 0), 0);
  const left = over - spaces;
  return {
    spaces: over > 0 && spaces > 0 ? Math.max(0, 1 - over / spaces) : 1,
    gaps: left > 0 && gaps > 0 ? Math.max(0, 1 - left / gaps) : 1,
  };
}

export function drawPage(d: Draw, page: PageContent, content: Box, pageWidth: number): void {
  const footers = page.blocks.filter((b) => b.type === 'footer');
  const area = slotsBox(d, page.blocks, content);
  if (page.starts !== undefined) d.section(page.starts);
  const squeeze = area ? { spaces: 1, gaps: 1 } : spaceSqueeze(d, page.blocks, content);
  let y = content.y;
  let headings = 0;
  for (const [i, b] of page.blocks.entries()) {
    if (b.type === 'footer') continue;
    if (b.type === 'slots' && area) {
      if (page.fill) page.fill(d, area);
      else drawSlots(d, page, area, b.gap, pageWidth);
      y = area.y + area.h;
      continue;
    }
    const h =
      b.type === 'space' ? (squeeze.spaces === 1 ? b.height : kept(page.blocks, i) + (b.height - kept(page.blocks, i)) * squeeze.spaces)
      : b.type === 'text' && b.text && squeeze.gaps < 1 ? d.paragraphHeight(b.text, content.w, { size: b.size, font: b.font }) + b.size * 0.5 * squeeze.gaps
      : blockHeight(d, b, content.w);
    const box = { x: content.x, y, w: content.w, h };
    if (b.type === 'heading') d.tag(headings++ === 0 ? 'H1' : 'H2', () => drawBlock(d, b, box));
    else if ((b.type === 'text' && b.text) || b.type === 'fields') d.tag('P', () => drawBlock(d, b, box));
    else if (b.type === 'rule') d.artifact(() => drawBlock(d, b, box));
    y += h;
  }
  let fy = content.y + content.h;
  for (const b of [...footers].reverse()) {
    const h = blockHeight(d, b, content.w);
    fy -= h;
    d.artifact(() => drawBlock(d, b, { x: content.x, y: fy, w: content.w, h }), true);
  }
}

function drawBlock(d: Draw, b: Block, box: Box): void {
  switch (b.type) {
    case 'heading': {
      const fit = headingFit(d, b, box.w);
      if (fit.lines === 1) d.text(b.text, { ...box, h: b.size * 1.1 }, { size: b.size, font: 'bold', align: b.align, valign: 'top', fit: true });
      else d.paragraph(b.text, box.x, box.y, box.w, { size: fit.size, font: 'bold', align: b.align });
      return;
    }
    case 'text':
      if (b.text) d.paragraph(b.text, box.x, box.y, box.w, { size: b.size, font: b.font, align: b.align, color: b.color });
      return;
    case 'fields':
      drawFields(d, b, box);
      return;
    case 'rule':
      d.line(box.x, box.y + 4, box.x + box.w, box.y + 4, { width: b.width, stroke: '#000000' });
      return;
    case 'footer':
      drawFooter(d, b, box);
      return;
    default:
      return;
  }
}

const FIELD_GAP = 16;
const FIELD_ROW = 2; // a second row of fields, in sizes of its text
const FIELD_LINE = 40; // the least writing line of an empty field (a date)
const FIELD_SHRINK = 0.8; // a name or class may be printed this much smaller to fit its line

/**
 * The rows of "Name ________  Date ______  Class ____" and each field's width. One row, the Name
 * line the widest, as long as every name or class printed there fits its line (shrunk a little if
 * need be); else one row with each field as wide as it needs and the rest shared; else the Name on
 * a row of its own. Large print cannot shrink a long name below its least size: it ran over "Date:".
 */
function fieldRows(d: Draw, b: Extract<Block, { type: 'fields' }>, w: number): { at: number; w: number }[][] {
  const weights = b.names.map((_n, i) => (i === b.wide ? 2.2 : 1));
  const need = b.names.map((name, i) => {
    const label = d.textWidth(b.labels[i]!, b.size, 'bold') + 5;
    const value = b.values[name];
    return label + (value ? d.textWidth(value, b.size * 1.1 * FIELD_SHRINK) + 8 : FIELD_LINE);
  });
  const share = (fields: number[], room: number, least: boolean) => {
    const total = fields.reduce((t, i) => t + weights[i]!, 0);
    const spare = room - FIELD_GAP * (fields.length - 1) - (least ? fields.reduce((t, i) => t + need[i]!, 0) : 0);
    return fields.map((i) => ({ at: i, w: (least ? need[i]! : 0) + (spare * weights[i]!) / total }));
  };
  const all = b.names.map((_n, i) => i);
  const even = share(all, w, false);
  if (even.every((f) => f.w >= need[f.at]!)) return [even];
  const fitted = share(all, w, true);
  if (fitted.every((f) => f.w >= need[f.at]!) || b.wide === undefined || b.wide < 0 || b.names.length < 2) return [fitted];
  const rest = all.filter((i) => i !== b.wide);
  return [[{ at: b.wide, w }], share(rest, w, false)];
}

/** The fields in their rows (fieldRows). Right to left, each row is mirrored: Name first at the right, each label at the right of its line. */
function drawFields(d: Draw, b: Extract<Block, { type: 'fields' }>, box: Box): void {
  fieldRows(d, b, box.w).forEach((row, r) => {
    let x = box.x;
    const baseY = box.y + b.size * 1.6 + r * b.size * FIELD_ROW;
    for (const { at: i, w } of row) {
      const name = b.names[i]!;
      const left = b.rtl ? fromRight(box, x - box.x, w) : x; // this field's left edge
      const label = b.labels[i]!;
      const lw = d.textWidth(label, b.size, 'bold') + 5;
      const labelX = b.rtl ? left + w - lw : left;
      const lineX = b.rtl ? left : left + lw; // the writing line, beside the label on the side text runs to
      d.text(label, { x: labelX, y: baseY - b.size * 1.2, w: lw, h: b.size * 1.2 }, { size: b.size, font: 'bold', valign: 'bottom', align: b.rtl ? 'right' : 'left' });
      d.line(lineX, baseY + 1.5, lineX + w - lw, baseY + 1.5, { width: 0.6, stroke: '#000000' });
      const value = b.values[name];
      if (value) {
        d.text(value, { x: lineX + (b.rtl ? 0 : 4), y: baseY - b.size * 1.3, w: w - lw - 4, h: b.size * 1.3 }, { size: b.size * 1.1, valign: 'bottom', fit: true, align: b.rtl ? 'right' : 'left' });
      }
      x += w + FIELD_GAP;
    }
  });
}

/**
 * The label and a drawing of this shape as one unit, centred in the slot, so the number and code
 * sit just above the grid rather than at the top of a tall slot or the edge of a wide one. Too
 * narrow a drawing keeps the slot's width for its label line.
 */
function fitted(box: Box, ratio: number, top: boolean, most = Infinity): Box {
  const w = Math.min(drawingWidth(box, ratio), most);
  const h = w * ratio + LABEL_H;
  const lw = Math.min(box.w, Math.max(w, 130));
  return { x: box.x + (box.w - lw) / 2, y: top ? box.y : box.y + (box.h - h) / 2, w: lw, h };
}

/** How wide a labelled drawing of this shape (height over width) is drawn in a slot's box. */
export function drawingWidth(box: Box, ratio: number): number {
  return Math.min(box.w, (box.h - LABEL_H) / ratio);
}

/**
 * One slot in its box: number and code above it when `labels` (right to left: the number at the
 * right), the drawing below; at the box's top when `top`, else centred in it.
 */
export function drawSlot(d: Draw, slot: Slot, box: Box, labels: boolean, rtl = false, top = false): void {
  if (labels && (slot.label || slot.code) && slot.ratio) box = fitted(box, slot.ratio, top, slot.width);
  if (labels && (slot.label || slot.code)) {
    const lab = { x: box.x, y: box.y, w: box.w, h: LABEL_H - 4 };
    if (slot.label) d.text(slot.label, lab, { size: 12, font: 'bold', valign: 'bottom', align: rtl ? 'right' : 'left' });
    if (slot.code) d.text(slot.code, lab, { size: 7.5, color: '#666666', align: rtl ? 'left' : 'right', valign: 'bottom' });
    box = { x: box.x, y: box.y + LABEL_H, w: box.w, h: box.h - LABEL_H };
  }
  d.group(() => slot.draw(d, box));
}

/**
 * The lead's box and the slot boxes of a page: a lead taking rows has their room (the slots keep
 * their size), a lead taking none takes its height and the slots share the rest.
 */
export function leadAndSlots(area: Box, grid: Grid, gap: number, lead?: Lead): { lead: Box | null; boxes: Box[] } {
  if (!lead) return { lead: null, boxes: slotBoxes(area, grid, gap) };
  if (lead.rows === 0) {
    const below = { ...area, y: area.y + lead.height + gap, h: Math.max(0, area.h - lead.height - gap) };
    return { lead: { ...area, h: lead.height }, boxes: slotBoxes(below, grid, gap) };
  }
  const all = slotBoxes(area, grid, gap);
  const rest = all.slice(lead.rows * grid.cols);
  const bottom = rest.length ? rest[0]!.y - gap : area.y + area.h;
  return { lead: { ...area, h: bottom - area.y }, boxes: rest };
}

function drawSlots(d: Draw, page: PageContent, area: Box, gap: number, pageWidth: number): void {
  const { lead, boxes } = leadAndSlots(area, page.grid, gap, page.lead);
  if (lead && page.lead) d.group(() => page.lead!.draw(d, lead, page.rtl));
  // one row of puzzles under the example sits right under it, the page's spare room below them
  // (centred, two 9x9 grids had a band as tall as a grid's third above them and another below)
  const top = !!lead && page.grid.rows - (page.lead?.rows ?? 0) === 1;
  page.slots.forEach((slot, i) => {
    let box = boxes[i]!;
    // right to left, slots run from the right as the words do (a duplex back is then flipped back)
    if (page.rtl) box = { ...box, x: fromRight(area, box.x - area.x, box.w) };
    if (page.mirrored) box = { ...box, x: pageWidth - box.x - box.w };
    d.figure(() => drawSlot(d, slot, box!, page.labels, page.rtl, top), (words) => page.describe?.(slot, words) ?? words.join(' '));
  });
}
