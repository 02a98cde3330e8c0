import { fail } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { setSymbols, type SetName, type SymbolSource } from '../../pdf/symbols.js';
import { loadSymbols } from './custom.js';
import { layoutCard, outside, sizeRatio, WORD_RATIO, type Placement, type Shape } from './layout.js';
import { CUSTOM_SYMBOLS } from './options.js';
import { projectivePlane } from './plane.js';

export interface Deck {
  symbolsPerCard: number;
  shape: Shape;
  symbols: SymbolSource[]; // a symbol's id is its index here
  cards: number[][]; // symbol ids, ascending
  layouts: Placement[][]; // one per card, the same symbols as the card
}

export interface SymbolChoice {
  set: SetName;
  symbols?: string;
}

const planes = new Map<number, number[][]>();

export function plane(q: number): number[][] {
  let p = planes.get(q);
  if (!p) {
    p = projectivePlane(q);
    planes.set(q, p);
  }
  return p;
}

/** The symbols a deck may draw from: the teacher's files, or a built-in set. */
export function symbolPool(o: SymbolChoice): SymbolSource[] {
  if (o.symbols === CUSTOM_SYMBOLS) {
    fail('this code was made with your own symbols: give the same --symbols file or folder again to remake it');
  }
  return o.symbols !== undefined ? loadSymbols(o.symbols) : setSymbols(o.set);
}

/** Picks `needed` symbols at random, kept in pool order so legends read like the set or the word list. */
export function chooseSymbols(o: SymbolChoice, needed: number, rng: Rng, why: string, pool = symbolPool(o)): SymbolSource[] {
  if (pool.length < needed) {
    if (o.symbols !== undefined) {
      const what = pool[0]?.kind === 'word' ? 'words' : 'pictures';
      fail(`--symbols ${o.symbols} has ${pool.length} ${what} but ${why} needs ${needed}: add ${needed - pool.length} more, or use fewer --symbols-per-card or --cards`);
    }
    const advice = o.set === 'all'
      ? 'use --symbols with your own words or pictures, or fewer --symbols-per-card'
      : `use --set all (${setSymbols('all').length} pictures) or fewer --symbols-per-card`;
    fail(`the ${o.set === 'all' ? 'built-in pictures number' : `${o.set} set has`} ${pool.length} but ${why} needs ${needed}: ${advice}`);
  }
  const picked = rng.shuffle(pool.map((_, i) => i)).slice(0, needed).sort((a, b) => a - b);
  return picked.map((i) => pool[i]!);
}

/** Words stay within 30 degrees of level so they can be read, and vary less in size; pictures turn freely. */
export function layoutStyle(symbols: SymbolSource[], k: number): { tilt: number; ratio: number } {
  return symbols.some((s) => s.kind === 'word') ? { tilt: 30, ratio: WORD_RATIO } : { tilt: 180, ratio: sizeRatio(k) };
}

export interface DeckRequest extends SymbolChoice {
  symbolsPerCard: number;
  cards?: number;
  shape: Shape;
}

/**
 * A deck: `cards` lines of the projective plane of order K-1, chosen and ordered at random,
 * their points given random symbols, and every card laid out. Any set of lines keeps the rule
 * that two cards share exactly one symbol.
 */
export function buildDeck(o: DeckRequest, rng: Rng): Deck {
  const lines = plane(o.symbolsPerCard - 1);
  const n = o.cards ?? lines.length;
  const pool = symbolPool(o);
  const order = rng.shuffle(lines.map((_, i) => i));
  const chosen = (pool.length < lines.length ? fewestSymbols(lines, order, n) : order.slice(0, n)).map((i) => lines[i]!);
  const used = [...new Set(chosen.flat())].sort((a, b) => a - b);
  const why = `a deck of ${n} cards with ${o.symbolsPerCard} symbols each`;
  const symbols = chooseSymbols(o, used.length, rng, why, pool);
  const ids = rng.shuffle(used.map((_, i) => i));
  const idOf = new Map(used.map((p, i) => [p, ids[i]!]));
  const cards = chosen.map((line) => line.map((p) => idOf.get(p)!).sort((a, b) => a - b));
  const layoutRng = rng.fork('layout');
  const { tilt, ratio } = layoutStyle(symbols, o.symbolsPerCard);
  const layouts = cards.map((c) => layoutCard(layoutRng.shuffle([...c]), o.shape, layoutRng, tilt, ratio));
  return { symbolsPerCard: o.symbolsPerCard, shape: o.shape, symbols, cards, layouts };
}

/**
 * With fewer symbols than the full deck, part of it is printed: take cards that bring in as few
 * new symbols as possible (ties in the shuffled order), so a short word list goes furthest.
 */
function fewestSymbols(lines: number[][], order: number[], n: number): number[] {
  const used = new Set<number>();
  const left = [...order];
  const out: number[] = [];
  while (out.length < n) {
    let best = 0;
    let bestNew = Infinity;
    left.forEach((li, at) => {
      const fresh = lines[li]!.filter((p) => !used.has(p)).length;
      if (fresh < bestNew) [best, bestNew] = [at, fresh];
    });
    const [li] = left.splice(best, 1);
    out.push(li!);
    for (const p of lines[li!]!) used.add(p);
  }
  return out;
}

/** Layout rules for one card: its symbols, no two touching, none in the edge band, sizes in range. */
export function checkLayout(card: number[], layout: Placement[], shape: Shape, label: string): string[] {
  const out: string[] = [];
  const ids = layout.map((p) => p.symbol).sort((a, b) => a - b);
  if (ids.join() !== card.join()) out.push(`${label}: laid out symbols ${ids.join()} differ from the card's ${card.join()}`);
  for (let i = 0; i < layout.length; i++) {
    const a = layout[i]!;
    if (outside(shape, a.x, a.y, a.r) > 1e-9) out.push(`${label}: symbol ${a.symbol} crosses the safe margin`);
    for (let j = i + 1; j < layout.length; j++) {
      const b = layout[j]!;
      if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) out.push(`${label}: symbols ${a.symbol} and ${b.symbol} overlap`);
    }
  }
  const rs = layout.map((p) => p.r);
  if (Math.max(...rs) / Math.min(...rs) > sizeRatio(card.length) + 1e-6) out.push(`${label}: symbol sizes vary too much`);
  return out;
}

/** The deck rule itself: K distinct symbols per card, any two cards share exactly one. */
export function checkCards(cards: number[][], k: number, symbolCount: number): string[] {
  const out: string[] = [];
  const sets = cards.map((c) => new Set(c));
  cards.forEach((c, i) => {
    if (c.length !== k || sets[i]!.size !== k) out.push(`card ${i + 1} has ${sets[i]!.size} different symbols, not ${k}`);
    if (c.some((s) => !Number.isInteger(s) || s < 0 || s >= symbolCount)) out.push(`card ${i + 1} has an unknown symbol`);
  });
  for (let i = 0; i < cards.length && out.length < 10; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      let shared = 0;
      for (const s of cards[j]!) if (sets[i]!.has(s)) shared++;
      if (shared !== 1) out.push(`cards ${i + 1} and ${j + 1} share ${shared} symbols`);
    }
  }
  return out;
}

export function checkDeck(deck: Deck): string[] {
  const out = checkCards(deck.cards, deck.symbolsPerCard, deck.symbols.length);
  const seen = new Set(deck.cards.flat());
  if (seen.size !== deck.symbols.length) out.push(`${deck.symbols.length - seen.size} symbols are on no card`);
  deck.cards.forEach((c, i) => out.push(...checkLayout(c, deck.layouts[i] ?? [], deck.shape, `card ${i + 1}`)));
  return out;
}
