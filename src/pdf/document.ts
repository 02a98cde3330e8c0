import type PDFDocument from 'pdfkit';
import { zlibSync } from 'fflate';
import type { Paper } from '../core/kind.js';
import { FONT_CHOICES, FONT_FILES, FONT_IDS, isFontFile, type FontName } from './fonts.js';
import { docChains, openFont, parseFont, type ChainFont } from './fallback.js';
import { userFont } from './user-font.js';
import { readTablesQuickly } from './font-tables.js';
import { port } from '../port/index.js';
import { fillLetters, outlineSubset } from './woff2.js';
import { bareWords, type Run } from './bare-words.js';
import { markFree, markGlyphs } from './marks.js';
import { substitutionFree, substitutions, type Substitutions } from './substitutions.js';
import { Recent } from './recent.js';
import { shareColours, shareHeights } from './repeats.js';
import { seedGlyphs } from './line.js';

type Doc = InstanceType<typeof PDFDocument>;

/** Page sizes in points (portrait). */
export const PAPER_SIZE: Record<Paper, { w: number; h: number }> = {
  a4: { w: 595.28, h: 841.89 },
  letter: { w: 612, h: 792 },
};

/**
 * Margins that keep everything inside what office printers print: most lose 4-6 mm at each edge,
 * so 15 mm leaves room to spare on A4 and Letter alike.
 */
export const MARGIN = 42.5;

/**
 * How a page of this size is set: a booklet's half page (A5, half-Letter) gets 10 mm margins and
 * headings and words at 85%, as printed booklets are, so its puzzles get the room.
 */
export function pageStyle(size: { w: number; h: number }): { margin: number; scale: number } {
  return size.w < 480 ? { margin: 28.35, scale: 0.85 } : { margin: MARGIN, scale: 1 };
}

export interface DocMeta {
  title: string;
  subject: string;
  keywords: string;
  lang?: string; // the document's language (catalog /Lang), English when absent
  /** The page's font: a name of FONT_CHOICES or a font file; Andika when absent. */
  font?: string;
}

/**
 * A bare PDFKit document. No default font: PDFKit's browser build (used on both sides, see the
 * port) ships no standard fonts, and we never print in them.
 */
export function pdfkitDocument(options: PDFKit.PDFDocumentOptions): Doc {
  return new (port().PDFDocument)({ ...options, font: null } as unknown as PDFKit.PDFDocumentOptions);
}

const parsed = new Map<FontName, unknown>();
const primaries = new WeakSet<object>();

/**
 * Each font file parsed once per thread and shared by every document: parsing a TTF again for each
 * document cost ~40 ms a font, which dominated batches of many small PDFs. PDFKit accepts a parsed
 * (fontkit) font where it takes a path, and still subsets it per document (the font is parsed by
 * PDFKit's fontkit, see parseFont).
 */
function parsedFont(name: FontName): unknown {
  let font = parsed.get(name);
  if (!font) {
    font = parseFont(port().asset(FONT_FILES[name]));
    readTablesQuickly(font);
    parsed.set(name, font);
    primaries.add(font as object);
  }
  return font;
}

/**
 * Text layouts shared by every document of this thread, one table per parsed font. PDFKit keeps its
 * layout cache per document, so each pupil's PDF in a batch shaped the same headings, instructions
 * and digits again (about a fifth of all rendering time). A layout depends only on the font and the
 * text; the glyphs a document embeds are still recorded per document when the text is drawn, so
 * the bytes written do not change. Unique words (puzzle codes, names) would make the table grow
 * without end over a school's batch, so it is bounded (see Recent): 500 layouts a generation, at
 * most 1,000 held (~5 MB: each keeps its glyph positions), so the words of every page stay shaped
 * while a class's codes come and go. Holding one per document kept every code and name of a
 * 1,000-pupil key shaped, ~35 MB.
 * Each table also keeps the widths of whole strings: text is measured far more often than it is
 * drawn (fitting, centring, wrapping, then PDFKit measures each fragment again as it draws it).
 */
interface Shaped {
  glyphs: unknown[];
  positions: { xAdvance: number }[];
  /** fontkit's run sums its positions on every read: summed once here, in the same order. */
  advanceWidth: number;
}

interface LayoutTable {
  runs: Recent<Shaped>;
  widths: Recent<number>;
}

const layouts = new Map<unknown, LayoutTable>();
const MAX_LAYOUTS = 500;
const MAX_WIDTHS = 2000; // a number per string

function layoutTable(font: unknown): LayoutTable {
  let table = layouts.get(font);
  if (!table) layouts.set(font, (table = { runs: new Recent(MAX_LAYOUTS), widths: new Recent(MAX_WIDTHS) }));
  return table;
}

/**
 * Font subsets shared by the documents of this thread. PDFKit builds and compresses a subset of
 * each font for every document (about 5 ms a font): in a batch, the same subset again for every
 * pupil. A subset's bytes depend only on its glyphs in the order they were first used, so every
 * document starts its subsets with the same glyphs in the same order (digits and letters, which
 * nearly every page uses anyway, since the codes hold them all, and the signs of sums, whose
 * order differs from puzzle to puzzle), and a subset whose glyph list was
 * seen before is taken from this table, compressed as PDFKit would.
 */
const SEED_TEXT = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+\u2212\u00d7\u00f7=-:.,\u00b7'].join(' ');
const subsets = new Map<unknown, Map<string, Uint8Array>>();
const deflated = new WeakMap<Uint8Array, Uint8Array>();
const MAX_SUBSETS = 64;

interface SubsetInternals {
  glyphs: number[];
  encode(): Uint8Array;
}

interface FontInternals {
  font?: unknown; // the fontkit font
  scale?: number; // 1,000 / the font's units an em
  layoutCache?: Record<string, unknown>;
  layoutRun?(text: string, features?: Record<string, boolean>): unknown;
  layoutCached?(text: string): unknown;
  layout?(text: string, features?: Record<string, boolean>, onlyWidth?: boolean): unknown;
  subset?: SubsetInternals;
  encode?(text: string): unknown;
  embed?(): void;
}

interface StreamRef {
  compress: boolean;
  data: Record<string, unknown>;
  buffer: Uint8Array[];
  end(chunk?: Uint8Array): void;
  finalize(): void;
}

function shareSubset(doc: Doc, f: FontInternals): void {
  const subset = f.subset!;
  f.encode!(SEED_TEXT);
  seedGlyphs(f, subset.glyphs.length);
  let table = subsets.get(f.font);
  if (!table) subsets.set(f.font, (table = new Map()));
  const build = subset.encode.bind(subset);
  subset.encode = () => {
    const key = subset.glyphs.join(',');
    let raw = table.get(key);
    if (!raw) {
      if (table.size >= MAX_SUBSETS) table.clear();
      raw = build();
      deflated.set(raw, zlibSync(raw));
      table.set(key, raw);
    }
    return raw;
  };
  // The font file is the first object PDFKit makes when it embeds a font: hand it the compressed bytes.
  const embed = f.embed!.bind(f);
  const internals = doc as unknown as { ref(data?: unknown): StreamRef };
  f.embed = () => {
    const ref = internals.ref;
    internals.ref = (data?: unknown) => {
      internals.ref = ref;
      const file = ref.call(doc, data);
      file.end = (raw?: Uint8Array) => {
        const z = raw && (deflated.get(raw) ?? zlibSync(raw));
        if (z && file.compress) {
          file.compress = false;
          file.data.Length = 0;
          file.data.Filter = 'FlateDecode';
          file.buffer = [z];
        } else if (raw) {
          file.buffer = [raw];
        }
        file.finalize();
      };
      return file;
    };
    try {
      embed();
    } finally {
      internals.ref = ref;
    }
  };
}

const prepared = new WeakSet<object>();

/** Per font: the glyphs its mark lookups may move, or null to shape every word in full (see marks.ts). */
const markSets = new WeakMap<object, Set<number> | null>();

/**
 * Per font: its default substitutions (see substitutions.ts) and, for each ASCII character, whether
 * its glyph may set one off or be moved by the mark lookups; null when words are shaped with them.
 */
const plainWords = new WeakMap<object, { subs: Substitutions; busy: Uint8Array } | null>();

function plainWordsOf(font: object, marks: Set<number>): { subs: Substitutions; busy: Uint8Array } | null {
  let p = plainWords.get(font);
  if (p !== undefined) return p;
  const subs = substitutions(font);
  p = null;
  if (subs) {
    const busy = new Uint8Array(128);
    const f = font as { glyphForCodePoint(cp: number): { id: number } };
    for (let cp = 0; cp < 128; cp++) {
      const id = f.glyphForCodePoint(cp).id;
      busy[cp] = subs.glyphs.has(id) || marks.has(id) ? 1 : 0;
    }
    p = { subs, busy };
  }
  plainWords.set(font, p);
  return p;
}

function quiet(text: string, busy: Uint8Array): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || busy[c]) return false;
  }
  return true;
}

/**
 * A word shaped without the features mark and mkmk unless one of its glyphs is a mark they move:
 * the same glyphs and positions, without decoding the font's mark lookups for words that have
 * none; and an ASCII word none of whose glyphs sets off a default substitution also without
 * those (most puzzle codes: for Andika, any word without f, i or j), and for a font that positions
 * nothing but marks, made without fontkit (see bare-words.ts). A fresh feature object each time,
 * as fontkit keeps it in the run and writes into it.
 */
function shapeWord(f: FontInternals, layoutRun: (text: string, features?: Record<string, boolean>) => unknown, text: string): unknown {
  const font = f.font as object;
  let marks = markSets.get(font);
  if (marks === undefined) markSets.set(font, (marks = markGlyphs(font)));
  if (!marks) return layoutRun(text);
  const plain = plainWordsOf(font, marks);
  if (plain && quiet(text, plain.busy)) {
    const quietRun = (t: string) => layoutRun(t, { ...plain.subs.off, mark: false, mkmk: false }) as Run;
    const direct = bareWords(font, plain.busy, quietRun, f.scale!)?.(text);
    if (direct) return direct;
    const run = quietRun(text);
    if (substitutionFree(run.glyphs, plain.subs) && markFree(text, run.glyphs, marks)) return run;
  }
  const run = layoutRun(text, { mark: false, mkmk: false }) as { glyphs: { id: number }[] };
  return markFree(text, run.glyphs, marks) ? run : layoutRun(text);
}

function shaped(run: { glyphs: unknown[]; positions: { xAdvance: number }[] }): Shaped {
  let advanceWidth = 0;
  for (const p of run.positions) advanceWidth += p.xAdvance;
  return { glyphs: run.glyphs, positions: run.positions, advanceWidth };
}

const isBreak = (c: number) => c === 32 || c === 9; // PDFKit splits a text into words after spaces and tabs

/**
 * PDFKit's per-word layout cache, replaced by the thread's table for the font (see `layouts`), and
 * its layout of a text from those words, done as PDFKit does it (the same glyphs, positions and
 * width, summed word by word in the same order) but without copying the glyph lists once per
 * word, and, for a width alone, looked up when the text was measured before.
 */
function sharedLayouts(f: FontInternals): void {
  const font = f.font;
  const layoutRun = f.layoutRun!.bind(f);
  const layoutFeatures = f.layout!.bind(f);
  f.layoutCache = undefined;
  const table = layoutTable(font);
  const cached = (text: string): Shaped => {
    let run = table.runs.get(text);
    if (!run) table.runs.set(text, (run = shaped(shapeWord(f, layoutRun, text) as Shaped)));
    return run;
  };
  f.layoutCached = cached;
  f.layout = (text: string, features?: Record<string, boolean>, onlyWidth?: boolean) => {
    if (features) return layoutFeatures(text, features, onlyWidth);
    if (onlyWidth) {
      const known = table.widths.get(text);
      if (known !== undefined) return { glyphs: null, positions: null, advanceWidth: known };
    }
    const glyphs: unknown[] = [];
    const positions: unknown[] = [];
    let advanceWidth = 0;
    let last = 0;
    for (let i = 0; i < text.length; i++) {
      if (!isBreak(text.charCodeAt(i)) && i < text.length - 1) continue;
      const run = cached(text.slice(last, i + 1));
      if (!onlyWidth) {
        for (const g of run.glyphs) glyphs.push(g);
        for (const p of run.positions) positions.push(p);
      }
      advanceWidth += run.advanceWidth;
      last = i + 1;
    }
    table.widths.set(text, advanceWidth);
    return onlyWidth ? { glyphs: null, positions: null, advanceWidth } : { glyphs, positions, advanceWidth };
  };
}

function shareFontWork(doc: Doc): void {
  const select = doc.font.bind(doc) as (...args: unknown[]) => Doc;
  (doc as unknown as { font: (...args: unknown[]) => Doc }).font = (...args: unknown[]) => {
    select(...args);
    const f = (doc as unknown as { _font: FontInternals | null })._font;
    // Once per font and document: PDFKit keeps one font object per document for each font.
    if (!f?.font || prepared.has(f)) return doc;
    prepared.add(f);
    if (f.layoutCache && f.layoutRun) sharedLayouts(f);
    // WOFF2 script fonts: every glyph written from its outline (see woff2.ts)
    if (f.subset && (f.font as { type?: string }).type === 'WOFF2') {
      outlineSubset(f.subset);
      fillLetters(f);
    }
    // shared subsets start from Latin letters and digits: only for the page's own fonts
    if (f.subset && f.encode && f.embed && primaries.has(f.font)) shareSubset(doc, f);
    return doc;
  };
}

interface RefInternals {
  buffer: Uint8Array[];
  data: Record<string, unknown>;
  compress: boolean;
  uncompressedLength: number;
  text?: string[] | null; // operators written since the last byte chunk
  write(chunk: string | Uint8Array): void;
  finalize(): void;
}

const ascii = new TextEncoder();

/**
 * PDFKit's string-to-bytes: each character's low byte (its strings are binary). Operators are
 * ASCII, whose UTF-8 is the same bytes, and the encoder writes those ~3x faster than a loop: used
 * when every character went in as one byte, else the loop.
 */
function binaryBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  const done = ascii.encodeInto(s, out);
  if (done.read === s.length && done.written === s.length) return out;
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

function flushText(ref: RefInternals): void {
  if (!ref.text) return;
  ref.buffer.push(binaryBytes(ref.text.join('')));
  ref.text = null;
}

/**
 * Turns the operators written so far to the current page's content into bytes now, not when the
 * page ends: the same bytes (finalize joins the chunks before deflating). For a page drawn over a
 * long time, such as a class key's page holding two pupils, whose thousands of operator strings
 * would otherwise outlive two young-generation collections and be moved to the old one.
 */
export function settlePageText(doc: Doc): void {
  const ref = (doc as unknown as { page?: { content?: RefInternals } }).page?.content;
  if (ref) flushText(ref);
}

let streamsBatched = false;

/**
 * How hard streams are compressed. PDFKit deflates at fflate's default, level 6 (chains of 128
 * candidates for each match); level 4 (32) made a batch's streams 1.2% bigger (a README batch of 40
 * pupils: 2,375 -> 2,404 KB) and took 35 M instructions a pupil less, 11% of what a pupil cost.
 * Font subsets keep level 6: they are compressed once a thread and shared (see shareSubset).
 */
const DEFLATE_LEVEL = 4;

function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * PDFKit turns every operator written to a stream (a page's content, a form) into its own small
 * byte array, a few thousand a pupil's page, then joins them when the stream ends: a sixth of the
 * garbage a batch makes. Here a stream keeps the operators as strings and turns them into bytes once,
 * before a chunk of bytes is written or the stream ends, so the bytes are the same. Patched once on
 * PDFKit's reference class, which it does not export (hence found from a document's catalog).
 */
function batchStreamWrites(doc: Doc): void {
  if (streamsBatched) return;
  streamsBatched = true;
  const proto = Object.getPrototypeOf((doc as unknown as { _root: object })._root) as RefInternals;
  const write = proto.write;
  const finalize = proto.finalize;
  proto.write = function (this: RefInternals, chunk: string | Uint8Array) {
    if (chunk instanceof Uint8Array) {
      flushText(this);
      write.call(this, chunk);
      return;
    }
    const s = `${chunk}\n`;
    (this.text ??= []).push(s);
    this.uncompressedLength += s.length;
    this.data.Length = ((this.data.Length as number | undefined) ?? 0) + s.length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  proto.finalize = function (this: RefInternals) {
    flushText(this);
    if (this.compress && this.buffer.length) {
      this.buffer = [zlibSync(joined(this.buffer), { level: DEFLATE_LEVEL })];
      this.compress = false; // PDFKit would deflate it again; its /Filter is already FlateDecode
    }
    finalize.call(this);
  };
}

/** A fixed date: PDFKit stamps "now" otherwise, and the file ID is hashed from it. */
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

let anchor: Doc | null | undefined;

/**
 * A document of this thread's own, left in the middle of a wrapped paragraph, so the objects PDFKit
 * makes for a document, a page and a paragraph (its line wrapper) always have one of their kind
 * alive. V8 gives an object its shape field by field and keeps those shapes only while some object
 * has them: a full collection that ran between two pupils' documents, or between two paragraphs,
 * threw them away, and with them the optimised code of every function that had met them (text,
 * line, save, restore, stroke...), compiled again for the next pupil: ~20 times each in a
 * 1,000-pupil batch. Never ended, never written; the same shapes as any document's.
 */
function keepShapes(paper: Paper): void {
  if (anchor !== undefined) return;
  anchor = null; // while it is made (createDocument comes back here)
  // In the shipped font: a teacher's own font file would otherwise stay in memory with it.
  const doc = createDocument(paper, { title: '', subject: '', keywords: '' });
  doc.addPage();
  doc.text('a b', 0, 0, { width: 100, continued: true });
  anchor = doc;
}

/** `size` overrides the paper's page size, for logical pages such as A5 halves of a booklet sheet. */
export function createDocument(paper: Paper, meta: DocMeta, size = PAPER_SIZE[paper]): Doc {
  const doc = pdfkitDocument({
    size: [size.w, size.h],
    margin: 0,
    autoFirstPage: false,
    bufferPages: false, // pages are flushed as they finish, so memory stays flat for long booklets
    compress: true,
    pdfVersion: '1.7',
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Keywords: meta.keywords,
      Author: 'puzzlepress',
      Creator: 'puzzlepress',
      Producer: 'puzzlepress (PDFKit)',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
    lang: meta.lang ?? 'en',
    displayTitle: true,
    // A structure tree (src/pdf/tags.ts) so screen readers find headings, paragraphs and described puzzles.
    tagged: true,
  });
  batchStreamWrites(doc);
  if (meta.font && meta.font !== 'andika') registerChosen(doc, meta.font);
  else for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(FONT_IDS[name], parsedFont(name) as string);
  shareFontWork(doc);
  shareHeights(doc);
  shareColours(doc);
  doc.font(FONT_IDS.regular);
  keepShapes(paper);
  return doc;
}

/**
 * A chosen font as the page's own (under the usual names, so every drawing uses it), with the rest
 * of its family and then Andika behind it for letters it lacks; the script fonts follow as always.
 */
function registerChosen(doc: Doc, font: string): void {
  const chains: Record<string, ChainFont[]> = {};
  const own = isFontFile(font) ? userFont(font).font : undefined;
  const faces = own ? undefined : FONT_CHOICES[font];
  for (const name of Object.keys(FONT_FILES) as FontName[]) {
    const andika: ChainFont = { id: `PP-Andika-${name}`, font: parsedFont(name) as ChainFont['font'] };
    doc.registerFont(andika.id, andika.font as unknown as string);
    const family = faces ? faces[name].map((f, i) => ({ id: i ? `PP-Face-${name}-${i}` : FONT_IDS[name], font: openFont(f.file, f.weight) })) : [{ id: FONT_IDS[name], font: own! }];
    for (const f of family) doc.registerFont(f.id, f.font as unknown as string);
    chains[name] = [...family.slice(1), andika];
  }
  docChains.set(doc, chains);
}
