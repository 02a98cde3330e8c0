import type { Explanation, Grid, Item, Kind, Paper, SectionContext } from './core/kind.js';
import { Rng } from './core/rng.js';
import { makeCode, parseCode, puzzleSeed, seedText } from './core/code.js';
import { fail, failOn, got } from './core/errors.js';
import { Templates } from './layout/templates.js';
import { planPages, type Part, type PlannedPage } from './layout/plan.js';
import { slotsBox } from './layout/page.js';
import { createDocument, PAPER_SIZE, pageStyle } from './pdf/document.js';
import { scaleBlocks } from './layout/blocks.js';
import { contentBox } from './pdf/render.js';
import { Draw, type Box } from './pdf/draw.js';
import type { RenderOptions } from './pdf/render.js';
import { findKind, findKindByLetter, KINDS } from './kinds/index.js';
import { explainSection } from './layout/explain.js';
import { kindTitle, messages, type Messages } from './i18n/messages.js';
import { LARGE_PRINT, scaledBox } from './pdf/print.js';
import { Recent } from './pdf/recent.js';

export type AnswersMode = 'back' | 'separate' | 'none';

/** The model behind one code. The code is the whole seed, so it regenerates exactly this model. */
export function generateOne<O, M>(kind: Kind<O, M>, options: O, code: string): M {
  const model = kind.generate(options, randomSource(kind, options, code));
  const problems = kind.check(model);
  if (problems.length) {
    // A generator that produced a rule-breaking puzzle is our bug, never the user's: refuse to print it.
    throw new Error(`internal error: ${kind.name} puzzle ${code} failed its check: ${problems.slice(0, 3).join('; ')}`);
  }
  return model;
}

/**
 * The random source behind a code. Codes printed before the check was added keep seeding from
 * the whole code, so they still give the puzzle that was printed with them.
 */
function randomSource<O, M>(kind: Kind<O, M>, options: O, code: string): Rng {
  const text = seedText(code);
  if (!kind.randomKey || text === code) return new Rng(text);
  return new Rng(`${kind.letter}${kind.randomKey(options)}${text.slice(text.lastIndexOf('-'))}`);
}

/** Tries at one place before a repeated answer is let stand: a set may hold few answers, a small deck 7. */
const MAX_ATTEMPTS = 16;

/**
 * Items `first`..`first+count-1` of a run; each index has its own seed, so runs can be split freely,
 * given the items before `first` (`earlier`). Where the kind says what a puzzle's answer is, a
 * puzzle whose answer one of the last few had is made again from its place's next seed. The window
 * is at most half the answers there are, so a new one is found in a try or two.
 */
export function generateItems<O, M>(kind: Kind<O, M>, options: O, seed: string, count: number, first = 0, earlier: readonly Item<M>[] = []): Item<M>[] {
  const opts = kind.encode(options);
  const items: Item<M>[] = [];
  const made = (i: number, attempt: number): Item<M> => {
    const code = makeCode(kind.letter, opts, puzzleSeed(seed, kind.name, i, attempt));
    return { number: i + 1, code, model: generateOne(kind, options, code) };
  };
  const answerOf = kind.answerOf?.bind(kind);
  for (let i = first; i < first + count; i++) {
    let item = made(i, 0);
    if (answerOf) {
      const window = Math.floor(answerOf(item.model).choices / 2);
      // only the tail of `earlier`: a run made one puzzle at a time passes all it has made so far
      const recent = window ? [...earlier.slice(-window), ...items].slice(-window).map((it) => answerOf(it.model).answer) : [];
      for (let attempt = 1; attempt < MAX_ATTEMPTS && recent.includes(answerOf(item.model).answer); attempt++) item = made(i, attempt);
    }
    items.push(item);
  }
  return items;
}

let measurer: Draw | null = null;

/**
 * Slot areas already measured, per compiled template. Every pupil of a batch lays out the same
 * worksheets, and each asked again for the room its pages leave the puzzles: the template filled,
 * its blocks parsed and its words measured (~1.5 ms a pupil of the README plan). The answer is a
 * function of the template, what fills it, the page and where the measuring document's x and y
 * stood (they start PDFKit's measurements); the measurer is left where the measuring left it.
 */
const areas = new WeakMap<object, Recent<{ box: Box; x: number; y: number }>>();

/** The templates of answer pages: the teacher's, never in large print. */
export const ANSWER_TEMPLATES = ['answers', 'solutions'];

/** Points (an inch and a half) a page must leave for its puzzles, or they would be too small to use. */
const MIN_SLOTS_HEIGHT = 108;

/**
 * Measures templates without a real document, so kinds can size slots (cards in mm) up front.
 * `size`: the page when it is not the paper's own (a booklet's half page, set as pageStyle says).
 */
export function sectionContext(paper: Paper, templates: Templates, grid?: Grid, key?: boolean, lang?: string, large?: boolean, size = PAPER_SIZE[paper]): SectionContext {
  const msg = messages(lang);
  measurer ??= new Draw(createDocument('a4', { title: '', subject: '', keywords: '' }));
  const content: Box = contentBox(size);
  const { scale } = pageStyle(size);
  // Large print lays the pupils' pages out smaller, to be drawn enlarged (src/pdf/print.ts); the
  // teacher's answer pages stay in normal print.
  const enlarged = (template: string) => !!large && !ANSWER_TEMPLATES.includes(template);
  return {
    paper,
    grid,
    key,
    msg,
    ...(large ? { largePrint: true } : {}),
    small: scale < 1,
    slotArea(template: string, vars: Record<string, unknown> = {}): Box {
      const filled = { title: 'Title', headline: 'Title', subtitle: 'Subtitle', instructions: 'Instructions.', page: 1, pages: 1, codes: '', lang: msg.lang, booklet: scale < 1, ...vars };
      const fill = templates.get(template);
      const big = enlarged(template);
      const m = measurer!;
      m.minText = big ? LARGE_PRINT.minText : 0;
      const doc = m.doc as unknown as { x: number; y: number };
      const key = `${scale} ${big} ${content.x} ${content.y} ${content.w} ${content.h} ${doc.x} ${doc.y} ${JSON.stringify(filled)}`;
      let known = areas.get(fill);
      const seen = known?.get(key);
      if (seen) {
        doc.x = seen.x;
        doc.y = seen.y;
        return { ...seen.box };
      }
      const blocks = scaleBlocks(fill(filled), scale);
      const box = slotsBox(m, blocks, big ? scaledBox(content, LARGE_PRINT.scale) : content);
      if (!box) fail(`template "${template}" has no {{slots}}, so nothing could be placed on its pages`);
      if (box.h < MIN_SLOTS_HEIGHT) {
        fail(`template "${template}" leaves ${Math.round(box.h)} points of the page for the puzzles: take out some lines or {{space}} so at least ${MIN_SLOTS_HEIGHT} are left`);
      }
      if (!known) areas.set(fill, (known = new Recent(100)));
      known.set(key, { box: { ...box }, x: doc.x, y: doc.y });
      return box;
    },
    measure(template: string): Draw {
      measurer!.minText = enlarged(template) ? LARGE_PRINT.minText : 0;
      return measurer!;
    },
  };
}

/** The page title when the user gave none, in the run's language. */
export function defaultTitle(kind: Kind, msg: Messages = messages()): string {
  const key = `kind.${kind.name}.defaultTitle`;
  return msg.has(key) ? msg.t(key) : (kind.defaultTitle ?? `${kind.title} puzzles`);
}

export interface RunSettings {
  paper: Paper;
  layout?: Grid;
  title?: string;
  pupil?: string;
  key?: boolean; // the answer for one code (`puzzlepress key`)
  lang?: string; // --lang: the language of every printed word (default English)
  /** Worked solutions of the first items (from explainItems), printed after the answer key. */
  explanations?: Explanation[];
  largePrint?: boolean;
}

/** A kind's items as one part of a document: its sections plus the words the templates show. */
export function kindPart<O, M>(kind: Kind<O, M>, options: O, items: Item<M>[], s: RunSettings, templates: Templates, outline?: string): Part {
  const base = sectionContext(s.paper, templates, s.layout, s.key, s.lang, s.largePrint);
  // A title no font can print is refused here, before any puzzle is made (the run lays out empty first).
  if (s.title) for (const font of ['regular', 'bold'] as const) measurer!.textWidth(s.title, 10, font);
  const msg = base.msg!;
  // Pages are headed by the title unless a section names its own: a long one takes two lines.
  const headline = s.title ?? defaultTitle(kind as Kind, msg);
  const ctx: SectionContext = { ...base, slotArea: (template, vars) => base.slotArea(template, { headline, ...vars }) };
  const sections = kind.sections(options, items, ctx);
  if (s.explanations?.length) sections.push(explainSection({ items, area: ctx.slotArea('solutions'), explanations: s.explanations, drawDiagram: kind.drawDiagram?.bind(kind), diagramSize: kind.diagramSize?.bind(kind), msg, measure: ctx.measure?.('solutions') }));
  for (const sec of sections) {
    if (sec.slots.length && !templates.get(sec.template)({ lang: msg.lang }).some((b) => b.type === 'slots')) {
      fail(`the ${sec.template} template has no {{slots}} helper, so the ${sec.title.toLowerCase()} would not be printed: add {{slots}} where they should go`);
    }
  }
  return {
    outline,
    ...(s.largePrint ? { large: true } : {}),
    sections,
    vars: {
      title: s.title ?? defaultTitle(kind as Kind, msg),
      subtitle: `${kindTitle(msg, kind)} · ${kind.describe(options, msg)}`,
      kind: kindTitle(msg, kind),
      description: kind.describe(options, msg),
      pupil: s.pupil ?? '',
      lang: msg.lang,
    },
  };
}

export interface DocumentFiles {
  main: PlannedPage[];
  answers: PlannedPage[] | null; // a separate answer file, or null
}

export function documentPages(parts: Part[], answers: AnswersMode): DocumentFiles {
  const front = planPages(parts, false);
  const back = answers === 'none' ? [] : planPages(parts, true);
  if (answers === 'separate') return { main: front, answers: back.length ? back : null };
  return { main: [...front, ...back], answers: null };
}

export function answersFileName(out: string): string {
  return out.replace(/(\.pdf)?$/i, '-answers.pdf');
}

export interface KeyResult {
  kind: Kind;
  item: Item<unknown>;
  options: unknown;
}

/** The options as the kind prints them, for kinds that read them in any case; undefined if unreadable. */
export function canonicalOptions(letter: string, options: string): string | undefined {
  const kind = findKindByLetter(letter);
  if (!kind) return undefined;
  try {
    return kind.encode(kind.decode(options));
  } catch {
    return undefined;
  }
}

/** The reason of the mistake: `symbols` given for a code that is not of a deck made with them. */
export const SYMBOLS_NOT_NEEDED = 'symbols-not-needed';

/**
 * Regenerates the puzzle behind a printed code. A code cannot carry the teacher's own files, so a
 * deck made with `--symbols` needs them named again (`symbols`).
 */
export function fromCode(raw: string, symbols?: string): KeyResult {
  const parsed = parseCode(raw, canonicalOptions);
  const kind = findKindByLetter(parsed.letter);
  if (!kind) fail(`"${raw}" is not a puzzle code: no puzzle kind starts with the letter ${parsed.letter}`);
  let options = kind.decode(parsed.options);
  if (symbols !== undefined) {
    if ((options as { symbols?: string }).symbols === undefined) {
      fail(`--symbols is only for the code of a deck made with your own symbols; leave it out for ${raw}`, [], { field: '--symbols', reason: SYMBOLS_NOT_NEEDED });
    }
    options = { ...(options as object), symbols };
  }
  // An old code (no check) is reprinted as it was typed, so it regenerates exactly the old puzzle.
  const code = parsed.checked ? makeCode(kind.letter, kind.encode(options), parsed.seed) : `${kind.letter}${kind.encode(options)}-${parsed.seed}`;
  return { kind, options, item: { number: 1, code, model: generateOne(kind, options, code) } };
}

export { findKind, Templates };
export type { RenderOptions };

/**
 * Worked solutions of the first `count` items (all when true). A kind without them is refused with
 * one line naming the kinds that have them.
 */
export function explainItems<O, M>(kind: Kind<O, M>, options: O, items: Item<M>[], count: number | true, msg?: Messages): Explanation[] {
  if (!kind.explain) {
    const have = KINDS.filter((k) => k.explain).map((k) => k.name);
    failOn('--explain', `: ${kind.name} has no worked solutions yet; ${have.length ? `${have.join(' and ')} ${have.length === 1 ? 'has' : 'have'} them` : 'no kind has them yet'}`);
  }
  const n = count === true ? items.length : Math.min(count, items.length);
  return items.slice(0, n).map((it) => kind.explain!(options, it, msg));
}

/** `--explain` as given: true for every puzzle, or a count; anything else is refused. */
export function explainCount(raw: unknown): number | true | undefined {
  if (raw === undefined || raw === false) return undefined;
  if (raw === true) return true;
  const s = String(raw).trim();
  if (!/^\d+$/.test(s) || Number(s) < 1) failOn('--explain', `takes how many puzzles to explain, a whole number from 1 ${got(s)}; leave the number out to explain them all`);
  return Number(s);
}

/** JSON of a run with each explained puzzle's steps added (kinds export their puzzles as `puzzles`). */
export function jsonWithSteps(json: unknown, explanations: Explanation[] | undefined): unknown {
  if (!explanations?.length || !json || typeof json !== 'object' || !Array.isArray((json as { puzzles?: unknown }).puzzles)) return json;
  const puzzles = (json as { puzzles: Record<string, unknown>[] }).puzzles.map((p, k) => (k < explanations.length ? { ...p, steps: explanations[k]!.steps } : p));
  return { ...json, puzzles };
}
