import { concatBytes } from '../core/bytes.js';
import { unzlibSync } from 'fflate';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE } from './picture-limits.js';

/**
 * PNG and JPEG pictures are checked here before PDFKit sees them: the size the header declares
 * (so a small file cannot ask for gigabytes of pixels), and for PNG the whole image data, row by
 * row, exactly as the decoder will read it later (that decoder runs asynchronously under Node,
 * where its errors would end the process instead of reaching the caller).
 */
export { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE };

export class BitmapError extends Error {}

export interface BitmapInfo {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Colour type -> [channels, allowed bit depths] (PNG specification, table 11.1). */
const PNG_TYPES: Record<number, [number, number[]]> = {
  0: [1, [1, 2, 4, 8, 16]],
  2: [3, [8, 16]],
  3: [1, [1, 2, 4, 8]],
  4: [2, [8, 16]],
  6: [4, [8, 16]],
};

/** Adam7 passes: [x0, y0, dx, dy]. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

export function checkBitmap(buf: Uint8Array): BitmapInfo {
  if (PNG_SIGNATURE.every((b, i) => buf[i] === b)) return checkPng(buf);
  if (buf[0] === 0xff && buf[1] === 0xd8) return checkJpeg(buf);
  throw new BitmapError('is not a PNG or JPEG picture (its contents do not match its name)');
}

function checkSize(type: BitmapInfo['type'], width: number, height: number): BitmapInfo {
  if (width < 1 || height < 1) throw new BitmapError(`is damaged: its header says ${width}x${height} pixels`);
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || width * height > MAX_PICTURE_PIXELS) {
    throw new BitmapError(`is ${width}x${height} pixels, too large to print on a card: make it at most 1000x1000 (1 million pixels; that prints sharp at card size)`);
  }
  return { type, width, height };
}

interface Chunk {
  type: string;
  data: Uint8Array;
}

function pngChunks(buf: Uint8Array): Chunk[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const chunks: Chunk[] = [];
  let at = 8;
  while (at + 8 <= buf.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8));
    if (at + 12 + len > buf.length) break;
    chunks.push({ type, data: buf.subarray(at + 8, at + 8 + len) });
    if (type === 'IEND') return chunks;
    at += 12 + len;
  }
  throw new BitmapError('is damaged or not a complete PNG picture (it ends too soon)');
}

function checkPng(buf: Uint8Array): BitmapInfo {
  const chunks = pngChunks(buf);
  const head = chunks[0];
  if (!head || head.type !== 'IHDR' || head.data.length !== 13) throw new BitmapError('is damaged: a PNG picture must start with its header');
  const h = new DataView(head.data.buffer, head.data.byteOffset, 13);
  const info = checkSize('png', h.getUint32(0), h.getUint32(4));
  const [depth, colour, compression, filter, interlace] = [h.getUint8(8), h.getUint8(9), h.getUint8(10), h.getUint8(11), h.getUint8(12)];
  const type = PNG_TYPES[colour];
  if (!type || !type[1].includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) {
    throw new BitmapError('is damaged: its PNG header names a format that does not exist');
  }
  if (colour === 3 && !chunks.some((c) => c.type === 'PLTE')) throw new BitmapError('is damaged: a palette PNG without its palette');
  const bits = type[0] * depth;
  const rows: [number, number][] = []; // [rows, bytes a row] of each pass
  for (const [x0, y0, dx, dy] of interlace ? ADAM7 : [[0, 0, 1, 1] as const]) {
    const w = Math.ceil((info.width - x0) / dx);
    const n = Math.ceil((info.height - y0) / dy);
    if (w > 0 && n > 0) rows.push([n, Math.ceil((w * bits) / 8)]);
  }
  const expected = rows.reduce((s, [n, b]) => s + n * (b + 1), 0);
  const idat = chunks.filter((c) => c.type === 'IDAT').map((c) => c.data);
  const packed = concatBytes(idat);
  let data: Uint8Array;
  try {
    // unpacked into a buffer one byte longer than the header allows: a zip bomb cannot grow past it
    data = unzlibSync(packed, { out: new Uint8Array(expected + 1) });
  } catch {
    throw new BitmapError('is damaged: its PNG image data cannot be unpacked');
  }
  if (data.length !== expected) throw new BitmapError(`is damaged: its PNG image data is ${data.length < expected ? 'shorter' : 'longer'} than its header says`);
  const sum = new DataView(packed.buffer, packed.byteOffset + packed.length - 4, 4).getUint32(0);
  if (adler32(data) !== sum) throw new BitmapError('is damaged: its PNG image data fails its checksum');
  let at = 0;
  for (const [n, b] of rows) {
    for (let r = 0; r < n; r++, at += b + 1) {
      if (data[at]! > 4) throw new BitmapError('is damaged: a row of its PNG image data has an unknown filter');
    }
  }
  return info;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(data.length, i + 5552); // the longest run before b can pass 2^32
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic), which carry the size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG data is embedded as it is (PDF viewers decode it), so the header and the ending are checked. */
function checkJpeg(buf: Uint8Array): BitmapInfo {
  let at = 2;
  let info: BitmapInfo | undefined;
  while (!info && at + 4 <= buf.length) {
    if (buf[at] !== 0xff) throw new BitmapError('is damaged or not a complete JPEG picture');
    const marker = buf[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const len = (buf[at + 2]! << 8) | buf[at + 3]!;
    if (len < 2 || at + 2 + len > buf.length) break;
    if (SOF.has(marker)) {
      if (len < 8) break;
      const components = buf[at + 9]!;
      if (components !== 1 && components !== 3 && components !== 4) throw new BitmapError('is damaged: a JPEG picture with an impossible number of colours');
      info = checkSize('jpeg', (buf[at + 7]! << 8) | buf[at + 8]!, (buf[at + 5]! << 8) | buf[at + 6]!);
    }
    at += 2 + len;
  }
  if (!info) throw new BitmapError('is damaged or not a complete JPEG picture (no picture size found)');
  if (!hasJpegEnd(buf)) throw new BitmapError('is damaged or not a complete JPEG picture (it ends too soon)');
  return info;
}

/** A complete JPEG ends with the end-of-image marker FF D9 (some writers add padding after it). */
function hasJpegEnd(buf: Uint8Array): boolean {
  for (let i = buf.length - 2; i >= Math.max(0, buf.length - 4096); i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}
