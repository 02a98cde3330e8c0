import { choice, fail, failOn } from '../core/errors.js';
import { readUserFile } from '../port/user-file.js';
import { parseFont } from './fallback.js';
import { FONT_CHOICES, FONT_NAMES, isFontFile } from './fonts.js';
import type { FkFont } from './woff2.js';

/** Font files are large next to other files a teacher gives (a CJK font can pass 20 MB). */
const MAX_FONT_BYTES = 40 * 1024 * 1024;

const opened = new Map<string, { bytes: Uint8Array; font: FkFont }>();

/** The teacher's own font file, read once and checked to be a font; one line if it is not. */
export function userFont(path: string): { bytes: Uint8Array; font: FkFont } {
  let f = opened.get(path);
  if (!f) {
    const what = `--font ${path}`;
    const hint = 'give a TrueType (.ttf) or OpenType (.otf) font file, or a font name';
    const bytes = readUserFile(path, { what, maxBytes: MAX_FONT_BYTES, hint, field: '--font' });
    let font: FkFont;
    try {
      font = parseFont(bytes);
      if (!font.hasGlyphForCodePoint(0x41) && !font.hasGlyphForCodePoint(0x30)) throw new Error('no letters');
    } catch {
      fail(`${what} is not a font file that can be read: ${hint}`, [], { field: '--font' });
    }
    f = { bytes, font };
    opened.set(path, f);
  }
  return f;
}

/** Checks a --font value before any work: a name we have, or a font file that opens. */
export function checkFont(font: string | undefined): void {
  if (font === undefined) return;
  if (font in FONT_CHOICES) return;
  if (isFontFile(font)) {
    userFont(font);
    return;
  }
  failOn('--font', `"${font}" is not a font we have: use ${FONT_NAMES.join(', ')}, or the path of a .ttf or .otf file`, choice(FONT_NAMES));
}
