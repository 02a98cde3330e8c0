import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKind } from '../src/kinds/index.js';
import type { Item, Kind } from '../src/core/kind.js';
import { UserError } from '../src/core/errors.js';
import { generateItems, kindPart, sectionContext, Templates } from '../src/run.js';
import { planPages, type PlannedPage } from '../src/layout/plan.js';
import { slotBoxes, slotsBox, LABEL_H } from '../src/layout/page.js';
import { MM, type Box } from '../src/pdf/draw.js';
import { RecordingDraw } from './helpers/record-draw.js';
import { cli } from './helpers/cli.js';
import { planKey } from '../src/make.js';

const templates = new Templates();
const flow = findKind('flow')!;
const calcudoku = findKind('calcudoku')!;
const A4_CONTENT: Box = { x: 36, y: 36, w: 595.28 - 72, h: 841.89 - 72 };

/** Slots only: the layout never needs the models to choose a grid. */
const blank = (n: number): Item<never>[] => Array.from({ length: n }, (_, i) => ({ number: i + 1, code: `X-${i}`, model: undefined as never }));

function grids(kind: Kind, raw: Record<string, unknown>, count: number, layout?: { cols: number; rows: number }) {
  const [sheet, key] = kind.sections(kind.schema.parse(raw), blank(count), sectionContext('a4', templates, layout));
  // the first page's grid: the worked example's page may have its own
  return { sheet: sheet!.lead?.grid ?? sheet!.grid, key: key!.grid };
}

/** Draws a planned page's slots where the page would put them, recording every text and line. */
function drawSlots(page: PlannedPage): { draw: RecordingDraw; boxes: Box[] } {
  const d = new RecordingDraw();
  const blocks = templates.get(page.template)(page.vars);
  const area = slotsBox(d, blocks, A4_CONTENT)!;
  const gap = (blocks.find((b) => b.type === 'slots') as { gap: number }).gap;
  const boxes = slotBoxes(area, page.grid, gap).slice(0, page.slots.length).map((b) => ({ ...b, y: b.y + LABEL_H, h: b.h - LABEL_H }));
  page.slots.forEach((s, i) => s.draw(d, boxes[i]!));
  return { draw: d, boxes };
}

/** The narrowest square drawn: the smallest distance between neighbouring grid lines. */
function smallestSquare(d: RecordingDraw): number {
  const xs = [...new Set(d.lines.filter((l) => l.a[0] === l.b[0]).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
  let least = Infinity;
  for (let i = 1; i < xs.length; i++) if (xs[i]! - xs[i - 1]! > 0.5) least = Math.min(least, xs[i]! - xs[i - 1]!);
  return least;
}

describe('balanced pages', () => {
  it('4 Flow puzzles fill a 2x2 page instead of two thirds of a 2x3 one', () => {
    expect(grids(flow, { size: 8, example: false }, 6).sheet).toEqual({ cols: 2, rows: 3 });
    // The worked example would take a row of 2x3 and push two puzzles onto a page of their own.
    expect(grids(flow, { size: 8 }, 6).sheet).toEqual({ cols: 3, rows: 2 });
    expect(grids(flow, { size: 8 }, 4).sheet).toEqual({ cols: 2, rows: 2 });
    expect(grids(flow, { size: 8 }, 1).sheet).toEqual({ cols: 1, rows: 1 });
  });

  it('a last page is as full as the same number of pages allows: 8 puzzles print 4 and 4, not 6 and 2', () => {
    const perPage = (kind: Kind, raw: Record<string, unknown>, count: number, paper: 'a4' | 'letter' = 'a4') =>
      planPages([kindPart(kind, kind.schema.parse(raw), blank(count), { paper }, templates)], false).map((p) => p.slots.length);
    for (const paper of ['a4', 'letter'] as const) {
      for (const example of [true, false]) {
        expect(perPage(calcudoku, { size: 4, difficulty: 'easy', example }, 8, paper), `4x4 x8 ${paper} ${example}`).toEqual([4, 4]);
        expect(perPage(calcudoku, { size: 5, example }, 7, paper), `5x5 x7 ${paper} ${example}`).toEqual([4, 3]);
        expect(perPage(flow, { size: 5, example }, 8, paper), `flow 5x5 x8 ${paper} ${example}`).toEqual([4, 4]);
      }
    }
    // no fewer pages were possible: the pages stay as few as before, only fuller
    expect(perPage(flow, { size: 8 }, 6)).toEqual([6]);
    expect(perPage(calcudoku, { size: 6 }, 9)).toEqual([4, 4, 1]); // no grid of 3 at 2x2 or less
    expect(perPage(calcudoku, { size: 4, difficulty: 'easy' }, 12)).toEqual([6, 6]);
  });

  it('a page of puzzles never leaves a whole row or column empty when fewer would do', () => {
    const cases: [Kind, Record<string, unknown>][] = [
      [flow, { size: 5 }], [flow, { size: 8 }], [flow, { size: 10 }], [flow, { size: 13 }], [flow, { size: 20 }],
      [calcudoku, { size: 4 }], [calcudoku, { size: 6 }], [calcudoku, { size: 9 }], [calcudoku, { size: 12 }],
    ];
    for (const [kind, raw] of cases) {
      for (let count = 1; count <= 12; count++) {
        for (const g of [grids(kind, raw, count).sheet]) {
          const slots = g.cols * g.rows;
          const last = count % slots || slots;
          if (count <= slots) expect(slots - last, `${kind.name} ${JSON.stringify(raw)} x${count}: ${g.cols}x${g.rows}`).toBeLessThan(Math.min(g.cols, g.rows));
        }
      }
    }
  });

  it('answer keys keep the kind\'s size unless a denser readable grid saves pages', () => {
    expect(grids(calcudoku, { size: 6 }, 8).key).toEqual({ cols: 3, rows: 3 });
    expect(grids(calcudoku, { size: 6 }, 4).key).toEqual({ cols: 3, rows: 3 });
    expect(grids(flow, { size: 20 }, 6).key).toEqual({ cols: 1, rows: 2 });
  });

  it('a 20x20 Flow key puts two answers a page, still legible as drawn (5 mm squares, 6 pt labels)', () => {
    const o = flow.schema.parse({ size: 20 });
    const items = generateItems(flow, o, 'big', 4);
    const pages = planPages([kindPart(flow, o, items, { paper: 'a4' }, templates)], true);
    expect(pages).toHaveLength(2); // was 4, one a page
    for (const page of pages) {
      const { draw } = drawSlots(page);
      expect(smallestSquare(draw)).toBeGreaterThanOrEqual(5 * MM);
      const labels = draw.texts.filter((t) => /^\d+$/.test(t.text));
      expect(labels.length).toBeGreaterThan(20);
      for (const t of labels) expect(t.size).toBeGreaterThanOrEqual(6);
    }
  });

  it('default worksheets draw squares of 7.5 mm or more (Flow, drawn in with lines: 7) and clues of 7 pt or more', () => {
    const runs: [Kind, Record<string, unknown>, number][] = [
      [flow, { size: 8 }, 6], [flow, { size: 13 }, 2], [flow, { size: 15 }, 2], [calcudoku, { size: 5, difficulty: 'easy' }, 6], [calcudoku, { size: 7, difficulty: 'easy' }, 4], [calcudoku, { size: 9, difficulty: 'easy' }, 2],
    ];
    for (const [kind, raw, count] of runs) {
      const o = kind.schema.parse(raw);
      const pages = planPages([kindPart(kind, o, generateItems(kind, o, 'legible', count), { paper: 'a4' }, templates)], false);
      for (const page of pages) {
        const { draw } = drawSlots(page);
        expect(smallestSquare(draw), `${kind.name} ${JSON.stringify(raw)}`).toBeGreaterThanOrEqual((kind === flow ? 7 : 7.5) * MM - 0.01);
        for (const t of draw.texts) expect(t.size, `${kind.name} ${JSON.stringify(raw)} "${t.text}"`).toBeGreaterThanOrEqual(7);
      }
    }
  });
});

describe('--layout that is too dense', () => {
  it('is refused with the sizes it would give and a layout that works, which then draws readable squares', () => {
    for (const [kind, raw, layout] of [[flow, { size: 10 }, { cols: 3, rows: 4 }], [calcudoku, { size: 9, difficulty: 'easy' }, { cols: 2, rows: 3 }]] as const) {
      let message = '';
      try {
        grids(kind, raw, 6, layout);
      } catch (e) {
        expect(e).toBeInstanceOf(UserError);
        message = (e as Error).message;
      }
      // a teacher's words: what would go wrong and what to change, no point sizes or 'clues'
      expect(message).toMatch(/^--layout \dx\d is too many for \d+x\d+ puzzles: the (squares would be [\d.]+ mm wide, too small to (read and )?write in|numbers in the squares would be too small to read)/);
      expect(message).not.toMatch(/\bpt\b|clue/);
      const m = /Use --layout (\d+)x(\d+) \(\d+ a page\) or fewer, or a smaller puzzle$/.exec(message)!;
      const fix = { cols: Number(m[1]), rows: Number(m[2]) };
      expect(() => grids(kind, raw, 6, fix)).not.toThrow();
      const o = kind.schema.parse(raw);
      const pages = planPages([kindPart(kind, o, generateItems(kind, o, 'fix', 2), { paper: 'a4', layout: fix }, templates)], false);
      const { draw } = drawSlots(pages[0]!);
      expect(smallestSquare(draw)).toBeGreaterThanOrEqual(7.5 * MM - 0.01);
      for (const t of draw.texts) expect(t.size).toBeGreaterThanOrEqual(7);
    }
  });

  it('prints an answer from its code across the top half of the page, centred, not in a corner', () => {
    const calcudoku = findKind('calcudoku')!;
    const nine = generateItems(calcudoku, calcudoku.schema.parse({ size: 9 }), 'key', 1)[0]!.code;
    for (const code of ['K6HF-503STSQQX6', nine]) {
      const page = planKey(code, 'a4', templates).pages[0]!;
      const { draw, boxes } = drawSlots(page);
      const xs = draw.lines.flatMap((l) => [l.a[0], l.b[0]]);
      const [left, right] = [Math.min(...xs), Math.max(...xs)];
      expect(right - left, code).toBeGreaterThan(0.55 * A4_CONTENT.w);
      expect(Math.abs((left + right) / 2 - (A4_CONTENT.x + A4_CONTENT.w / 2)), code).toBeLessThan(2);
      expect(boxes[0]!.y + boxes[0]!.h, code).toBeLessThan(A4_CONTENT.y + 0.6 * A4_CONTENT.h);
    }
  });

  it('gives one line, exit code 2 and no file on the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-layout-'));
    const r = cli(['flow', '--size', '10', '--layout', '3x4', '--seed', 'x', '--out', join(dir, 'x.pdf')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--layout 3x4 is too many for 10x10 puzzles: the squares would be 4\.\d mm wide, too small to read and write in\. Use --layout 2x2 \(4 a page\) or fewer, or a smaller puzzle/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('grids weighed once a thread', () => {
  // A batch's worksheets are laid out again for every pupil, from grids kept by what they were
  // weighed from. Laid out in turns, each worksheet keeps the grid of its own count, size and example.
  it('give each worksheet the grid its own count, size and example call for', async () => {
    const { planSheets } = await import('../src/make.js');
    const { parseCommon } = await import('../src/core/options.js');
    const flow = findKind('flow')!;
    const firstPage = (count: number, size: number, example: boolean) => {
      const plan = planSheets(flow, flow.schema.parse({ size, example }), parseCommon({ count }), 'turns', new Templates());
      const page = plan.main[0]!;
      return { pages: plan.main.length, grid: page.grid, slots: page.slots.length, lead: page.lead ? { rows: page.lead.rows, grid: page.lead.grid ?? null } : null };
    };
    const cases: [number, number, boolean][] = [];
    for (const size of [9, 14]) for (const count of [1, 2, 4, 9]) for (const example of [true, false]) cases.push([count, size, example]);
    const first = cases.map((c) => firstPage(...c));
    const again = cases.slice().reverse().map((c) => firstPage(...c)).reverse();
    expect(again).toEqual(first);
    // two 9x9 Calcudoku side by side under the worked example, stacked without it
    const calcudoku = findKind('calcudoku')!;
    const calcFirst = (count: number, example: boolean) =>
      planSheets(calcudoku, calcudoku.schema.parse({ size: 9, example }), parseCommon({ count }), 'turns', new Templates()).main[0]!.grid;
    for (let round = 0; round < 2; round++) {
      // with the example first for some counts, without it first for others
      for (const count of [2, 4]) {
        expect(calcFirst(count, true)).toEqual({ cols: 2, rows: 1 });
        expect(calcFirst(count, false)).toEqual({ cols: 1, rows: 2 });
      }
      for (const count of [6, 8]) {
        expect(calcFirst(count, false)).toEqual({ cols: 1, rows: 2 });
        expect(calcFirst(count, true)).toEqual({ cols: 2, rows: 1 });
      }
    }
    cases.forEach(([count, size, example], i) => {
      const f = first[i]!;
      // as many slots as puzzles up to a page's worth, and an example only when asked for
      if (count <= 4 && size === 9) expect(f.slots, `${count} at ${size}`).toBe(count);
      expect(f.lead !== null, `${count} at ${size}, example ${example}`).toBe(example);
    });
  });
});
