import { deflateSync } from 'node:zlib';

/** Hostile and ordinary pictures built in code, so the tests need no image library or binary files. */

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export interface PngSpec {
  width: number;
  height: number;
  colour?: 0 | 2 | 3 | 4 | 6; // grey, RGB, palette, grey+alpha, RGBA
  depth?: number;
  interlace?: number;
  /** The unpacked image data; default: rows of the declared size, filter 0, a colour ramp. */
  raw?: Uint8Array;
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

/** The Adam7 pass sizes of a width x height picture (PNG specification, section 8.2). */
function passes(width: number, height: number, interlace: number): [number, number][] {
  if (!interlace) return [[width, height]];
  const adam7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  return adam7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0!) / dx!), Math.ceil((height - y0!) / dy!)] as [number, number]).filter(([w, h]) => w > 0 && h > 0);
}

export function pngRaw(spec: PngSpec, interlace = spec.interlace ?? 0): Buffer {
  const bits = CHANNELS[spec.colour ?? 2] * (spec.depth ?? 8);
  const rows: Buffer[] = [];
  for (const [w, h] of passes(spec.width, spec.height, interlace)) {
    const len = Math.ceil((w * bits) / 8);
    for (let y = 0; y < h; y++) rows.push(Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: len }, (_, i) => (i * 7 + y * 13) & 0xff))]));
  }
  return Buffer.concat(rows);
}

export function png(spec: PngSpec): Buffer {
  const colour = spec.colour ?? 2;
  const head = Buffer.alloc(13);
  head.writeUInt32BE(spec.width, 0);
  head.writeUInt32BE(spec.height, 4);
  head.set([spec.depth ?? 8, colour, 0, 0, spec.interlace ?? 0], 8);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', head)];
  if (colour === 3) parts.push(chunk('PLTE', Buffer.from(Array.from({ length: 768 }, (_, i) => i & 0xff))));
  parts.push(chunk('IDAT', deflateSync(spec.raw ?? pngRaw(spec))), chunk('IEND', new Uint8Array(0)));
  return Buffer.concat(parts);
}

/** A minimal baseline JPEG header (no real image data needed: PDFKit embeds JPEG as it is). */
export function jpeg(width: number, height: number, components = 3): Buffer {
  const sof = [0xff, 0xc0, 0, 8 + 3 * components, 8, height >> 8, height & 255, width >> 8, width & 255, components];
  for (let c = 0; c < components; c++) sof.push(c + 1, 0x11, 0);
  return Buffer.from([0xff, 0xd8, ...sof, 0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]);
}

/** SVG files that once crashed or hung the renderer, each with the words of the refusal. */
export const HOSTILE_SVGS: [name: string, svg: string, refusal: RegExp][] = [
  [
    'a <use> bomb (10 uses of 10 uses ... 9 deep)',
    `<svg viewBox="0 0 10 10"><defs><path id="a0" d="M1 1L9 9L1 9Z"/>${Array.from({ length: 9 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join('')}</defs><use href="#a9"/></svg>`,
    /more than 50000 elements/,
  ],
  ['a long <use> chain', `<svg viewBox="0 0 10 10"><path id="a0" d="M1 1L9 9Z" stroke="red"/>${Array.from({ length: 200 }, (_, i) => `<g id="a${i + 1}"><use href="#a${i}"/></g>`).join('')}</svg>`, /nested more than 50 deep/],
  ['a group that uses itself', '<svg viewBox="0 0 10 10"><g id="me"><path d="M1 1L9 9L1 9Z"/><use href="#me"/></g></svg>', /nested more than 50 deep/],
  ['a clip path that uses itself', '<svg viewBox="0 0 10 10"><clipPath id="c"><use href="#c"/></clipPath><path clip-path="url(#c)" d="M1 1L9 9L1 9Z"/></svg>', /nested more than 50 deep/],
  ['deep nesting', `<svg viewBox="0 0 10 10">${'<g>'.repeat(5000)}<path d="M1 1L9 9L1 9Z"/>${'</g>'.repeat(5000)}</svg>`, /nested more than 50 deep/],
  ['too many elements', `<svg viewBox="0 0 10 10">${'<path d="M1 1L9 9L1 9Z"/>'.repeat(30000)}</svg>`, /more than 20000 elements/],
  ['a huge coordinate', '<svg viewBox="0 0 10 10"><path d="M1 1L1e300 9L1 9Z"/></svg>', /coordinate/],
  ['an infinite coordinate', '<svg viewBox="0 0 10 10"><path d="M1 1L1e999 9L1 9Z"/></svg>', /coordinate/],
  ['a huge scale', '<svg viewBox="0 0 10 10"><g transform="scale(1e300)"><path d="M1 1L9 9L1 9Z"/></g></svg>', /far too large/],
  ['a huge width', '<svg viewBox="0 0 1e300 1e300" width="1e300" height="5"><path d="M1 1L9 9L1 9Z"/></svg>', /far too large/],
  ['everything at one point', '<svg viewBox="0 0 10 10"><path d="M5 5L5 5Z"/></svg>', /no size/],
  ['nothing to draw', '<svg viewBox="0 0 10 10"><g/></svg>', /nothing to draw/],
  ['not closed', '<svg viewBox="0 0 10 10"><g><path d="M1 1L9 9Z"/></svg>', /never closed|unexpected/],
];
