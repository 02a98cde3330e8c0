import { md5 } from '@noble/hashes/legacy';
import { bytesToHex } from '@noble/hashes/utils';
import type { DocMeta } from '../pdf/document.js';
import { concatBytes, latin1, latin1Bytes } from '../core/bytes.js';

/**
 * Joins PDFs written by PDFKit (classic xref table, one content stream per page) into one file.
 * Batches render stretches of a document on several worker threads; this puts them back together
 * in order, so the bytes do not depend on which worker drew what. It can also impose the pages two
 * to a landscape sheet (booklets): each page becomes a form XObject placed on its half.
 */

interface RawObject {
  head: string; // the object's value, or the dictionary in front of a stream (latin1)
  stream: Uint8Array | null;
}

interface ParsedPdf {
  objects: Map<number, RawObject>;
  pages: number[];
  root: number; // the catalog
}

/** Each stretch's font subsets carry the same tags (AZZZZZ+...); names must differ within one file. */
const TAG_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function parseFailure(what: string): never {
  throw new Error(`cannot join PDF stretches: ${what}`);
}

/** Index just past the string that starts at `i` (a literal `(...)` or a hex `<...>`). */
function skipString(s: string, i: number): number {
  if (s[i] === '<') {
    const end = s.indexOf('>', i);
    return end < 0 ? s.length : end + 1;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
  }
  return s.length;
}

function isStringStart(s: string, i: number): boolean {
  return s[i] === '(' || (s[i] === '<' && s[i + 1] !== '<' && s[i - 1] !== '<');
}

/** Applies `fn` to the text between strings, so a title such as "Set 3 0 R" is never rewritten. */
function mapOutsideStrings(s: string, fn: (text: string) => string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (!isStringStart(s, i)) continue;
    const end = skipString(s, i);
    out += fn(s.slice(from, i)) + s.slice(i, end);
    from = end;
    i = end - 1;
  }
  return out + fn(s.slice(from));
}

function refsIn(head: string): number[] {
  const refs: number[] = [];
  mapOutsideStrings(head, (t) => {
    for (const m of t.matchAll(/(\d+) 0 R\b/g)) refs.push(Number(m[1]));
    return t;
  });
  return refs;
}

/** The end of an object's value: where `stream` or `endobj` begins outside any string. */
function valueEnd(text: string, from: number): { end: number; stream: boolean } {
  for (let i = from; i < text.length; i++) {
    if (isStringStart(text, i)) {
      i = skipString(text, i) - 1;
    } else if (text.startsWith('stream', i) && /\s/.test(text[i + 6] ?? '')) {
      return { end: i, stream: true };
    } else if (text.startsWith('endobj', i)) {
      return { end: i, stream: false };
    }
  }
  return parseFailure('an object has no end');
}

export function parsePdf(buf: Uint8Array): ParsedPdf {
  const text = latin1(buf);
  const sx = text.lastIndexOf('startxref');
  if (sx < 0) parseFailure('no startxref');
  const xrefAt = Number(/startxref\s+(\d+)/.exec(text.slice(sx))?.[1]);
  const table = /^xref\s+0 (\d+)\s+/.exec(text.slice(xrefAt, xrefAt + 40));
  if (!table) parseFailure('no classic xref table');
  const count = Number(table[1]);
  const entries = xrefAt + table[0].length;
  const objects = new Map<number, RawObject>();
  for (let n = 1; n < count; n++) {
    const entry = text.slice(entries + 20 * n, entries + 20 * n + 18);
    if (entry.endsWith('f')) continue;
    const at = Number(entry.slice(0, 10));
    const header = /^(\d+) 0 obj\s*/.exec(text.slice(at, at + 30));
    if (!header || Number(header[1]) !== n) parseFailure(`object ${n} is not where the xref says`);
    const start = at + header[0].length;
    const { end, stream } = valueEnd(text, start);
    const head = text.slice(start, end).trimEnd();
    let data: Uint8Array | null = null;
    if (stream) {
      const length = Number(/\/Length (\d+)/.exec(head)?.[1]);
      let from = end + 6;
      if (text[from] === '\r') from++;
      if (text[from] === '\n') from++;
      data = buf.subarray(from, from + length);
    }
    objects.set(n, { head, stream: data });
  }
  const trailer = text.slice(text.lastIndexOf('trailer'), sx);
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const pagesRef = Number(/\/Pages (\d+) 0 R/.exec(objects.get(root)?.head ?? '')?.[1]);
  const kids = /\/Kids \[([^\]]*)\]/.exec(objects.get(pagesRef)?.head ?? '');
  if (!kids) parseFailure('no page tree');
  return { objects, pages: [...kids[1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1])), root };
}

/** A language tag as a PDF string: tags are letters, digits and hyphens (anything else is left as English). */
export function langTag(lang: string | undefined): string {
  return lang && /^[A-Za-z0-9-]+$/.test(lang) ? lang : 'en';
}

/** UTF-16BE with a byte-order mark, as hex: any name or title, in any script, survives. */
export function pdfText(s: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

export class Writer {
  private parts: Uint8Array[] = [];
  private size = 0;
  private offsets: number[] = [];
  private hash = md5.create();
  next = 1;

  /**
   * `hashStreams` false: the file ID is hashed from everything but the streams' bytes (their
   * dictionaries still give each one's length). For a file joined from many PDFs, where hashing
   * every byte in JS was half of the joining's time.
   */
  constructor(private hashStreams = true) {
    this.push(latin1Bytes('%PDF-1.7\n%\xFF\xFF\xFF\xFF\n'));
  }

  reserve(): number {
    return this.next++;
  }

  private push(b: Uint8Array, hashed = true): void {
    this.parts.push(b);
    this.size += b.length;
    if (hashed) this.hash.update(b);
  }

  object(num: number, head: string, stream: Uint8Array | null = null): void {
    this.offsets[num] = this.size;
    if (!stream) {
      this.push(latin1Bytes(`${num} 0 obj\n${head}\nendobj\n`));
      return;
    }
    this.push(latin1Bytes(`${num} 0 obj\n${head}\nstream\n`));
    this.push(stream, this.hashStreams);
    this.push(latin1Bytes('\nendstream\nendobj\n'));
  }

  /** The bytes written since the last take (a file passed on as it is made). */
  take(): Uint8Array {
    const out = concatBytes(this.parts);
    this.parts = [];
    return out;
  }

  finish(root: number, info: number): Uint8Array {
    const xref = this.size;
    const lines = ['xref', `0 ${this.next}`, '0000000000 65535 f '];
    for (let n = 1; n < this.next; n++) lines.push(`${String(this.offsets[n] ?? 0).padStart(10, '0')} 00000 n `);
    const id = bytesToHex(this.hash.digest());
    lines.push('trailer', `<<\n/Size ${this.next}\n/Root ${root} 0 R\n/Info ${info} 0 R\n/ID [<${id}> <${id}>]\n>>`, 'startxref', String(xref), '%%EOF\n');
    this.parts.push(latin1Bytes(lines.join('\n')));
    return concatBytes(this.parts);
  }
}

export interface Bookmark {
  path: string[]; // e.g. ['Ava', 'Calcudoku'] nests Calcudoku under Ava
  page: number; // 0-based logical page
}

export interface MergeOptions {
  meta: DocMeta;
  bookmarks: Bookmark[];
  /** Two logical pages per landscape sheet of this size, in this order (null: a blank half). */
  impose?: { sheet: { w: number; h: number }; order: (number | null)[][] };
}

export interface Placed {
  ref: number; // new object number: a page, or a form XObject when imposing
  w: number;
  h: number;
}

/**
 * The merged file's structure tree (tagged PDF): each stretch's Document element becomes a Part of
 * one Document, in stretch order, and the stretches' parent trees are joined with their keys shifted
 * (pages carry their key in /StructParents).
 */
export class Structure {
  doc = 0; // the Document element, numbered when the first tagged stretch comes
  readonly parts: number[] = [];
  readonly nums: string[] = [];
  next = 0; // the next free parent-tree key
}

/** One parent-tree entry after another in a /Nums array: a key, then an array or one reference. */
function parentTreeEntries(nums: string): { key: number; value: string }[] {
  const out: { key: number; value: string }[] = [];
  const re = /(\d+)\s+(\[[^\]]*\]|\d+ 0 R|null)/g;
  for (const m of nums.matchAll(re)) out.push({ key: Number(m[1]), value: m[2]! });
  return out;
}

/**
 * Font files already in a joined file, so one a later PDF embeds again (the same subset, byte for
 * byte: a batch's pupils mostly use the same one) is stored once and shared. Only font files: they
 * are most of a pupil's file and refer to nothing. Bounded, as a school's run sees many subsets.
 */
export class FontFiles {
  private byKey = new Map<string, { bytes: Uint8Array; num: number }[]>();
  private size = 0;

  private static key(o: RawObject): string | null {
    if (!o.stream || / 0 R\b/.test(o.head)) return null;
    const b = o.stream;
    // a cheap fingerprint to find candidates; the bytes themselves decide
    let h = 0x811c9dc5;
    for (let i = 0; i < b.length; i += 61) h = Math.imul(h ^ b[i]!, 0x01000193);
    return `${o.head}|${b.length}|${h >>> 0}`;
  }

  /** The number of a font file with these bytes already in the file (`known`), else a fresh one, noted for the next. */
  numberFor(o: RawObject, fresh: () => number): { num: number; known: boolean } {
    const key = FontFiles.key(o);
    if (key === null) return { num: fresh(), known: false };
    const list = this.byKey.get(key) ?? [];
    const before = list.find((c) => sameBytes(c.bytes, o.stream!));
    if (before) return { num: before.num, known: true };
    const num = fresh();
    if (this.size >= 64) this.byKey.clear(), (this.size = 0);
    // a copy: the PDF it came from may be handed to another thread (and its buffer emptied here)
    list.push({ bytes: o.stream!.slice(), num });
    this.byKey.set(key, list);
    this.size++;
    return { num, known: false };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Copies one stretch's pages and everything they use, renumbered; returns where each page went. */
export function copyPages(
  w: Writer,
  pdf: ParsedPdf,
  fonts: { count: number },
  asForms: boolean,
  pagesRef: number,
  structure: Structure | null,
  stored: FontFiles | null = null,
): Placed[] {
  const tags = new Map<string, string>();
  const renum = new Map<number, number>();
  const seen = new Set<number>();
  // the font files, as their descriptors name them
  const fontFiles = new Set<number>();
  if (stored) for (const o of pdf.objects.values()) for (const f of o.head.matchAll(/\/FontFile[23]? (\d+) 0 R/g)) fontFiles.add(Number(f[1]));
  const newNum = (n: number) => {
    let m = renum.get(n);
    if (m === undefined) {
      const o = fontFiles.has(n) ? pdf.objects.get(n) : undefined;
      if (o) {
        const shared = stored!.numberFor(o, () => w.reserve());
        if (shared.known) seen.add(n); // the file has these bytes already: point there
        m = shared.num;
      } else {
        m = w.reserve();
      }
      renum.set(n, m);
    }
    return m;
  };
  const rewrite = (head: string) =>
    mapOutsideStrings(head, (t) =>
      t
        .replace(/(\d+) 0 R\b/g, (_, n: string) => `${newNum(Number(n))} 0 R`)
        .replace(/\/([A-Z]{6})\+/g, (_, tag: string) => {
          let fresh = tags.get(tag);
          if (!fresh) {
            let k = fonts.count++;
            fresh = '';
            for (let i = 0; i < 6; i++, k = Math.floor(k / 26)) fresh = TAG_LETTERS[k % 26] + fresh;
            tags.set(tag, fresh);
          }
          return `/${fresh}+`;
        }),
    );
  const placed: Placed[] = [];
  const queue: number[] = [];
  const treeRef = structure ? Number(/\/StructTreeRoot (\d+) 0 R/.exec(pdf.objects.get(pdf.root)?.head ?? '')?.[1]) : 0;
  const tree = treeRef ? pdf.objects.get(treeRef) : undefined;
  const shift = structure?.next ?? 0;
  for (const p of pdf.pages) {
    const page = pdf.objects.get(p)!;
    let body = page.head.replace(/\/Parent \d+ 0 R\s*/, '');
    body = tree ? body.replace(/\/StructParents (\d+)/, (_, k: string) => `/StructParents ${Number(k) + shift}`) : body.replace(/\/StructParents \d+\s*/, '');
    const box = /\/MediaBox \[([^\]]*)\]/.exec(body)?.[1]?.trim().split(/\s+/).map(Number) ?? [0, 0, 0, 0];
    const width = box[2]! - box[0]!;
    const height = box[3]! - box[1]!;
    if (asForms) {
      const contents = Number(/\/Contents (\d+) 0 R/.exec(body)?.[1]);
      const resources = Number(/\/Resources (\d+) 0 R/.exec(body)?.[1]);
      if (!contents || !resources) parseFailure('a page without its own contents and resources');
      const form = pdf.objects.get(contents)!;
      seen.add(contents);
      const head = form.head.replace(/^<</, `<<\n/Type /XObject\n/Subtype /Form\n/BBox [${box.join(' ')}]\n/Resources ${resources} 0 R`);
      w.object(newNum(contents), rewrite(head), form.stream);
      placed.push({ ref: newNum(contents), w: width, h: height });
      queue.push(resources);
    } else {
      w.object(newNum(p), rewrite(body).replace(/^<</, `<<\n/Parent ${pagesRef} 0 R`));
      placed.push({ ref: newNum(p), w: width, h: height });
      queue.push(...refsIn(body));
    }
    seen.add(p);
  }
  if (tree && structure) {
    // The stretch's own tree root is replaced by the merged one; its Document elements become Parts.
    seen.add(treeRef);
    structure.doc ||= w.reserve();
    const kids = /\/K \[([^\]]*)\]/.exec(tree.head)?.[1] ?? /\/K (\d+ 0 R)/.exec(tree.head)?.[1] ?? '';
    for (const kid of refsIn(kids)) {
      const el = pdf.objects.get(kid);
      if (!el) parseFailure(`structure element ${kid} is missing`);
      seen.add(kid);
      const head = el.head.replace(/\/P \d+ 0 R\s*/, '').replace(/\/S \/Document\b/, '/S /Part');
      queue.push(...refsIn(head));
      w.object(newNum(kid), rewrite(head).replace(/^<</, `<<\n/P ${structure.doc} 0 R`));
      structure.parts.push(newNum(kid));
    }
    const nums = /\/Nums \[([\s\S]*?)\]\s*>>/.exec(tree.head)?.[1] ?? '';
    for (const e of parentTreeEntries(nums)) structure.nums.push(`${e.key + shift} ${rewrite(e.value)}`);
    structure.next += Number(/\/ParentTreeNextKey (\d+)/.exec(tree.head)?.[1] ?? 0);
  }
  while (queue.length) {
    const n = queue.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const o = pdf.objects.get(n);
    if (!o) parseFailure(`object ${n} is missing`);
    queue.push(...refsIn(o.head));
    w.object(newNum(n), rewrite(o.head), o.stream);
  }
  return placed;
}

interface OutlineNode {
  title: string;
  page: number;
  children: OutlineNode[];
}

function outlineTree(bookmarks: Bookmark[]): OutlineNode[] {
  const top: OutlineNode[] = [];
  for (const b of bookmarks) {
    let level = top;
    for (const title of b.path) {
      let node = level.find((n) => n.title === title);
      if (!node) {
        node = { title, page: b.page, children: [] };
        level.push(node);
      }
      level = node.children;
    }
  }
  return top;
}

function writeOutlines(w: Writer, nodes: OutlineNode[], parent: number, pageRef: (page: number) => number): { first: number; last: number; count: number } {
  const nums = nodes.map(() => w.reserve());
  let count = nodes.length;
  nodes.forEach((node, i) => {
    const lines = [`/Title ${pdfText(node.title)}`, `/Parent ${parent} 0 R`, `/Dest [${pageRef(node.page)} 0 R /Fit]`];
    if (i > 0) lines.push(`/Prev ${nums[i - 1]} 0 R`);
    if (i < nodes.length - 1) lines.push(`/Next ${nums[i + 1]} 0 R`);
    if (node.children.length) {
      const sub = writeOutlines(w, node.children, nums[i]!, pageRef);
      lines.push(`/First ${sub.first} 0 R`, `/Last ${sub.last} 0 R`, `/Count ${sub.count}`);
      count += sub.count;
    }
    w.object(nums[i]!, `<<\n${lines.join('\n')}\n>>`);
  });
  return { first: nums[0]!, last: nums[nums.length - 1]!, count };
}

/** The bookmarks as the file's outline; what the catalog then says of it ('' when there are none). */
export function writeOutline(w: Writer, bookmarks: Bookmark[], pageRef: (page: number) => number): string {
  const tree = outlineTree(bookmarks);
  if (!tree.length) return '';
  const root = w.reserve();
  const sub = writeOutlines(w, tree, root, pageRef);
  w.object(root, `<<\n/Type /Outlines\n/First ${sub.first} 0 R\n/Last ${sub.last} 0 R\n/Count ${sub.count}\n>>`);
  return `\n/Outlines ${root} 0 R\n/PageMode /UseOutlines`;
}

/** One PDF from stretches rendered separately, with one outline and one set of document info. */
export function mergePdfs(chunks: Uint8Array[], opts: MergeOptions): Uint8Array {
  const w = new Writer();
  const catalog = w.reserve();
  const pagesRef = w.reserve();
  // Every stretch's subsets get fresh tags: same-named subsets would clash in viewers and printers.
  const fonts = { count: 0 };
  const logical: Placed[] = [];
  // Imposed sheets hold pages as forms, which a structure tree cannot point into as it can into pages.
  const structure = opts.impose ? null : new Structure();
  for (const c of chunks) logical.push(...copyPages(w, parsePdf(c), fonts, !!opts.impose, pagesRef, structure));
  let kids: number[];
  let pageOf: (logicalPage: number) => number;
  if (opts.impose) {
    const { sheet, order } = opts.impose;
    kids = order.map((halves) => {
      const xobjects = halves.map((p, i) => (p === null || !logical[p] ? '' : `/P${i} ${logical[p]!.ref} 0 R`)).join(' ');
      const ops = halves
        .map((p, i) => (p === null || !logical[p] ? '' : `q 1 0 0 1 ${(i * sheet.w) / 2} 0 cm /P${i} Do Q`))
        .filter(Boolean)
        .join('\n');
      const content = w.reserve();
      w.object(content, `<<\n/Length ${ops.length}\n>>`, latin1Bytes(ops));
      const page = w.reserve();
      w.object(page, `<<\n/Type /Page\n/Parent ${pagesRef} 0 R\n/MediaBox [0 0 ${sheet.w} ${sheet.h}]\n/Contents ${content} 0 R\n/Resources << /XObject << ${xobjects} >> >>\n>>`);
      return page;
    });
    const sheetOf = new Map<number, number>();
    order.forEach((halves, s) => halves.forEach((p) => p !== null && !sheetOf.has(p) && sheetOf.set(p, s)));
    pageOf = (p) => kids[sheetOf.get(p) ?? 0]!;
  } else {
    kids = logical.map((p) => p.ref);
    pageOf = (p) => kids[Math.min(p, kids.length - 1)]!;
  }
  w.object(pagesRef, `<<\n/Type /Pages\n/Count ${kids.length}\n/Kids [${kids.map((k) => `${k} 0 R`).join(' ')}]\n>>`);
  const outlines = kids.length ? writeOutline(w, opts.bookmarks, pageOf) : '';
  let tagged = '';
  if (structure?.parts.length) {
    const root = w.reserve();
    w.object(structure.doc, `<<\n/S /Document\n/P ${root} 0 R\n/K [${structure.parts.map((p) => `${p} 0 R`).join(' ')}]\n>>`);
    w.object(root, `<<\n/Type /StructTreeRoot\n/ParentTree <<\n/Nums [\n${structure.nums.join('\n')}\n]\n>>\n/ParentTreeNextKey ${structure.next}\n/K [${structure.doc} 0 R]\n>>`);
    tagged = `\n/MarkInfo << /Marked true >>\n/StructTreeRoot ${root} 0 R`;
  }
  w.object(catalog, `<<\n/Type /Catalog\n/Pages ${pagesRef} 0 R${outlines}\n/Lang (${langTag(opts.meta.lang)})${tagged}\n/ViewerPreferences << /DisplayDocTitle true >>\n>>`);
  return w.finish(catalog, writeInfo(w, opts.meta));
}

/** The document information dictionary, dated as every file of ours is (the bytes must not depend on the day). */
export function writeInfo(w: Writer, m: DocMeta): number {
  const info = w.reserve();
  w.object(
    info,
    `<<\n/Title ${pdfText(m.title)}\n/Subject ${pdfText(m.subject)}\n/Keywords ${pdfText(m.keywords)}\n/Author (puzzlepress)\n/Creator (puzzlepress)\n/Producer (puzzlepress \\(PDFKit\\))\n/CreationDate (D:20240101000000Z)\n/ModDate (D:20240101000000Z)\n>>`,
  );
  return info;
}

/**
 * Saddle-stitch order for `n` pages: padded to a multiple of 4; sheet k's front holds pages
 * [m-1-2k, 2k] and its back [2k+1, m-2-2k]. Pages past the end are blank halves (null).
 */
export function bookletOrder(n: number): (number | null)[][] {
  const m = Math.max(4, Math.ceil(n / 4) * 4);
  const page = (p: number) => (p < n ? p : null);
  const sides: (number | null)[][] = [];
  for (let k = 0; k < m / 4; k++) {
    sides.push([page(m - 1 - 2 * k), page(2 * k)]);
    sides.push([page(2 * k + 1), page(m - 2 - 2 * k)]);
  }
  return sides;
}
