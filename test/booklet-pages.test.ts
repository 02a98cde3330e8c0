import { describe, expect, it } from 'vitest';
import { buildWorksheet, halfPage, pagesOf } from '../src/batch/parts.js';
import { parsePlanText } from '../src/batch/plan.js';
import { Templates } from '../src/run.js';
import { drawPage, leadAndSlots, slotsBox } from '../src/layout/page.js';
import type { PlannedPage } from '../src/layout/plan.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { MM, type Box } from '../src/pdf/draw.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { RecordingDraw } from './helpers/record-draw.js';
import { drawBoard } from '../src/kinds/ludo/draw-board.js';

const templates = new Templates();

const plan = (worksheets: string) => parsePlanText(`title: Week 3 puzzles\nseed: week3\npaper: a4\nworksheets:\n${worksheets}`, 'week3.yaml');
const NO_EXAMPLE = plan('  - kind: calcudoku\n    size: 6\n    difficulty: medium\n    count: 4\n    example: false\n');
const README = plan('  - kind: calcudoku\n    size: 6\n    difficulty: medium\n    count: 4\n  - kind: flow\n    size: 8\n    count: 4\n');

interface Drawn {
  draw: RecordingDraw;
  page: PlannedPage;
}

/** Lines inside the worked example's band are the example's small pictures, not the puzzles. */
const inBand = new WeakMap<RecordingDraw, Box | null>();

/** Every page of one worksheet of a booklet (puzzles or answers), drawn on its half page as the batch draws it. */
function booklet(p: ReturnType<typeof plan>, worksheet: number, answers: boolean, size = halfPage(p.paper)): Drawn[] {
  const built = buildWorksheet(p, 'week3', worksheet, null, null, templates, size);
  const pages = pagesOf([built.worksheet], answers).pages;
  const blocks = expandPages(pages, { paper: p.paper, templates, size, meta: { title: '', subject: '', keywords: '' } });
  return pages.map((page, i) => {
    const draw = new RecordingDraw();
    drawPage(draw, { blocks: blocks[i]!, slots: page.slots, grid: page.grid, labels: page.labels, mirrored: false, lead: page.lead }, contentBox(size), size.w);
    const area = slotsBox(draw, blocks[i]!, contentBox(size))!;
    const gap = (blocks[i]!.find((b) => b.type === 'slots') as { gap: number }).gap;
    inBand.set(draw, leadAndSlots(area, page.grid, gap, page.lead).lead);
    return { draw, page };
  });
}

/** Grid lines: horizontal or vertical lines drawn by the puzzles, not the page's rule under the heading (as wide as the page's text). */
function gridLines(d: RecordingDraw) {
  const ruleW = contentBox(halfPage('a4')).w;
  const band = inBand.get(d);
  const inside = (y: number) => band && y >= band.y - 0.01 && y <= band.y + band.h + 0.01;
  return d.lines
    .filter((l) => l.a[0] === l.b[0] || (l.a[1] === l.b[1] && Math.abs(Math.abs(l.a[0] - l.b[0]) - ruleW) > 1))
    .filter((l) => !(inside(l.a[1]) && inside(l.b[1])));
}

/** The narrowest square drawn: the smallest distance between neighbouring vertical grid lines. */
function smallestSquare(d: RecordingDraw): number {
  const xs = [...new Set(gridLines(d).filter((l) => l.a[0] === l.b[0]).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
  let least = Infinity;
  for (let i = 1; i < xs.length; i++) if (xs[i]! - xs[i - 1]! > 0.5) least = Math.min(least, xs[i]! - xs[i - 1]!);
  return least;
}

/** How far down the page the puzzles reach, as a share of the page's height. */
function reach(d: RecordingDraw, h: number): number {
  return Math.max(...gridLines(d).map((l) => Math.max(l.a[1], l.b[1]))) / h;
}

/** Texts of the puzzles, not of the worked example's pictures. */
function puzzleTexts(d: RecordingDraw) {
  const band = inBand.get(d);
  return d.texts.filter((t) => !band || t.box.y < band.y || t.box.y > band.y + band.h);
}
/** Calcudoku's cage clues, e.g. "12+". */
const clues = (d: RecordingDraw) => puzzleTexts(d).filter((t) => /^\d+\D$/.test(t.text));
const digits = (d: RecordingDraw) => puzzleTexts(d).filter((t) => /^\d+$/.test(t.text) && t.box.h > 0);

describe('booklets laid out for their half pages', () => {
  const half = halfPage('a4');

  it('A5 Flow 8x8: squares of 8 mm or more, digits of 7 pt or more, and the page used to the bottom', () => {
    const pages = booklet(README, 1, false);
    expect(pages).toHaveLength(4); // one big puzzle a page (the A4 grid put two 3.5 mm puzzles side by side)
    for (const { draw } of pages) {
      expect(smallestSquare(draw)).toBeGreaterThanOrEqual(8 * MM);
      expect(digits(draw).length).toBeGreaterThanOrEqual(10);
      for (const t of digits(draw)) expect(t.size).toBeGreaterThanOrEqual(7);
      expect(reach(draw, half.h)).toBeGreaterThan(0.6);
    }
  });

  it('A5 Calcudoku 6x6: four to a page, squares of 8 mm or more, clues of 7 pt or more, the page used', () => {
    const pages = booklet(NO_EXAMPLE, 0, false);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.page.slots).toHaveLength(4);
    const { draw } = pages[0]!;
    expect(smallestSquare(draw)).toBeGreaterThanOrEqual(8 * MM);
    // every text inside the puzzles: cage clues (e.g. "12+") and nothing smaller
    expect(clues(draw).length).toBeGreaterThan(20);
    for (const t of clues(draw)) expect(t.size).toBeGreaterThanOrEqual(7);
    expect(reach(draw, half.h)).toBeGreaterThan(0.6);
  });

  it('A5 answer keys get A5 grids: legible answers (5 mm, 6 pt) that use the page, not the A4 key grid', () => {
    for (const w of [0, 1]) {
      const pages = booklet(README, w, true);
      expect(pages).toHaveLength(1);
      const { draw, page } = pages[0]!;
      expect(page.grid).toEqual({ cols: 2, rows: 2 }); // the A4 key grid is 3x3 (Calcudoku) or 3x4 (Flow)
      expect(smallestSquare(draw)).toBeGreaterThanOrEqual(7 * MM);
      for (const t of digits(draw)) expect(t.size).toBeGreaterThanOrEqual(6);
      expect(reach(draw, half.h)).toBeGreaterThan(0.6);
    }
  });

  it('half-Letter booklets too', () => {
    const letter = parsePlanText(`title: T\nseed: s\npaper: letter\nworksheets:\n  - kind: flow\n    size: 8\n    count: 2\n    example: false\n  - kind: calcudoku\n    size: 6\n    count: 4\n    example: false\n`, 'p.yaml');
    for (const w of [0, 1]) {
      for (const [i, { draw }] of booklet(letter, w, false).entries()) {
        expect(smallestSquare(draw)).toBeGreaterThanOrEqual(8 * MM);
        expect(reach(draw, halfPage('letter').h), `worksheet ${w} page ${i}`).toBeGreaterThan(0.6);
      }
    }
  });

  it('with the worked example on the first page, its puzzles keep 8 mm squares and 7 pt clues', () => {
    for (const w of [0, 1]) {
      const pages = booklet(README, w, false);
      const first = pages[0]!.draw;
      expect(first.texts.some((t) => t.text === 'How to start')).toBe(true);
      expect(pages.slice(1).some((p) => p.draw.texts.some((t) => t.text === 'How to start'))).toBe(false);
      for (const { draw } of pages) {
        // the example's own 3x3 and 5x5 pictures are smaller: measure the puzzles' squares
        const xs = [...new Set(gridLines(draw).filter((l) => l.a[0] === l.b[0]).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
        const gaps = xs.slice(1).map((x, i) => x - xs[i]!).filter((g) => g > 0.5);
        expect(Math.max(...gaps)).toBeGreaterThanOrEqual(8 * MM);
        for (const t of clues(draw)) expect(t.size).toBeGreaterThanOrEqual(7);
      }
    }
  });

  it("chooses the grid with the plan's own instructions measured, so long instructions keep squares of 8 mm and clues of 7 pt", () => {
    const long = 'Fill in every square. Each row and each column has the numbers once. '.repeat(8).slice(0, 500).trim(); // the plan's limit
    const p = plan(`  - kind: calcudoku\n    size: 6\n    count: 4\n    instructions: ${long}\n`);
    const pages = booklet(p, 0, false);
    for (const { draw } of pages) {
      expect(draw.texts.some((t) => t.text === long)).toBe(true);
      expect(smallestSquare(draw)).toBeGreaterThanOrEqual(8 * MM);
      for (const t of clues(draw)) expect(t.size).toBeGreaterThanOrEqual(7);
    }
  });

  it('A4 pages of the same plan are unchanged in style: 15 mm margins and the name line', () => {
    const [first] = booklet(README, 1, false, PAPER_SIZE.a4);
    expect(first!.draw.texts.some((t) => t.text === 'Name:')).toBe(true);
    const [small] = booklet(README, 1, false);
    expect(small!.draw.texts.some((t) => t.text === 'Name:')).toBe(false); // the booklet's cover asks for it once
  });
});

/** Every line and text drawn lies inside `area`. */
function expectInside(draw: RecordingDraw, area: Box): void {
  const inside = (x: number, y: number) => x >= area.x - 0.01 && x <= area.x + area.w + 0.01 && y >= area.y - 0.01 && y <= area.y + area.h + 0.01;
  // (a dead end's hatching runs past its square, clipped to it)
  for (const l of draw.lines.filter((x) => x.style.stroke !== '#b98282')) expect(inside(...l.a) && inside(...l.b), `line ${l.a} ${l.b} in ${JSON.stringify(area)}`).toBe(true);
  for (const t of draw.texts) {
    const h = t.box.h || draw.paragraphHeight(t.text, t.box.w, { size: t.size, font: t.font as 'regular' });
    expect(inside(t.box.x, t.box.y) && inside(t.box.x + t.box.w, t.box.y + h), `"${t.text}" at ${JSON.stringify(t.box)} h ${h} in ${JSON.stringify(area)}`).toBe(true);
  }
}

describe("the Ludo teacher's board in a booklet", () => {
  it('drawn whole in a box too short for its key at the full grid width, board and key stay inside it', () => {
    for (const area of [{ x: 28, y: 82, w: 364, h: 457 }, { x: 28, y: 82, w: 339, h: 474 }, { x: 40, y: 100, w: 515, h: 420 }]) {
      const draw = new RecordingDraw();
      drawBoard(draw, area);
      expectInside(draw, area);
      expect(draw.texts.filter((t) => t.text.includes('squares can be landed on'))).toHaveLength(1);
    }
  });

  const LUDO = '  - kind: ludo\n    worksheet: landing\n    printables: none\n';

  for (const paper of ['a4', 'letter'] as const) {
    it(`${paper}: the board and its key stay inside the half page's answer area, the board's squares 10 mm or more`, () => {
      const p = parsePlanText(`title: Week 3 puzzles\nseed: week3\npaper: ${paper}\nworksheets:\n${LUDO}`, 'week3.yaml');
      const size = halfPage(paper);
      const built = buildWorksheet(p, 'week3', 0, null, null, templates, size);
      const pages = pagesOf([built.worksheet], true).pages.filter((pg) => pg.vars.section === "Teacher's board");
      expect(pages.length).toBeGreaterThan(0);
      const blocks = expandPages(pages, { paper, templates, size, meta: { title: '', subject: '', keywords: '' } });
      const numbers: number[] = [];
      let facts = 0;
      pages.forEach((page, i) => {
        const draw = new RecordingDraw();
        const area = slotsBox(draw, blocks[i]!, contentBox(size))!;
        for (const slot of page.slots) slot.draw(draw, area);
        expectInside(draw, area);
        const squares = draw.texts.filter((t) => /^\d+$/.test(t.text) && t.box.w >= 10 * MM);
        numbers.push(...squares.map((t) => Number(t.text)));
        facts += draw.texts.filter((t) => t.text.includes('squares can be landed on')).length;
      });
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect(facts).toBe(1);
    });
  }
});

describe('the Ludo replay in a booklet', () => {
  it("the answer key's table keeps rows of 6 mm or more (the key goes on two half pages)", () => {
    const p = parsePlanText('title: R\nseed: r\npaper: a4\nworksheets:\n  - kind: ludo\n    worksheet: replay\n    printables: none\n', 'r.yaml');
    const size = halfPage('a4');
    const built = buildWorksheet(p, 'r', 0, null, null, templates, size);
    const pages = pagesOf([built.worksheet], true).pages.filter((pg) => pg.vars.section === 'Answers: Replay a game');
    expect(pages.length).toBeGreaterThan(0);
    const blocks = expandPages(pages, { paper: 'a4', templates, size, meta: { title: '', subject: '', keywords: '' } });
    const ys: number[] = [];
    pages.forEach((page, i) => {
      const draw = new RecordingDraw();
      const area = slotsBox(draw, blocks[i]!, contentBox(size))!;
      for (const slot of page.slots) slot.draw(draw, area);
      // the Move column's numbers, one a row
      ys.push(...draw.texts.filter((t) => /^\d+$/.test(t.text) && t.box.x < area.x + 10).map((t) => t.box.y));
    });
    expect(ys.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(6 * MM);
  });
});
