import { tableReader, type FontTables } from './marks.js';
import { featureTags } from './substitutions.js';

/**
 * A quiet word (see document.ts: ASCII, none of its glyphs sets off a default substitution or is
 * moved by the mark lookups) of a font that positions nothing else comes out of fontkit's shaping
 * as its characters' glyphs at their advance widths. fontkit still plans the features, copies every
 * glyph twice and runs the lookup machinery for each new word: for Andika ~0.2 ms a word, and a
 * pupil brings ~25 new words (puzzle codes): ~7% of a README pupil's CPU. Here those words are made
 * directly, for fonts with no kerning of either kind and no positioning but mark and mkmk (turned
 * off for quiet words), and no AAT tables (fontkit would shape with those instead). Every quiet
 * character of such a font is first shaped both ways, and a font where the two differ in any glyph
 * or position is left to fontkit, as is a word with a character the probe did not try (a tab).
 */

type Glyph = { id: number; advanceWidth: number };
type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth?: number };
export type Run = { glyphs: Glyph[]; positions: Position[] };
type Font = FontTables & { glyphForCodePoint(cp: number): Glyph; GPOS?: unknown };

const MARK_ONLY = new Set(['mark', 'mkmk']);
const OTHER_SHAPING = ['kern', 'morx', 'mort'];

const bare = new WeakMap<object, ((text: string) => Run | null) | null>();

function positionsOnlyMarks(font: Font): boolean {
  const tables = font.directory?.tables ?? {};
  if (OTHER_SHAPING.some((t) => t in tables)) return false;
  if (!('GPOS' in tables)) return true;
  const gpos = tableReader(font, 'GPOS');
  return !!gpos && [...featureTags(gpos)].every((t) => MARK_ONLY.has(t));
}

/**
 * The direct shaping of quiet words for `font`, or null where fontkit must shape them. `busy`: per
 * ASCII character, whether a word with it is not quiet; `shape`: PDFKit's shaping of a quiet word,
 * which scales fontkit's positions to 1,000 units an em by `scale` and adds each glyph's advance.
 */
export function bareWords(font: object, busy: Uint8Array, shape: (text: string) => Run, scale: number): ((text: string) => Run | null) | null {
  let made = bare.get(font);
  if (made !== undefined) return made;
  made = null;
  const f = font as Font;
  try {
    if (positionsOnlyMarks(f)) {
      let probe = '';
      for (let c = 32; c < 127; c++) if (!busy[c]) probe += String.fromCharCode(c);
      const full = probe ? shape(probe) : null;
      const Made = full?.positions[0]?.constructor as (new (xAdvance: number) => Position) | undefined;
      if (full && Made) {
        const direct = (text: string): Run | null => {
          const glyphs: Glyph[] = [];
          const positions: Position[] = [];
          for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c < 32 || c > 126) return null;
            const g = f.glyphForCodePoint(c);
            const p = new Made(g.advanceWidth);
            // as PDFKit scales each field of fontkit's position, in the same order
            p.xAdvance *= scale;
            p.yAdvance *= scale;
            p.xOffset *= scale;
            p.yOffset *= scale;
            p.advanceWidth = g.advanceWidth * scale;
            glyphs.push(g);
            positions.push(p);
          }
          return { glyphs, positions };
        };
        const tried = direct(probe);
        if (tried && same(tried, full)) made = direct;
      }
    }
  } catch {
    made = null;
  }
  bare.set(font, made);
  return made;
}

function same(a: Run, b: Run): boolean {
  if (a.glyphs.length !== b.glyphs.length || a.positions.length !== b.positions.length) return false;
  for (let i = 0; i < a.glyphs.length; i++) {
    const p = a.positions[i]!;
    const q = b.positions[i]!;
    if (a.glyphs[i] !== b.glyphs[i] || Object.keys(p).join() !== Object.keys(q).join()) return false;
    for (const k of Object.keys(p) as (keyof Position)[]) if (p[k] !== q[k]) return false;
  }
  return true;
}
