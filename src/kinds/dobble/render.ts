import { MM, type Box, type Draw, type Point } from '../../pdf/draw.js';
import { drawSymbol, type SymbolSource } from '../../pdf/symbols.js';
import { placeForm, recordForm, type Form } from '../../pdf/xobject.js';
import { EDGE_MARGIN, type Placement, type Shape } from './layout.js';
import type { Outline } from './options.js';

const SQRT3_2 = Math.sqrt(3) / 2;

/** Height over width of a card. */
export function aspect(shape: Shape): number {
  return shape === 'hexagon' ? SQRT3_2 : 1;
}

export interface CardFrame {
  cx: number;
  cy: number;
  half: number; // points per card unit (half the card's width)
}

/** The card as large as `size` points allows, centred in the box, never spilling out of it. */
export function frame(box: Box, shape: Shape, size: number): CardFrame {
  const w = Math.min(size, box.w, box.h / aspect(shape));
  return { cx: box.x + box.w / 2, cy: box.y + box.h / 2, half: w / 2 };
}

function hexPoints(f: CardFrame, scale = 1): Point[] {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (i * Math.PI) / 3;
    return [f.cx + f.half * scale * Math.cos(a), f.cy + f.half * scale * Math.sin(a)];
  });
}

/** The card's outline as a path, filled and/or stroked. */
export function cardShape(d: Draw, f: CardFrame, shape: Shape, style: Parameters<Draw['circle']>[3], scale = 1): void {
  const h = f.half * scale;
  if (shape === 'round') d.circle(f.cx, f.cy, h, style);
  else if (shape === 'square') d.rect({ x: f.cx - h, y: f.cy - h, w: 2 * h, h: 2 * h }, style, h * 0.04);
  else d.polygon(hexPoints(f, scale), style);
}

const OUTLINE_STYLE: Record<Outline, { stroke: string; width: number } | undefined> = {
  cut: { stroke: '#4d4d4d', width: 0.8 },
  thin: { stroke: '#b3b3b3', width: 0.35 },
  none: undefined,
};

export function drawOutline(d: Draw, f: CardFrame, shape: Shape, outline: Outline): void {
  const style = OUTLINE_STYLE[outline];
  if (style) cardShape(d, f, shape, style);
}

/** Length of a crop mark (mm); it starts 1 mm past the bleed, so it never prints on the card. */
export const CROP_MARK_MM = 3;
const MARK_STYLE = { stroke: '#000000', width: 0.3 };
/** Punch guides: short ticks this far (mm) outside the edge, long enough to line up, cut away with the scrap. */
const TICK_GAP_MM = 1.5;
const TICK_MM = 2.5;

/**
 * How far (mm) a hexagon's crop marks start from its corner, along a side carried on past it: 1 mm
 * past the bleed, which there runs beside the next side, at 60 degrees.
 */
export function hexMarkStart(bleed: number): number {
  return bleed / SQRT3_2 + 1;
}

/**
 * What marks the card's edge: its outline; for a circle punch (outline none) four small ticks
 * outside the edge to aim by, which fall away with the scrap; with a bleed (a print shop) crop
 * marks outside the bleed: at the corners of the card's box, or for a hexagon, which is cut side
 * by side, each side's line carried on past its two corners.
 */
export function drawEdge(d: Draw, f: CardFrame, shape: Shape, outline: Outline, bleed?: number): void {
  const hw = f.half;
  const hh = f.half * aspect(shape);
  if (bleed !== undefined && shape === 'hexagon') {
    const off = hexMarkStart(bleed) * MM;
    const len = CROP_MARK_MM * MM;
    const corners = hexPoints(f);
    corners.forEach(([x, y], i) => {
      for (const [px, py] of [corners[(i + 1) % 6]!, corners[(i + 5) % 6]!]) {
        const n = Math.hypot(x - px, y - py);
        const [ux, uy] = [(x - px) / n, (y - py) / n];
        d.line(x + ux * off, y + uy * off, x + ux * (off + len), y + uy * (off + len), MARK_STYLE);
      }
    });
    if (outline !== 'none') drawOutline(d, f, shape, outline);
    return;
  }
  if (bleed !== undefined) {
    const off = (bleed + 1) * MM;
    const len = CROP_MARK_MM * MM;
    for (const sx of [-1, 1]) {
      for (const sy of [-1, 1]) {
        const x = f.cx + sx * hw;
        const y = f.cy + sy * hh;
        d.line(x + sx * off, y, x + sx * (off + len), y, MARK_STYLE);
        d.line(x, y + sy * off, x, y + sy * (off + len), MARK_STYLE);
      }
    }
    if (outline !== 'none') drawOutline(d, f, shape, outline);
    return;
  }
  if (outline !== 'none') {
    drawOutline(d, f, shape, outline);
    return;
  }
  const gap = TICK_GAP_MM * MM;
  const len = TICK_MM * MM;
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const edge = dx ? hw : hh;
    const x = f.cx + dx * (edge + gap);
    const y = f.cy + dy * (edge + gap);
    d.line(x, y, x + dx * len, y + dy * len, { stroke: '#808080', width: 0.4 });
  }
}

export function drawPlacements(d: Draw, f: CardFrame, layout: Placement[], symbols: SymbolSource[]): void {
  for (const p of layout) {
    drawSymbol(d, symbols[p.symbol]!, f.cx + p.x * f.half, f.cy + p.y * f.half, p.r * f.half, p.rot, p.symbol);
  }
}

/** The card number sits in the safe band at the bottom, where no symbol may go. */
export function drawNumber(d: Draw, f: CardFrame, shape: Shape, n: number): void {
  const bottom = f.cy + f.half * (shape === 'hexagon' ? SQRT3_2 : 1);
  const band = EDGE_MARGIN * f.half;
  d.text(String(n), { x: f.cx - 30, y: bottom - band * 0.92, w: 60, h: band * 0.7 }, { size: band * 0.75, align: 'center', color: '#666666' });
}

const BACK_FILL = '#e8f0fa';
const BACK_INK = '#2f5d8c';

const backForms = new WeakMap<object, Map<string, Form>>();

/**
 * The back of a card: a pale card with a ring of dots and the deck's name. Symmetric, so it
 * still looks right if the printer's duplex shifts a little. Every back of a deck is the same,
 * so it is drawn once per document as a form and placed by transform.
 */
export function drawBack(d: Draw, f: CardFrame, shape: Shape, outline: Outline, title: string, subtitle: string, bleed?: number): void {
  let forms = backForms.get(d.doc);
  if (!forms) backForms.set(d.doc, (forms = new Map()));
  const key = [shape, title, subtitle].join('|');
  const unit = 100; // the form's half-width; scaling keeps line widths in proportion
  let form = forms.get(key);
  if (!form) {
    const pad = 2;
    form = recordForm(d.doc, [-unit - pad, -unit - pad, unit + pad, unit + pad], () =>
      backArt(d, { cx: 0, cy: 0, half: unit }, shape, title, subtitle),
    );
    forms.set(key, form);
  }
  const placed = form;
  // the bleed: the back's colour carried past the cut, so a trim a hair off leaves no white rim
  // (a hexagon's edges are nearer its centre than its corners, so it grows by more)
  if (bleed) cardShape(d, f, shape, { fill: BACK_FILL, stroke: false }, 1 + (bleed * MM) / (f.half * (shape === 'hexagon' ? SQRT3_2 : 1)));
  d.group(() => {
    d.translate(f.cx, f.cy);
    d.scale(f.half / unit);
    placeForm(d.doc, placed);
  });
  // on the page, not in the form, so its width stays the same whatever the card size
  drawEdge(d, f, shape, outline, bleed);
}

function backArt(d: Draw, f: CardFrame, shape: Shape, title: string, subtitle: string): void {
  cardShape(d, f, shape, { fill: BACK_FILL, stroke: false });
  cardShape(d, f, shape, { stroke: BACK_INK, width: f.half * 0.02 }, 0.86);
  cardShape(d, f, shape, { stroke: BACK_INK, width: f.half * 0.006 }, 0.8);
  const ring = shape === 'hexagon' ? 0.64 : 0.7;
  const dots = 24;
  for (let i = 0; i < dots; i++) {
    const a = (i * 2 * Math.PI) / dots;
    const r = (i % 2 === 0 ? 0.035 : 0.02) * f.half;
    d.circle(f.cx + Math.cos(a) * ring * f.half, f.cy + Math.sin(a) * ring * f.half, r, { fill: BACK_INK, stroke: false });
  }
  const w = f.half * 1.1;
  d.text(title, { x: f.cx - w / 2, y: f.cy - f.half * 0.2, w, h: f.half * 0.26 }, { size: f.half * 0.26, font: 'bold', align: 'center', color: BACK_INK, fit: true });
  d.text(subtitle, { x: f.cx - w / 2, y: f.cy + f.half * 0.12, w, h: f.half * 0.1 }, { size: f.half * 0.1, align: 'center', color: BACK_INK, fit: true });
}

const LEGEND_ID_W = 24;

/** Where a legend row's name goes: after its picture (a word list has none), before its number. */
function legendName(box: Box, symbol: SymbolSource): { box: Box; size: number } {
  const x = symbol.kind === 'word' ? box.x + 4 : box.x + 2 * Math.min(box.h * 0.5, box.w * 0.16) + 8;
  // rows are about 20 pt apart on a page of 60: names at 11 pt, as on the cards' pages (they were 8)
  return { box: { x, y: box.y, w: box.x + box.w - x - LEGEND_ID_W, h: box.h }, size: Math.min(12, box.h * 0.55) };
}

/** Whether a legend row's name fits before its number (large print cannot shrink it below 16 pt). */
export function legendNameFits(d: Draw, box: Box, symbol: SymbolSource): boolean {
  const name = legendName(box, symbol);
  return d.textWidth(symbol.name, d.sizeFor(symbol.name, name.box, { size: name.size, fit: true })) <= name.box.w + 0.01;
}

/** One legend row: the picture, its name, its number (counted from 1, as a teacher counts). */
export function drawLegendEntry(d: Draw, box: Box, symbol: SymbolSource, id: number): void {
  if (symbol.kind !== 'word') {
    // a word list is its own legend: only pictures get a picture
    const r = Math.min(box.h * 0.5, box.w * 0.16);
    drawSymbol(d, symbol, box.x + r + 2, box.y + box.h / 2, r, 0, id);
  }
  const name = legendName(box, symbol);
  d.text(symbol.name, name.box, { size: name.size, fit: true });
  d.text(String(id + 1), { x: box.x + box.w - LEGEND_ID_W, y: box.y, w: LEGEND_ID_W - 4, h: box.h }, { size: Math.min(10, box.h * 0.45), align: 'right', color: '#555555' });
}
