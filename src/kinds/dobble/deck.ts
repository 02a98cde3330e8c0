import { fail, aOrAn } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { MM } from '../../pdf/draw.js';
import { setSymbols, symbolShapes, wordBox, type SetName, type SymbolSource } from '../../pdf/symbols.js';
import type { ArtShape } from '../../pdf/svg.js';
import { loadSymbols } from './custom.js';
import { edgeDistance, EDGE_MARGIN, GAP, layoutCard, sizeRatio, WORD_RATIO, type CardStyle, type Placement, type Shape } from './layout.js';
import { outlineOf, rasterise, type Outline } from './outline.js';
import { CUSTOM_SYMBOLS } from './options.js';
import { cardsFrom, deckSize, hasPlane, MAX_SYMBOLS_PER_CARD, projectivePlane } from './plane.js';

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
/** The reason of the mistake: a deck's code made from the teacher's own symbols, asked for without them. */
export const OWN_SYMBOLS_NEEDED = 'own-symbols-needed';

export function symbolPool(o: SymbolChoice): SymbolSource[] {
  if (o.symbols === CUSTOM_SYMBOLS) {
    fail('this code was made with your own symbols: give the same file or folder again, as in puzzlepress key CODE --symbols FOLDER', [], { field: '--symbols', reason: OWN_SYMBOLS_NEEDED });
  }
  return o.symbols !== undefined ? loadSymbols(o.symbols) : setSymbols(o.set);
}

/**
 * Picks `needed` symbols at random, kept in pool order so legends read like the set or the word list.
 * `perCard`: the kind has a --cards option to offer as a way out, with this many symbols a card
 * (Spot the match has not).
 */
export function chooseSymbols(o: SymbolChoice, needed: number, rng: Rng, why: string, pool = symbolPool(o), perCard?: number): SymbolSource[] {
  if (pool.length < needed) {
    if (o.symbols !== undefined) {
      const what = pool[0]?.kind === 'word' ? 'words' : 'pictures';
      // the teacher has this many: say which whole deck they make, not only what is missing
      let k = MAX_SYMBOLS_PER_CARD;
      while (k >= 3 && !(hasPlane(k) && deckSize(k) <= pool.length)) k--;
      const fits = k >= 3 ? `, or choose ${k} --symbols-per-card (a whole deck of ${deckSize(k)} cards from ${deckSize(k)} ${what})` : '';
      // fewer cards only when they would do (10 words never make even two cards of 8 symbols), and
      // beside a whole deck the list makes: two cards from five words is no game
      const most = perCard === undefined || !fits ? 1 : cardsFrom(pool.length, perCard);
      const cards = most >= 2 ? ` or at most ${most} --cards` : '';
      const fixes = [...(fits ? [{ field: '--symbols-per-card', value: String(k) }] : []), ...(cards ? [{ field: '--cards', value: String(most) }] : [])];
      fail(`--symbols ${o.symbols} has ${pool.length} ${pool.length === 1 ? what.slice(0, -1) : what} but ${why} needs ${needed}: add ${needed - pool.length} more${fits}${cards}`, [], { field: '--symbols', fixes });
    }
    const advice = o.set === 'all'
      ? 'use --symbols with your own words or pictures, or fewer --symbols-per-card'
      : `use --set all (${setSymbols('all').length} pictures) or fewer --symbols-per-card`;
    fail(`the ${o.set === 'all' ? 'built-in pictures number' : `${o.set} set has`} ${pool.length} but ${why} needs ${needed}: ${advice}`);
  }
  const picked = rng.shuffle(pool.map((_, i) => i)).slice(0, needed).sort((a, b) => a - b);
  return picked.map((i) => pool[i]!);
}

/** Smallest print size of a word on a card (points). */
export const MIN_WORD_PT = 9;
/** Clear space between two words (mm): a finger's breadth apart reads as two words, not one. */
const WORD_GAP_MM = 2.5;
/** The smallest card any paper gets by default (mm); word sizes are chosen for it unless --card-size says. */
export const SMALLEST_DEFAULT_CARD_MM = 78;

function sourceKey(s: SymbolSource): string {
  return s.kind === 'icon' ? `icon:${s.icon}` : s.kind === 'word' ? `word:${s.name}` : `${s.kind}:${s.file}`;
}

const outlines = new Map<string, Outline>();
const shapesCache = new Map<string, ArtShape[]>();

export function shapesOf(s: SymbolSource): ArtShape[] {
  const key = sourceKey(s);
  let sh = shapesCache.get(key);
  if (!sh) {
    sh = symbolShapes(s);
    shapesCache.set(key, sh);
  }
  return sh;
}

export function outlineFor(s: SymbolSource): Outline {
  const key = sourceKey(s);
  let o = outlines.get(key);
  if (!o) {
    o = outlineOf(shapesOf(s));
    outlines.set(key, o);
  }
  return o;
}

/**
 * How a card of these symbols is packed. Pictures turn freely and vary 1 to 3 in size; words stay
 * within 30 degrees of level, vary less, keep a wider gap and never print below MIN_WORD_PT on a
 * card `cardMm` wide.
 */
export function cardStyle(symbols: SymbolSource[], k: number, cardMm = SMALLEST_DEFAULT_CARD_MM): CardStyle {
  const outline = (id: number) => outlineFor(symbols[id]!);
  if (!symbols.some((s) => s.kind === 'word')) return { tilt: 180, ratio: sizeRatio(k), gap: GAP, outline };
  const halfPt = (cardMm / 2) * MM;
  return {
    tilt: 30,
    ratio: WORD_RATIO,
    gap: WORD_GAP_MM / (cardMm / 2),
    outline,
    unit: (id) => {
      const s = symbols[id]!;
      if (s.kind !== 'word') return 1 / halfPt;
      const box = wordBox(s.name);
      return Math.hypot(box.w / 2, box.h / 2) / halfPt;
    },
    minScale: MIN_WORD_PT,
  };
}

/** Lays out one card, or says plainly why the words do not fit. */
export function layoutOrFail(card: number[], shape: Shape, rng: Rng, style: CardStyle, symbols: SymbolSource[], cardMm: number, hint?: { scale?: number }): Placement[] {
  const layout = layoutCard(card, shape, rng, style, hint);
  if (layout) return layout;
  if (style.minScale === undefined) throw new Error('a card could not be laid out');
  // crowded words: less difference in size before giving up
  for (const ratio of [1.4, 1]) {
    if (ratio >= style.ratio) continue;
    const l = layoutCard(card, shape, rng, { ...style, ratio });
    if (l) return l;
  }
  const longest = card.map((i) => symbols[i]!.name).sort((a, b) => b.length - a.length)[0];
  fail(`the words do not fit ${aOrAn(String(cardMm))} ${cardMm} mm card at ${MIN_WORD_PT} pt (longest on the card: "${longest}"): use a bigger --card-size, shorter words or fewer --symbols-per-card`);
}

export interface DeckRequest extends SymbolChoice {
  symbolsPerCard: number;
  cards?: number;
  shape: Shape;
  cardSize?: number;
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
  const symbols = chooseSymbols(o, used.length, rng, why, pool, o.symbolsPerCard);
  const ids = rng.shuffle(used.map((_, i) => i));
  const idOf = new Map(used.map((p, i) => [p, ids[i]!]));
  const cards = chosen.map((line) => line.map((p) => idOf.get(p)!).sort((a, b) => a - b));
  const layoutRng = rng.fork('layout');
  const mm = o.cardSize ?? SMALLEST_DEFAULT_CARD_MM;
  const style = cardStyle(symbols, o.symbolsPerCard, mm);
  const hint = {};
  const layouts = cards.map((c) => layoutOrFail(layoutRng.shuffle([...c]), o.shape, layoutRng, style, symbols, mm, hint));
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

/** Cells across the card when checking a layout: 0.27 mm on an 85 mm card. */
const CHECK_CELLS = 320;

const safeMasks = new Map<Shape, Uint8Array>();

/** Cells of the check grid far enough inside the card edge for paint (a cell's slack allowed). */
function safeCells(shape: Shape): Uint8Array {
  let m = safeMasks.get(shape);
  if (!m) {
    const n = CHECK_CELLS;
    const cell = 2 / n;
    m = new Uint8Array(n * n);
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) m[j * n + i] = edgeDistance(shape, -1 + (i + 0.5) * cell, -1 + (j + 0.5) * cell) >= EDGE_MARGIN - cell ? 1 : 0;
    }
    safeMasks.set(shape, m);
  }
  return m;
}

/**
 * Layout rules for one card: its symbols, and the paint of no two touching or crossing the edge
 * band, found by filling every symbol's outlines, turned and scaled as drawn, into a fine grid.
 */
export function checkLayout(card: number[], layout: Placement[], shape: Shape, label: string, symbols: SymbolSource[]): string[] {
  const out: string[] = [];
  const ids = layout.map((p) => p.symbol).sort((a, b) => a - b);
  if (ids.join() !== card.join()) out.push(`${label}: laid out symbols ${ids.join()} differ from the card's ${card.join()}`);
  const n = CHECK_CELLS;
  const cell = 2 / n;
  const owner = new Int32Array(n * n).fill(-1);
  const safe = safeCells(shape);
  const clashes = new Set<string>();
  let outside = false;
  for (const [at, p] of layout.entries()) {
    const src = symbols[p.symbol];
    if (!src) continue;
    const a = (p.rot * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const placed = shapesOf(src).map((sh) => ({
      pts: sh.pts.map((v, i) => {
        const x = sh.pts[i - (i % 2)]!;
        const y = sh.pts[i - (i % 2) + 1]!;
        const card = i % 2 === 0 ? p.x + p.r * (x * c - y * s) : p.y + p.r * (x * s + y * c);
        return (card + 1) / cell;
      }),
      pad: (sh.pad * p.r) / cell,
      filled: sh.filled,
    }));
    rasterise(placed, n, (i, j) => {
      const o = owner[j * n + i]!;
      if (o === at) return;
      if (o >= 0) clashes.add(`${layout[o]!.symbol} and ${p.symbol}`);
      owner[j * n + i] = at;
      if (!safe[j * n + i]) outside = true;
    });
  }
  for (const c of clashes) out.push(`${label}: symbols ${c} overlap`);
  if (outside) out.push(`${label}: a symbol crosses the safe margin`);
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
  deck.cards.forEach((c, i) => out.push(...checkLayout(c, deck.layouts[i] ?? [], deck.shape, `card ${i + 1}`, deck.symbols)));
  return out;
}
