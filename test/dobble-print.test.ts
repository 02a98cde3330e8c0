import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { dobble } from '../src/kinds/dobble/index.js';
import { spotMatch } from '../src/kinds/spotmatch/index.js';
import { Draw, MM, type Box, type Stroke } from '../src/pdf/draw.js';
import { createDocument } from '../src/pdf/document.js';
import { renderDeckPages } from './helpers/deck-pages.js';

type Rect = { x0: number; y0: number; x1: number; y1: number };

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every stroked shape drawn while rendering a deck, with its colour and width, page by page. */
async function strokes(raw: Record<string, unknown>, paper: 'a4' | 'letter') {
  const shapes: { page: number; stroke: string; width: number; fill?: string; box: Rect }[] = [];
  let page = -1;
  const rec = (stroke: Stroke, box: Rect) => shapes.push({ page, stroke: String(stroke.stroke ?? ''), width: stroke.width ?? 0, fill: stroke.fill, box });
  const proto = Draw.prototype;
  const { circle, rect, polygon, line } = proto;
  vi.spyOn(proto, 'circle').mockImplementation(function (this: Draw, cx, cy, r, style = {}) {
    rec(style, { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r });
    return circle.call(this, cx, cy, r, style);
  });
  vi.spyOn(proto, 'rect').mockImplementation(function (this: Draw, b: Box, style = {}, radius?: number) {
    rec(style, { x0: b.x, y0: b.y, x1: b.x + b.w, y1: b.y + b.h });
    return rect.call(this, b, style, radius);
  });
  vi.spyOn(proto, 'polygon').mockImplementation(function (this: Draw, pts, style = {}) {
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    rec(style, { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
    return polygon.call(this, pts, style);
  });
  vi.spyOn(proto, 'line').mockImplementation(function (this: Draw, x1, y1, x2, y2, style = {}) {
    rec(style, { x0: Math.min(x1, x2), y0: Math.min(y1, y2), x1: Math.max(x1, x2), y1: Math.max(y1, y2) });
    return line.call(this, x1, y1, x2, y2, style);
  });
  const options = dobble.schema.parse(raw);
  const pages = await renderDeckPages(options, paper, 'print', (i) => {
    page = i;
  });
  return { shapes, pages, options };
}

/** Clear distance between two boxes (mm): how far apart they are along the axis that separates them. */
function apart(a: Rect, b: Rect): number {
  return Math.max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1) / MM;
}

describe('cards on the page', () => {
  for (const paper of ['a4', 'letter'] as const) {
    for (const shape of ['round', 'square', 'hexagon']) {
      it(`${paper}, ${shape}: cut lines at least 3 mm apart both ways, six cards a page`, async () => {
        const { shapes, pages } = await strokes({ shape, cards: 12 }, paper);
        const cuts = shapes.filter((s) => s.stroke === '#4d4d4d');
        expect(cuts).toHaveLength(12);
        for (const p of new Set(cuts.map((c) => c.page))) {
          const here = cuts.filter((c) => c.page === p).map((c) => c.box);
          expect(here).toHaveLength(6);
          let closest = Infinity;
          for (let i = 0; i < here.length; i++) for (let j = i + 1; j < here.length; j++) closest = Math.min(closest, apart(here[i]!, here[j]!));
          expect(closest).toBeGreaterThanOrEqual(3);
          // and not wastefully far: the cards still take most of the page
          expect(closest).toBeLessThan(12);
        }
        expect(pages.filter((p) => p.template === 'cards')).toHaveLength(2);
      });
    }
  }

  it('--bleed 3: crop marks at every corner, outside every card and its bleed; backs printed past the cut', async () => {
    const { shapes } = await strokes({ shape: 'square', cards: 6, bleed: 3, backs: true }, 'letter');
    expect(shapes.filter((s) => s.stroke === '#4d4d4d')).toHaveLength(0); // no cut line to show a shifted trim
    const marks = shapes.filter((s) => s.stroke === '#000000' && s.width === 0.3);
    // the back's own art is stored once in a form at its own scale; the bleed is drawn on the page
    const backFills = shapes.filter((s) => s.fill === '#e8f0fa' && s.box.x0 > 0);
    const fronts = marks.filter((m) => m.page === 0);
    expect(fronts).toHaveLength(6 * 8); // two lines at each of 4 corners
    // each card's trim box is where its back's bleed fill stops 3 mm short
    const bled = backFills.map((b) => b.box);
    expect(bled).toHaveLength(6);
    const trims = bled.map((b) => ({ x0: b.x0 + 3 * MM, y0: b.y0 + 3 * MM, x1: b.x1 - 3 * MM, y1: b.y1 - 3 * MM }));
    for (const m of marks.filter((k) => k.page === 1)) {
      for (const b of bled) expect(apart(m.box, b)).toBeGreaterThan(0.5); // never on any card's printed area
    }
    for (const t of trims) expect(t.x1 - t.x0).toBeGreaterThan(60 * MM);
  });

  it('--outline none: no line round the card, only short ticks outside it for a circle punch', async () => {
    const { shapes } = await strokes({ cards: 6, outline: 'none' }, 'a4');
    expect(shapes.filter((s) => s.stroke === '#4d4d4d' || s.stroke === '#b3b3b3')).toHaveLength(0);
    const ticks = shapes.filter((s) => s.stroke === '#808080');
    expect(ticks).toHaveLength(6 * 4);
    for (const t of ticks) {
      const len = Math.hypot(t.box.x1 - t.box.x0, t.box.y1 - t.box.y0) / MM;
      expect(len).toBeLessThan(4);
    }
  });

  it('refuses a bleed a shop would not ask for', () => {
    expect(() => dobble.schema.parse({ bleed: '9' })).toThrow(/--bleed must be a number of millimetres from 0 to 6/);
  });
});

/** The text a card draws, each line as a turned rectangle on the page, and its size. */
function cardText(draw: (d: Draw, box: Box) => void) {
  const d = new Draw(createDocument('a4', { title: '', subject: '', keywords: '' }));
  d.doc.addPage();
  type M = [number, number, number, number, number, number];
  let m: M = [1, 0, 0, 1, 0, 0];
  const stack: M[] = [];
  const out: { text: string; size: number; corners: [number, number][] }[] = [];
  const apply = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  const { group, translate, rotate, text } = Draw.prototype;
  vi.spyOn(d, 'group').mockImplementation((fn) => {
    stack.push(m);
    try {
      group.call(d, fn);
    } finally {
      m = stack.pop()!;
    }
  });
  vi.spyOn(d, 'translate').mockImplementation((x, y) => {
    m = [m[0], m[1], m[2], m[3], m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    translate.call(d, x, y);
  });
  vi.spyOn(d, 'rotate').mockImplementation((deg, origin) => {
    expect(origin).toEqual([0, 0]);
    const a = (deg * Math.PI) / 180;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    m = [m[0] * c + m[2] * s, m[1] * c + m[3] * s, -m[0] * s + m[2] * c, -m[1] * s + m[3] * c, m[4], m[5]];
    rotate.call(d, deg, origin);
  });
  vi.spyOn(d, 'text').mockImplementation((t, box, style = {}) => {
    const size = style.size ?? 11;
    const w = d.textWidth(t, size, style.font ?? 'regular');
    const mid = [box.x + box.w / 2, box.y + box.h / 2] as const;
    // the ink of one line: its width, and from accents above the capitals to the descenders
    const corners = ([[-w / 2, -0.63 * size], [w / 2, -0.63 * size], [w / 2, 0.61 * size], [-w / 2, 0.61 * size]] as const).map(
      ([x, y]) => apply(mid[0] + x, mid[1] + y),
    );
    out.push({ text: t, size, corners });
    text.call(d, t, box, style);
  });
  draw(d, { x: 0, y: 0, w: 300, h: 300 });
  return out;
}

/** Smallest distance between two convex polygons (0 when they overlap). */
function polygonGap(a: [number, number][], b: [number, number][]): number {
  const axes = [a, b].flatMap((p) => p.map((q, i) => {
    const r = p[(i + 1) % p.length]!;
    const len = Math.hypot(r[0] - q[0], r[1] - q[1]);
    return [-(r[1] - q[1]) / len, (r[0] - q[0]) / len] as const;
  }));
  let sep = -Infinity;
  for (const [nx, ny] of axes) {
    const pa = a.map((p) => p[0] * nx + p[1] * ny);
    const pb = b.map((p) => p[0] * nx + p[1] * ny);
    sep = Math.max(sep, Math.min(...pb) - Math.max(...pa), Math.min(...pa) - Math.max(...pb));
  }
  return Math.max(0, sep);
}

describe('word decks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'words-'));
  const list = join(dir, 'words.txt');
  // a class's spelling and topic words: mostly 3 to 10 letters, some long ones and phrases
  const words = [
    'multiplication', 'because', 'rectangle', 'triangle', 'ice cream', 'circle', 'fraction', 'cat', 'the Great Fire',
    'evaporation', 'sun', 'hexagon', 'a right angle', 'volcano', 'decimal point', 'ox', 'pentagon', 'octagon',
    'Antarctica', 'cuboid', 'symmetry', 'frog', 'sphere', 'cylinder', 'mean', 'prime number', 'factor', 'multiple',
    'percentage', 'ratio', 'area', 'perimeter', 'angle', 'vertex', 'edge', 'face', 'prism', 'pyramid', 'radius',
    'diameter', 'chord', 'arc', 'sector', 'island', 'river', 'mountain', 'forest', 'desert', 'beach', 'castle',
    'knight', 'dragon', 'rainbow', 'thunder', 'whisper', 'giant', 'autumn',
  ];
  writeFileSync(list, words.join('\n') + '\n');

  for (const [shape, paper, size] of [['round', 'letter', undefined], ['hexagon', 'a4', undefined], ['square', 'a4', 60]] as const) {
    it(`${shape} cards${size ? ` of ${size} mm` : ''}: every word at least 9 pt, long phrases on two lines, words clear of each other`, () => {
      const o = dobble.schema.parse({ symbols: list, shape, ...(size ? { cardSize: size, symbolsPerCard: 6 } : {}) });
      const deck = dobble.generate(o, new Rng(`words-${shape}`));
      const ctx = { paper, slotArea: () => (paper === 'a4' ? { x: 0, y: 0, w: 510, h: 740 } : { x: 0, y: 0, w: 527, h: 695 }) };
      const items = [{ number: 1, code: 'D', model: deck }];
      const cards = dobble.sections(o, items, ctx).find((s) => s.template === 'cards')!;
      let twoLines = 0;
      for (const slot of cards.slots) {
        const lines = cardText((d, box) => slot.draw(d, box));
        for (const l of lines) expect(l.size, l.text).toBeGreaterThanOrEqual(9 - 1e-9);
        // lines of one phrase are drawn one after the other with the same size
        const phrases: (typeof lines)[] = [];
        for (const l of lines) {
          const last = phrases[phrases.length - 1];
          const joined = last ? `${last.map((q) => q.text).join(' ')} ${l.text}` : '';
          if (last && last.length === 1 && last[0]!.size === l.size && words.includes(joined)) last.push(l);
          else phrases.push([l]);
        }
        twoLines += phrases.filter((p) => p.length === 2).length;
        for (let i = 0; i < phrases.length; i++) {
          for (let j = i + 1; j < phrases.length; j++) {
            for (const a of phrases[i]!) for (const b of phrases[j]!) {
              expect(polygonGap(a.corners, b.corners) / MM, `${a.text} / ${b.text}`).toBeGreaterThanOrEqual(2);
            }
          }
        }
      }
      expect(twoLines).toBeGreaterThan(0);
    });
  }

  it('says "word" on a spot-the-match sheet made of words, "picture" otherwise', () => {
    const ctx = { paper: 'a4' as const, slotArea: () => ({ x: 0, y: 0, w: 510, h: 740 }) };
    const o = spotMatch.schema.parse({ symbols: list });
    const items = [{ number: 1, code: 'S', model: spotMatch.generate(o, new Rng('sw')) }];
    const words = spotMatch.sections(o, items, ctx).map((s) => s.instructions ?? '').join(' ');
    expect(words).toMatch(/\bword\b/);
    expect(words).not.toMatch(/picture/);
    const p = spotMatch.schema.parse({});
    const pics = spotMatch.sections(p, [{ number: 1, code: 'S', model: spotMatch.generate(p, new Rng('sp')) }], ctx).map((s) => s.instructions ?? '').join(' ');
    expect(pics).toMatch(/picture/);
  });
});

describe('ways to play', () => {
  it('a page of the classic games in plain words, fitting its page at a readable size', () => {
    const o = dobble.schema.parse({});
    const items = [{ number: 1, code: 'D', model: dobble.generate(o, new Rng('rules')) }];
    const ctx = { paper: 'a4' as const, slotArea: () => ({ x: 0, y: 0, w: 510, h: 740 }) };
    const page = dobble.sections(o, items, ctx).find((s) => s.title === 'How to play')!;
    expect(page.slots).toHaveLength(1);
    const d = new Draw(createDocument('a4', { title: '', subject: '', keywords: '' }));
    d.doc.addPage();
    const said: { text: string; size: number; bottom: number }[] = [];
    const { paragraph, text } = Draw.prototype;
    vi.spyOn(d, 'paragraph').mockImplementation((t, x, y, w, style = {}) => {
      const h = paragraph.call(d, t, x, y, w, style);
      said.push({ text: t, size: style.size ?? 11, bottom: y + h });
      return h;
    });
    vi.spyOn(d, 'text').mockImplementation((t, box, style = {}) => {
      said.push({ text: t, size: style.size ?? 11, bottom: box.y + box.h });
      text.call(d, t, box, style);
    });
    const box = { x: 0, y: 0, w: 510, h: 640 };
    page.slots[0]!.draw(d, box);
    const all = said.map((s) => s.text).join('\n');
    for (const game of ['The Tower', 'The Well', 'Hot Potato', 'Catch Them All']) expect(all).toContain(game);
    expect(all).toContain('exactly one picture');
    for (const s of said) expect(s.size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...said.map((s) => s.bottom))).toBeLessThanOrEqual(box.h + 1);
  });
});
