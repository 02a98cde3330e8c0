import { z } from 'zod';
import { choice, fail, failOn, got, range } from '../../core/errors.js';
import type { OptionSpec } from '../../core/kind.js';
import { switchOf } from '../../core/options.js';
import { SET_NAMES, type SetName } from '../../pdf/symbols.js';
import type { Shape } from './layout.js';
import { checkSymbolsPerCard, deckSize } from './plane.js';

export type Outline = 'cut' | 'thin' | 'none';

export interface DobbleOptions {
  symbolsPerCard: number;
  cards?: number; // fewer than the full deck; undefined = all
  symbols?: string; // a word list (.txt) or a folder of pictures; undefined = built-in set
  set: SetName;
  shape: Shape;
  cardSize?: number; // mm across the card; undefined = about 85 mm, as many as fit six a page
  outline: Outline;
  /** Print-shop cards: this many mm of background past the cut line, and crop marks; undefined = off. */
  bleed?: number;
  backs: boolean;
  numbers: boolean;
}

/** A code cannot carry the teacher's files; decoding such a code leaves this marker in `symbols`. */
export const CUSTOM_SYMBOLS = '(your own symbols)';

export const SHAPES: readonly Shape[] = ['round', 'square', 'hexagon'];
export const OUTLINES: readonly Outline[] = ['cut', 'thin', 'none'];

export const symbolOptionSpecs: OptionSpec[] = [
  { key: 'symbolsPerCard', flags: '--symbols-per-card <k>', description: 'symbols on each card: 3, 4, 5, 6, 8, 9, 10, 12, 14, 17, 18, 20, ... (one more than a prime power)', help: 'symbols on each card: a deck can be made with these numbers only', choices: ['3', '4', '5', '6', '8', '9', '10', '12', '14', '17', '18'] },
  { key: 'set', flags: '--set <name>', description: `built-in pictures: ${SET_NAMES.join(', ')} (default all)`, help: 'which of the built-in pictures the cards use', choices: SET_NAMES },
  { key: 'symbols', flags: '--symbols <file-or-folder>', description: 'your own symbols: a .txt word list (one word or phrase a line) or a folder of PNG, JPEG or SVG pictures', help: 'your own words or pictures take the place of the built-in pictures' },
];

export const optionSpecs: OptionSpec[] = [
  symbolOptionSpecs[0]!,
  { key: 'cards', flags: '--cards <n>', description: 'print only this many cards (default: the whole deck, 57 for 8 symbols a card)', help: 'print only this many cards (left empty: the whole deck, 57 for 8 symbols a card)', example: '57' },
  ...symbolOptionSpecs.slice(1),
  { key: 'shape', flags: '--shape <shape>', description: 'round, square or hexagon (default round)', help: 'the shape of the cards to cut out', choices: SHAPES },
  { key: 'cardSize', flags: '--card-size <mm>', description: 'card width in millimetres, from 40 to one card a page: 177 on A4, 182 on Letter (default: six cards a page, at least 3 mm apart: 84 on A4, 78 on Letter)', help: 'card width in millimetres, from 40 to one card a page: 177 on A4, 182 on Letter (left empty: six cards a page, 84 on A4, 78 on Letter)', range: [40, 182], example: 'six cards a page' },
  { key: 'outline', flags: '--outline <style>', description: 'cut (cutting line), thin (faint outline) or none: no line, only small marks outside each card to line up a circle punch (default cut; none with --bleed)', help: 'the line round each card: a cutting line, a faint outline, or none (only small marks outside each card to line up a circle punch)', choiceLabels: { cut: 'Cutting line', thin: 'Faint outline', none: 'None' }, choices: OUTLINES },
  { key: 'bleed', flags: '--bleed <mm>', description: 'for a print shop: crop marks at the corners of every card and this many mm (0 to 6) of the card back printed past the cut', range: [0, 6], example: 'none: no crop marks' },
  { key: 'backs', flags: '--backs', description: 'add a page of card backs behind every page of cards, for long-edge two-sided printing' },
  { key: 'numbers', flags: '--numbers', description: 'print a small card number on each card' },
];

export function wholeNumber(v: unknown, flag: string, dflt: number | undefined): number | undefined {
  if (v === undefined) return dflt;
  // a number below zero is whole too: the caller's range then says what would work
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) failOn(flag, `must be a whole number ${got(v)}`);
  return n;
}

export function oneOf<T extends string>(v: unknown, flag: string, allowed: readonly T[], dflt: T): T {
  if (v === undefined) return dflt;
  const s = String(v).trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(s)) failOn(flag, `must be one of ${allowed.join(', ')} ${got(v)}`, choice(allowed));
  return s as T;
}

export function symbolsPerCardOf(v: unknown, dflt: number): number {
  const k = wholeNumber(v, '--symbols-per-card', dflt)!;
  checkSymbolsPerCard(k, v ?? k);
  return k;
}

export function symbolsOf(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const s = String(v).trim();
  if (!s) failOn('--symbols', 'needs a file or folder name');
  return s;
}

function bleedOf(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= 6)) failOn('--bleed', `must be a number of millimetres from 0 to 6, 3 is usual ${got(v)}`, { what: 'range', min: 0, max: 6, unit: 'mm' });
  return Math.round(n * 10) / 10;
}

function cardSizeOf(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  // the largest card is one a page: 182 mm on Letter, 177 on A4 (checked with the paper, see index.ts)
  if (!(n >= 40 && n <= 182)) failOn('--card-size', `must be a number of millimetres from 40 to 177 on A4, 182 on Letter ${got(v)}`, { what: 'range', min: 40, max: 182, unit: 'mm' });
  return Math.round(n * 10) / 10;
}

export const schema = z
  .object({
    symbolsPerCard: z.unknown().optional(),
    cards: z.unknown().optional(),
    symbols: z.unknown().optional(),
    set: z.unknown().optional(),
    shape: z.unknown().optional(),
    cardSize: z.unknown().optional(),
    outline: z.unknown().optional(),
    bleed: z.unknown().optional(),
    backs: z.unknown().optional(),
    numbers: z.unknown().optional(),
  })
  .passthrough()
  .transform((o): DobbleOptions => {
    const k = symbolsPerCardOf(o.symbolsPerCard, 8);
    const full = deckSize(k);
    const cards = wholeNumber(o.cards, '--cards', undefined);
    if (cards !== undefined && (cards < 2 || cards > full)) {
      failOn('--cards', `must be from 2 to ${full}: a deck with ${k} symbols per card has ${full} cards ${got(o.cards)}`, range(2, full));
    }
    const bleed = bleedOf(o.bleed);
    return {
      symbolsPerCard: k,
      cards: cards === full ? undefined : cards,
      symbols: symbolsOf(o.symbols),
      set: oneOf(o.set, '--set', SET_NAMES, 'all'),
      shape: oneOf(o.shape, '--shape', SHAPES, 'round'),
      cardSize: cardSizeOf(o.cardSize),
      // a cut line printed for a shop shows wherever the trim lands a hair off it
      outline: oneOf(o.outline, '--outline', OUTLINES, bleed === undefined ? 'cut' : 'none'),
      ...(bleed === undefined ? {} : { bleed }),
      backs: switchOf(o.backs, '--backs'),
      numbers: switchOf(o.numbers, '--numbers'),
    };
  });

// One letter per set; 'u' marks a deck of the user's own symbols (not carried by the code).
export const SET_LETTERS: Record<SetName, string> = {
  all: 'A', animals: 'a', food: 'f', nature: 'n', things: 't', transport: 'v', play: 'p',
};

export function setLetter(o: { set: SetName; symbols?: string }): string {
  return o.symbols !== undefined ? 'u' : SET_LETTERS[o.set];
}

export function setFromLetter(c: string | undefined, text: string): { set: SetName; symbols?: string } {
  if (c === 'u') return { set: 'all', symbols: CUSTOM_SYMBOLS };
  const set = (Object.keys(SET_LETTERS) as SetName[]).find((s) => SET_LETTERS[s] === c);
  if (!set) fail(`"${text}" is not a valid Dobble code: unknown symbol set`);
  return { set };
}

/** e.g. "8Arc0" (K, set, shape, outline, flags), then "n55" for --cards, "s60" for --card-size, "b3" for --bleed. */
export function encode(o: DobbleOptions): string {
  const flags = (o.backs ? 1 : 0) + (o.numbers ? 2 : 0);
  let out = `${o.symbolsPerCard}${setLetter(o)}${o.shape[0]}${o.outline[0]}${flags}`;
  if (o.cards !== undefined) out += `n${o.cards}`;
  if (o.cardSize !== undefined) out += `s${o.cardSize}`;
  if (o.bleed !== undefined) out += `b${o.bleed}`;
  return out;
}

export function decode(text: string): DobbleOptions {
  const m = /^(\d+)([A-Za-z])([rsh])([ctn])([0-3])(?:n(\d+))?(?:s(\d+(?:\.\d)?))?(?:b(\d(?:\.\d)?))?$/.exec(text);
  if (!m) fail(`"${text}" is not a valid Dobble code`);
  const parsed = schema.parse({
    symbolsPerCard: m[1],
    cards: m[6],
    shape: SHAPES.find((s) => s[0] === m[3]),
    outline: OUTLINES.find((s) => s[0] === m[4]),
    backs: (Number(m[5]) & 1) === 1,
    numbers: (Number(m[5]) & 2) === 2,
    cardSize: m[7],
    bleed: m[8],
  });
  return { ...parsed, ...setFromLetter(m[2], text) };
}
