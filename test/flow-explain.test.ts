import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { flow, type FlowModel } from '../src/kinds/flow/index.js';
import { RecordingDraw } from './helpers/record-draw.js';

const make = (raw: Record<string, unknown>, seed: string): FlowModel => flow.generate(flow.schema.parse(raw), new Rng(seed));
const explain = (m: FlowModel) => flow.explain!(flow.schema.parse({ width: m.width, height: m.height }), { number: 1, code: 'F', model: m });
const STEP: Record<string, [number, number]> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/** Whether the answer's line `label` runs from square (r, c) (1-based) one square in direction dir. */
function runs(m: FlowModel, label: string, r: number, c: number, dir: string): boolean {
  const path = m.paths.find((p) => p.label === label)!.cells;
  const at = path.findIndex(([a, b]) => a === r - 1 && b === c - 1);
  const [dr, dc] = STEP[dir]!;
  const to = [r - 1 + dr, c - 1 + dc];
  return at >= 0 && [path[at - 1], path[at + 1]].some((x) => x && x[0] === to[0] && x[1] === to[1]);
}

describe('flow worked solutions', () => {
  const cases = [
    [{ size: 10 }, 'e1'],
    [{ size: 8, difficulty: 'hard' }, 'e2'],
    [{ width: 9, height: 6 }, 'e3'],
    [{ size: 10, difficulty: 'hard' }, 'e4'],
    [{ size: 10, difficulty: 'expert' }, 'e5'],
    [{ size: 7, difficulty: 'easy' }, 'e6'],
  ] as const;

  it('tell only true things about dots and the ways lines go', () => {
    for (const [raw, seed] of cases) {
      const m = make(raw, seed);
      const steps = explain(m).steps;
      expect(steps.at(-1)!.text).toMatch(/that is the solution/);
      for (const s of steps) {
        // Every "dot N in the corner/on the edge at row R, column C" names a real dot of N there.
        for (const [, label, place, r, c] of s.text.matchAll(/The dot (\d+)( in the corner| on the edge)? at row (\d+), column (\d+)/g)) {
          const e = m.endpoints.find((x) => x.label === label)!;
          const cell = [Number(r) - 1, Number(c) - 1];
          expect(e.cells.some(([a, b]) => a === cell[0] && b === cell[1])).toBe(true);
          const edges = [cell[0] === 0, cell[0] === m.height - 1, cell[1] === 0, cell[1] === m.width - 1].filter(Boolean).length;
          expect(edges).toBe(place === ' in the corner' ? 2 : place === ' on the edge' ? 1 : 0);
        }
        // "would have nowhere to go" names a dot as a dot, and a line end away from its dot as a line.
        for (const [, what, label, r, c] of s.text.matchAll(/(the dot|line) (\d+) at row (\d+), column (\d+) would have nowhere to go/g)) {
          const e = m.endpoints.find((x) => x.label === label)!;
          const isDot = e.cells.some(([a, b]) => a === Number(r) - 1 && b === Number(c) - 1);
          expect(isDot, s.text).toBe(what === 'the dot');
        }
        // One reason for both ways is told once, not twice in a row.
        expect(s.text, s.text).not.toMatch(/going (?:up|down|left|right), ((?:in the end )?[^;]+); going (?:up|down|left|right), \1\./);
        // "... at row R, column C can only go DIR" and "... could go A or B. ... So it goes DIR": the
        // answer's line runs that way from that square.
        for (const [, label, r, c, dir] of s.text.matchAll(/(?:The dot|Line) (\d+)(?: in the corner| on the edge)? at row (\d+), column (\d+) can only go (up|down|left|right)/g)) {
          expect(runs(m, label!, Number(r), Number(c), dir!), s.text).toBe(true);
        }
        const tried = /^(?:The dot|Line) (\d+)(?: in the corner| on the edge)? at row (\d+), column (\d+) could go [a-z ,]+\. .* So it goes (up|down|left|right)\.$/.exec(s.text);
        if (/could go/.test(s.text) && !s.text.startsWith('No move')) expect(tried, s.text).not.toBeNull();
        if (tried) expect(runs(m, tried[1]!, Number(tried[2]), Number(tried[3]), tried[4]!), s.text).toBe(true);
        // "The square at row R, column C has only two ways in, so line N must go into it": it is N's.
        for (const [, r, c, label] of s.text.matchAll(/The square at row (\d+), column (\d+) has only two ways in, so line (\d+) must go into it/g)) {
          expect(m.paths.find((p) => p.label === label)!.cells.some(([a, b]) => a === Number(r) - 1 && b === Number(c) - 1)).toBe(true);
        }
      }
      // Diagrams only ever add to the lines: each shows at least as much of every line as the last.
      const shown = steps.filter((s) => s.diagram).map((s) => s.diagram as { from: number[]; to: number[] });
      expect(shown.length).toBeGreaterThan(0);
      for (let k = 1; k < shown.length; k++) {
        shown[k]!.from.forEach((n, j) => expect(n + shown[k]!.to[j]!).toBeGreaterThanOrEqual(shown[k - 1]!.from[j]! + shown[k - 1]!.to[j]!));
      }
    }
  });

  it('give a reason for nearly every move of a 10x10 hard puzzle', () => {
    let moves = 0;
    let guesses = 0;
    for (const seed of ['g1', 'g2', 'g3']) {
      const steps = explain(make({ size: 10, difficulty: 'hard' }, seed)).steps;
      moves += steps.reduce((n, s) => n + (s.text.match(/ can only go | must go into it| So it goes |No move is sure/g)?.length ?? 0), 0);
      guesses += steps.filter((s) => s.text.startsWith('No move is sure')).length;
      // The reasons are the pupil's: ways that would leave a dead end, a line cut off, squares shut in.
      expect(steps.some((s) => /If it went (up|down|left|right), .*(dead end|cut off|shut in|nowhere to go|both need)/.test(s.text))).toBe(true);
    }
    expect(guesses / moves).toBeLessThan(0.1);
  });
});

describe('flow worked-solution diagrams', () => {
  it('number the rows and columns the words count by, beside the grid', () => {
    const m = make({ width: 9, height: 6 }, 'e3');
    const step = explain(m).steps.find((s) => s.diagram)!;
    const d = new RecordingDraw();
    const box = { x: 100, y: 100, w: 180, h: 140 };
    flow.drawDiagram!(d, box, m, step.diagram);
    const numbers = d.texts.filter((t) => t.color === '#555555');
    const columns = numbers.slice(0, m.width);
    const rows = numbers.slice(m.width);
    expect(columns.map((t) => t.text)).toEqual(Array.from({ length: 9 }, (_, i) => String(i + 1)));
    expect(rows.map((t) => t.text)).toEqual(Array.from({ length: 6 }, (_, i) => String(i + 1)));
    // columns run left to right above the grid, rows top to bottom to its left, all inside the box
    for (let i = 1; i < columns.length; i++) expect(columns[i]!.box.x).toBeGreaterThan(columns[i - 1]!.box.x);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.box.y).toBeGreaterThan(rows[i - 1]!.box.y);
    expect(Math.max(...columns.map((t) => t.box.y + t.box.h))).toBeLessThanOrEqual(Math.min(...rows.map((t) => t.box.y)));
    for (const t of numbers) {
      expect(t.size).toBeGreaterThanOrEqual(4);
      expect(t.box.x).toBeGreaterThanOrEqual(box.x - 0.01);
      expect(t.box.y).toBeGreaterThanOrEqual(box.y - 0.01);
    }
  });
});
