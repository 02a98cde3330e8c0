import * as bidiModule from 'bidi-js';
import type { Bidi } from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { fail } from '../core/errors.js';
import { FONT_IDS, type FontName } from './fonts.js';
import { candidateFiles, docChains, missingPackage, openFont, prepareFonts, type ChainFont } from './fallback.js';
import type { FkFont } from './woff2.js';

type Doc = InstanceType<typeof PDFDocument>;

/** A stretch of text in one font, in the order it is drawn (left to right). */
export interface TextRun {
  text: string;
  /** The run as written, when it differs from what is drawn, for copying text out of the PDF. */
  actual?: string;
  /** PDFKit's name of the font, registered in the document. */
  font: string;
}

/** A line as drawn: its runs in visual order, and whether its paragraph reads right to left. */
export interface RunLine {
  runs: TextRun[];
  rtl: boolean;
}

// bidi-js is CommonJS under Node and ESM in the browser build: its factory is the default export
// of both. Made on first use: building its tables costs a plain English run tens of milliseconds.
let bidiTables: Bidi | undefined;
function bidi(): Bidi {
  bidiTables ??= (bidiModule as unknown as { default: () => Bidi }).default();
  return bidiTables;
}

const WEIGHT: Record<FontName, number> = { regular: 400, bold: 700, italic: 400 };

// Characters that need no font of their own: they join the run of the letter before them.
const JOINER = /[\p{M}\u200c\u200d\ufe00-\ufe0f]/u;
// Right-to-left letters and the controls that change direction.
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202a-\u202e\u2066-\u2069]/;
const PLAIN = /^[\x20-\x7e]*$/;
const REORDERED = /[\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;
const SCRIPTS = [/\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

interface DocFonts {
  ids: Map<string, string>; // fallback file@weight -> PDFKit font name
}

const perDoc = new WeakMap<object, DocFonts>();
let nextId = 0;
const globalIds = new Map<string, string>();

function primaryFont(doc: Doc, font: FontName): FkFont {
  const d = doc.font(FONT_IDS[font]) as unknown as { _font: { font: FkFont } };
  return d._font.font;
}

/** Code points the primary font is known to have, per font: most text asks about the same few. */
const known = new WeakMap<FkFont, Set<number>>();

function covers(f: FkFont, cp: number): boolean {
  let set = known.get(f);
  if (!set) known.set(f, (set = new Set()));
  if (set.has(cp)) return true;
  if (!f.hasGlyphForCodePoint(cp)) return false;
  set.add(cp);
  return true;
}

/**
 * True when the page's own font draws all of `text` left to right: the way every English page is
 * drawn, untouched, so its bytes stay as they were.
 */
export function plainText(doc: Doc, text: string, font: FontName): boolean {
  const f = primaryFont(doc, font);
  if (PLAIN.test(text) && asciiOk(f)) return true;
  if (RTL.test(text)) return false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x20 && !covers(f, cp)) return false;
  }
  return true;
}

const ascii = new WeakMap<FkFont, boolean>();

/** Whether a font has every printable ASCII character (a teacher's own font may not). */
function asciiOk(f: FkFont): boolean {
  let ok = ascii.get(f);
  if (ok === undefined) {
    ok = true;
    for (let cp = 0x21; cp < 0x7f && ok; cp++) ok = f.hasGlyphForCodePoint(cp);
    ascii.set(f, ok);
  }
  return ok;
}

/** The fonts a document tries after its own for this style (a chosen family, Andika). */
function chainOf(doc: Doc, font: FontName): ChainFont[] {
  return docChains.get(doc)?.[font] ?? [];
}

function fallbackId(doc: Doc, file: string, weight: number): string {
  const key = `${file}@${weight}`;
  let fonts = perDoc.get(doc);
  if (!fonts) perDoc.set(doc, (fonts = { ids: new Map() }));
  let id = fonts.ids.get(key);
  if (!id) {
    id = globalIds.get(key);
    if (!id) globalIds.set(key, (id = `PP-Script-${nextId++}`));
    doc.registerFont(id, openFont(file, weight) as unknown as string);
    fonts.ids.set(key, id);
  }
  return id;
}

/** The name of a character in a message: the character itself and its code. */
function describe(ch: string): string {
  return `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** Characters of `text` that no font can draw (emoji, rare scripts), each once. */
export function uncovered(doc: Doc, text: string, font: FontName = 'regular'): string[] {
  const f = primaryFont(doc, font);
  const out = new Set<string>();
  prepareFonts(text);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x20 || JOINER.test(ch) || covers(f, cp) || chainOf(doc, font).some((c) => covers(c.font, cp))) continue;
    if (!fallbackFor(cp, WEIGHT[font])) out.add(ch);
  }
  return [...out];
}

function fallbackFor(cp: number, weight: number): string | undefined {
  for (const file of candidateFiles(cp)) {
    if (openFont(file, weight).hasGlyphForCodePoint(cp)) return file;
  }
  return undefined;
}

/** Refuses text that no font has, naming the characters (never boxes on the page). */
export function refuseUncovered(chars: string[]): never {
  const named = `${chars.slice(0, 8).map(describe).join(', ')}${chars.length > 8 ? ', ...' : ''}`;
  const install = missingPackage(chars);
  if (install) fail(`these characters cannot be printed: ${named}; ${install}`);
  fail(`these characters cannot be printed, no font has them: ${named}; leave them out or write them another way`);
}

interface Piece {
  text: string;
  font: string;
  level: number;
  start: number; // UTF-16 index in the paragraph
}

/** Splits logical text into pieces of one font and one bidi level. */
function pieces(doc: Doc, text: string, font: FontName, levels: Uint8Array, offset: number): Piece[] {
  const f = primaryFont(doc, font);
  const primary = FONT_IDS[font];
  const weight = WEIGHT[font];
  const out: Piece[] = [];
  const missing: string[] = [];
  let i = 0;
  let cur: Piece | undefined;
  let curFont: FkFont = f;
  prepareFonts(text);
  const chain = chainOf(doc, font);
  // Andika has a few Greek letters for maths: Greek words take all their letters from one font
  const scripts = SCRIPTS.filter((re) => [...text].some((ch) => re.test(ch) && !covers(f, ch.codePointAt(0)!)));
  const add = (piece: string, id: string, fk: FkFont) => {
    const level = levels[offset + i] ?? 0;
    if (cur && cur.font === id && cur.level === level) cur.text += piece;
    else out.push((cur = { text: piece, font: id, level, start: i }));
    curFont = fk;
    i += piece.length;
  };
  for (const ch of emojiAware(text, weight)) {
    if (typeof ch !== 'string') {
      add(ch.emoji, fallbackId(doc, ch.file, weight), openFont(ch.file, weight));
      continue;
    }
    const cp = ch.codePointAt(0)!;
    let id: string;
    let fk: FkFont;
    if (cur && JOINER.test(ch)) {
      id = cur.font; // a mark or joiner stays with its letter, so shaping sees them together
      fk = curFont;
    } else if (cp < 0x20 || (covers(f, cp) && !scripts.some((re) => re.test(ch) && fallbackFor(cp, weight)))) {
      id = primary;
      fk = f;
    } else if (chain.some((c) => covers(c.font, cp))) {
      const c = chain.find((c) => covers(c.font, cp))!;
      id = c.id;
      fk = c.font;
    } else {
      const file = fallbackFor(cp, weight);
      if (!file) {
        missing.push(ch);
        i += ch.length;
        continue;
      }
      id = fallbackId(doc, file, weight);
      fk = openFont(file, weight);
    }
    add(ch, id, fk);
  }
  if (missing.length) refuseUncovered([...new Set(missing)]);
  return out;
}

// Parts of an emoji sequence: a skin tone, a keycap, a flag's two letters or people joined by
// U+200D make one picture only when one font file draws the whole sequence, and their parts are
// listed in several files (the first file for each part alone would split the picture in two).
const EMOJI_PART = /\p{Extended_Pictographic}|\u20e3|\p{Regional_Indicator}/u;

let graphemes: Intl.Segmenter | undefined;

/** The text's characters, with each emoji sequence some one file draws whole as one item. */
function* emojiAware(text: string, weight: number): Generator<string | { emoji: string; file: string }> {
  if (!EMOJI_PART.test(text)) {
    yield* text;
    return;
  }
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    const file = [...segment].length > 1 && EMOJI_PART.test(segment) ? wholeFile(segment, weight) : undefined;
    if (file) yield { emoji: segment, file };
    else yield* segment;
  }
}

function wholeFile(sequence: string, weight: number): string | undefined {
  const cps = [...sequence].map((c) => c.codePointAt(0)!);
  return candidateFiles(cps[0]!).find((file) => cps.every((cp) => candidateFiles(cp).includes(file)) && cps.every((cp) => JOINER.test(String.fromCodePoint(cp)) || openFont(file, weight).hasGlyphForCodePoint(cp)));
}

const RTL_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** Pieces in visual order (rule L2 of the Unicode bidi algorithm, applied to whole pieces). */
function visual(ps: Piece[]): TextRun[] {
  const order = [...ps];
  const max = Math.max(0, ...order.map((p) => p.level));
  const minOdd = Math.min(...order.map((p) => p.level).filter((l) => l % 2 === 1), Infinity);
  for (let lvl = max; lvl >= minOdd && lvl > 0; lvl--) {
    for (let i = 0; i < order.length; ) {
      if (order[i]!.level < lvl) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && order[j]!.level >= lvl) j++;
      const seq = order.slice(i, j).reverse();
      order.splice(i, j - i, ...seq);
      i = j;
    }
  }
  return order.map((p) => {
    // fontkit lays Arabic and Hebrew out right to left itself; other text in a right-to-left
    // stretch (a run of spaces and signs) is turned here, with brackets mirrored
    if (p.level % 2 === 1 && !RTL_SCRIPT.test(p.text)) {
      const turned = [...p.text].reverse().map((c) => bidi().getMirroredCharacter(c) ?? c).join('');
      return { text: turned, font: p.font, actual: p.text };
    }
    return { text: p.text, font: p.font, actual: p.text };
  });
}

/** Whether text holds right-to-left letters (Arabic, Hebrew). */
export function hasRtlLetters(text: string): boolean {
  return RTL_SCRIPT.test(text);
}

/**
 * One line of text as runs in visual order, or refused when a character has no font.
 * `rtlParagraph`: the line is part of a right-to-left paragraph, whatever its own first letter.
 */
export function lineRuns(doc: Doc, text: string, font: FontName, rtlParagraph = false): RunLine {
  const { levels, paragraphs } = bidi().getEmbeddingLevels(text, rtlParagraph ? 'rtl' : undefined);
  const rtl = (paragraphs[0]?.level ?? 0) % 2 === 1;
  return { runs: visual(pieces(doc, text, font, levels, 0)), rtl };
}

/** Width of runs at a size (each in its own font, shaped). */
export function runsWidth(doc: Doc, runs: TextRun[], size: number): number {
  let w = 0;
  for (const r of runs) w += doc.font(r.font).fontSize(size).widthOfString(r.text);
  return w;
}

/**
 * Draws runs left to right from x, all on one baseline (fonts differ in how high they sit above
 * it, so each run is placed by its own ascender).
 */
export function drawRuns(doc: Doc, runs: TextRun[], x: number, baseline: number, size: number, color: string, text?: string): void {
  // Indic and Thai letters are drawn reordered (a vowel sign before its consonant) or split (Thai
  // sara am), which no per-glyph record of letters can undo: the line as written goes with it, so
  // copying and searching the PDF give the real words. Not for right-to-left lines: readers turn
  // such replacement text round again. An emoji drawn as one glyph from several characters (a
  // skin tone) would copy out as its first character alone.
  const actual = text !== undefined && (REORDERED.test(text) || EMOJI_PART.test(text)) && !RTL.test(text);
  if (actual) doc.markContent('Span', { actual: text } as never);
  for (const r of runs) {
    const d = doc.font(r.font).fontSize(size);
    const ascent = ((d as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
    d.fillColor(color).text(r.text, x, baseline - ascent, { lineBreak: false, width: undefined });
    x += d.widthOfString(r.text);
  }
  if (actual) doc.endMarkedContent();
}

// Scripts written without spaces between words: a line may break between any two characters.
const NO_SPACES = /[\u0e00-\u0e7f\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{3ffff}]/u;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{3ffff}]/u;

// \s also matches the no-break spaces (U+00A0, U+2007, U+202F), which hold French 'Nom :' and
// 'page 3' together: a line breaks only after the other spaces, and never beside a no-break one
// (Chinese '第 3 页' would otherwise break between its characters).
const BREAKING_SPACE_END = /[^\S\u00a0\u2007\u202f]$/;
const NO_BREAK_END = /[\u00a0\u2007\u202f]$/;

let segmenter: Intl.Segmenter | undefined;

/** Where lines may break: after spaces, and between words of scripts written without spaces. */
function breakUnits(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const units: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const last = units[units.length - 1];
    const canBreak = last !== undefined && !NO_BREAK_END.test(last) && (BREAKING_SPACE_END.test(last) || (NO_SPACES.test(segment) && !/^\s/.test(segment)) || (NO_SPACES.test(last) && !/^[\s\p{P}]/u.test(segment)));
    if (last === undefined || !canBreak) {
      if (last === undefined) units.push(segment);
      else units[units.length - 1] = last + segment;
    } else units.push(segment);
  }
  // a lone Chinese word longer than a line still breaks, character by character
  return keepMarks(units.flatMap((u) => (CJK.test(u) && !/\s/.test(u) && [...u].length > 1 ? [...u] : [u])));
}

// Chinese and Japanese lines never start with a closing mark (a comma, a full stop, a closing
// bracket, a small kana) nor end with an opening bracket.
const NO_LINE_START = /^[、。，．：；？！）」』】〕〉》〗〙〛〞〟・ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
const NO_LINE_END = /[（「『【〔〈《〖〘〚〝]$/u;

function keepMarks(units: string[]): string[] {
  const out: string[] = [];
  for (const u of units) {
    const last = out[out.length - 1];
    if (last !== undefined && (NO_LINE_START.test(u) || NO_LINE_END.test(last))) out[out.length - 1] = last + u;
    else out.push(u);
  }
  return out;
}

/** Text wrapped to width w at a size: each line's text, in reading order. */
export function wrapText(doc: Doc, text: string, w: number, size: number, font: FontName): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    const units = breakUnits(para);
    let line = '';
    for (const u of units) {
      const next = line + u;
      if (line && width(doc, next.trimEnd(), size, font) > w) {
        lines.push(line.trimEnd());
        line = u.trimStart();
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

function width(doc: Doc, text: string, size: number, font: FontName): number {
  return runsWidth(doc, lineRuns(doc, text, font).runs, size);
}
