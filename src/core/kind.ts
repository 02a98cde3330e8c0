import type { z } from 'zod';
import type { Rng } from './rng.js';
import type { Draw, Box } from '../pdf/draw.js';
import type { Messages } from '../i18n/messages.js';

export type Paper = 'a4' | 'letter';

/** Puzzles per page, columns by rows. */
export interface Grid {
  cols: number;
  rows: number;
}

/** One command-line flag of a kind; batch plans use the same `key`. */
export interface OptionSpec {
  key: string; // camelCase property of the options object, e.g. "symbolsPerCard"
  flags: string; // commander syntax, e.g. "--symbols-per-card <k>"
  description: string; // says what is allowed and the default
  label?: string; // the form's name for it when the flag's words are not a teacher's ("Signs" for --ops)
  help?: string; // the form's words for it, where the description speaks of typing (lists, flags)
  choiceLabels?: Readonly<Record<string, string>>; // the form's name for each choice, where the value is a word to type
  repeatable?: boolean; // may be given several times; collected into an array
  // What a form (the web page) offers; tests check each against the kind's schema.
  choices?: readonly string[]; // the values to pick from
  multiple?: boolean; // with choices: a comma-separated list of them
  range?: readonly [number, number]; // a whole number from..to
  example?: string; // shown in an empty text field, e.g. "6-8"
  suggestions?: Readonly<Record<string, string>>; // with repeatable: lines a form offers to add, by the teacher's name for each
}

/** One generated puzzle (or deck, or board) with its place in the run. */
export interface Item<M> {
  number: number; // 1-based, as printed
  code: string; // printed on the page; regenerates this model
  model: M;
}

/** Something drawn into one slot of a page. The layout has already drawn number and code. */
export interface Slot {
  label?: string; // e.g. "1" or "Card 12"; drawn by the template's slot helper
  code?: string;
  /** Height over width of the drawing when it keeps its shape (a grid), so the label sits on it. */
  ratio?: number;
  /** The widest the drawing may be (pt), with `ratio`: a set's puzzles keep one size on every page. */
  width?: number;
  draw(d: Draw, box: Box): void;
}

/** Something drawn at the top of a section's first page, above its slots (a worked example). */
export interface Lead {
  height: number; // points it needs
  /** Rows of slots it takes on that page; 0: the slots of that page share the room below it. */
  rows: number;
  /** That page's own grid, when it is not the section's (two 9x9 side by side under the example, stacked after). */
  grid?: Grid;
  /** rtl: the page's language runs right to left, so the lead's parts should too. */
  draw(d: Draw, box: Box, rtl?: boolean): void;
}

/**
 * A run of pages that share a template and a grid of slots. The layout paginates `slots` into
 * pages of cols x rows. Kinds say what goes in the slots; templates say what surrounds them.
 */
export interface Section {
  title: string; // bookmark text, e.g. "Puzzles", "Answer key", "Card backs"
  template: string; // name of a file in templates/ without .hbs: worksheet, answers, sheet, cards
  answers: boolean; // true: belongs to the answer key (--answers back|separate|none)
  grid: Grid;
  heading?: string; // shown by the template (defaults to the run title)
  instructions?: string; // pupil-facing text for the template
  /** The line under the heading when the document's summary does not suit this page ('' for none). */
  subtitle?: string;
  slots: Slot[];
  /** When set, every page is followed by a back page whose slots are mirrored left-right (duplex). */
  backs?: Slot[];
  /** Draw slot labels and codes (puzzle sheets yes, full-page boards or card sheets usually no). */
  labels?: boolean;
  lead?: Lead;
  /**
   * Answers only: the cells (cols x rows of a page) each answer takes in a class's packed key, where
   * a teacher checks one pupil's few answers beside the next pupil's. Without it the key uses `grid`,
   * which a single board or a short sheet fills a page with.
   */
  packGrid?: Grid;
  /**
   * Answers only: drawn from the options and the words alone, never from the items, so every pupil of
   * a class has the same (Ludo's teacher's board). A class's key prints it once, not once a pupil.
   */
  shared?: boolean;
  /**
   * A sheet page's footer as a card page's: the description (not the run's title) and this code.
   * A deck's word list and ways to play are printed and kept with its cards.
   */
  deckCode?: string;
}

export interface SectionContext {
  paper: Paper;
  grid?: Grid; // --layout from the user, if given; otherwise the kind picks
  key?: boolean; // building the answer for one code (`puzzlepress key`): a kind may print less
  /** The words of the run's language (--lang); English when absent. Read it with wordsOf(ctx). */
  msg?: Messages;
  largePrint?: boolean; // text at least 16 pt once printed: slot areas are in the smaller page's units
  small?: boolean; // a booklet's half page (A5): fewer, bigger puzzles
  /** The box the slots of a template share on this paper (for kinds that size slots in mm). */
  slotArea(template: string, vars?: Record<string, unknown>): Box; // vars: the page's words if known (long instructions take room)
  /** Measures words as a page of this template draws them (large print's least size too): for kinds whose words decide their page count. */
  measure?(template: string): Draw;
}

/** Called by long-running commands; the CLI turns it into a progress bar or progress lines. */
export type Progress = (done: number, total: number) => void;

/** An extra command under a kind, such as `puzzlepress ludo simulate`. */
export interface SubCommand<O = any> {
  name: string;
  description: string;
  options: OptionSpec[];
  schema: z.ZodType<O>;
  /** Returns the text to print (and optionally JSON for --json); throws UserError on bad input. */
  run(options: O, progress: Progress): { text: string; json?: unknown };
}

/** One step of a worked solution: a short sentence, and maybe a small diagram of the state after it. */
export interface ExplanationStep {
  text: string;
  /** Plain, JSON-safe data that the kind's drawDiagram draws (a grid state, marked cells, ...). */
  diagram?: unknown;
}

/** A worked solution of one puzzle, as plain data: the CLI prints it, JSON carries it, the web page shows it. */
export interface Explanation {
  steps: ExplanationStep[];
}

/**
 * A puzzle kind, after Simon Tatham's collection: one module, one small interface.
 * `generate` is a pure function of options and a seeded Rng; nothing here knows about pages
 * except `sections`, which only says which slots exist and how many fit a page.
 */
export interface Kind<O = any, M = any> {
  name: string; // CLI name: "calcudoku"
  title: string; // "Calcudoku"
  letter: string; // first letter of every code of this kind, unique across kinds
  summary: string; // one line for `puzzlepress list`
  keyless?: boolean; // never has an answer key (a card deck): forms offer no Answer key choice
  ownLayout?: boolean; // its pages are laid out by the kind (boards, rules): --layout does not apply, forms do not offer it
  defaultTitle?: string; // page title when --title is not given; otherwise "<title> puzzles"
  options: OptionSpec[];
  /** Validates raw options (strings from the CLI, typed values from a plan) and fills defaults. */
  schema: z.ZodType<O>;
  defaultCount: number;
  /** What --count counts, plural, where it is not puzzles ("decks"): the help says so. */
  countOf?: string;
  /** What a page holds, plural, where it is not what --count counts ("cards" of a deck): forms say "Cards a page". */
  perPage?: string;
  /** Compact, code-safe text ([0-9A-Za-z.]) that `decode` turns back into the same options. */
  encode(options: O): string;
  decode(text: string): O;
  /**
   * The part of encode(options) the generator's random source depends on (default: all of it).
   * Fultiples boards take only the board's options, so adding a worksheet keeps the board.
   */
  randomKey?(options: O): string;
  generate(options: O, rng: Rng): M;
  /** Independent check of a model: an empty list means every rule holds. */
  check(model: M): string[];
  /**
   * What a solver finds, where puzzles of one set may come to the same answer (Spot the match: the
   * picture both cards share), as a number below `choices`. A set avoids repeating an answer a
   * puzzle shortly before it had (see generateItems): "the frog again" reads as a mistake.
   */
  answerOf?(model: M): { answer: number; choices: number };
  /** Short description for headings: "6x6 · hard", in the language of `msg` (English without it). */
  describe(options: O, msg?: Messages): string;
  sections(options: O, items: Item<M>[], ctx: SectionContext): Section[];
  /** The stable JSON export for this kind. */
  json(options: O, items: Item<M>[]): unknown;
  subcommands?: SubCommand[];
  /** Worked solution of one item (kinds without one refuse --explain). */
  explain?(options: O, item: Item<M>, msg?: Messages): Explanation;
  /** Draws one step's diagram into a box (needed when explain gives diagrams). */
  drawDiagram?(d: Draw, box: Box, model: M, diagram: unknown): void;
  /**
   * The side a diagram of this model needs, in multiples of the text size (default 15.5): big grids
   * with pencil marks need more for the marks to be read at print size.
   */
  diagramSize?(model: M): number;
}
