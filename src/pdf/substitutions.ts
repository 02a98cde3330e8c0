import { coverage, lookupSubtables, tableReader, type FontTables, type Reader } from './marks.js';

/**
 * Which glyphs can set off a glyph substitution that fontkit makes by default (ccmp, locl, liga,
 * ... of the font's GSUB table). fontkit runs every lookup of those features over every glyph of a
 * word, and for Andika that was about 60% of shaping a word: ~25 words a pupil are new (puzzle
 * codes, with and without the space after them), each shaped in full. A lookup acts only at a
 * glyph of its first coverage (the first input glyph of a context), so a word with none of these
 * glyphs comes out of substitution unchanged, and is shaped the same without those features:
 * Andika's are f, i and j of printable ASCII. Read from the font's bytes, as the mark lookups are
 * (see marks.ts).
 */

/** The substitution features fontkit's default shaper applies (besides mark features, see marks.ts). */
const DEFAULT_SUBS = new Set(['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'calt', 'clig', 'liga', 'rclt']);

export interface Substitutions {
  /** The font's default substitution features, turned off. */
  off: Record<string, boolean>;
  /** Glyphs at which one of their lookups may act. */
  glyphs: Set<number>;
}

export function featureTags(r: Reader): Set<string> {
  const list = r.u16(6);
  const tags = new Set<string>();
  for (let i = 0, n = r.u16(list); i < n; i++) tags.add(r.tag(list + 2 + i * 6));
  return tags;
}

/** The offset of the coverage a subtable is set off by; null for a format not known here. */
function triggerCoverage(r: Reader, type: number, at: number): number | null {
  const format = r.u16(at);
  if (type >= 1 && type <= 4) return at + r.u16(at + 2);
  if (type === 8 && format === 1) return at + r.u16(at + 2);
  if ((type === 5 || type === 6) && (format === 1 || format === 2)) return at + r.u16(at + 2);
  if (type === 5 && format === 3) return r.u16(at + 2) > 0 ? at + r.u16(at + 6) : null;
  if (type === 6 && format === 3) {
    const input = at + 4 + 2 * r.u16(at + 2); // after the backtrack coverages
    return r.u16(input) > 0 ? at + r.u16(input + 2) : null;
  }
  return null;
}

/**
 * The font's default substitutions and the glyphs that set them off; null when that cannot be
 * told this way (a table that does not read as expected, feature variations, one of those
 * features also in GPOS, where turning it off would change positions), and then words are shaped
 * in full.
 */
export function substitutions(font: unknown): Substitutions | null {
  const tables = font as FontTables & { GSUB?: unknown; GPOS?: unknown };
  try {
    if (!tables.GSUB) return null;
    const gsub = tableReader(tables, 'GSUB');
    if (!gsub) return null;
    if (gsub.u16(0) !== 1 || (gsub.u16(2) >= 1 && gsub.u32(10) !== 0)) return null;
    const tags = new Set([...featureTags(gsub)].filter((t) => DEFAULT_SUBS.has(t)));
    const gpos = tables.GPOS ? tableReader(tables, 'GPOS') : null;
    if (tables.GPOS && !gpos) return null;
    if (gpos && [...featureTags(gpos)].some((t) => tags.has(t))) return null;
    const glyphs = new Set<number>();
    const subtables = lookupSubtables(gsub, tags, 7);
    if (!subtables) return null;
    for (const [type, sub] of subtables) {
      const at = triggerCoverage(gsub, type, sub);
      const covered = at === null ? null : coverage(gsub, at);
      if (!covered) return null;
      for (const g of covered) glyphs.add(g);
    }
    const off: Record<string, boolean> = {};
    for (const t of tags) off[t] = false;
    return { off, glyphs };
  } catch {
    return null;
  }
}

/** Whether a word shaped without the default substitutions (into `glyphs`) came out as it would with them. */
export function substitutionFree(glyphs: readonly { id: number }[], subs: Substitutions): boolean {
  for (const g of glyphs) if (subs.glyphs.has(g.id)) return false;
  return true;
}
