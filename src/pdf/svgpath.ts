/**
 * SVG path data to absolute moveto/lineto/cubic/close segments. Quadratics and arcs become cubics
 * here, so everything downstream (transforms, bounds, PDF operators) only knows straight lines
 * and cubic Béziers, which stay exact under any affine transform.
 */
export type Seg =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/** Splits path data into commands with their numbers; arc flags may be written without separators. */
function tokenize(d: string): { cmd: string; nums: number[] }[] {
  const out: { cmd: string; nums: number[] }[] = [];
  const re = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;
  let cur: { cmd: string; nums: number[] } | undefined;
  let m: RegExpExecArray | null;
  while ((m = re.exec(d))) {
    if (m[1]) {
      cur = { cmd: m[1], nums: [] };
      out.push(cur);
    } else if (cur) {
      const isFlag = cur.cmd.toLowerCase() === 'a' && [3, 4].includes(cur.nums.length % 7);
      if (isFlag && m[2]!.length > 1 && /^[01]/.test(m[2]!)) {
        // "a1 1 0 011 1": flags may run together with the next number
        cur.nums.push(Number(m[2]![0]));
        re.lastIndex = m.index + 1;
      } else {
        cur.nums.push(Number(m[2]));
      }
    }
  }
  return out;
}

export function parsePath(d: string): Seg[] {
  const segs: Seg[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  let lastC: [number, number] | undefined; // second control point of the last cubic, for S
  let lastQ: [number, number] | undefined; // control point of the last quadratic, for T
  for (const { cmd, nums } of tokenize(d)) {
    const lower = cmd.toLowerCase();
    const rel = cmd !== cmd.toUpperCase();
    const n = ARGS[lower]!;
    if (n === 0) {
      segs.push({ op: 'Z' });
      x = sx;
      y = sy;
      lastC = lastQ = undefined;
      continue;
    }
    for (let i = 0; i + n <= nums.length; i += n) {
      const a = nums.slice(i, i + n);
      const ox = rel ? x : 0;
      const oy = rel ? y : 0;
      let nextC: [number, number] | undefined;
      let nextQ: [number, number] | undefined;
      switch (lower) {
        case 'm':
          x = ox + a[0]!;
          y = oy + a[1]!;
          // later pairs after a moveto are implicit linetos
          segs.push({ op: i === 0 ? 'M' : 'L', x, y });
          if (i === 0) {
            sx = x;
            sy = y;
          }
          break;
        case 'l':
          x = ox + a[0]!;
          y = oy + a[1]!;
          segs.push({ op: 'L', x, y });
          break;
        case 'h':
          x = ox + a[0]!;
          segs.push({ op: 'L', x, y });
          break;
        case 'v':
          y = oy + a[0]!;
          segs.push({ op: 'L', x, y });
          break;
        case 'c': {
          const s: Seg = { op: 'C', x1: ox + a[0]!, y1: oy + a[1]!, x2: ox + a[2]!, y2: oy + a[3]!, x: ox + a[4]!, y: oy + a[5]! };
          segs.push(s);
          nextC = [s.x2, s.y2];
          x = s.x;
          y = s.y;
          break;
        }
        case 's': {
          const [x1, y1] = lastC ? [2 * x - lastC[0], 2 * y - lastC[1]] : [x, y];
          const s: Seg = { op: 'C', x1, y1, x2: ox + a[0]!, y2: oy + a[1]!, x: ox + a[2]!, y: oy + a[3]! };
          segs.push(s);
          nextC = [s.x2, s.y2];
          x = s.x;
          y = s.y;
          break;
        }
        case 'q':
        case 't': {
          let cx: number;
          let cy: number;
          let ex: number;
          let ey: number;
          if (lower === 'q') {
            cx = ox + a[0]!;
            cy = oy + a[1]!;
            ex = ox + a[2]!;
            ey = oy + a[3]!;
          } else {
            [cx, cy] = lastQ ? [2 * x - lastQ[0], 2 * y - lastQ[1]] : [x, y];
            ex = ox + a[0]!;
            ey = oy + a[1]!;
          }
          segs.push(quadToCubic(x, y, cx, cy, ex, ey));
          nextQ = [cx, cy];
          x = ex;
          y = ey;
          break;
        }
        case 'a': {
          const ex = ox + a[5]!;
          const ey = oy + a[6]!;
          segs.push(...arcToCubics(x, y, a[0]!, a[1]!, a[2]!, a[3]! !== 0, a[4]! !== 0, ex, ey));
          x = ex;
          y = ey;
          break;
        }
      }
      lastC = nextC;
      lastQ = nextQ;
    }
  }
  return segs;
}

function quadToCubic(x0: number, y0: number, cx: number, cy: number, x: number, y: number): Seg {
  return {
    op: 'C',
    x1: x0 + (2 / 3) * (cx - x0),
    y1: y0 + (2 / 3) * (cy - y0),
    x2: x + (2 / 3) * (cx - x),
    y2: y + (2 / 3) * (cy - y),
    x,
    y,
  };
}

/** Endpoint arc to cubics, after the SVG 1.1 implementation notes (F.6.5, F.6.6). */
export function arcToCubics(
  x1: number,
  y1: number,
  rx: number,
  ry: number,
  angleDeg: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): Seg[] {
  if (x1 === x2 && y1 === y2) return [];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  if (rx === 0 || ry === 0) return [{ op: 'L', x: x2, y: y2 }];
  const phi = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) coef = -coef;
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  };
  const t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const parts = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2) - 1e-9));
  const step = dt / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): [number, number] => {
    const ex = rx * Math.cos(t);
    const ey = ry * Math.sin(t);
    return [cos * ex - sin * ey + cx, sin * ex + cos * ey + cy];
  };
  const deriv = (t: number): [number, number] => {
    const ex = -rx * Math.sin(t);
    const ey = ry * Math.cos(t);
    return [cos * ex - sin * ey, sin * ex + cos * ey];
  };
  const out: Seg[] = [];
  let t = t1;
  for (let i = 0; i < parts; i++) {
    const [ax, ay] = point(t);
    const [dax, day] = deriv(t);
    const tn = t + step;
    const [bx, by] = i === parts - 1 ? [x2, y2] : point(tn);
    const [dbx, dby] = deriv(tn);
    out.push({ op: 'C', x1: ax + k * dax, y1: ay + k * day, x2: bx - k * dbx, y2: by - k * dby, x: bx, y: by });
    t = tn;
  }
  return out;
}

/** An ellipse as four cubics (also circles and the corners of rounded rectangles). */
export function ellipseSegs(cx: number, cy: number, rx: number, ry: number): Seg[] {
  const k = 0.5522847498;
  return [
    { op: 'M', x: cx + rx, y: cy },
    { op: 'C', x1: cx + rx, y1: cy + k * ry, x2: cx + k * rx, y2: cy + ry, x: cx, y: cy + ry },
    { op: 'C', x1: cx - k * rx, y1: cy + ry, x2: cx - rx, y2: cy + k * ry, x: cx - rx, y: cy },
    { op: 'C', x1: cx - rx, y1: cy - k * ry, x2: cx - k * rx, y2: cy - ry, x: cx, y: cy - ry },
    { op: 'C', x1: cx + k * rx, y1: cy - ry, x2: cx + rx, y2: cy - k * ry, x: cx + rx, y: cy },
    { op: 'Z' },
  ];
}

export function rectSegs(x: number, y: number, w: number, h: number, rx: number, ry: number): Seg[] {
  if (rx <= 0 && ry <= 0) {
    return [
      { op: 'M', x, y },
      { op: 'L', x: x + w, y },
      { op: 'L', x: x + w, y: y + h },
      { op: 'L', x, y: y + h },
      { op: 'Z' },
    ];
  }
  rx = Math.min(rx > 0 ? rx : ry, w / 2);
  ry = Math.min(ry > 0 ? ry : rx, h / 2);
  const d =
    `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}` +
    `A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}` +
    `V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`;
  return parsePath(d);
}
