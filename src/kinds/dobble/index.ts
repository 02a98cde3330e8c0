import { fail, failOn } from '../../core/errors.js';
import type { Item, Kind, Section, SectionContext } from '../../core/kind.js';
import { MM, type Box, type Draw } from '../../pdf/draw.js';
import { buildDeck, checkDeck, type Deck } from './deck.js';
import { decode, encode, optionSpecs, schema, type DobbleOptions } from './options.js';
import { deckKeySections } from './key.js';
import { drawGames, gamesPages, packGames } from './rules.js';
import { messages, wordsOf } from '../../i18n/messages.js';
import { symbolName } from './names.js';
import { aspect, CROP_MARK_MM, hexMarkStart, drawBack, drawEdge, drawLegendEntry, drawNumber, drawPlacements, frame, legendNameFits } from './render.js';
import { slotBoxes } from '../../layout/page.js';
import type { SymbolSource } from '../../pdf/symbols.js';

/** The default card: about 85 mm, shrunk just enough that six fit a page with room to cut between. */
const DEFAULT_CARD_MM = 85;

/** Clear paper between two cards (mm), both ways: room for scissors on either side of a line. */
export const GUTTER_MM = 3;

/**
 * Paper between cards: with crop marks, both cards' bleed and a mark (1 mm clear at each end) between
 * them. A hexagon's marks leave its corners at 60 degrees, towards those of the card above or below:
 * each keeps to its own half of the gap, with 0.5 mm to spare.
 */
export function gutterMm(o: DobbleOptions): number {
  if (o.bleed === undefined) return GUTTER_MM;
  if (o.shape === 'hexagon') return Math.max(GUTTER_MM, 2 * (hexMarkStart(o.bleed) + CROP_MARK_MM) * (Math.sqrt(3) / 2) + 1);
  return Math.max(GUTTER_MM, 2 * o.bleed + CROP_MARK_MM + 2);
}

function cardMm(o: DobbleOptions, ctx: SectionContext): number {
  const area = ctx.slotArea('cards');
  const g = gutterMm(o) * MM;
  // cards sit centred in equal slots, so a slot less the gutter is the most a card may take;
  // large print: four bigger cards a page rather than six; a --layout of the teacher's sets the slots
  const { cols, rows } = ctx.grid ?? { cols: 2, rows: ctx.largePrint ? 2 : 3 };
  const most = Math.floor(Math.min(area.w / cols - g, area.h / rows / aspect(o.shape) - g / aspect(o.shape)) / MM);
  if (o.cardSize === undefined) {
    if (most < 20) failOn('--layout', `${cols}x${rows} leaves room for cards of only ${Math.max(0, most)} mm; try 3x4 or fewer cards a page`);
    return Math.min(DEFAULT_CARD_MM, most);
  }
  // cards bigger than their slots would overlap and their cut lines cross
  if (ctx.grid && o.cardSize > most) failOn('--card-size', `${o.cardSize} mm does not fit --layout ${cols}x${rows}: at most ${Math.max(0, most)} mm; leave out one of them`);
  return o.cardSize;
}

/** Cards per page from the card size and the space the cards template leaves. */
function cardGrid(o: DobbleOptions, ctx: SectionContext, mm: number) {
  if (ctx.grid) return ctx.grid;
  const area = ctx.slotArea('cards');
  const g = gutterMm(o) * MM;
  const w = mm * MM;
  const h = w * aspect(o.shape);
  // n cards in a row need n gutters: half a gutter at each end keeps neighbouring pages' cards apart too
  const cols = Math.floor((area.w + 0.01) / (w + g));
  const rows = Math.floor((area.h + 0.01) / (h + g));
  if (cols < 1 || rows < 1) {
    const most = Math.floor(Math.min(area.w - g, area.h / aspect(o.shape) - g) / MM);
    failOn('--card-size', `${mm} mm does not fit on ${ctx.paper === 'a4' ? 'A4' : 'Letter'} paper: at most ${most} mm`);
  }
  return { cols, rows };
}

/**
 * Large print's symbol list: rows tall enough for 16 pt names and numbers, a row and its gap 29 pt
 * of the smaller page (15 mm printed): twelve on a whole page, seven on a booklet's half page, where
 * twelve ran the last rows into the footer. Two columns, or one where a name would not fit
 * beside its number at 16 pt ("magnifying glass" ran over its number on a booklet's half page).
 */
function largeLegendGrid(ctx: SectionContext, instructions: string, symbols: SymbolSource[]) {
  const area = ctx.slotArea('sheet', { instructions });
  const rows = Math.min(12, Math.floor(area.h / 29));
  const d = ctx.measure?.('sheet');
  const row = slotBoxes(area, { cols: 2, rows }, 14)[0]!; // the sheet's {{slots}} gap
  return { cols: d && !symbols.every((s) => legendNameFits(d, row, s)) ? 1 : 2, rows };
}

function sections(o: DobbleOptions, items: Item<Deck>[], ctx: SectionContext): Section[] {
  const m = wordsOf(ctx);
  if (ctx.key) return items.flatMap((it) => deckKeySections(it, sections(o, [it], { ...ctx, key: false }).find((s) => s.template === 'sheet')!, m));
  const mm = cardMm(o, ctx);
  const grid = cardGrid(o, ctx, mm);
  const size = mm * MM;
  const out: Section[] = [];
  for (const it of items) {
    const deck = it.model;
    const many = (key: string) => m.t(items.length > 1 ? `${key}.ofDeck` : key, { n: it.number });
    const subtitle = m.t('dobble.backSubtitle', { cards: deck.cards.length, symbols: deck.symbolsPerCard });
    out.push({
      title: many('dobble.cards'),
      template: 'cards',
      answers: false,
      grid,
      labels: false,
      slots: deck.cards.map((_, i) => ({
        label: m.t('dobble.card', { n: i + 1 }),
        code: it.code,
        draw: (d, box) => {
          const f = frame(box, deck.shape, size);
          drawEdge(d, f, deck.shape, o.outline, o.bleed);
          drawPlacements(d, f, deck.layouts[i]!, deck.symbols);
          if (o.numbers) drawNumber(d, f, deck.shape, i + 1);
        },
      })),
      backs: o.backs
        ? deck.cards.map(() => ({ draw: (d, box) => drawBack(d, frame(box, deck.shape, size), deck.shape, o.outline, 'Dobble', subtitle, o.bleed) }))
        : undefined,
    });
    const words = deck.symbols.some((s) => s.kind === 'word');
    const instructions = deck.symbols.some((s) => s.kind === 'icon') ? `${m.t('dobble.legend', { code: it.code })} ${m.t('dobble.credit')}` : m.t('dobble.legend', { code: it.code });
    out.push({
      title: many('dobble.symbols'),
      template: 'sheet',
      answers: false,
      grid: ctx.largePrint ? largeLegendGrid(ctx, instructions, deck.symbols.map((s) => ({ ...s, name: symbolName(m, s) }))) : { cols: 3, rows: 20 },
      heading: words ? many('dobble.wordList') : many('dobble.symbols'),
      instructions,
      labels: false,
      deckCode: it.code,
      slots: deck.symbols.map((s, id) => ({ draw: (d, box) => drawLegendEntry(d, box, { ...s, name: symbolName(m, s) }, id) })),
    });
  }
  const words = items.every((it) => it.model.symbols.every((s) => s.kind === 'word'));
  const least = gamesPages(ctx.largePrint, ctx.small);
  const packed = ctx.measure ? packGames(ctx.measure('sheet'), ctx.slotArea('sheet', { instructions: '' }), words, m, least) : null;
  const games = packed ? packed[packed.length - 1]! + 1 : least;
  out.push({
    title: m.t('dobble.howToPlay'),
    template: 'sheet',
    answers: false,
    grid: { cols: 1, rows: 1 },
    heading: m.t('dobble.waysToPlay'),
    labels: false,
    // one deck's: its code too; several decks share the page
    deckCode: items.length === 1 ? items[0]!.code : '',
    slots: Array.from({ length: games }, (_, p) => ({ draw: (d: Draw, box: Box) => drawGames(d, box, words, m, p, games, packed ?? undefined) })),
  });
  return out;
}

function deckJson(it: Item<Deck>) {
  return {
    code: it.code,
    symbols: it.model.symbols.map((s, id) => ({ id, name: s.name, ...('file' in s ? { file: s.file } : {}) })),
    cards: it.model.cards,
  };
}

export const dobble: Kind<DobbleOptions, Deck> = {
  name: 'dobble',
  title: 'Dobble',
  letter: 'D',
  defaultTitle: 'Dobble deck',
  summary: 'Dobble (Spot it) card decks: any two cards share exactly one symbol; pictures, words or your own images',
  keyless: true,
  options: optionSpecs,
  schema,
  defaultCount: 1,
  countOf: 'decks',
  perPage: 'cards',
  encode,
  decode,
  generate: (o, rng) => buildDeck(o, rng),
  check: checkDeck,
  describe: (o, m = messages()) => {
    const n = o.cards ?? (o.symbolsPerCard - 1) ** 2 + o.symbolsPerCard;
    return `${m.t('dobble.cardCount', { n })} · ${m.t('dobble.symbolsACard', { n: o.symbolsPerCard })}`;
  },
  sections,
  json: (o, items) => {
    const first = deckJson(items[0]!);
    return {
      kind: 'dobble',
      symbolsPerCard: o.symbolsPerCard,
      ...first,
      // several decks in one run: every deck, the first repeated above for the common case
      decks: items.map(deckJson),
    };
  },
};
