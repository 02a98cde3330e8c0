/**
 * Script fonts come as WOFF2 variable fonts (the @fontsource-variable packages: one small file per
 * script or per slice of Chinese characters, with every weight inside). fontkit 2.0 reads them but
 * has three gaps that would print wrong glyphs: it never applies a weight to WOFF2 outlines, its
 * own re-encoding of varied glyphs fails, and it copies composite glyphs from the (transformed)
 * WOFF2 table as they are. Here a font is opened at one weight, its outlines varied as fontkit does
 * for plain TrueType files, and every glyph written into the PDF subset from its final outline.
 */

interface FkPoint {
  x: number;
  y: number;
  onCurve: boolean;
  endContour: boolean;
  copy(): FkPoint;
}

interface FkRawGlyph {
  numberOfContours: number;
  points?: FkPoint[];
  components?: { dx: number; dy: number }[];
}

interface FkPath {
  commands: { command: string; args: number[] }[];
}

export interface FkGlyph {
  id: number;
  path: FkPath;
  advanceWidth: number;
  codePoints: number[];
}

export interface FkFont {
  constructor: new (stream: unknown, coords: number[]) => FkFont;
  stream: { constructor: new (bytes: Uint8Array) => unknown };
  variationAxes: Record<string, { min: number; max: number; default: number }>;
  _transformedGlyphs?: (FkRawGlyph | null)[];
  _variationProcessor?: { transformPoints(gid: number, points: FkPoint[]): void } | null;
  getGlyph(id: number): FkGlyph;
  hasGlyphForCodePoint(cp: number): boolean;
  glyphForCodePoint(cp: number): FkGlyph;
  unitsPerEm: number;
  type?: string;
}

/** `font` opened again at weight `wght` (clamped to the font's range); fonts without a weight axis as they are. */
export function atWeight(font: FkFont, bytes: Uint8Array, wght: number): FkFont {
  const axis = font.variationAxes?.wght;
  if (!axis) return font;
  const w = Math.max(axis.min, Math.min(axis.max, wght));
  // decode the WOFF2 glyph table once with no weight applied (fontkit fails on composites otherwise)
  font.getGlyph(0);
  const varied = new font.constructor(new font.stream.constructor(bytes), [w]);
  const raw = font._transformedGlyphs;
  if (raw) {
    const done = new Map<number, FkRawGlyph | null>();
    varied._transformedGlyphs = new Proxy(raw, {
      get(target, key) {
        if (typeof key !== 'string' || !/^\d+$/.test(key)) return Reflect.get(target, key);
        const id = Number(key);
        if (!done.has(id)) done.set(id, vary(varied, id, target[id] ?? null));
        return done.get(id);
      },
    });
  }
  // PDFKit takes two fonts with the same checksum and names for one and keeps only the first, so
  // a bold instance would print as the regular one: each weight gets its own checksum
  const head = (varied as unknown as { head: { checkSumAdjustment: number } }).head;
  (varied as unknown as { _tables: Record<string, unknown> })._tables.head = { ...head, checkSumAdjustment: (head.checkSumAdjustment ^ w) >>> 0 };
  return varied;
}

/** A glyph's points (or a composite's offsets) moved to the font's weight, as TrueType variations say. */
function vary(font: FkFont, id: number, g: FkRawGlyph | null): FkRawGlyph | null {
  const vp = font._variationProcessor;
  if (!g || !vp) return g;
  if (g.numberOfContours > 0 && g.points?.length) {
    const points = g.points.map((p) => p.copy());
    const Point = g.points[0]!.constructor as new (on: boolean, end: boolean, x: number, y: number) => FkPoint;
    // four phantom points close the list; HVAR gives the advances, so their values do not matter
    const all = [...points, ...[0, 1, 2, 3].map(() => new Point(false, true, 0, 0))];
    vp.transformPoints(id, all);
    return { ...g, points };
  }
  if (g.numberOfContours < 0 && g.components?.length) {
    const comps = g.components.map((c) => ({ ...c }));
    const Point = pointClass(font);
    if (!Point) return g;
    const all = [...comps.map((c) => new Point(true, true, c.dx, c.dy)), ...[0, 1, 2, 3].map(() => new Point(false, true, 0, 0))];
    vp.transformPoints(id, all);
    comps.forEach((c, i) => ((c.dx = all[i]!.x), (c.dy = all[i]!.y)));
    return { ...g, components: comps };
  }
  return g;
}

let PointClass: (new (on: boolean, end: boolean, x: number, y: number) => FkPoint) | undefined;

function pointClass(font: FkFont): typeof PointClass {
  if (!PointClass) {
    const raw = font._transformedGlyphs;
    for (let i = 0; raw && i < raw.length && !PointClass; i++) {
      const p = raw[i]?.points?.[0];
      if (p) PointClass = p.constructor as unknown as typeof PointClass;
    }
  }
  return PointClass;
}

interface SubsetInternals {
  font: FkFont;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
}

/** Makes PDFKit's subset of this font write each glyph from its final outline (see the top of the file). */
export function outlineSubset(subset: unknown): void {
  const s = subset as SubsetInternals;
  s._addGlyph = function (gid: number): number {
    const glyph = this.font.getGlyph(gid);
    const { data, xMin } = encodeGlyph(glyph.path);
    this.glyf.push(data);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: Math.round(glyph.advanceWidth), bearing: xMin });
    this.offset += data.length;
    return this.glyf.length - 1;
  };
}

interface Pt {
  x: number;
  y: number;
  on: boolean;
}

/**
 * A TrueType glyph record (OpenType 'glyf', simple glyph) of a quadratic outline: contours of on-
 * and off-curve points, coordinates as 16-bit steps, no hinting (a PDF viewer scales freely).
 */
export function encodeGlyph(path: FkPath): { data: Uint8Array; xMin: number } {
  const contours: Pt[][] = [];
  let cur: Pt[] = [];
  const close = () => {
    const a = cur[0];
    const b = cur[cur.length - 1];
    if (cur.length > 1 && a && b && b.on && a.x === b.x && a.y === b.y) cur.pop();
    if (cur.length) contours.push(cur);
    cur = [];
  };
  for (const c of path.commands) {
    const a = c.args.map((v) => Math.round(v));
    if (c.command === 'moveTo') {
      close();
      cur.push({ x: a[0]!, y: a[1]!, on: true });
    } else if (c.command === 'lineTo') cur.push({ x: a[0]!, y: a[1]!, on: true });
    else if (c.command === 'quadraticCurveTo') cur.push({ x: a[0]!, y: a[1]!, on: false }, { x: a[2]!, y: a[3]!, on: true });
    else if (c.command === 'bezierCurveTo') cur.push({ x: a[4]!, y: a[5]!, on: true }); // not in TrueType outlines
    else if (c.command === 'closePath') close();
  }
  close();
  const pts = contours.flat();
  if (!pts.length) return { data: new Uint8Array(0), xMin: 0 };
  const size = 10 + 2 * contours.length + 2 + pts.length * 5;
  const data = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const v = new DataView(data.buffer);
  let xMin = Infinity;
  let yMin = Infinity;
  let xMax = -Infinity;
  let yMax = -Infinity;
  for (const p of pts) {
    xMin = Math.min(xMin, p.x);
    yMin = Math.min(yMin, p.y);
    xMax = Math.max(xMax, p.x);
    yMax = Math.max(yMax, p.y);
  }
  v.setInt16(0, contours.length);
  v.setInt16(2, xMin);
  v.setInt16(4, yMin);
  v.setInt16(6, xMax);
  v.setInt16(8, yMax);
  let o = 10;
  let end = -1;
  for (const c of contours) {
    end += c.length;
    v.setUint16(o, end);
    o += 2;
  }
  v.setUint16(o, 0); // no instructions
  o += 2;
  for (const p of pts) data[o++] = p.on ? 1 : 0;
  let px = 0;
  for (const p of pts) {
    v.setInt16(o, p.x - px);
    px = p.x;
    o += 2;
  }
  let py = 0;
  for (const p of pts) {
    v.setInt16(o, p.y - py);
    py = p.y;
    o += 2;
  }
  return { data, xMin };
}

interface EncoderInternals {
  unicode: (number[] | undefined)[];
  subset: { includeGlyph(id: number): number };
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: FkGlyph[] };
  encode(text: string, features?: unknown): unknown;
}

/**
 * fontkit keeps one glyph object per glyph, with the letters of the first time it was made: when
 * that was from an outline lookup (no letters), the glyph never told its letters again.
 */
export function keepLetters(font: FkFont): FkFont {
  const get = font.getGlyph.bind(font) as (id: number, chars?: number[]) => FkGlyph;
  (font as { getGlyph: (id: number, chars?: number[]) => FkGlyph }).getGlyph = (id, chars = []) => {
    const g = get(id, chars);
    if (!g.codePoints.length && chars.length) g.codePoints = chars;
    return g;
  };
  return font;
}

/**
 * PDFKit records, for copying text out, the letters of a glyph the first time the glyph is drawn.
 * Shaping sometimes hands over a glyph with no letters (a letter whose form was chosen by its
 * neighbours); that glyph then copied as nothing ever after. Here a glyph's letters are filled in
 * from the first time it is drawn with any.
 */
export function fillLetters(font: unknown): void {
  const f = font as EncoderInternals;
  const encode = f.encode.bind(f);
  f.encode = (text: string, features?: unknown) => {
    const out = encode(text, features);
    const rtl = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(text);
    for (const g of f.layout(text, features).glyphs) {
      const gid = f.subset.includeGlyph(g.id);
      if (!f.unicode[gid]?.length && g.codePoints.length) f.unicode[gid] = g.codePoints;
      // a joined pair (Arabic lam-alef) in right-to-left text: readers turn the letters of a
      // right-to-left line round one by one, so its letters are recorded in drawing order
      if (rtl && g.codePoints.length > 1) f.unicode[gid] = [...g.codePoints].reverse();
    }
    return out;
  };
}
