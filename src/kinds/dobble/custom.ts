import { unzlibSync } from 'fflate';
import { fail } from '../../core/errors.js';
import { MissingAsset, port, text as utf8 } from '../../port/index.js';
import { pdfkitDocument } from '../../pdf/document.js';
import { renderSvg } from '../../pdf/svg.js';
import type { SymbolSource } from '../../pdf/symbols.js';

const PICTURE = /\.(png|jpe?g|svg)$/i;
const MAX_WORD = 40;

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
    fail(`--symbols ${path}: no such file or folder`);
  }
  return names ? loadFolder(path, names) : loadWords(path);
}

/** Reads a user's file; every failure is the user's to fix, so it becomes one line naming the file. */
function read(file: string, what: string): Uint8Array {
  try {
    return port().readFile(file);
  } catch (e) {
    if (e instanceof MissingAsset) throw e;
    fail(`${what}: cannot read the file`);
  }
}

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function stem(name: string): string {
  return name.replace(/\.[^.]*$/, '');
}

function loadWords(path: string): SymbolSource[] {
  const text = utf8(read(path, `--symbols ${path}`));
  if (/\.(png|jpe?g|svg|gif|pdf|docx?)$/i.test(path)) {
    fail(`--symbols ${path}: give a .txt word list or a folder of pictures, not a single picture`);
  }
  const lines = text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '').split(/\r?\n/);
  const seen = new Map<string, number>();
  return lines.map((raw, i) => {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (!word) fail(`${path} line ${i + 1} is empty: put one word or short phrase on every line`);
    if (word.length > MAX_WORD) fail(`${path} line ${i + 1} is longer than ${MAX_WORD} characters: use a word or short phrase`);
    const key = word.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) fail(`${path} line ${i + 1} repeats "${word}" from line ${first}: every symbol must be different`);
    seen.set(key, i + 1);
    return { kind: 'word' as const, name: word };
  });
}

function loadFolder(dir: string, names: string[]): SymbolSource[] {
  const files = names.filter((n) => PICTURE.test(n) && !n.startsWith('.')).sort();
  if (files.length === 0) fail(`--symbols ${dir}: the folder has no PNG, JPEG or SVG pictures`);
  const seen = new Map<string, string>();
  return files.map((n) => {
    const file = join(dir, n);
    const name = stem(n).replace(/[_-]+/g, ' ').trim() || n;
    const other = seen.get(name.toLowerCase());
    if (other) fail(`${file} and ${other} have the same name: every symbol must be different`);
    seen.set(name.toLowerCase(), file);
    if (/\.svg$/i.test(n)) {
      checkSvg(file);
      return { kind: 'svg' as const, name, file };
    }
    checkBitmap(file);
    return { kind: 'image' as const, name, file };
  });
}

function checkSvg(file: string): void {
  try {
    renderSvg(utf8(read(file, file)));
  } catch (e) {
    fail(`${file} is not an SVG picture puzzlepress can draw: ${(e as Error).message}`);
  }
}

let scratch: { openImage(b: Uint8Array): unknown } | undefined;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Decodes enough of a PNG or JPEG to be sure PDFKit can embed it later. */
function checkBitmap(file: string): void {
  const buf = read(file, file);
  const png = PNG_SIGNATURE.every((b, i) => buf[i] === b);
  const jpeg = buf[0] === 0xff && buf[1] === 0xd8;
  if (!png && !jpeg) fail(`${file} is not a PNG or JPEG picture (its contents do not match its name)`);
  try {
    scratch ??= pdfkitDocument({ autoFirstPage: false }) as unknown as typeof scratch;
    scratch!.openImage(buf);
    if (png) unzlibSync(idat(buf));
    else if (!hasJpegEnd(buf)) throw new Error('truncated');
  } catch {
    fail(`${file} is damaged or not a complete ${png ? 'PNG' : 'JPEG'} picture`);
  }
}

/** The concatenated image data of a PNG; a damaged file fails to inflate. */
function idat(buf: Uint8Array): Uint8Array {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const parts: Uint8Array[] = [];
  let at = 8;
  while (at + 8 <= buf.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8));
    if (at + 12 + len > buf.length) throw new Error('truncated');
    if (type === 'IDAT') parts.push(buf.subarray(at + 8, at + 8 + len));
    if (type === 'IEND') return concat(parts);
    at += 12 + len;
  }
  throw new Error('no IEND');
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A complete JPEG ends with the end-of-image marker FF D9 (some writers add padding after it). */
function hasJpegEnd(buf: Uint8Array): boolean {
  for (let i = buf.length - 2; i >= 0; i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}
