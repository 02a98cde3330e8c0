import type { Box, Draw, Point } from '../../pdf/draw.js';
import type { Diagram } from './explain.js';
import type { Cell, FlowModel } from './model.js';

/**
 * Twenty colours with the label colour that reads on each. Many schools print in grey, so the
 * colours are chosen by their grey (0.299R + 0.587G + 0.114B) first. The first eight, enough for
 * every puzzle up to 8x8 medium, sit 31 grey levels apart from navy (15) to yellow (231), in an
 * order that keeps fewer lines further apart (red, navy, yellow and orange are 60 apart); and next
 * to each other in grey a blue or purple alternates with a red, orange, yellow or green, so that
 * red-green colour blindness, which merges the latter, still leaves them apart in lightness. The
 * next seven fall halfway between those (15 apart, for the 9 to 15 lines of 10x10 easy), the last
 * five halfway again. The labels carry the meaning there, past twenty where colours repeat, and
 * for anyone who cannot tell two apart. They are white on colours darker than 118 in grey and
 * black on the rest, so they read at 4.5:1 or better either way.
 */
const PALETTE: [string, string][] = [
  ['#ff2d2d', '#ffffff'], ['#000080', '#ffffff'], ['#fff175', '#000000'], ['#ff9b1c', '#000000'],
  ['#004f00', '#ffffff'], ['#7089e1', '#000000'], ['#a2d2fa', '#000000'], ['#862197', '#ffffff'],
  ['#38a947', '#000000'], ['#fac7d8', '#000000'], ['#f35eeb', '#000000'], ['#84551f', '#ffffff'],
  ['#a5d173', '#000000'], ['#670000', '#ffffff'], ['#005959', '#ffffff'],
  ['#00d6bd', '#000000'], ['#baa5de', '#000000'], ['#ffd8b0', '#000000'], ['#717100', '#ffffff'],
  ['#253d3d', '#ffffff'],
];

const GRID = '#b4b4b4';
const BORDER = '#333333';
const OUTLINE = '#333333';

interface Frame {
  x: number;
  y: number;
  cell: number;
}

/** The largest grid of square cells that fits the box, centred. */
function frame(box: Box, m: FlowModel): Frame {
  const cell = Math.min(box.w / m.width, box.h / m.height);
  return { x: box.x + (box.w - cell * m.width) / 2, y: box.y + (box.h - cell * m.height) / 2, cell };
}

function centre(f: Frame, [r, c]: Cell): Point {
  return [f.x + (c + 0.5) * f.cell, f.y + (r + 0.5) * f.cell];
}

function drawGrid(d: Draw, f: Frame, m: FlowModel): void {
  const w = f.cell * m.width;
  const h = f.cell * m.height;
  const thin = Math.max(0.4, f.cell * 0.025);
  for (let c = 1; c < m.width; c++) d.line(f.x + c * f.cell, f.y, f.x + c * f.cell, f.y + h, { stroke: GRID, width: thin });
  for (let r = 1; r < m.height; r++) d.line(f.x, f.y + r * f.cell, f.x + w, f.y + r * f.cell, { stroke: GRID, width: thin });
  d.rect({ x: f.x, y: f.y, w, h }, { stroke: BORDER, width: Math.max(0.8, f.cell * 0.04) });
}

/** Dot sizes as shares of a square (radius) and of the radius (the number, and the box it must fit). */
const DOTS = { radius: 0.38, digit: 1.2, fit: 1.25 };

function drawDots(d: Draw, f: Frame, m: FlowModel, look = DOTS): void {
  const { radius, digit, fit } = look;
  m.endpoints.forEach((e, k) => {
    const [fill, ink] = PALETTE[k % PALETTE.length]!;
    for (const cell of e.cells) {
      const [x, y] = centre(f, cell);
      const r = f.cell * radius;
      d.circle(x, y, r, { fill, stroke: OUTLINE, width: Math.max(0.5, f.cell * 0.03) });
      const s = r * fit;
      d.text(e.label, { x: x - s / 2, y: y - s / 2, w: s, h: s }, { size: r * digit, font: 'bold', color: ink, align: 'center', valign: 'middle', fit: true });
    }
  });
}

export function drawPuzzle(d: Draw, box: Box, m: FlowModel): void {
  const f = frame(box, m);
  drawGrid(d, f, m);
  drawDots(d, f, m);
}

/** Each line thick in its colour through the cell centres, outlined so pale colours show in grey. */
export function drawAnswer(d: Draw, box: Box, m: FlowModel): void {
  const f = frame(box, m);
  drawGrid(d, f, m);
  m.paths.forEach((p, j) => drawLine(d, f, m, j, p.cells));
  drawDots(d, f, m);
}

function drawLine(d: Draw, f: Frame, m: FlowModel, j: number, cells: Cell[]): void {
  if (cells.length < 2) return;
  const k = Math.max(0, m.endpoints.findIndex((e) => e.label === m.paths[j]!.label));
  const width = f.cell * 0.4;
  const points = cells.map((c) => centre(f, c));
  const style = { cap: 'round', join: 'round' } as const;
  d.polyline(points, { ...style, stroke: OUTLINE, width: width + Math.max(1, f.cell * 0.06) });
  d.polyline(points, { ...style, stroke: PALETTE[k % PALETTE.length]![0], width });
}

/** A worked-solution step: the lines as far as drawn, and a ring round the squares just filled. */
export function drawDiagram(d: Draw, box: Box, m: FlowModel, g: Diagram): void {
  // The steps say "row 5, column 10": the rows and columns are numbered as the words count them.
  const size = Math.min(7, frame(box, m).cell * 0.6);
  const edge = size * 1.4 + 1;
  const f = frame({ x: box.x + edge, y: box.y + edge, w: box.w - edge, h: box.h - edge }, m);
  const ink = { size, color: '#555555' };
  for (let c = 0; c < m.width; c++) d.text(String(c + 1), { x: f.x + c * f.cell, y: f.y - edge, w: f.cell, h: edge - 1 }, { ...ink, align: 'center', valign: 'bottom' });
  for (let r = 0; r < m.height; r++) d.text(String(r + 1), { x: f.x - edge, y: f.y + r * f.cell, w: edge - 2, h: f.cell }, { ...ink, align: 'right', valign: 'middle' });
  drawGrid(d, f, m);
  drawSoFar(d, f, m, g);
  drawDots(d, f, m);
  for (const i of g.mark) {
    const [x, y] = centre(f, [Math.floor(i / m.width), i % m.width]);
    d.circle(x, y, f.cell * 0.47, { stroke: '#000000', width: Math.max(1, f.cell * 0.08) });
  }
}

function drawSoFar(d: Draw, f: Frame, m: FlowModel, g: Diagram): void {
  m.paths.forEach((p, j) => {
    const a = Math.min(g.from[j]!, p.cells.length);
    drawLine(d, f, m, j, p.cells.slice(0, a));
    if (a < p.cells.length) drawLine(d, f, m, j, p.cells.slice(p.cells.length - g.to[j]!));
  });
}

/**
 * The worked example's picture, for a young reader: no row and column numbers (beside the dots'
 * numbers they read as more dots, and the example's words never name a square), the grid as big as
 * the box, bigger dots and their numbers as big as the dots allow.
 */
export function drawExample(d: Draw, box: Box, m: FlowModel, g: Diagram): void {
  const f = frame(box, m);
  drawGrid(d, f, m);
  drawSoFar(d, f, m, g);
  drawDots(d, f, m, { radius: 0.43, digit: 1.45, fit: 1.7 });
}
