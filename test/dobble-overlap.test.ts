import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { dobble } from '../src/kinds/dobble/index.js';
import { spotMatch } from '../src/kinds/spotmatch/index.js';
import type { Placement } from '../src/kinds/dobble/layout.js';
import { artOf, type SymbolSource } from '../src/pdf/symbols.js';
import { grow, paintCells, paintedShapes, type Painted } from './helpers/paint-raster.js';

/** Grid over the card's [-1, 1] square: 0.21 mm cells on an 85 mm card. */
const N = 400;
const CELL = 2 / N;
/** Painted cells of two symbols, each widened by this many cells, must not meet: 0.4 mm clear at least. */
const CLEAR = 1;

const painted = new Map<string, Painted>();
function paintOf(s: SymbolSource & { kind: 'icon' }): Painted {
  let p = painted.get(s.icon);
  if (!p) painted.set(s.icon, (p = paintedShapes(artOf(s).content)));
  return p;
}

/** Inside distance to the card's edge, from its outline written out plainly. */
function inset(shape: string, x: number, y: number): number {
  if (shape === 'round') return 1 - Math.hypot(x, y);
  if (shape === 'square') return 1 - Math.max(Math.abs(x), Math.abs(y));
  const corners = [0, 1, 2, 3, 4, 5].map((i) => [Math.cos((i * Math.PI) / 3), Math.sin((i * Math.PI) / 3)] as const);
  let best = Infinity;
  for (let i = 0; i < 6; i++) {
    const [ax, ay] = corners[i]!;
    const [bx, by] = corners[(i + 1) % 6]!;
    best = Math.min(best, ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / Math.hypot(bx - ax, by - ay));
  }
  return best;
}

/**
 * Problems with one card: two symbols' paint closer than the clearance, or paint in the 3 mm band
 * inside the edge. Each symbol is placed as drawSymbol draws it: its art's bounding disc scaled to
 * radius r, turned by rot degrees (PDF user space, y down), centred at (x, y).
 */
function cardProblems(layout: Placement[], symbols: SymbolSource[], shape: string, margin: number): { problems: string[]; painted: number } {
  const problems: string[] = [];
  const owner = new Int32Array(N * N).fill(-1);
  let total = 0;
  layout.forEach((p, at) => {
    const src = symbols[p.symbol]!;
    if (src.kind !== 'icon') throw new Error('pictures only');
    const art = artOf(src);
    const s = p.r / art.bounds.r;
    const a = (p.rot * Math.PI) / 180;
    const [c, si] = [Math.cos(a), Math.sin(a)];
    const toGrid = ([x, y]: [number, number]): [number, number] => {
      const ux = (x - art.bounds.cx) * s;
      const uy = (y - art.bounds.cy) * s;
      return [(p.x + c * ux - si * uy + 1) / CELL, (p.y + si * ux + c * uy + 1) / CELL];
    };
    const cells = paintCells(paintOf(src), toGrid, s / CELL, N);
    total += cells.size;
    for (const cell of cells) {
      const x = -1 + ((cell % N) + 0.5) * CELL;
      const y = -1 + (Math.floor(cell / N) + 0.5) * CELL;
      if (inset(shape, x, y) < margin - CELL) {
        problems.push(`${src.name} reaches into the edge band`);
        break;
      }
    }
    for (const cell of grow(cells, N, CLEAR)) {
      const o = owner[cell]!;
      if (o >= 0 && o !== at) {
        problems.push(`${symbols[layout[o]!.symbol]!.name} and ${src.name} touch`);
        break;
      }
      owner[cell] = at;
    }
  });
  return { problems: [...new Set(problems)], painted: total };
}

function cardArea(shape: string): number {
  return shape === 'round' ? Math.PI : shape === 'square' ? 4 : (3 * Math.sqrt(3)) / 2;
}

describe('symbols never overlap, by what they really paint', () => {
  for (const shape of ['round', 'square', 'hexagon'] as const) {
    it(`${shape} cards, many seeds and sizes of deck`, () => {
      const runs: [Record<string, unknown>, string][] = [
        [{ shape }, 'd8'], [{ shape, symbolsPerCard: 3 }, 'k3'], [{ shape, symbolsPerCard: 6, set: 'animals' }, 'k6'],
        [{ shape, symbolsPerCard: 10, cards: 15 }, 'k10'], [{ shape, symbolsPerCard: 14, cards: 10 }, 'k14'],
      ];
      let cards = 0;
      for (const [raw, seed] of runs) {
        const deck = dobble.generate(dobble.schema.parse(raw), new Rng(seed));
        deck.layouts.forEach((layout, i) => {
          const { problems, painted: ink } = cardProblems(layout, deck.symbols, shape, 0.07);
          expect(problems, `${seed} card ${i + 1}`).toEqual([]);
          expect(ink * CELL * CELL).toBeGreaterThan(0.15 * cardArea(shape)); // the card is not left empty
          cards++;
        });
      }
      expect(cards).toBeGreaterThan(100);
    });
  }

  it('the checker sees a symbol pushed onto its neighbour', () => {
    const deck = dobble.generate(dobble.schema.parse({}), new Rng('push'));
    const layout = deck.layouts[0]!.map((p) => ({ ...p }));
    const [a, b] = [layout[0]!, layout[1]!];
    b.x = a.x + (b.x - a.x) * 0.6;
    b.y = a.y + (b.y - a.y) * 0.6;
    expect(cardProblems(layout, deck.symbols, 'round', 0.07).problems.join()).toMatch(/touch/);
    expect(dobble.check({ ...deck, layouts: [layout, ...deck.layouts.slice(1)] }).join()).toMatch(/overlap/);
  });

  it('spot-the-match cards too', () => {
    for (let i = 0; i < 8; i++) {
      const m = spotMatch.generate(spotMatch.schema.parse({ symbolsPerCard: 8 }), new Rng(`sm${i}`));
      for (const layout of [m.layoutA, m.layoutB]) expect(cardProblems(layout, m.symbols, 'round', 0.07).problems).toEqual([]);
    }
  });

  it('keeps every picture at least 8 mm across on the smallest default card (78 mm), 8 symbols a card', () => {
    for (const shape of ['round', 'square', 'hexagon']) {
      const deck = dobble.generate(dobble.schema.parse({ shape }), new Rng(`small-${shape}`));
      const smallest = Math.min(...deck.layouts.flat().map((p) => p.r));
      expect(smallest * 78, shape).toBeGreaterThanOrEqual(8);
    }
  });
});
