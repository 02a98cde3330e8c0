import { z } from 'zod';
import type { Kind } from '../../src/core/kind.js';
import { puzzleSections } from '../../src/layout/standard.js';
import { square } from '../../src/pdf/draw.js';

/** A deliberately simple kind (add two numbers) that exercises the engine without a real generator. */
export interface SumModel {
  a: number;
  b: number;
}

export const sumKind: Kind<{ max: number }, SumModel> = {
  name: 'sum',
  title: 'Sums',
  letter: 'Z',
  summary: 'two numbers to add (test fixture)',
  options: [{ key: 'max', flags: '--max <n>', description: 'largest number' }],
  schema: z.object({ max: z.coerce.number().int().min(2).max(99).default(9) }),
  defaultCount: 4,
  encode: (o) => String(o.max),
  decode: (s) => ({ max: Number(s) }),
  generate: (o, rng) => ({ a: rng.int(1, o.max), b: rng.int(1, o.max) }),
  check: (m) => (m.a >= 1 && m.b >= 1 ? [] : ['numbers must be positive']),
  describe: (o) => `up to ${o.max}`,
  sections: (_o, items, ctx) =>
    puzzleSections({
      items,
      ctx,
      grid: { cols: 2, rows: 3 },
      answerGrid: { cols: 3, rows: 4 },
      instructions: 'Add the two numbers.',
      puzzle: (d, box, m) => {
        const s = square(box);
        d.rect(s, { width: 1.5 });
        d.text(`${m.a} + ${m.b} =`, s, { size: 24, align: 'center' });
      },
      answer: (d, box, m) => {
        const s = square(box);
        d.rect(s, { width: 1 });
        d.text(`${m.a} + ${m.b} = ${m.a + m.b}`, s, { size: 14, align: 'center' });
      },
    }),
  json: (o, items) => ({ kind: 'sum', puzzles: items.map((i) => ({ code: i.code, ...i.model, max: o.max })) }),
};
