import type { ArtShape } from '../../pdf/svg.js';

/**
 * A symbol's real shape for packing: how far any point is from what the symbol paints, as a lower
 * bound, so two symbols can sit closer than their bounding discs (a snake curled beside a pig)
 * without ever touching. Units: the symbol drawn with radius 1 around (0, 0), before rotation.
 */
export interface Outline {
  /** Distance (unit-disc units) from each cell centre of an N x N grid over [-1, 1]^2 to the nearest painted cell's centre. */
  dist: Float32Array;
  n: number;
  /** Subtracted from a grid distance so the result never exceeds the distance to the paint itself. */
  slack: number;
  /** Share of the unit disc's area that is painted (for reports). */
  ink: number;
}

const N = 128;

/**
 * Marks every cell of an n x n grid that painted shapes reach. Points are already in cell units
 * (cell (i, j) spans [i, i + 1) x [j, j + 1)); `pad` too. Fills use nonzero winding per subpath,
 * a superset of any fill rule; outlines are walked in short steps so thin parts are never missed.
 */
export function rasterise(shapes: { pts: ArrayLike<number>; pad: number; filled: boolean }[], n: number, mark: (i: number, j: number) => void): void {
  // crossings of one scan line: where, and which way the edge goes (kept in edge order on ties)
  let xs = new Float64Array(64);
  let ws = new Int8Array(64);
  for (const s of shapes) {
    const p = s.pts;
    const m = p.length >> 1;
    if (m === 0) continue;
    if (s.filled && m >= 3) {
      let y0 = Infinity;
      let y1 = -Infinity;
      for (let k = 1; k < p.length; k += 2) {
        y0 = Math.min(y0, p[k]!);
        y1 = Math.max(y1, p[k]!);
      }
      if (xs.length < m) {
        xs = new Float64Array(m);
        ws = new Int8Array(m);
      }
      for (let j = Math.max(0, Math.floor(y0 - 0.5)); j <= Math.min(n - 1, Math.ceil(y1)); j++) {
        const yc = j + 0.5;
        let count = 0;
        for (let k = 0; k < m; k++) {
          const ax = p[2 * k]!;
          const ay = p[2 * k + 1]!;
          const b = k + 1 === m ? 0 : k + 1;
          const bx = p[2 * b]!;
          const by = p[2 * b + 1]!;
          if ((ay <= yc) !== (by <= yc)) {
            // insertion by x, after any equal x: the order a stable sort gives
            const x = ax + ((yc - ay) * (bx - ax)) / (by - ay);
            let at = count++;
            while (at > 0 && xs[at - 1]! > x) {
              xs[at] = xs[at - 1]!;
              ws[at] = ws[at - 1]!;
              at--;
            }
            xs[at] = x;
            ws[at] = by > ay ? 1 : -1;
          }
        }
        let wind = 0;
        for (let c = 0; c + 1 < count; c++) {
          wind += ws[c]!;
          if (wind === 0) continue;
          const from = Math.max(0, Math.ceil(xs[c]! - 0.5));
          const to = Math.min(n - 1, Math.floor(xs[c + 1]! - 0.5));
          for (let i = from; i <= to; i++) mark(i, j);
        }
      }
    }
    // the outline itself, widened by the stroke
    const r = Math.ceil(s.pad);
    const closed = s.filled;
    const segs = closed ? m : m - 1;
    // a stroke is walked a quarter cell at a time: most steps stay in the cell before, which
    // marks nothing new
    let lastI = NaN;
    let lastJ = NaN;
    const stamp = (x: number, y: number) => {
      const ci = Math.floor(x);
      const cj = Math.floor(y);
      if (ci === lastI && cj === lastJ) return;
      lastI = ci;
      lastJ = cj;
      for (let j = cj - r; j <= cj + r; j++) {
        if (j < 0 || j >= n) continue;
        for (let i = ci - r; i <= ci + r; i++) if (i >= 0 && i < n) mark(i, j);
      }
    };
    if (segs <= 0) stamp(p[0]!, p[1]!);
    for (let k = 0; k < segs; k++) {
      const b = (k + 1) % m;
      const ax = p[2 * k]!;
      const ay = p[2 * k + 1]!;
      const bx = p[2 * b]!;
      const by = p[2 * b + 1]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 4));
      for (let t = 0; t <= steps; t++) stamp(ax + ((bx - ax) * t) / steps, ay + ((by - ay) * t) / steps);
    }
  }
}

/** Exact squared Euclidean distance transform of one line (Felzenszwalb and Huttenlocher). */
function edt1(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  const cut = (q: number, p: number) => (f[q]! + q * q - (f[p]! + p * p)) / (2 * q - 2 * p);
  for (let q = 1; q < n; q++) {
    let s = cut(q, v[k]!);
    while (s <= z[k]!) {
      k--;
      s = cut(q, v[k]!);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const dq = q - v[k]!;
    d[q] = dq * dq + f[v[k]!]!;
  }
}

/** Distance from every cell to the nearest marked cell, in cells. */
export function distanceField(marked: Uint8Array, n: number): Float32Array {
  const g = new Float64Array(n * n);
  const far = 8 * n * n; // farther than any two cells; keeps the parabola arithmetic finite
  for (let i = 0; i < n * n; i++) g[i] = marked[i] ? 0 : far;
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) f[y] = g[y * n + x]!;
    edt1(f, n, d, v, z);
    for (let y = 0; y < n; y++) g[y * n + x] = d[y]!;
  }
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) f[x] = g[y * n + x]!;
    edt1(f, n, d, v, z);
    for (let x = 0; x < n; x++) g[y * n + x] = d[x]!;
  }
  const out = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) out[i] = Math.sqrt(g[i]!);
  return out;
}

/** The outline of shapes given in unit-disc units (everything within radius 1 of the origin). */
export function outlineOf(shapes: ArtShape[]): Outline {
  const cell = 2 / N;
  const toCells = shapes.map((s) => ({
    pts: s.pts.map((v) => (v + 1) / cell),
    pad: s.pad / cell,
    filled: s.filled,
  }));
  const marked = new Uint8Array(N * N);
  rasterise(toCells, N, (i, j) => {
    marked[j * N + i] = 1;
  });
  const dist = distanceField(marked, N);
  for (let i = 0; i < dist.length; i++) dist[i] = dist[i]! * cell;
  let inside = 0;
  let ink = 0;
  for (let j = 0; j < N; j++) {
    for (let i = 0; i < N; i++) {
      if (Math.hypot((i + 0.5) * cell - 1, (j + 0.5) * cell - 1) > 1) continue;
      inside++;
      if (marked[j * N + i]) ink++;
    }
  }
  // a painted point may lie up to ~0.96 cell from the centre of the cell that marks it, and the
  // asked-for point up to 0.71 cell from its own cell's centre
  return { dist, n: N, slack: 1.75 * cell, ink: ink / Math.max(1, inside) };
}

/** A lower bound on the distance from (x, y) to the paint, in unit-disc units. */
export function clearance(o: Outline, x: number, y: number): number {
  const i = Math.floor(((x + 1) * o.n) / 2);
  const j = Math.floor(((y + 1) * o.n) / 2);
  if (i < 0 || j < 0 || i >= o.n || j >= o.n) return Math.max(0, Math.hypot(x, y) - 1);
  return o.dist[j * o.n + i]! - o.slack;
}
