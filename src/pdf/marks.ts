/**
 * Which glyphs a font's mark positioning (the OpenType features mark and mkmk) can move. fontkit
 * decodes every lookup of every feature it applies before shaping the first word, and the mark
 * lookups of a font with many accents hold an anchor for each base glyph and mark class: for
 * Andika, ~40 ms of decoding a font in every thread, for pages whose words carry no combining
 * marks at all. Those lookups only ever move a glyph of their mark coverage, so a word whose glyphs
 * are none of these is shaped the same without the two features (see document.ts). Read here from
 * the font's bytes: a few coverage tables, not the anchors.
 */

const MARK_FEATURES = new Set(['mark', 'mkmk']);

/** fontkit's internals: its table directory and the (decompressed) bytes of a table. */
export interface FontTables {
  directory?: { tables?: Record<string, unknown> };
  _getTableStream?(tag: string): { buffer: Uint8Array; pos: number } | null;
}

export class Reader {
  private view: DataView;
  constructor(
    private bytes: Uint8Array,
    private base: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16(at: number): number {
    return this.view.getUint16(this.base + at);
  }
  u32(at: number): number {
    return this.view.getUint32(this.base + at);
  }
  tag(at: number): string {
    const p = this.base + at;
    return String.fromCharCode(this.bytes[p]!, this.bytes[p + 1]!, this.bytes[p + 2]!, this.bytes[p + 3]!);
  }
}

/** The lookups of a GSUB or GPOS table listed under the features named, from its FeatureList. */
export function featureLookups(r: Reader, features: Set<string>): number[] {
  const list = r.u16(6);
  const count = r.u16(list);
  const lookups: number[] = [];
  for (let i = 0; i < count; i++) {
    const record = list + 2 + i * 6;
    if (!features.has(r.tag(record))) continue;
    const feature = list + r.u16(record + 4);
    const n = r.u16(feature + 2);
    for (let k = 0; k < n; k++) lookups.push(r.u16(feature + 4 + k * 2));
  }
  return lookups;
}

/** The glyphs of a Coverage table, in coverage order; null if its format is unknown. */
export function coverage(r: Reader, at: number): number[] | null {
  const format = r.u16(at);
  const glyphs: number[] = [];
  if (format === 1) {
    const n = r.u16(at + 2);
    for (let i = 0; i < n; i++) glyphs.push(r.u16(at + 4 + i * 2));
    return glyphs;
  }
  if (format === 2) {
    const n = r.u16(at + 2);
    for (let i = 0; i < n; i++) {
      const range = at + 4 + i * 6;
      for (let g = r.u16(range); g <= r.u16(range + 2); g++) glyphs.push(g);
    }
    return glyphs;
  }
  return null;
}

/**
 * Every subtable of the lookups under `features`, as [type, offset]; an extension subtable (type
 * `extension`: 7 in GSUB, 9 in GPOS) as the real one it points to. Null when a lookup index or an
 * extension does not read as expected.
 */
export function lookupSubtables(r: Reader, features: Set<string>, extension: number): [number, number][] | null {
  const list = r.u16(8);
  const count = r.u16(list);
  const out: [number, number][] = [];
  for (const index of featureLookups(r, features)) {
    if (index >= count) return null;
    const lookup = list + r.u16(list + 2 + index * 2);
    const type = r.u16(lookup);
    for (let k = 0, n = r.u16(lookup + 4); k < n; k++) {
      const sub = lookup + r.u16(lookup + 6 + k * 2);
      if (type !== extension) out.push([type, sub]);
      else if (r.u16(sub) !== 1) return null;
      else out.push([r.u16(sub + 2), sub + r.u32(sub + 4)]);
    }
  }
  return out;
}

export function tableReader(font: FontTables, tag: string): Reader | null {
  if (!font.directory?.tables?.[tag] || !font._getTableStream) return null;
  const stream = font._getTableStream(tag);
  return stream && Number.isInteger(stream.pos) ? new Reader(stream.buffer, stream.pos) : null;
}

/**
 * The glyphs the font's mark and mkmk lookups may move; null when that cannot be told this way (a
 * lookup of another kind under those features, a GSUB feature of those names, a table that does not
 * read as expected), and the words of that font are always shaped in full.
 */
export function markGlyphs(font: unknown): Set<number> | null {
  const tables = font as FontTables & { GSUB?: unknown; GPOS?: unknown };
  try {
    // fontkit's layout reads both tables' headers anyway; reading them first also unpacks a WOFF2 font's tables
    if (!tables.GSUB && !tables.GPOS) return null;
    const gsub = tableReader(tables, 'GSUB');
    if (gsub && featureLookups(gsub, MARK_FEATURES).length) return null;
    const gpos = tableReader(tables, 'GPOS');
    if (!gpos) return null; // nothing to save: fontkit positions marks by their Unicode classes then
    const marks = new Set<number>();
    const subtables = lookupSubtables(gpos, MARK_FEATURES, 9);
    if (!subtables) return null;
    for (const [type, at] of subtables) if (!markSubtable(gpos, type, at, marks)) return null;
    return marks;
  } catch {
    return null;
  }
}

/**
 * Mark-to-base, mark-to-ligature and mark-to-mark subtables start with their marks' coverage and
 * act only on a glyph of it. A cursive attachment (Andika lists one under mark, whose coverage is
 * nearly every letter) joins a glyph to the next only if that one has an entry anchor: those are
 * the glyphs it needs.
 */
function markSubtable(r: Reader, type: number, at: number, into: Set<number>): boolean {
  if (r.u16(at) !== 1) return false;
  const glyphs = type >= 3 && type <= 6 ? coverage(r, at + r.u16(at + 2)) : null;
  if (!glyphs) return false;
  if (type !== 3) {
    for (const g of glyphs) into.add(g);
    return true;
  }
  const records = r.u16(at + 4);
  if (records !== glyphs.length) return false;
  for (let i = 0; i < records; i++) if (r.u16(at + 6 + i * 4) !== 0) into.add(glyphs[i]!);
  return true;
}

/**
 * fontkit shows a default-ignorable character (a combining grapheme joiner, a soft hyphen, ...) as
 * an empty space glyph, put in place after positioning, where the mark lookups may already have
 * moved it: a word holding one is shaped in full whatever its glyphs.
 */
const HIDDEN = /\p{Default_Ignorable_Code_Point}/u;

/** Whether a word shaped without mark and mkmk (into `glyphs`) came out as it would with them. */
export function markFree(text: string, glyphs: readonly { id: number }[], marks: Set<number>): boolean {
  if (HIDDEN.test(text)) return false;
  for (const g of glyphs) if (marks.has(g.id)) return false;
  return true;
}
