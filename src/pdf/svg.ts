import { ellipseSegs, parsePath, rectSegs, type Seg } from './svgpath.js';

/**
 * A small SVG renderer: enough of SVG for icon sets and simple drawings (path, circle, ellipse,
 * rect, line, polyline, polygon, g, use, transforms, fill/stroke, fill-rule, opacity, clip-path;
 * gradients become the average of their stop colours). The output is a PDF content stream in the
 * SVG's own user units, y down, ready to become a form XObject.
 */
export interface SvgArt {
  content: string;
  /** [fill alpha, stroke alpha] pairs, referenced from the content as /Ga0, /Ga1, ... */
  alphas: [number, number][];
  viewBox: { x: number; y: number; w: number; h: number };
  /** A disc holding every point drawn (control points included, so it is safe). */
  bounds: { cx: number; cy: number; r: number };
  /**
   * Every painted subpath flattened to points (x0, y0, x1, y1, ...) in the SVG's user units, with
   * half its stroke width as `pad`; `filled` subpaths enclose area. Clip paths are left out, so
   * these cover at least what is painted: enough to keep other pictures off it.
   */
  shapes: ArtShape[];
}

export interface ArtShape {
  pts: number[];
  pad: number;
  filled: boolean;
}

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: El[];
}

export class SvgError extends Error {}

/**
 * Limits that keep a hostile file from exhausting memory or the stack: nesting, elements, how
 * often <use> may repeat them, how many segments are drawn, and how far coordinates may reach.
 * Icon sets and drawings from ordinary editors stay far below them.
 */
export const SVG_LIMITS = { depth: 50, elements: 20_000, visits: 50_000, segments: 200_000, coordinate: 1e7 };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? all;
  });
}

/** Element tree of an XML document; text content, comments and processing instructions are dropped. */
export function parseXml(text: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  const stack: El[] = [root];
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<\/\s*([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let m: RegExpExecArray | null;
  let last = 0;
  let elements = 0;
  while ((m = re.exec(text))) {
    if (/</.test(text.slice(last, m.index))) throw new SvgError('malformed XML');
    last = re.lastIndex;
    if (m[1]) {
      const open = stack.pop();
      if (!open || open === root || local(open.tag) !== local(m[1])) throw new SvgError(`unexpected </${m[1]}>`);
    } else if (m[2]) {
      const attrs: Record<string, string> = {};
      for (const a of m[3]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        attrs[local(a[1]!)] = decodeEntities(a[2] ?? a[3] ?? '');
      }
      const el: El = { tag: local(m[2]), attrs, children: [] };
      stack[stack.length - 1]!.children.push(el);
      if (++elements > SVG_LIMITS.elements) throw new SvgError(`it has more than ${SVG_LIMITS.elements} elements`);
      if (!m[4]) stack.push(el);
      if (stack.length > SVG_LIMITS.depth + 1) throw new SvgError(`its elements are nested more than ${SVG_LIMITS.depth} deep`);
    }
  }
  if (/</.test(text.slice(last))) throw new SvgError('malformed XML');
  if (stack.length !== 1) throw new SvgError(`<${stack[stack.length - 1]!.tag}> is never closed`);
  return root;
}

function local(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  // m applied after n: point -> m(n(point))
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function parseTransform(t: string | undefined): Matrix {
  let out = IDENTITY;
  if (!t) return out;
  for (const m of t.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g)) {
    const v = (m[2]!.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
    let n: Matrix = IDENTITY;
    switch (m[1]) {
      case 'matrix':
        if (v.length === 6) n = v as Matrix;
        break;
      case 'translate':
        n = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
        break;
      case 'scale':
        n = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const a = ((v[0] ?? 0) * Math.PI) / 180;
        const c = Math.cos(a);
        const s = Math.sin(a);
        const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
        n = multiply(multiply([1, 0, 0, 1, cx, cy], [c, s, -s, c, 0, 0]), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        n = [1, 0, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      case 'skewY':
        n = [1, Math.tan(((v[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    out = multiply(out, n);
  }
  return out;
}

const NAMED: Record<string, string> = {
  black: '000000', white: 'ffffff', red: 'ff0000', green: '008000', blue: '0000ff', yellow: 'ffff00',
  orange: 'ffa500', purple: '800080', gray: '808080', grey: '808080', brown: 'a52a2a', pink: 'ffc0cb',
  silver: 'c0c0c0', gold: 'ffd700', navy: '000080', teal: '008080', lime: '00ff00', maroon: '800000',
  olive: '808000', aqua: '00ffff', cyan: '00ffff', magenta: 'ff00ff', fuchsia: 'ff00ff',
};

type Rgb = [number, number, number];

function parseColor(v: string, ids: Map<string, El>, depth = 0): Rgb | undefined {
  v = v.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return undefined;
  const url = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(v);
  if (url) return gradientColor(ids.get(url[1]!), ids, depth + 1);
  if (v === 'currentcolor') return [0, 0, 0];
  let hex = NAMED[v];
  if (!hex && v[0] === '#') hex = v.length === 4 ? [...v.slice(1)].map((c) => c + c).join('') : v.slice(1, 7);
  if (hex && /^[0-9a-f]{6}$/.test(hex)) return [0, 2, 4].map((i) => parseInt(hex!.slice(i, i + 2), 16) / 255) as Rgb;
  const rgb = /^rgba?\(([^)]*)\)/.exec(v);
  if (rgb) {
    return rgb[1]!
      .split(/[\s,/]+/)
      .slice(0, 3)
      .map((p) => (p.endsWith('%') ? parseFloat(p) / 100 : parseFloat(p) / 255))
      .map((x) => Math.min(1, Math.max(0, x || 0))) as Rgb;
  }
  return [0, 0, 0];
}

/** Flat stand-in for a gradient: the mean of its stop colours (stops may come from an href'd gradient). */
function gradientColor(g: El | undefined, ids: Map<string, El>, depth = 0): Rgb | undefined {
  if (!g || depth > 4) return [0.5, 0.5, 0.5];
  const stops = g.children.filter((c) => c.tag === 'stop');
  if (stops.length === 0) {
    const href = g.attrs.href;
    return href ? gradientColor(ids.get(href.replace(/^#/, '')), ids, depth + 1) : [0.5, 0.5, 0.5];
  }
  // a stop colour may itself name a gradient: depth still counts, so a loop ends
  const cols = stops.map((s) => parseColor(styleOf(s)['stop-color'] ?? 'black', ids, depth + 1) ?? [1, 1, 1]);
  return [0, 1, 2].map((i) => cols.reduce((a, c) => a + c[i]!, 0) / cols.length) as Rgb;
}

/** Presentation attributes merged with an inline style="" (style wins, as in CSS). */
function styleOf(el: El): Record<string, string> {
  const out: Record<string, string> = { ...el.attrs };
  for (const decl of (el.attrs.style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
  }
  return out;
}

interface Paint {
  fill: string;
  stroke: string;
  strokeWidth: number;
  fillRule: string;
  fillOpacity: number;
  strokeOpacity: number;
  opacity: number;
  cap: string;
  join: string;
  miter: number;
}

const INHERITED: Paint = {
  fill: 'black', stroke: 'none', strokeWidth: 1, fillRule: 'nonzero', fillOpacity: 1, strokeOpacity: 1,
  opacity: 1, cap: 'butt', join: 'miter', miter: 4,
};

const SKIP = new Set(['defs', 'clipPath', 'mask', 'linearGradient', 'radialGradient', 'pattern', 'filter', 'symbol',
  'title', 'desc', 'metadata', 'style', 'script', 'text', 'image', 'foreignObject', 'marker']);

const num = (s: string | undefined, dflt = 0): number => {
  const v = parseFloat(s ?? '');
  return Number.isFinite(v) ? v : dflt;
};

const fmt = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

class Renderer {
  out: string[] = [];
  alphas: [number, number][] = [];
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  points: number[] = [];
  shapes: ArtShape[] = [];
  visits = 0;
  segments = 0;

  constructor(private ids: Map<string, El>) {}

  /** Counts an element drawn (a <use> counts again each time it repeats one) and its nesting. */
  visit(depth: number): void {
    if (depth > SVG_LIMITS.depth) throw new SvgError(`its groups or <use> references are nested more than ${SVG_LIMITS.depth} deep (or refer to themselves)`);
    if (++this.visits > SVG_LIMITS.visits) throw new SvgError(`it draws more than ${SVG_LIMITS.visits} elements (counting every <use> repeat)`);
  }

  alpha(fa: number, sa: number): string {
    const key = (a: number) => Math.round(a * 100) / 100;
    let i = this.alphas.findIndex(([f, s]) => f === key(fa) && s === key(sa));
    if (i < 0) {
      this.alphas.push([key(fa), key(sa)]);
      i = this.alphas.length - 1;
    }
    return `/Ga${i} gs`;
  }

  segsOps(segs: Seg[], m: Matrix, track: boolean, pad = 0, filled = false): string {
    const parts: string[] = [];
    this.segments += segs.length;
    if (this.segments > SVG_LIMITS.segments) throw new SvgError(`its shapes have more than ${SVG_LIMITS.segments} segments`);
    const tx = (x: number, y: number): [number, number] => {
      const p: [number, number] = [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
      if (!(Math.abs(p[0]) <= SVG_LIMITS.coordinate && Math.abs(p[1]) <= SVG_LIMITS.coordinate)) throw new SvgError('a coordinate is not a number or is far too large');
      return p;
    };
    let sub: number[] = [];
    let restart: number[] = []; // a subpath drawn on after a close starts at the closed one's start
    const mark = (px: number, py: number) => {
      if (!track) return;
      if (!sub.length) sub.push(...restart);
      sub.push(px, py);
      this.minX = Math.min(this.minX, px - pad);
      this.maxX = Math.max(this.maxX, px + pad);
      this.minY = Math.min(this.minY, py - pad);
      this.maxY = Math.max(this.maxY, py + pad);
      this.points.push(px, py, pad);
    };
    const pt = (x: number, y: number, on = true): string => {
      const [px, py] = tx(x, y);
      if (on) mark(px, py);
      return `${fmt(px)} ${fmt(py)}`;
    };
    let cx = 0;
    let cy = 0;
    let sx = 0;
    let sy = 0;
    const endSub = () => {
      if (sub.length) this.shapes.push({ pts: sub, pad, filled });
      sub = [];
    };
    for (const s of segs) {
      if (s.op === 'M') {
        endSub();
        restart = [];
      }
      if (s.op === 'M') parts.push(`${pt(s.x, s.y)} m`);
      else if (s.op === 'L') parts.push(`${pt(s.x, s.y)} l`);
      else if (s.op === 'C') {
        // bounds from points on the curve, not its control points, which stand up to 14% proud of a circle
        for (let i = 1; i < CURVE_SAMPLES; i++) {
          const t = i / CURVE_SAMPLES;
          const u = 1 - t;
          const bx = u * u * u * cx + 3 * u * u * t * s.x1 + 3 * u * t * t * s.x2 + t * t * t * s.x;
          const by = u * u * u * cy + 3 * u * u * t * s.y1 + 3 * u * t * t * s.y2 + t * t * t * s.y;
          mark(...tx(bx, by));
        }
        parts.push(`${pt(s.x1, s.y1, false)} ${pt(s.x2, s.y2, false)} ${pt(s.x, s.y)} c`);
      } else parts.push('h');
      if (s.op === 'M') [sx, sy] = [s.x, s.y];
      [cx, cy] = s.op === 'Z' ? [sx, sy] : [s.x, s.y];
      if (s.op === 'Z' && sub.length) {
        restart = [sub[0]!, sub[1]!];
        sub.push(...restart);
        endSub();
      }
    }
    endSub();
    return parts.join(' ');
  }

  shape(el: El, s: Record<string, string>): Seg[] | undefined {
    switch (el.tag) {
      case 'path':
        return parsePath(s.d ?? '');
      case 'circle':
        return ellipseSegs(num(s.cx), num(s.cy), num(s.r), num(s.r));
      case 'ellipse':
        return ellipseSegs(num(s.cx), num(s.cy), num(s.rx), num(s.ry));
      case 'rect':
        return rectSegs(num(s.x), num(s.y), num(s.width), num(s.height), num(s.rx), num(s.ry));
      case 'line':
        return [
          { op: 'M', x: num(s.x1), y: num(s.y1) },
          { op: 'L', x: num(s.x2), y: num(s.y2) },
        ];
      case 'polyline':
      case 'polygon': {
        const v = (s.points ?? '').match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g)?.map(Number) ?? [];
        const segs: Seg[] = [];
        for (let i = 0; i + 1 < v.length; i += 2) segs.push({ op: i === 0 ? 'M' : 'L', x: v[i]!, y: v[i + 1]! });
        if (el.tag === 'polygon' && segs.length) segs.push({ op: 'Z' });
        return segs;
      }
    }
    return undefined;
  }

  /** Clip path as operators; its children are transformed into the user space of the clipped element. */
  clip(ref: string, m: Matrix): string {
    const id = /url\(\s*['"]?#([^'")]+)/.exec(ref)?.[1];
    const cp = id ? this.ids.get(id) : undefined;
    if (!cp) return '';
    const ops: string[] = [];
    let evenodd = false;
    const walk = (el: El, mm: Matrix, depth: number) => {
      this.visit(depth);
      const s = styleOf(el);
      const here = multiply(mm, parseTransform(s.transform));
      if (el.tag === 'use') {
        const target = this.ids.get((s.href ?? '').replace(/^#/, ''));
        if (target) walk(target, multiply(here, [1, 0, 0, 1, num(s.x), num(s.y)]), depth + 1);
        return;
      }
      const segs = this.shape(el, s);
      if (segs) ops.push(this.segsOps(segs, here, false));
      if (s['clip-rule'] === 'evenodd') evenodd = true;
      for (const c of el.children) walk(c, here, depth + 1);
    };
    for (const c of cp.children) walk(c, m, 1);
    return ops.length ? `${ops.join(' ')} W${evenodd ? '*' : ''} n` : '';
  }

  node(el: El, m: Matrix, inh: Paint, depth = 0): void {
    if (SKIP.has(el.tag)) return;
    this.visit(depth);
    const s = styleOf(el);
    if (s.display === 'none' || s.visibility === 'hidden') return;
    const here = multiply(m, parseTransform(s.transform));
    const p: Paint = {
      fill: s.fill ?? inh.fill,
      stroke: s.stroke ?? inh.stroke,
      strokeWidth: s['stroke-width'] !== undefined ? num(s['stroke-width'], 1) : inh.strokeWidth,
      fillRule: s['fill-rule'] ?? inh.fillRule,
      fillOpacity: s['fill-opacity'] !== undefined ? num(s['fill-opacity'], 1) : inh.fillOpacity,
      strokeOpacity: s['stroke-opacity'] !== undefined ? num(s['stroke-opacity'], 1) : inh.strokeOpacity,
      // group opacity is approximated by multiplying it into every child
      opacity: inh.opacity * (s.opacity !== undefined ? num(s.opacity, 1) : 1),
      cap: s['stroke-linecap'] ?? inh.cap,
      join: s['stroke-linejoin'] ?? inh.join,
      miter: s['stroke-miterlimit'] !== undefined ? num(s['stroke-miterlimit'], 4) : inh.miter,
    };
    const clip = s['clip-path'] ? this.clip(s['clip-path'], here) : '';
    if (clip) this.out.push(`q ${clip}`);
    if (el.tag === 'g' || el.tag === 'svg' || el.tag === 'a' || el.tag === 'switch') {
      for (const c of el.children) this.node(c, here, p, depth + 1);
    } else if (el.tag === 'use') {
      const target = this.ids.get((s.href ?? '').replace(/^#/, ''));
      if (target) this.node(target, multiply(here, [1, 0, 0, 1, num(s.x), num(s.y)]), p, depth + 1);
    } else {
      const segs = this.shape(el, s);
      if (segs && segs.length) this.paint(segs, here, p);
    }
    if (clip) this.out.push('Q');
  }

  paint(segs: Seg[], m: Matrix, p: Paint): void {
    const fill = parseColor(p.fill, this.ids);
    const stroke = parseColor(p.stroke, this.ids);
    if (!fill && !stroke) return;
    const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    const width = p.strokeWidth * scale;
    if (!(Math.abs(width) <= SVG_LIMITS.coordinate)) throw new SvgError('a stroke width is not a number or is far too large');
    const ops: string[] = [];
    const unit = (a: number) => Math.min(1, Math.max(0, a));
    const fa = unit(p.fillOpacity) * unit(p.opacity);
    const sa = unit(p.strokeOpacity) * unit(p.opacity);
    const wrap = fa < 1 || sa < 1;
    if (wrap) ops.push('q', this.alpha(fa, sa));
    if (fill) ops.push(`${fill.map(fmt3).join(' ')} rg`);
    if (stroke) {
      const cap = { butt: 0, round: 1, square: 2 }[p.cap] ?? 0;
      const join = { miter: 0, round: 1, bevel: 2 }[p.join] ?? 0;
      ops.push(`${stroke.map(fmt3).join(' ')} RG ${fmt(width)} w ${cap} J ${join} j ${fmt(p.miter)} M`);
    }
    ops.push(this.segsOps(segs, m, true, stroke ? width / 2 : 0, !!fill));
    const eo = p.fillRule === 'evenodd' ? '*' : '';
    ops.push(fill && stroke ? `B${eo}` : fill ? `f${eo}` : 'S');
    if (wrap) ops.push('Q');
    this.out.push(ops.join(' '));
  }
}

/** Points sampled per cubic for bounds; the chord of a 1/12 quarter-circle sags by under 0.1%. */
const CURVE_SAMPLES = 12;
/** Bounds from samples may miss the curve between them by a hair; this covers it. */
const SAMPLE_SLACK = 1.003;

const fmt3 = (n: number): string => String(Math.round(n * 1000) / 1000);

function collectIds(el: El, ids: Map<string, El>): void {
  if (el.attrs.id) ids.set(el.attrs.id, el);
  for (const c of el.children) collectIds(c, ids);
}

export function renderSvg(text: string): SvgArt {
  const root = parseXml(text);
  const svg = root.children.find((c) => c.tag === 'svg');
  if (!svg) throw new SvgError('no <svg> element');
  const vb = (svg.attrs.viewBox ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
  let viewBox: SvgArt['viewBox'];
  const reach = (v: number) => Math.abs(v) <= SVG_LIMITS.coordinate;
  if (vb.length === 4 && vb.every(reach) && vb[2]! > 0 && vb[3]! > 0) {
    viewBox = { x: vb[0]!, y: vb[1]!, w: vb[2]!, h: vb[3]! };
  } else {
    const w = num(svg.attrs.width);
    const h = num(svg.attrs.height);
    if (!(w > 0 && h > 0)) throw new SvgError('the <svg> has no viewBox and no width/height');
    if (!reach(w) || !reach(h)) throw new SvgError('its width or height is far too large');
    viewBox = { x: 0, y: 0, w, h };
  }
  const ids = new Map<string, El>();
  collectIds(svg, ids);
  const r = new Renderer(ids);
  const { transform: _t, ...rootAttrs } = svg.attrs; // a transform on <svg> itself is not SVG 1.1
  r.node({ tag: 'g', attrs: rootAttrs, children: svg.children }, IDENTITY, INHERITED);
  if (r.out.length === 0) throw new SvgError('nothing to draw (no shapes found)');
  const { cx, cy, r: r2 } = enclosingDisc(r.points, (r.minX + r.maxX) / 2, (r.minY + r.maxY) / 2);
  // coordinates are written to 0.01, so anything smaller would be scaled up from rounding noise
  if (!(r2 >= 0.01)) throw new SvgError('what it draws has no size (every point is in the same place)');
  return { content: r.out.join('\n'), alphas: r.alphas, viewBox, bounds: { cx, cy, r: r2 * SAMPLE_SLACK }, shapes: r.shapes };
}

/**
 * A small disc around padded points: Badoiu-Clarkson steps towards the farthest point from the
 * box centre approach the smallest enclosing disc; the radius is then exact for the centre found.
 */
function enclosingDisc(pts: number[], x0: number, y0: number): { cx: number; cy: number; r: number } {
  let cx = x0;
  let cy = y0;
  // the farthest point from (cx, cy) and its distance, the pad added
  let fx = 0;
  let fy = 0;
  let far = -1;
  const farthest = (): void => {
    far = -1;
    let bi = 0;
    for (let i = 0; i < pts.length; i += 3) {
      const d = Math.hypot(pts[i]! - cx, pts[i + 1]! - cy) + pts[i + 2]!;
      if (d > far) {
        far = d;
        bi = i;
      }
    }
    fx = pts[bi]!;
    fy = pts[bi + 1]!;
  };
  farthest();
  let [bestX, bestY, bestR] = [cx, cy, far];
  // each step's farthest point is found once: from the centre it moves to, it is the radius
  // there and the next step's direction
  for (let step = 1; step <= 60; step++) {
    cx += (fx - cx) / (step + 1);
    cy += (fy - cy) / (step + 1);
    farthest();
    if (far < bestR) [bestX, bestY, bestR] = [cx, cy, far];
  }
  return { cx: bestX, cy: bestY, r: bestR };
}
