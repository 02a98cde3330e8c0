import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { flow, type FlowModel } from '../src/kinds/flow/index.js';

const make = (raw: Record<string, unknown>, seed: string): FlowModel => flow.generate(flow.schema.parse(raw), new Rng(seed));
const explain = (m: FlowModel) => flow.explain!(flow.schema.parse({ width: m.width, height: m.height }), { number: 1, code: 'F', model: m });

describe('flow worked solutions', () => {
  it('tell only true things about where lines can go', () => {
    for (const [raw, seed] of [[{ size: 10 }, 'e1'], [{ size: 8, difficulty: 'hard' }, 'e2'], [{ width: 9, height: 6 }, 'e3']] as const) {
      const m = make(raw, seed);
      const steps = explain(m).steps;
      expect(steps.at(-1)!.text).toMatch(/that is the solution/);
      // Every "dot N in the corner at row R, column C" names a real dot of N in a real corner.
      for (const s of steps) {
        for (const [, label, where, r, c] of s.text.matchAll(/The dot (\d+)( in the corner| on the edge)? at row (\d+), column (\d+)/g)) {
          const e = m.endpoints.find((x) => x.label === label)!;
          const cell: [number, number] = [Number(r) - 1, Number(c) - 1];
          expect(e.cells.some(([a, b]) => a === cell[0] && b === cell[1])).toBe(true);
          const edges = [cell[0] === 0, cell[0] === m.height - 1, cell[1] === 0, cell[1] === m.width - 1].filter(Boolean).length;
          if (where === ' in the corner') expect(edges).toBe(2);
          if (where === ' on the edge') expect(edges).toBe(1);
        }
        // "has only one way out, DIR": the dot's neighbours other than that one are dots or off the grid
        // is checked where it is cheapest, at the first step of each dot: the square in that direction
        // is on the dot's own line in the answer.
        const one = /The dot (\d+)(?: in the corner| on the edge)? at row (\d+), column (\d+) has only one way out, (up|down|left|right)/.exec(s.text);
        if (one) {
          const [, label, r, c, dir] = one;
          const [dr, dc] = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] }[dir as 'up']!;
          const to = [Number(r) - 1 + dr, Number(c) - 1 + dc];
          const path = m.paths.find((p) => p.label === label)!.cells;
          const at = path.findIndex(([a, b]) => a === Number(r) - 1 && b === Number(c) - 1);
          const step = at === 0 ? path[1]! : path[path.length - 2]!;
          expect(step).toEqual(to);
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
});
