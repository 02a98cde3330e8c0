import { z } from 'zod';
import { messages, wordsOf } from '../../i18n/messages.js';
import { fail } from '../../core/errors.js';
import type { Kind } from '../../core/kind.js';
import { Rng } from '../../core/rng.js';
import type { Box, Draw } from '../../pdf/draw.js';
import { SET_NAMES, type SetName, type SymbolSource } from '../../pdf/symbols.js';
import { puzzleSections } from '../../layout/standard.js';
import { cardStyle, checkCards, checkLayout, chooseSymbols, layoutOrFail, plane } from '../dobble/deck.js';
import type { Placement } from '../dobble/layout.js';
import { oneOf, setFromLetter, setLetter, symbolOptionSpecs, symbolsOf, symbolsPerCardOf } from '../dobble/options.js';
import { drawOutline, drawPlacements, frame, type CardFrame } from '../dobble/render.js';

export interface SpotMatchOptions {
  symbolsPerCard: number;
  set: SetName;
  symbols?: string;
}

export interface SpotMatch {
  symbolsPerCard: number;
  symbols: SymbolSource[];
  cardA: number; // index in the deck
  cardB: number;
  a: number[];
  b: number[];
  shared: number;
  layoutA: Placement[];
  layoutB: Placement[];
}

const schema = z
  .object({ symbolsPerCard: z.unknown().optional(), set: z.unknown().optional(), symbols: z.unknown().optional() })
  .passthrough()
  .transform(
    (o): SpotMatchOptions => ({
      symbolsPerCard: symbolsPerCardOf(o.symbolsPerCard, 6),
      set: oneOf(o.set, '--set', SET_NAMES, 'all'),
      symbols: symbolsOf(o.symbols),
    }),
  );

/** The smallest a worksheet card prints (mm): two side by side, three pairs to a Letter page. */
const SHEET_CARD_MM = 70;

interface SharedDeck {
  symbols: SymbolSource[];
  cards: number[][];
}

const decks = new Map<string, SharedDeck>();

/**
 * Every exercise of a run draws its pair from one deck that depends on the options only, so the
 * JSON can list that deck once and each pair as card numbers in it.
 */
export function sharedDeck(o: SpotMatchOptions): SharedDeck {
  const key = `${o.symbolsPerCard}/${o.set}/${o.symbols ?? ''}`;
  let deck = decks.get(key);
  if (!deck) {
    const cards = plane(o.symbolsPerCard - 1);
    const symbols = chooseSymbols(o, cards.length, new Rng(`spot-match/${key}`), `a deck with ${o.symbolsPerCard} symbols per card`);
    deck = { symbols, cards };
    decks.set(key, deck);
  }
  return deck;
}

function generate(o: SpotMatchOptions, rng: Rng): SpotMatch {
  const deck = sharedDeck(o);
  const n = deck.cards.length;
  const cardA = rng.int(0, n - 1);
  let cardB = rng.int(0, n - 2);
  if (cardB >= cardA) cardB++;
  const a = deck.cards[cardA]!;
  const b = deck.cards[cardB]!;
  const shared = a.find((s) => b.includes(s))!;
  // a worksheet card is smaller than a real one, so sizes vary less and the smallest stays clear
  const base = cardStyle(deck.symbols, o.symbolsPerCard, SHEET_CARD_MM);
  const style = { ...base, ratio: Math.min(base.ratio, 2) };
  const layout = (card: number[]) => layoutOrFail(rng.shuffle([...card]), 'round', rng, style, deck.symbols, SHEET_CARD_MM);
  return {
    symbolsPerCard: o.symbolsPerCard,
    symbols: deck.symbols,
    cardA,
    cardB,
    a,
    b,
    shared,
    layoutA: layout(a),
    layoutB: layout(b),
  };
}

function check(m: SpotMatch): string[] {
  const out = checkCards([m.a, m.b], m.symbolsPerCard, m.symbols.length);
  if (!m.a.includes(m.shared) || !m.b.includes(m.shared)) out.push(`symbol ${m.shared} is not on both cards`);
  out.push(...checkLayout(m.a, m.layoutA, 'round', 'left card', m.symbols), ...checkLayout(m.b, m.layoutB, 'round', 'right card', m.symbols));
  return out;
}

/** The two cards side by side, as large as the box allows. */
function frames(box: Box): [CardFrame, CardFrame] {
  const gap = Math.min(box.w * 0.06, 24);
  const half = { ...box, w: (box.w - gap) / 2 };
  return [frame(half, 'round', Infinity), frame({ ...half, x: box.x + half.w + gap }, 'round', Infinity)];
}

function drawPair(d: Draw, box: Box, m: SpotMatch, answer: boolean): void {
  const [fa, fb] = frames(box);
  for (const [f, layout] of [[fa, m.layoutA], [fb, m.layoutB]] as const) {
    drawOutline(d, f, 'round', 'cut');
    drawPlacements(d, f, layout, m.symbols);
    if (!answer) continue;
    const p = layout.find((q) => q.symbol === m.shared)!;
    // a thick ring reads as "circled" in colour and in black and white alike
    d.circle(f.cx + p.x * f.half, f.cy + p.y * f.half, p.r * f.half + 2.5, { stroke: '#d62828', width: 3 });
  }
}

/** What the cards show, in a child's word (the messages choose it by this). */
function what(o: SpotMatchOptions): string {
  const symbols = sharedDeck(o).symbols;
  return symbols.every((s) => s.kind === 'word') ? 'word' : symbols.some((s) => s.kind === 'word') ? 'mixed' : 'picture';
}

export const spotMatch: Kind<SpotMatchOptions, SpotMatch> = {
  name: 'spot-match',
  title: 'Spot the match',
  letter: 'S',
  defaultTitle: 'Spot the match',
  summary: 'Spot the match: two Dobble cards per exercise, circle the one symbol they share',
  options: symbolOptionSpecs.map((s) =>
    s.key === 'symbolsPerCard' ? { ...s, description: `${s.description} (default 6)` } : s,
  ),
  schema,
  defaultCount: 6,
  countOf: 'exercises',
  encode: (o) => `${o.symbolsPerCard}${setLetter(o)}`,
  decode: (text) => {
    const m = /^(\d+)([A-Za-z])$/.exec(text);
    if (!m) fail(`"${text}" is not a valid spot-the-match code`);
    return { symbolsPerCard: symbolsPerCardOf(m[1], 6), ...setFromLetter(m[2], text) };
  },
  generate,
  check,
  answerOf: (m) => ({ answer: m.shared, choices: m.symbols.length }),
  describe: (o, m = messages()) => m.t('dobble.symbolsACard', { n: o.symbolsPerCard }),
  sections: (o, items, ctx) =>
    puzzleSections({
      items,
      ctx,
      // Large print: two pairs a page, so the pictures grow with the text.
      grid: ctx.largePrint ? { cols: 1, rows: 2 } : { cols: 1, rows: 3 },
      answerGrid: { cols: 2, rows: 5 },
      // a class key: a pupil's six pairs in two rows of three, half a page, not a page each
      packGrid: { cols: 3, rows: 5 },
      instructions: wordsOf(ctx).t('spot-match.instructions', { thing: what(o) }),
      puzzle: (d, box, m) => drawPair(d, box, m, false),
      answer: (d, box, m) => drawPair(d, box, m, true),
    }),
  json: (o, items) => {
    const deck = sharedDeck(o);
    return {
      kind: 'spot-match',
      symbolsPerCard: o.symbolsPerCard,
      symbols: deck.symbols.map((s, id) => ({ id, name: s.name })),
      cards: deck.cards,
      pairs: items.map((it) => [it.model.cardA, it.model.cardB, it.model.shared]),
      codes: items.map((it) => it.code),
    };
  },
};
