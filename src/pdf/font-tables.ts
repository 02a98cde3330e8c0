/**
 * fontkit decodes a font table whole, through its generic structure reader, the first time any of
 * its fields is read; before V8 has compiled that reader it is slow. Two tables every document reads
 * cost most of that in a one-sheet run (~0.8 s of CPU): `loca`, one offset a glyph, read to find
 * any glyph's box (~39 ms), and `post`, whose header PDFKit reads for the font descriptor while
 * the rest names each of Andika's glyphs (~16 ms). A run pays it once a thread: every command, every
 * batch worker, every tab of the web page. Both are read here straight from the bytes, to the same
 * values; what else `post` holds is decoded by fontkit when first asked for.
 */

interface TableEntry {
  tag: string;
  offset: number;
  length: number;
}

/** A TrueType file's first four bytes: version 1.0, or 'true' (Apple's). */
const TRUETYPE = [0x00010000, 0x74727565];

/** The parts of a parsed TrueType font (fontkit's TTFFont) read here. */
interface TrueTypeFont {
  stream?: { buffer?: Uint8Array };
  directory?: { tables?: Record<string, TableEntry | undefined> };
  _tables?: Record<string, unknown>;
  _decodeTable?(table: TableEntry): Record<string, unknown>;
  head?: { indexToLocFormat?: number };
}

/** Fills fontkit's table cache with `loca` and `post`, read directly, when the font is a plain TrueType file. */
export function readTablesQuickly(font: unknown): void {
  const f = (font ?? {}) as TrueTypeFont;
  const bytes = f.stream?.buffer;
  const tables = f.directory?.tables;
  const cache = f._tables;
  if (!(bytes instanceof Uint8Array) || !tables || !cache || typeof f._decodeTable !== 'function') return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Only a TrueType file holds its tables at their offsets as they are: WOFF and WOFF2 compress
  // them (WOFF2's offsets point into data not yet unpacked), a collection is read by font.
  if (bytes.length < 4 || !TRUETYPE.includes(view.getUint32(0))) return;
  const plain = (t: TableEntry | undefined): t is TableEntry => !!t && t.length > 0 && t.offset + t.length <= bytes.length;
  const loca = tables.loca;
  const format = f.head?.indexToLocFormat;
  if (plain(loca) && !('loca' in cache) && (format === 0 || format === 1)) cache.loca = locaOf(view, loca, format);
  const post = tables.post;
  if (plain(post) && post.length >= 32 && !('post' in cache)) cache.post = postOf(view, post, () => f._decodeTable!(post));
}

/** As fontkit reads it: every offset to the table's end, short ones (format 0) doubled. */
function locaOf(view: DataView, t: TableEntry, format: number): { version: number; offsets: number[]; _processed?: boolean } {
  const size = format === 0 ? 2 : 4;
  const offsets = new Array<number>(Math.floor(t.length / size));
  for (let i = 0; i < offsets.length; i++) {
    offsets[i] = format === 0 ? view.getUint16(t.offset + 2 * i) << 1 : view.getUint32(t.offset + 4 * i);
  }
  return format === 0 ? { version: 0, offsets, _processed: true } : { version: 1, offsets };
}

/** The header, read here; the glyph names and the rest, fontkit's decoding of the whole table when first read. */
function postOf(view: DataView, t: TableEntry, whole: () => Record<string, unknown>): Record<string, unknown> {
  const at = t.offset;
  const post: Record<string, unknown> = {
    version: view.getInt32(at) / 65536,
    italicAngle: view.getInt32(at + 4) / 65536,
    underlinePosition: view.getInt16(at + 8),
    underlineThickness: view.getInt16(at + 10),
    isFixedPitch: view.getUint32(at + 12),
    minMemType42: view.getUint32(at + 16),
    maxMemType42: view.getUint32(at + 20),
    minMemType1: view.getUint32(at + 24),
    maxMemType1: view.getUint32(at + 28),
  };
  let decoded: Record<string, unknown> | undefined;
  for (const key of ['numberOfGlyphs', 'glyphNameIndex', 'names', 'offsets', 'map']) {
    Object.defineProperty(post, key, { enumerable: true, get: () => (decoded ??= whole())[key] });
  }
  return post;
}
