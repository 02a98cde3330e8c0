import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKind } from '../src/kinds/index.js';
import type { Kind } from '../src/core/kind.js';
import { generateItems, kindPart, sectionContext, Templates } from '../src/run.js';
import { planPages, type PlannedPage } from '../src/layout/plan.js';
import { drawPage, slotsBox } from '../src/layout/page.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { MM } from '../src/pdf/draw.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { kindForms } from '../src/form.js';
import { languages, messages } from '../src/i18n/messages.js';
import { EXAMPLE as MIXED, STEPS as CALC_STEPS, exampleFor, exampleSteps as calcSteps } from '../src/kinds/calcudoku/example.js';
import { EXAMPLE as FLOW, STEPS as FLOW_STEPS, exampleSteps as flowSteps } from '../src/kinds/flow/example.js';
import { refSolve, ruleProblems } from './helpers/calcudoku-ref.js';
import { countFillings } from './helpers/flowSolver.js';
import { RecordingDraw } from './helpers/record-draw.js';
import { cli } from './helpers/cli.js';

const templates = new Templates();
/** Slots only: the layout never needs the models to choose a grid. */
const blank = (n: number) => Array.from({ length: n }, (_, i) => ({ number: i + 1, code: `X-${i}`, model: undefined as never }));
const calcudoku = findKind('calcudoku')!;
const flow = findKind('flow')!;

/** Every set of signs a sheet may ask for, as the options write them. */
const SIGN_SETS = ['+', '-', 'x', '/', '+-', '+x', '+/', '-x', '-/', 'x/', '+-x', '+-/', '+x/', '-x/', '+-x/'];
const GLYPH: Record<string, string> = { '+': '+', '-': '\u2212', '*': '\u00d7', '/': '\u00f7' };
/** What two different numbers make with a sign, written here from the rules (bigger number first for - and ÷). */
function make(op: string, x: number, y: number): number | undefined {
  const [hi, lo] = x > y ? [x, y] : [y, x];
  if (op === '+') return x + y;
  if (op === '*') return x * y;
  if (op === '-') return hi - lo;
  return hi % lo === 0 ? hi / lo : undefined;
}

describe.each(SIGN_SETS.flatMap((ops) => [[ops, false], [ops, true]] as const))('the Calcudoku worked example for signs %s (hidden: %s)', (ops, hidden) => {
  const CALC = exampleFor(ops, hidden);
  const allowed = [...ops].map((c) => (c === 'x' ? '*' : c));

  it('uses only the sheet\'s signs, shown or hidden as on the sheet, and is a real puzzle with one solution by the independent referee', () => {
    expect(CALC.hideOps).toBe(hidden);
    for (const cage of CALC.cages) if (cage.op !== '=') expect(allowed, `${cage.target}${cage.op}`).toContain(cage.op);
    // sheets with + - and x shown keep the example with three signs
    if (!hidden && ['+', '-', '*'].every((o) => allowed.includes(o))) expect(CALC.cages).toEqual(MIXED.cages);
    expect(calcudoku.check(CALC)).toEqual([]);
    expect(ruleProblems(CALC)).toEqual([]);
    // with hidden signs the referee reads every two-square box with each of the sheet's signs
    const sols = refSolve(CALC, 2);
    expect(sols).toHaveLength(1);
    expect(sols[0]).toEqual(CALC.solution);
  });

  it('takes steps whose reasons hold on the grid as it stands before each step', () => {
    const n = CALC.size;
    const grid: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const texts = calcSteps(messages(), CALC).map((s) => s.text);
    CALC_STEPS.forEach((s, k) => {
      const [r, c] = s.cell;
      const value = CALC.solution[r]![c]!;
      expect(grid[r]![c]).toBe(0);
      const cage = CALC.cages.find((g) => g.cells.some(([a, b]) => a === r && b === c))!;
      if (s.why.t === 'one') {
        expect(cage.cells).toHaveLength(1);
        expect(cage.target).toBe(value);
      } else if (s.why.t === 'pair') {
        // every pair of different numbers 1..n (the two squares share a line) that makes the target
        // with the sign shown, or with hidden signs with any of the sheet's signs
        expect(cage.cells).toHaveLength(2);
        const [[r1, c1], [r2, c2]] = cage.cells as [[number, number], [number, number]];
        expect(r1 === r2 || c1 === c2).toBe(true);
        const signs = hidden ? allowed : [cage.op];
        const ways: [number, number, string][] = [];
        for (let x = 1; x <= n; x++) for (let y = x + 1; y <= n; y++) for (const op of signs) if (make(op, x, y) === cage.target) ways.push([x, y, op]);
        // one pair, and with hidden signs one sign too, which the sentence names
        expect(ways, JSON.stringify(ways)).toHaveLength(1);
        const [x, y, op] = ways[0]!;
        expect([x, y]).toContain(value);
        const other = x === value ? y : x;
        expect(grid[r]!.includes(other)).toBe(true); // so this square cannot be `other`
        expect(r).toBe(0); // the sentence says "the top row"
        expect([`${x} ${GLYPH[op]} ${y}`, `${y} ${GLYPH[op]} ${x}`].some((e) => texts[k]!.includes(e)), texts[k]).toBe(true);
        if (hidden) expect(texts[k]).toContain(`the hidden sign is ${GLYPH[op]}`);
        else expect(texts[k]).toContain(`${cage.target}${GLYPH[cage.op]}`);
        expect(texts[k]).toContain(String(other));
      } else {
        const others = grid[r]!.filter((_v, j) => j !== c);
        expect(others.every((v) => v > 0)).toBe(true);
        const missing = [...Array(n).keys()].map((i) => i + 1).filter((v) => !others.includes(v));
        expect(missing).toEqual([value]);
        expect(r).toBe(0);
      }
      expect(texts[k]).toContain(String(value));
      grid[r]![c] = value;
    });
  });

  it('draws its targets with the sheet\'s signs, or without signs when the sheet hides them', () => {
    const steps = calcSteps(messages(), CALC);
    const d = new RecordingDraw();
    steps[2]!.draw(d, { x: 0, y: 0, w: 90, h: 90 });
    const clues = d.texts.filter((t) => t.size < 0.4 * 30).map((t) => t.text); // clues are small, digits in squares big
    expect(clues).toHaveLength(CALC.cages.length);
    for (const t of clues) {
      if (hidden) expect(t).toMatch(/^\d+$/);
      else expect([...allowed.map((o) => GLYPH[o]!), ''].map((g) => t.replace(/^\d+/, '') === g).some(Boolean), t).toBe(true);
    }
  });
});

describe('the Calcudoku worked example a sheet gets', () => {
  it('through the sheet: x only shows x boxes; hidden signs show no sign and say how the sign was found', () => {
    const lead = (raw: Record<string, unknown>) => {
      const o = calcudoku.schema.parse({ size: 4, count: 1, ...raw });
      const l = calcudoku.sections(o, generateItems(calcudoku, o, 'ex-signs', 1), sectionContext('a4', templates))[0]!.lead!;
      const d = new RecordingDraw();
      l.draw(d, { x: 0, y: 0, w: 500, h: l.height });
      return d.texts.map((t) => t.text);
    };
    const times = lead({ ops: 'x' });
    const targets = times.filter((t) => /^\d+\D$/.test(t));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => !t.endsWith('\u00d7'))).toEqual([]);
    expect(times.join(' ')).not.toMatch(/\d \+ \d|\u2212/);
    const hiddenSigns = lead({ hideOps: true });
    expect(hiddenSigns.filter((t) => /^\d+\D$/.test(t))).toEqual([]);
    expect(hiddenSigns.join(' ')).toMatch(/the hidden sign is/);
  });
});

describe('the Flow worked example', () => {
  it('is a real puzzle with one solution, by the independent solver', () => {
    expect(flow.check(FLOW)).toEqual([]);
    const ends = FLOW.endpoints.map((e) => e.cells.map(([r, c]) => [r, c] as [number, number]));
    expect(countFillings({ width: FLOW.width, height: FLOW.height, ends }, 2)).toBe(1);
  });

  it('starts each line at a dot with exactly one free square beside it, the way the sentence says', () => {
    const used = new Set<string>(FLOW.endpoints.flatMap((e) => e.cells.map(([r, c]) => `${r},${c}`)));
    const texts = flowSteps(messages()).map((s) => s.text);
    const dirs = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] } as const;
    FLOW_STEPS.forEach((s, k) => {
      const path = FLOW.paths[s.line]!.cells;
      const [r, c] = path[0]!;
      const free = Object.entries(dirs).filter(([, [dr, dc]]) => {
        const [a, b] = [r + dr, c + dc];
        return a >= 0 && b >= 0 && a < FLOW.height && b < FLOW.width && !used.has(`${a},${b}`);
      });
      expect(free.map(([w]) => w)).toEqual([s.way]);
      expect(path[1]).toEqual([r + dirs[s.way][0], c + dirs[s.way][1]]);
      expect(texts[k]).toContain(`can only go ${s.way}`);
      expect(texts[k]).toContain(`the other ${FLOW.paths[s.line]!.label}`);
      for (const [a, b] of path) used.add(`${a},${b}`);
    });
  });
});

describe('the Flow worked example as a young pupil reads it', () => {
  it('numbers only its dots (no row or column numbers beside them), in numbers of 8 pt or more', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const { draw, pages } = firstPage(flow, { size: 8 }, 4, paper);
      const label = draw.texts.find((t) => t.text === pages[0]!.slots[0]!.code)!.box.y;
      const band = draw.texts.filter((t) => t.box.y < label && draw.texts.indexOf(t) >= draw.texts.findIndex((x) => x.text === 'How to start'));
      const inDot = (t: (typeof band)[number]) => {
        const [x, y] = [t.box.x + t.box.w / 2, t.box.y + t.box.h / 2];
        return draw.circles.some((c) => Math.hypot(c.cx - x, c.cy - y) < c.r);
      };
      const words = flowSteps(messages()).map((s) => s.text);
      expect(band.filter((t) => !inDot(t)).map((t) => t.text)).toEqual(['How to start', '1', words[0], '2', words[1], '3', words[2]]);
      const dots = band.filter(inDot);
      expect(dots).toHaveLength(3 * 2 * FLOW.endpoints.length);
      for (const t of dots) expect(t.size, `${paper} dot ${t.text}`).toBeGreaterThanOrEqual(8);
    }
  });
});

/** The first page of a run drawn as it prints, every text recorded. */
function firstPage(kind: Kind, raw: Record<string, unknown>, count: number, paper: 'a4' | 'letter' = 'a4', lang?: string) {
  const o = kind.schema.parse(raw);
  const pages = planPages([kindPart(kind, o, generateItems(kind, o, 'ex', count), { paper, ...(lang ? { lang } : {}) }, templates)], false);
  const size = PAPER_SIZE[paper];
  const blocks = expandPages(pages, { paper, templates, meta: { title: '', subject: '', keywords: '' } });
  const draw = new RecordingDraw();
  const p: PlannedPage = pages[0]!;
  drawPage(draw, { blocks: blocks[0]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: false, lead: p.lead }, contentBox(size), size.w);
  return { draw, pages };
}

/** Every worksheet page of a run drawn as it prints: puzzles on it, and the share of its slot area their lines span downwards. */
function worksheetPages(kind: Kind, raw: Record<string, unknown>, count: number, layout?: { cols: number; rows: number }) {
  const o = kind.schema.parse(raw);
  const part = kindPart(kind, o, generateItems(kind, o, 'ex', count), { paper: 'a4', ...(layout ? { layout } : {}) }, templates);
  const pages = planPages([part], false);
  const size = PAPER_SIZE.a4;
  const blocks = expandPages(pages, { paper: 'a4', templates, meta: { title: '', subject: '', keywords: '' } });
  return pages.map((p, i) => {
    const draw = new RecordingDraw();
    drawPage(draw, { blocks: blocks[i]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: false, lead: p.lead }, contentBox(size), size.w);
    const area = slotsBox(draw, blocks[i]!, contentBox(size))!;
    const ys = draw.lines.filter((l) => l.a[1] >= area.y && l.b[1] <= area.y + area.h).flatMap((l) => [l.a[1], l.b[1]]);
    // the puzzles' squares: the commonest gap between vertical lines below the example
    const label = p.lead ? draw.texts.find((t) => t.text === p.slots[0]!.code)!.box.y : area.y;
    const xs = [...new Set(draw.lines.filter((l) => l.a[0] === l.b[0] && Math.min(l.a[1], l.b[1]) > label).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
    const gaps = xs.slice(1).map((x, i) => Math.round((x - xs[i]!) * 10) / 10);
    const square = gaps.sort((a, b) => gaps.filter((g) => g === b).length - gaps.filter((g) => g === a).length)[0]!;
    return { page: p, puzzles: p.slots.length, filled: (Math.max(...ys) - Math.min(...ys)) / area.h, square, keyPages: planPages([part], true).length };
  });
}

describe('the pages after the example\'s', () => {
  it('keep the balanced grid: Calcudoku 9x9 x8 has two side by side under the example, then two stacked a page', () => {
    const pages = worksheetPages(calcudoku, { size: 9, difficulty: 'easy' }, 8);
    expect(pages.map((p) => p.puzzles)).toEqual([2, 2, 2, 2]);
    expect(pages[0]!.page.grid).toEqual({ cols: 2, rows: 1 });
    // and right under the example, not centred in the room below it with a band above them
    const { draw, pages: planned } = firstPage(calcudoku, { size: 9, difficulty: 'easy' }, 8);
    const label = draw.texts.find((t) => t.text === planned[0]!.slots[0]!.code)!.box.y;
    const sentences = calcSteps(messages(), exampleFor(calcudoku.schema.parse({ size: 9 }).ops, false)).map((st) => draw.texts.find((t) => t.text === st.text)!);
    const exampleBottom = Math.max(...sentences.map((t) => t.box.y + draw.paragraphHeight(t.text, t.box.w, { size: t.size })));
    expect(label - exampleBottom).toBeLessThan(40);
    // side by side they spanned 45% of the page's height, leaving the rest blank
    for (const p of pages.slice(1)) {
      expect(p.page.grid).toEqual({ cols: 1, rows: 2 });
      expect(p.filled).toBeGreaterThan(0.85);
    }
  });

  it('draw their puzzles the size of the example\'s page\'s: a set has one size of square (Calcudoku 6x6 grew on page 2)', () => {
    const runs: [Kind, Record<string, unknown>, number][] = [
      [calcudoku, { size: 4 }, 14], [calcudoku, { size: 5 }, 12], [calcudoku, { size: 6 }, 6], [calcudoku, { size: 8 }, 6], [calcudoku, { size: 9 }, 8],
      [flow, { size: 8 }, 8], [flow, { size: 10 }, 6],
    ];
    for (const [kind, raw, count] of runs) {
      const widths = worksheetPages(kind, raw, count).map((p) => p.square);
      expect(widths.length, `${kind.name} ${JSON.stringify(raw)} x${count}`).toBeGreaterThan(1);
      for (const w of widths) expect(w, `${kind.name} ${JSON.stringify(raw)} x${count}: ${widths.join(', ')}`).toBeCloseTo(widths[0]!, 1);
    }
  });

  it('follow the user\'s --layout, and so does the example\'s page; the key keeps its own grid when that takes fewer pages', () => {
    const pages = worksheetPages(calcudoku, { size: 9, difficulty: 'easy' }, 8, { cols: 1, rows: 2 });
    for (const p of pages) expect(p.page.grid).toEqual({ cols: 1, rows: 2 });
    expect(pages[0]!.page.lead).toBeDefined();
    expect(pages.map((p) => p.puzzles)).toEqual([1, 2, 2, 2, 1]);
    expect(pages[0]!.keyPages).toBe(2); // 4 answers a page, as without --layout (was 2 a page: 4 pages)
  });
});

describe('the example on the first page', () => {
  const cases: [Kind, Record<string, unknown>, number][] = [
    [calcudoku, { size: 6 }, 4], [calcudoku, { size: 4, difficulty: 'easy' }, 6], [calcudoku, { size: 9 }, 2],
    [flow, { size: 8 }, 4], [flow, { size: 8 }, 6], [flow, { size: 10 }, 4], [flow, { size: 12, difficulty: 'easy' }, 2],
  ];

  it('shows "How to start" and three steps in words of 7.5 pt or more that fit beside or under their pictures', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const sheets: [Kind, Record<string, unknown>, number][] = [
        [calcudoku, { size: 6 }, 4], [flow, { size: 8 }, 4],
        // the longest sentence, the hidden sign's, on sheets of four and of one
        [calcudoku, { size: 6, hideOps: true }, 4], [calcudoku, { size: 4, hideOps: true }, 1], [calcudoku, { size: 4, ops: 'x' }, 6],
      ];
      for (const [kind, raw, count] of sheets) {
        const { draw, pages } = firstPage(kind, raw, count, paper);
        expect(draw.texts.some((t) => t.text === 'How to start')).toBe(true);
        const o = calcudoku.schema.parse(raw);
        const steps = (kind === calcudoku ? calcSteps(messages(), exampleFor(o.ops, o.hideOps)) : flowSteps(messages())).map((s) => s.text);
        // the first puzzle's number and code, under the example
        const firstLabel = draw.texts.find((t) => t.text === pages[0]!.slots[0]!.code)!.box.y;
        for (const text of steps) {
          const mark = draw.texts.find((t) => t.text === text)!;
          expect(mark, text).toBeDefined();
          expect(mark.size).toBeGreaterThanOrEqual(7.5);
          expect(mark.box.y + draw.paragraphHeight(text, mark.box.w, { size: mark.size }), `${kind.name} ${JSON.stringify(raw)} ${paper}: ${text}`).toBeLessThanOrEqual(firstLabel);
        }
      }
    }
  });

  it('fits the examples\' sentences above the first puzzle in every shipped language, signs shown or hidden, clear of its label', () => {
    const runs: [Kind, Record<string, unknown>, number][] = [[calcudoku, { size: 6 }, 4], [calcudoku, { size: 6, hideOps: true }, 4], [calcudoku, { size: 4, hideOps: true }, 1], [flow, { size: 8 }, 4]];
    for (const lang of languages()) {
      for (const paper of ['a4', 'letter'] as const) {
        for (const [kind, raw, count] of runs) {
          const { draw, pages } = firstPage(kind, raw, count, paper, lang);
          const o = calcudoku.schema.parse(raw);
          const firstLabel = draw.texts.find((t) => t.text === pages[0]!.slots[0]!.code)!.box.y;
          const steps = kind === calcudoku ? calcSteps(messages(lang), exampleFor(o.ops, o.hideOps)) : flowSteps(messages(lang));
          for (const { text } of steps) {
            const mark = draw.texts.find((t) => t.text === text)!;
            expect(mark, `${lang}: ${text}`).toBeDefined();
            // a visible gap: French Flow's last sentence ran 5.5 pt into the first puzzle's label
            expect(mark.box.y + draw.paragraphHeight(text, mark.box.w, { size: mark.size }), `${kind.name} ${lang} ${paper} ${JSON.stringify(raw)}: ${text}`).toBeLessThanOrEqual(firstLabel - 4);
          }
        }
      }
    }
  });

  it('keeps as many puzzles a page as the balanced page, and every puzzle on the first page readable', () => {
    for (const [kind, raw, count] of cases) {
      const withEx = kind.sections(kind.schema.parse(raw), blank(count), sectionContext('a4', templates));
      const without = kind.sections(kind.schema.parse({ ...raw, example: false }), blank(count), sectionContext('a4', templates));
      const [g, h] = [withEx[0]!.grid, without[0]!.grid];
      // the same grid, or (where the example would add a page) the same turned on its side
      expect([g, { cols: g.rows, rows: g.cols }], `${kind.name} ${JSON.stringify(raw)} x${count}`).toContainEqual(h);
      expect(withEx[0]!.lead).toBeDefined();
      expect(without[0]!.lead).toBeUndefined();
      const { draw } = firstPage(kind, raw, count);
      const xs = [...new Set(draw.lines.filter((l) => l.a[0] === l.b[0]).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
      // the widest squares drawn on the page: the puzzles' (the example's are smaller)
      const gaps = xs.slice(1).map((x, i) => x - xs[i]!).filter((g) => g > 0.5);
      expect(Math.max(...gaps), `${kind.name} ${JSON.stringify(raw)} x${count}`).toBeGreaterThanOrEqual((kind === flow ? 7 : 7.5) * MM - 0.01);
    }
  });

  it('takes no extra page where a page as balanced has room for it, and never has squares bigger than the puzzles', () => {
    const cases: [Kind, Record<string, unknown>, number][] = [
      [calcudoku, { size: 9 }, 2], [calcudoku, { size: 8 }, 2], [calcudoku, { size: 6 }, 4], [flow, { size: 8 }, 6], [flow, { size: 10 }, 4], [flow, { size: 12 }, 2], [calcudoku, { size: 9 }, 5],
    ];
    for (const paper of ['a4', 'letter'] as const) {
      for (const [kind, raw, count] of cases) {
        const what = `${kind.name} ${JSON.stringify(raw)} x${count} ${paper}`;
        const { draw, pages } = firstPage(kind, raw, count, paper);
        const { pages: plain } = firstPage(kind, { ...raw, example: false }, count, paper);
        // (9x9 x5 fills its pages either way; Flow 10x10 x4 on Letter still needs a row for the example)
        if (count !== 5 && !(kind === flow && paper === 'letter' && count === 4)) expect(pages.length, what).toBe(plain.length);
        // Squares: the gaps between vertical lines, the example's above the first puzzle's label, the puzzles' below.
        const label = draw.texts.find((t) => t.text === pages[0]!.slots[0]!.code)!.box.y;
        const widths = (above: boolean) => {
          const xs = draw.lines.filter((l) => l.a[0] === l.b[0] && (above ? l.b[1] < label && l.a[1] < label : l.a[1] > label));
          const byX = [...new Set(xs.map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
          return byX.slice(1).map((x, i) => x - byX[i]!).filter((gap) => gap > 0.5 && gap < 80);
        };
        const example = widths(true);
        expect(example.length, what).toBeGreaterThan(0);
        expect(Math.max(...example), what).toBeLessThanOrEqual(Math.min(...widths(false)) + 0.02);
      }
    }
  });

  it('takes no extra page where the first page had room (Calcudoku 6x6 x4, Flow 8x8 x4)', () => {
    for (const [kind, raw] of [[calcudoku, { size: 6 }], [flow, { size: 8 }]] as const) {
      const { pages } = firstPage(kind, raw, 4);
      expect(pages).toHaveLength(1);
      expect(pages[0]!.slots).toHaveLength(4);
    }
  });

  it('is left out with --no-example, in a plan with example: false, and in the form by one switch, on by default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-ex-'));
    const r = cli(['calcudoku', '--size', '4', '--count', '1', '--no-example', '--seed', 'x', '--out', join(dir, 'a.pdf')], dir);
    expect(r.code, r.stderr).toBe(0);
    const { draw } = firstPage(calcudoku, { size: 6, example: false }, 4);
    expect(draw.texts.some((t) => t.text === 'How to start')).toBe(false);
    writeFileSync(join(dir, 'p.yaml'), 'title: T\nseed: s\nworksheets:\n  - kind: flow\n    size: 6\n    count: 2\n    example: false\n');
    const b = cli(['batch', join(dir, 'p.yaml'), '--out', join(dir, 'out')], dir);
    expect(b.code, b.stderr).toBe(0);
    for (const name of ['calcudoku', 'flow']) {
      const field = kindForms().find((f) => f.name === name)!.fields.find((f) => f.key === 'example')!;
      expect(field).toMatchObject({ type: 'switch', value: true, flag: '--example' });
    }
    expect(() => calcudoku.schema.parse({ example: 'maybe' })).toThrow(/--no-example/);
  });
});
