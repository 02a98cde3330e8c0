import type { Box, Draw, Point } from '../../pdf/draw.js';
import type { Cell, FultiplesModel } from './model.js';

export interface Look {
  marked?: Cell[]; // answers
  mark?: 'shade' | 'ring'; // how answers are marked, as the task asked pupils to (default shade)
  last?: Cell; // the cell shaded last (next-move task): hatched with a heavy frame
  big?: boolean; // the game board: numbers as large as the cells allow
  aspect?: number; // cell height / width; 1 keeps the board square
  under?: (g: Geometry) => void; // drawn after fills, before numbers (chain arrows)
}

/** The share of a cell's width its widest number may take: the rest is clear space to the walls. */
export const NUMBER_WIDTH = { big: 0.62, plain: 0.6 };

export interface Geometry {
  x: number;
  y: number;
  cw: number;
  ch: number;
  rows: number;
  cols: number;
}

// Wild cells carry only their star: any tint behind them reads as already shaded, in grey most of all.
export const GREY = { mark: '#c4c4c4', hatch: '#8c8c8c' };

export function cellBox(g: Geometry, [r, c]: Cell): Box {
  return { x: g.x + c * g.cw, y: g.y + r * g.ch, w: g.cw, h: g.ch };
}

export function centre(g: Geometry, cell: Cell): Point {
  const b = cellBox(g, cell);
  return [b.x + b.w / 2, b.y + b.h / 2];
}

/** The board's place in a box: widest cells that fit, centred across, at the top. */
export function boardGeometry(m: FultiplesModel, box: Box, aspect = 1): Geometry {
  const rows = m.board.length;
  const cols = m.board[0]!.length;
  const cw = Math.min(box.w / cols, box.h / (rows * aspect));
  return { x: box.x + (box.w - cw * cols) / 2, y: box.y, cw, ch: cw * aspect, rows, cols };
}

export function star(d: Draw, cx: number, cy: number, r: number, style = { fill: '#000000' }): void {
  const pts: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  d.polygon(pts, { ...style, stroke: false });
}

function hatch(d: Draw, b: Box): void {
  d.group(() => {
    d.clip(b);
    const step = b.w / 6;
    for (let t = -b.h; t < b.w; t += step) d.line(b.x + t, b.y + b.h, b.x + t + b.h, b.y, { stroke: GREY.hatch, width: 0.8 });
  });
}

export function drawBoard(d: Draw, box: Box, m: FultiplesModel, look: Look = {}): Geometry {
  const g = boardGeometry(m, box, look.aspect);
  const wild = new Set(m.wild.map(([r, c]) => `${r},${c}`));
  const marked = new Set((look.marked ?? []).map(([r, c]) => `${r},${c}`));
  const side = Math.min(g.cw, g.ch);
  // Sized by the widest number as drawn (a 3-digit 888 is wider than 111), with clear space to the walls.
  const widest = Math.max(...m.board.flat().map((v) => d.textWidth(String(v), 100, 'bold') / 100));
  const room = g.cw * (look.big ? NUMBER_WIDTH.big : NUMBER_WIDTH.plain);
  // Smaller numbers than the cells allow on worksheets: pupils need room to shade and circle.
  const max = side * (look.big ? 0.46 : 0.38);
  const size = Math.max(1, Math.min(max, room / widest, (g.ch * 0.8) / 1.2));
  const ring = look.mark === 'ring';

  m.board.forEach((row, r) =>
    row.forEach((_v, c) => {
      const b = cellBox(g, [r, c]);
      const k = `${r},${c}`;
      if (marked.has(k) && !ring) d.rect(b, { fill: GREY.mark, stroke: false });
      if (look.last && look.last[0] === r && look.last[1] === c) hatch(d, b);
    }),
  );
  for (let i = 0; i <= g.cols; i++) d.line(g.x + i * g.cw, g.y, g.x + i * g.cw, g.y + g.rows * g.ch, { width: 0.6 });
  for (let i = 0; i <= g.rows; i++) d.line(g.x, g.y + i * g.ch, g.x + g.cols * g.cw, g.y + i * g.ch, { width: 0.6 });
  d.rect({ x: g.x, y: g.y, w: g.cols * g.cw, h: g.rows * g.ch }, { width: 1.8 });
  look.under?.(g);

  m.board.forEach((row, r) =>
    row.forEach((v, c) => {
      const b = cellBox(g, [r, c]);
      const k = `${r},${c}`;
      if (marked.has(k) && ring) d.circle(b.x + b.w / 2, b.y + b.h / 2, side * 0.42, { width: 1.8 });
      if (look.last && look.last[0] === r && look.last[1] === c) {
        d.rect({ x: b.x + 1.5, y: b.y + 1.5, w: b.w - 3, h: b.h - 3 }, { width: 3 });
        const w = d.textWidth(String(v), size, 'bold') + size * 0.5;
        d.rect({ x: b.x + (b.w - w) / 2, y: b.y + b.h / 2 - size * 0.6, w, h: size * 1.2 }, { fill: '#ffffff', stroke: false }, 2);
      }
      d.text(String(v), b, { size, font: 'bold', align: 'center', valign: 'middle' });
      // Stars only on the game board, where its rules say what a wild card is: a worksheet counts
      // every number as printed, and a starred 3 with no word on the page read as a riddle.
      if (look.big && wild.has(k)) star(d, b.x + b.w - side * 0.14, b.y + side * 0.14, side * 0.1);
    }),
  );
  return g;
}

/** An arrow from a to b, stopped short by `gap` at both ends so numbers stay readable. */
export function arrow(d: Draw, a: Point, b: Point, gap: number, width: number): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len < 2 * gap + 1) return;
  const ux = dx / len;
  const uy = dy / len;
  const s: Point = [a[0] + ux * gap, a[1] + uy * gap];
  const e: Point = [b[0] - ux * gap, b[1] - uy * gap];
  const head = width * 4;
  const base: Point = [e[0] - ux * head, e[1] - uy * head];
  d.line(s[0], s[1], base[0], base[1], { width, cap: 'round' });
  d.polygon([e, [base[0] - uy * head * 0.55, base[1] + ux * head * 0.55], [base[0] + uy * head * 0.55, base[1] - ux * head * 0.55]], { fill: '#000000' });
}
