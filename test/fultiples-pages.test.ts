import { describe, expect, it } from 'vitest';
import { fultiples } from '../src/kinds/fultiples/index.js';
import type { FultiplesOptions } from '../src/kinds/fultiples/options.js';
import type { FultiplesModel } from '../src/kinds/fultiples/model.js';
import { fromCode, generateItems } from '../src/run.js';
import { drawBoard } from '../src/kinds/fultiples/board-draw.js';
import { answerText, drawAnswer, drawWorksheet } from '../src/kinds/fultiples/task-draw.js';
import { boardSheet, gameSheet } from '../src/kinds/fultiples/sheet.js';
import { MM } from '../src/pdf/draw.js';
import { RecordingDraw, type TextMark } from './helpers/record-draw.js';
import { sieveFactors } from './helpers/fultiples.js';

const parse = (raw: Record<string, unknown>) => fultiples.schema.parse(raw) as FultiplesOptions;
const A4_SLOT = { x: 40, y: 150, w: 515, h: 640 };

/** The ink of a drawn number: its measured width, and its capitals' height around the box middle. */
function ink(t: TextMark): { x0: number; x1: number; y0: number; y1: number } {
  const mid = t.box.y + t.box.h / 2;
  return { x0: t.left, x1: t.right, y0: mid - t.size * 0.36, y1: mid + t.size * 0.36 };
}

function segmentHitsBox(a: [number, number], b: [number, number], r: { x0: number; x1: number; y0: number; y1: number }): boolean {
  for (let i = 0; i <= 200; i++) {
    const x = a[0] + ((b[0] - a[0]) * i) / 200;
    const y = a[1] + ((b[1] - a[1]) * i) / 200;
    if (x > r.x0 && x < r.x1 && y > r.y0 && y < r.y1) return true;
  }
  return false;
}

describe('fultiples boards and codes', () => {
  it('the subtitle says what a teacher sees on the board, in every language: the biggest number it can hold, no "multipliers"', async () => {
    const { languages, messages } = await import('../src/i18n/messages.js');
    const o = parse({ seed: 'sub', primes: '2,3,7', scalars: '2-20' });
    for (const lang of languages()) {
      const text = fultiples.describe(o, messages(lang));
      expect(text, lang).toContain('126'); // 7 x 18: 19 and 20 have factors not on the board
      expect(text, lang).not.toMatch(/multipl|Multipl|mnożnik|乘数|المضاعِفات/);
    }
    const biggest = Math.max(...generateItems(fultiples, o, 'sub', 5).flatMap((it) => (it.model as FultiplesModel).board.flat()));
    expect(biggest).toBeLessThanOrEqual(126);
  });

  it('the example\'s sums never break across lines ("(8 \u00d7 2" then "= 16)" on the next), in every language', async () => {
    const { languages, messages } = await import('../src/i18n/messages.js');
    for (const lang of languages()) {
      for (const key of ['fultiples.ex.factor', 'fultiples.ex.multiple']) {
        const text = messages(lang).t(key, { a: 4, n: 8, b: 2 });
        const sum = /\d+\s*\u00d7\s*\d+\s*=\s*\d+/.exec(text);
        expect(sum, `${lang} ${key}: ${text}`).not.toBeNull();
        expect(sum![0], `${lang} ${key}`).not.toMatch(/[^\S\u00a0]/);
      }
    }
  });

  it('the board depends only on the board options: adding worksheets keeps it', () => {
    for (const seed of ['a', 'b', 'demo', '7']) {
      for (const board of [{}, { size: '15' }, { primes: '2,3,5', scalars: '2-30' }]) {
        const [plain] = generateItems(fultiples, parse(board), seed, 1);
        const [tasks] = generateItems(fultiples, parse({ ...board, task: ['multiples:3', 'primes', 'chain:5', 'next'] }), seed, 1);
        expect(tasks!.model.board).toEqual(plain!.model.board);
        expect(tasks!.model.wild).toEqual(plain!.model.wild);
        expect(tasks!.code).not.toBe(plain!.code);
      }
    }
  });

  it('every printed code, with or without worksheets, regenerates its board and answers with key', () => {
    for (const raw of [{}, { size: '15' }, { task: ['primes', 'chain:6'] }, { primes: '2,3,11', playable: false }]) {
      const o = parse(raw);
      for (const it of generateItems(fultiples, o, 'key', 3)) {
        const again = fromCode(it.code);
        expect(again.item.code).toBe(it.code);
        expect(again.item.model).toEqual(it.model);
      }
    }
  });
});

describe('fultiples pages', () => {
  it('no cell of a game board or worksheet comes shaded: wild cells carry only their star', () => {
    const [it] = generateItems(fultiples, parse({ task: ['multiples:3', 'both:2,3', 'chain:5', 'next'] }), 'unshaded', 1);
    const m = it!.model;
    expect(m.wild.length).toBeGreaterThan(0);
    const shaded = (d: RecordingDraw) => d.rects.filter((r) => r.style.fill && !/^#f{6}$/i.test(r.style.fill));
    const pages: [string, (d: RecordingDraw) => void][] = [
      ['game', (d) => gameSheet(d, A4_SLOT, m)],
      ['board', (d) => boardSheet(d, A4_SLOT, m)],
      ...m.tasks.map((t): [string, (d: RecordingDraw) => void] => [t.type, (d) => drawWorksheet(d, A4_SLOT, m, t)]),
    ];
    for (const [name, draw] of pages) {
      const d = new RecordingDraw();
      draw(d);
      // the rules' worked example shades its own outlined cell; a board's cells are filled without outline
      const board = d.texts.filter((t) => /^\d+$/.test(t.text)).length;
      expect(board, name).toBeGreaterThanOrEqual(m.board.flat().length);
      expect(shaded(d).filter((r) => r.style.stroke === false).map((r) => r.style.fill), name).toEqual([]);
    }
    // the key still shades its answers
    const d = new RecordingDraw();
    drawAnswer(d, A4_SLOT, m, m.tasks[0]!);
    expect(shaded(d).length).toBeGreaterThan(0);
  });

  it('stars on the game board only: a worksheet and its answers count every number as printed', () => {
    const [it] = generateItems(fultiples, parse({ task: ['multiples:3', 'both:2,3', 'chain:5', 'next'] }), 'unshaded', 1);
    const m = it!.model;
    expect(m.wild.length).toBeGreaterThan(0);
    const stars = (draw: (d: RecordingDraw) => void) => {
      const d = new RecordingDraw();
      draw(d);
      return d.polygons.filter((p) => p.length === 10).length;
    };
    // the game page's board, and the wild card's key over it (one more star)
    expect(stars((d) => boardSheet(d, A4_SLOT, m))).toBe(m.wild.length + 1);
    for (const t of m.tasks) {
      expect(stars((d) => drawWorksheet(d, A4_SLOT, m, t)), t.type).toBe(0);
      expect(stars((d) => drawAnswer(d, A4_SLOT, m, t)), t.type).toBe(0);
    }
  });

  it('three-digit numbers on a 15x15 board keep clear of the cell walls', () => {
    for (const seed of ['w1', 'w2', 'w3']) {
      const [it] = generateItems(fultiples, parse({ size: '15', scalars: '2-60' }), seed, 1);
      expect(it!.model.board.flat().some((v) => v >= 100)).toBe(true);
      for (const big of [true, false]) {
        const d = new RecordingDraw();
        const g = drawBoard(d, A4_SLOT, it!.model, { big });
        const numbers = d.texts.filter((t) => /^\d+$/.test(t.text));
        expect(numbers).toHaveLength(225);
        for (const t of numbers) {
          const gap = Math.min(t.left - t.box.x, t.box.x + t.box.w - t.right);
          expect(gap, `${t.text}`).toBeGreaterThanOrEqual(Math.max(3, g.cw * 0.15));
        }
      }
    }
  });

  it('"products of primes" is a sheet of 12 to 20 different numbers, each with room for a tree', () => {
    for (const seed of ['p1', 'p2', 'p3', 'p4']) {
      const [it] = generateItems(fultiples, parse({ task: ['primes'] }), seed, 1);
      const t = it!.model.tasks[0]!;
      if (t.type !== 'primes') throw new Error('not a primes task');
      // eight numbers a page, on as many pages as they need
      const shown: number[] = [];
      for (let part = 0; part * 8 < t.numbers.length; part++) {
        const d = new RecordingDraw();
        drawWorksheet(d, A4_SLOT, it!.model, t, undefined, part);
        const page = d.texts.filter((x) => /^\d+$/.test(x.text));
        expect(page.length).toBeLessThanOrEqual(8);
        shown.push(...page.map((x) => Number(x.text)));
        // Room for a tree: the numbers stand at least 40 mm apart down the page and 30 mm across.
        const tops = [...new Set(page.map((x) => Math.round(x.box.y)))];
        for (let i = 1; i < tops.length; i++) expect(tops[i]! - tops[i - 1]!).toBeGreaterThanOrEqual(40 * MM);
        // and a line after "112 =" long enough for a child's "2 × 2 × 2 × 2 × 7" (30 mm on a page of 16)
        for (const label of d.texts.filter((x) => / =$/.test(x.text))) {
          const line = d.lines.find((l) => Math.abs(l.a[1] - (label.box.y + label.box.h)) < 12 && l.a[0] >= label.right);
          expect(line, label.text).toBeDefined();
          expect(Math.abs(line!.b[0] - line!.a[0]), label.text).toBeGreaterThanOrEqual(60 * MM);
        }
      }
      expect(shown).toEqual(t.numbers);
      expect(new Set(shown).size).toBe(shown.length);
      expect(shown.length).toBeGreaterThanOrEqual(12);
      expect(shown.length).toBeLessThanOrEqual(20);
      const key = new RecordingDraw();
      drawAnswer(key, A4_SLOT, it!.model, t);
      for (const v of t.numbers) {
        const line = key.texts.find((x) => x.text.startsWith(`${v} = `) || x.text === `${v} is a prime`);
        expect(line, `${v}`).toBeDefined();
        if (line!.text.includes('=')) expect(line!.text).toBe(`${v} = ${sieveFactors(v).join(' × ')}`);
        expect(line!.size).toBeGreaterThanOrEqual(7);
      }
    }
  });

  it('chain arrows in the key run through no number, not even their own ends', () => {
    let arrows = 0;
    for (let s = 0; s < 30; s++) {
      const size = [10, 15, 12][s % 3]!;
      const [it] = generateItems(fultiples, parse({ size: String(size), scalars: '2-40', task: ['chain:8'] }), `arrow-${s}`, 1);
      const m: FultiplesModel = it!.model;
      const d = new RecordingDraw();
      drawAnswer(d, A4_SLOT, m, m.tasks[0]!);
      // Board numbers fill their cell's box; the step badges (1, 2, 3 ...) have small boxes of their own.
      const cellW = Math.max(...d.texts.map((t) => t.box.w).filter((w) => w < A4_SLOT.w / 5));
      const numbers = d.texts.filter((t) => /^\d+$/.test(t.text) && t.box.w > cellW * 0.9).map(ink);
      expect(numbers.length).toBe(size * size);
      const shafts = d.lines.filter((l) => l.style.cap === 'round');
      expect(shafts).toHaveLength(7);
      for (const l of shafts) {
        arrows++;
        for (const box of numbers) expect(segmentHitsBox(l.a, l.b, box), `seed ${s}`).toBe(false);
      }
      for (const head of d.polygons.filter((p) => p.length === 3)) {
        for (const box of numbers) expect(segmentHitsBox(head[0]!, head[1]!, box) || segmentHitsBox(head[0]!, head[2]!, box)).toBe(false);
      }
    }
    expect(arrows).toBe(210);
  });

  it('chain arrows in the key cross no other arrow and run over no step\'s badge', () => {
    type P = [number, number];
    const toSegment = (p: P, a: P, b: P) => {
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
    };
    const turn = (a: P, b: P, c: P) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
    const cross = (a: P, b: P, c: P, d: P) => turn(a, b, c) * turn(a, b, d) < 0 && turn(c, d, a) * turn(c, d, b) < 0;
    const gap = (a: P, b: P, c: P, d: P) => (cross(a, b, c, d) ? 0 : Math.min(toSegment(a, c, d), toSegment(b, c, d), toSegment(c, a, b), toSegment(d, a, b)));
    let keys = 0;
    for (let s = 0; s < 30; s++) {
      const size = [10, 12][s % 2]!;
      const [it] = generateItems(fultiples, parse({ size: String(size), task: [s % 3 ? 'chain:8' : 'chain:10'] }), `clear-${s}`, 1);
      const m: FultiplesModel = it!.model;
      const d = new RecordingDraw();
      drawAnswer(d, A4_SLOT, m, m.tasks[0]!);
      // each arrow, shaft and head, as the segment from its tail to its tip
      const shafts = d.lines.filter((l) => l.style.cap === 'round');
      const heads = d.polygons.filter((p) => p.length === 3);
      expect(heads).toHaveLength(shafts.length);
      const arrows = shafts.map((l, i): [P, P] => [l.a, heads[i]![0]!]);
      const halfHead = Math.max(...heads.map((h) => Math.hypot(h[1]![0] - h[2]![0], h[1]![1] - h[2]![1]) / 2));
      const cell = Math.abs(d.circles[0]!.r / 0.16);
      arrows.forEach(([a, b], i) => {
        for (const [c, e] of arrows.slice(i + 1)) expect(gap(a, b, c, e), `seed ${s}: arrows ${i + 1} and another cross or touch`).toBeGreaterThan(cell * 0.1);
        for (const o of d.circles) expect(toSegment([o.cx, o.cy], a, b), `seed ${s}: arrow ${i + 1} over a badge`).toBeGreaterThan(o.r + halfHead * 0.5);
      });
      keys++;
    }
    expect(keys).toBe(30);
  });
});

describe('large print game board caption', () => {
  it('the caption and the wild card\'s key (its star and words) do not print over each other, where 16 pt leaves no room for both on one line', () => {
    const [it] = generateItems(fultiples, parse({ size: '6' }), 'caption', 1);
    const m = it!.model;
    expect(m.wild.length).toBeGreaterThan(0);
    type Ink = { x0: number; x1: number; y0: number; y1: number };
    const meet = (a: Ink, b: Ink) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);
    // a booklet's half page in large print's units (drawn 16/11 larger), and a whole A4 page's
    for (const slot of [{ x: 19.5, y: 127, w: 250, h: 320 }, { x: 29, y: 150, w: 350, h: 420 }]) {
      const d = new RecordingDraw();
      d.minText = 11;
      boardSheet(d, slot, m);
      // as drawn: never below large print's floor; the caption from its box's left, the key to its box's right
      const ink = (t: TextMark, right: boolean): Ink => {
        const w = d.textWidth(t.text, Math.max(t.size, d.minText), t.font);
        const x0 = right ? t.box.x + t.box.w - w : t.box.x;
        return { x0, x1: x0 + w, y0: t.box.y, y1: t.box.y + t.box.h };
      };
      const caption = ink(d.texts.find((t) => t.text.startsWith('Made from'))!, false);
      const key = ink(d.texts.find((t) => t.text.startsWith('wild card'))!, true);
      const boardTop = Math.min(...d.texts.filter((t) => /^\d+$/.test(t.text)).map((t) => t.box.y));
      const stars = d.polygons.filter((p) => Math.max(...p.map(([, y]) => y)) < boardTop);
      expect(stars).toHaveLength(1);
      const star = { x0: Math.min(...stars[0]!.map(([x]) => x)), x1: Math.max(...stars[0]!.map(([x]) => x)), y0: Math.min(...stars[0]!.map(([, y]) => y)), y1: Math.max(...stars[0]!.map(([, y]) => y)) };
      expect(meet(caption, star), `caption on the star, ${slot.w} wide`).toBe(false);
      expect(meet(caption, key), `caption on the key, ${slot.w} wide`).toBe(false);
      expect(meet(star, key)).toBe(false);
    }
  });
});

describe('fultiples chain key', () => {
  it('keeps each link of the chain, "48 = 16 × 3", on one line of the sentence under the board', () => {
    let links = 0;
    for (let s = 0; s < 12; s++) {
      const [it] = generateItems(fultiples, parse({ task: ['chain:6'] }), `links-${s}`, 1);
      const m: FultiplesModel = it!.model;
      const t = m.tasks[0]!;
      if (t.type !== 'chain') throw new Error('not a chain');
      const text = answerText(m, t);
      // every "a = b × c" is written with no-break spaces, so no line can end inside it
      for (const link of text.matchAll(/\d+\s=\s\d+\s×\s\d+/g)) {
        links++;
        expect(link[0], text).toMatch(/^\d+\u00a0=\u00a0\d+\u00a0×\u00a0\d+$/);
        const [big, small, by] = link[0].split(/\u00a0[=×]\u00a0/).map(Number);
        expect(big).toBe(small! * by!);
      }
    }
    expect(links).toBeGreaterThanOrEqual(12 * 5);
  });
});
