import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { fail } from '../../core/errors.js';
import { renderSvg } from '../../pdf/svg.js';
import type { SymbolSource } from '../../pdf/symbols.js';

const PICTURE = /\.(png|jpe?g|svg)$/i;
const MAX_WORD = 40;

/**
 * The teacher's own symbols, checked completely before anything is drawn: every word line, every
 * picture decoded. Folder listings are sorted so the same folder always gives the same deck.
 */
export function loadSymbols(path: string): SymbolSource[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    fail(`--symbols ${path}: no such file or folder`);
  }
  return isDir ? loadFolder(path) : loadWords(path);
}

function loadWords(path: string): SymbolSource[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    fail(`--symbols ${path}: cannot read the file`);
  }
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

function loadFolder(dir: string): SymbolSource[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    fail(`--symbols ${dir}: cannot read the folder`);
  }
  const files = names.filter((n) => PICTURE.test(n) && !n.startsWith('.')).sort();
  if (files.length === 0) fail(`--symbols ${dir}: the folder has no PNG, JPEG or SVG pictures`);
  const seen = new Map<string, string>();
  return files.map((n) => {
    const file = join(dir, n);
    const name = basename(n, extname(n)).replace(/[_-]+/g, ' ').trim() || n;
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
    renderSvg(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`${file} is not an SVG picture puzzlepress can draw: ${(e as Error).message}`);
  }
}

let scratch: InstanceType<typeof PDFDocument> | undefined;

/** Decodes enough of a PNG or JPEG to be sure PDFKit can embed it later. */
function checkBitmap(file: string): void {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    fail(`${file}: cannot read the file`);
  }
  const png = buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = buf[0] === 0xff && buf[1] === 0xd8;
  if (!png && !jpeg) fail(`${file} is not a PNG or JPEG picture (its contents do not match its name)`);
  try {
    scratch ??= new PDFDocument({ autoFirstPage: false });
    (scratch as unknown as { openImage(b: Buffer): unknown }).openImage(buf);
    if (png) inflateSync(idat(buf));
    else if (buf.lastIndexOf(Buffer.from([0xff, 0xd9])) < 0) throw new Error('truncated');
  } catch {
    fail(`${file} is damaged or not a complete ${png ? 'PNG' : 'JPEG'} picture`);
  }
}

/** The concatenated image data of a PNG; a damaged file fails to inflate. */
function idat(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 8 <= buf.length) {
    const len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (at + 12 + len > buf.length) throw new Error('truncated');
    if (type === 'IDAT') parts.push(buf.subarray(at + 8, at + 8 + len));
    if (type === 'IEND') return Buffer.concat(parts);
    at += 12 + len;
  }
  throw new Error('no IEND');
}
