import { fail, failOn } from '../../core/errors.js';
import { oneLineList, type OneLineRule } from '../../core/one-line.js';
import { MissingAsset, port, text as utf8 } from '../../port/index.js';
import { pdfkitDocument } from '../../pdf/document.js';
import { renderSvg, SvgError } from '../../pdf/svg.js';
import { BitmapError, checkBitmap } from '../../pdf/bitmap.js';
import { readUserFile } from '../../port/user-file.js';
import { emojiIcon, type SymbolSource } from '../../pdf/symbols.js';

/** A mistake in the teacher's own words or pictures: the --symbols field chose them. */
function wrong(message: string): never {
  fail(message, [], { field: '--symbols' });
}

const PICTURE = /\.(png|jpe?g|svg)$/i;
const MAX_WORD = 40;
// a line that is one emoji: a pictograph with its variation selector, skin tone or joined parts
const EMOJI = /^\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier}|\u200d\p{Extended_Pictographic}\ufe0f?)*$/u;

/**
 * The teacher's own symbols, checked completely before anything is drawn: every word line, every
 * picture decoded. Folder listings are sorted so the same folder always gives the same deck.
 */
export function loadSymbols(path: string): SymbolSource[] {
  let names: string[] | null;
  try {
    names = port().listFolder(path);
  } catch (e) {
    if (e instanceof MissingAsset) throw e;
    failOn('--symbols', `${path}: no such file or folder`);
  }
  return names ? loadFolder(path, names) : loadWords(path);
}

/** Limits on the teacher's files: a word list of a few hundred lines, pictures for a card. */
const MAX_WORDS_BYTES = 64 * 1024;
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
const MAX_SVG_BYTES = 1024 * 1024;
const MAX_PICTURES = 1000;

function read(file: string, what: string, maxBytes: number): Uint8Array {
  return readUserFile(file, { what, maxBytes, hint: 'give a .txt word list or a folder of PNG, JPEG or SVG pictures with --symbols', field: '--symbols' });
}

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function stem(name: string): string {
  return name.replace(/\.[^.]*$/, '');
}

/**
 * All on one line between commas or semicolons ("cat, dog, hen"), as typed in an e-mail: a list of
 * words, not one long symbol. Three parts at any separator (a line with one separator stays one
 * symbol, as it always has); quotes are part of a word, as typed, not a spreadsheet's cells.
 */
export const WORD_LIST_LINE: OneLineRule = {
  thresholds: [['\t', 3], [';', 3], [',', 3]],
  quotes: false,
  trailingCounts: true,
};

function loadWords(path: string): SymbolSource[] {
  const text = utf8(read(path, `--symbols ${path}`, MAX_WORDS_BYTES));
  if (/\.(png|jpe?g|svg|gif|pdf|docx?)$/i.test(path)) {
    failOn('--symbols', `${path}: give a .txt word list or a folder of pictures, not a single picture`);
  }
  let lines = text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '').split(/\r?\n/);
  const inline = lines.length === 1 ? oneLineList(lines[0]!, WORD_LIST_LINE) : null;
  if (inline) lines = inline;
  const at = (i: number) => (inline ? `word ${i + 1}` : `line ${i + 1}`);
  const seen = new Map<string, number>();
  return lines.map((raw, i) => {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (!word) wrong(inline ? `${path} ${at(i)} is empty: put a word or short phrase between each two commas` : `${path} ${at(i)} is empty: put one word or short phrase on every line`);
    if (word.length > MAX_WORD) wrong(`${path} ${at(i)} is longer than ${MAX_WORD} characters: use a word or short phrase`);
    const key = word.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) wrong(`${path} ${at(i)} repeats "${word}" from ${at(first)}: every symbol must be different`);
    seen.set(key, i);
    if (EMOJI.test(word)) {
      // an emoji line is drawn as the set's colour picture of it; no font here draws emoji
      const icon = emojiIcon(word);
      if (!icon) wrong(`${path} ${at(i)}: there is no picture for the emoji ${word}; write it as a word instead`);
      return { kind: 'icon' as const, name: icon.replace(/-/g, ' '), icon };
    }
    return { kind: 'word' as const, name: word };
  });
}

function loadFolder(dir: string, names: string[]): SymbolSource[] {
  const files = names.filter((n) => PICTURE.test(n) && !n.startsWith('.')).sort();
  if (files.length === 0) failOn('--symbols', `${dir}: the folder has no PNG, JPEG or SVG pictures`);
  if (files.length > MAX_PICTURES) failOn('--symbols', `${dir}: the folder has ${files.length} pictures; a deck uses at most a few hundred, so give a folder of at most ${MAX_PICTURES}`);
  const seen = new Map<string, string>();
  return files.map((n) => {
    const file = join(dir, n);
    const name = stem(n).replace(/[_-]+/g, ' ').trim() || n;
    const other = seen.get(name.toLowerCase());
    if (other) wrong(`${file} and ${other} have the same name: every symbol must be different`);
    seen.set(name.toLowerCase(), file);
    if (/\.svg$/i.test(n)) {
      checkSvg(file);
      return { kind: 'svg' as const, name, file };
    }
    checkPicture(file);
    return { kind: 'image' as const, name, file };
  });
}

function checkSvg(file: string): void {
  try {
    renderSvg(utf8(read(file, file, MAX_SVG_BYTES)));
  } catch (e) {
    if (!(e instanceof SvgError)) throw e;
    wrong(`${file} is not an SVG picture that can be drawn: ${e.message}`);
  }
}

let scratch: { openImage(b: Uint8Array): unknown } | undefined;

/** Checks a PNG or JPEG completely (see bitmap.ts), then lets PDFKit open it as it will later. */
function checkPicture(file: string): void {
  const buf = read(file, file, MAX_PICTURE_BYTES);
  try {
    checkBitmap(buf);
  } catch (e) {
    if (e instanceof BitmapError) wrong(`${file} ${e.message}`);
    throw e;
  }
  try {
    scratch ??= pdfkitDocument({ autoFirstPage: false }) as unknown as typeof scratch;
    scratch!.openImage(buf);
  } catch {
    wrong(`${file} is damaged or not a complete picture: save it again as PNG or JPEG`);
  }
}
