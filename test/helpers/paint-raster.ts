/**
 * What a symbol really paints, read back from the PDF operators of its art (the form XObject
 * content that goes into the file), written without any of the layout or outline code: paths are
 * rebuilt from m/l/c/h, clip paths (W n) are dropped, fills use their own rule (f nonzero, f*
 * even-odd), strokes their own width. Painted cells of a fine grid are then compared.
 */

type Pt = [number, number];

export interface Painted {
  /** Closed polygons filled together with one rule. */
  fills: { polys: Pt[][]; evenOdd: boolean }[];
  /** Stroked polylines with half their line width. */
  strokes: { line: Pt[]; half: number }[];
}

export function paintedShapes(content: string): Painted {
  const out: Painted = { fills: [], strokes: [] };
  const tokens = content.split(/\s+/).filter(Boolean);
  const nums: number[] = [];
  let path: Pt[][] = [];
  let cur: Pt[] = [];
  let width = 1;
  const widths: number[] = [];
  const flush = () => {
    if (cur.length) path.push(cur);
    cur = [];
  };
  for (const t of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) {
      nums.push(Number(t));
      continue;
    }
    const a = nums.splice(0);
    switch (t) {
      case 'm':
        flush();
        cur = [[a[0]!, a[1]!]];
        break;
      case 'l':
        cur.push([a[0]!, a[1]!]);
        break;
      case 'c': {
        const [x0, y0] = cur[cur.length - 1] ?? [a[4]!, a[5]!];
        for (let i = 1; i <= 16; i++) {
          const s = i / 16;
          const u = 1 - s;
          cur.push([
            u * u * u * x0 + 3 * u * u * s * a[0]! + 3 * u * s * s * a[2]! + s * s * s * a[4]!,
            u * u * u * y0 + 3 * u * u * s * a[1]! + 3 * u * s * s * a[3]! + s * s * s * a[5]!,
          ]);
        }
        break;
      }
      case 'h':
        if (cur.length) cur.push(cur[0]!);
        break;
      case 'w':
        width = a[0]!;
        break;
      case 'q':
        widths.push(width);
        break;
      case 'Q':
        width = widths.pop() ?? width;
        break;
      case 'n': // after W: a clip path, never painted
        flush();
        path = [];
        break;
      case 'f':
      case 'f*':
      case 'B':
      case 'B*':
      case 'S': {
        flush();
        if (t !== 'S') out.fills.push({ polys: path, evenOdd: t.endsWith('*') });
        if (t === 'S' || t.startsWith('B')) for (const line of path) out.strokes.push({ line, half: width / 2 });
        path = [];
        break;
      }
    }
  }
  return out;
}

/** Maps a point of the art to the card grid. */
export type ToGrid = (p: Pt) => Pt;

/**
 * Cells (of an n x n grid) whose centre is painted: fills by their rule at each row's centre line,
 * strokes where a cell centre lies within half the line width of the line.
 */
export function paintCells(p: Painted, toGrid: ToGrid, scale: number, n: number): Set<number> {
  const cells = new Set<number>();
  const marked = new Uint8Array(n * n);
  const add = (c: number) => {
    if (!marked[c]) {
      marked[c] = 1;
      cells.add(c);
    }
  };
  for (const f of p.fills) {
    const polys = f.polys.map((poly) => poly.map(toGrid));
    const ys = polys.flat().map((q) => q[1]);
    if (!ys.length) continue;
    for (let j = Math.max(0, Math.floor(Math.min(...ys))); j <= Math.min(n - 1, Math.ceil(Math.max(...ys))); j++) {
      const yc = j + 0.5;
      const xs: { x: number; d: number }[] = [];
      for (const poly of polys) {
        for (let k = 0; k < poly.length; k++) {
          const a = poly[k]!;
          const b = poly[(k + 1) % poly.length]!;
          if ((a[1] <= yc) !== (b[1] <= yc)) xs.push({ x: a[0] + ((yc - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), d: b[1] > a[1] ? 1 : -1 });
        }
      }
      xs.sort((u, v) => u.x - v.x);
      let wind = 0;
      for (let k = 0; k + 1 < xs.length; k++) {
        wind += f.evenOdd ? 1 : xs[k]!.d;
        const inside = f.evenOdd ? wind % 2 !== 0 : wind !== 0;
        if (!inside) continue;
        for (let i = Math.max(0, Math.ceil(xs[k]!.x - 0.5)); i <= Math.min(n - 1, Math.floor(xs[k + 1]!.x - 0.5)); i++) add(j * n + i);
      }
    }
  }
  for (const s of p.strokes) {
    const line = s.line.map(toGrid);
    const half = s.half * scale;
    for (let k = 0; k + 1 < line.length; k++) {
      const [ax, ay] = line[k]!;
      const [bx, by] = line[k + 1]!;
      for (let j = Math.floor(Math.min(ay, by) - half); j <= Math.ceil(Math.max(ay, by) + half); j++) {
        for (let i = Math.floor(Math.min(ax, bx) - half); i <= Math.ceil(Math.max(ax, bx) + half); i++) {
          if (i < 0 || j < 0 || i >= n || j >= n) continue;
          if (segmentDistance([i + 0.5, j + 0.5], [ax, ay], [bx, by]) <= half) add(j * n + i);
        }
      }
    }
  }
  return cells;
}

function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Cells within `by` cells of any of `cells` (a square neighbourhood). */
export function grow(cells: Set<number>, n: number, by: number): Set<number> {
  const out = new Set<number>();
  for (const c of cells) {
    const i = c % n;
    const j = Math.floor(c / n);
    for (let dj = -by; dj <= by; dj++) for (let di = -by; di <= by; di++) {
      const x = i + di;
      const y = j + dj;
      if (x >= 0 && y >= 0 && x < n && y < n) out.add(y * n + x);
    }
  }
  return out;
}
