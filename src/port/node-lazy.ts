import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type PDFKitDocument from 'pdfkit';
import { setPort, type Port } from './index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * PDFKit's Node build compresses with Node's zlib, its browser build with fflate, and the two give
 * different bytes. Loading the browser build here too (it needs nothing from Node when fonts and
 * images come as bytes) makes the CLI and the web page write identical PDFs. The package does not
 * export that file by name, so it is found beside the package's main file.
 */
async function importPdfkit(): Promise<typeof PDFKitDocument> {
  const main = require.resolve('pdfkit');
  const mod = (await import(pathToFileURL(join(dirname(main), 'pdfkit.browser.mjs')).href)) as { default: typeof PDFKitDocument };
  return mod.default;
}

let pdfkit: typeof PDFKitDocument | undefined;
let bundled: (() => Promise<typeof PDFKitDocument>) | undefined;

/**
 * PDFKit with fontkit and their Unicode tables costs about 0.3 s of CPU and 30 MB to load. A thread
 * that draws loads it first (./node.ts does, for the library, the CLI's drawing commands and batch
 * workers); a batch's main thread only hands out work and writes files, so it goes without.
 */
export async function loadPdfkit(): Promise<void> {
  pdfkit ??= await (bundled ?? importPdfkit)();
}

/** PDFKit's browser build as bundled with the batch worker (scripts/bundle.ts), so nothing is loaded at run time. */
export function givePdfkit(given: typeof PDFKitDocument): void {
  pdfkit ??= given;
}

/**
 * PDFKit's browser build as the CLI's bundle carries it (scripts/bundle.ts), started only when
 * loadPdfkit asks, so that a batch's main thread still goes without it.
 */
export function givePdfkitLoader(load: () => Promise<typeof PDFKitDocument>): void {
  bundled = load;
}

/** Shipped files: fonts/ and templates/ at the package root, the icon set and script fonts from their npm packages. */
export function assetPath(path: string): string {
  if (path.startsWith('icons/')) return require.resolve(`@iconify-json/fluent-emoji-flat/${path.endsWith('-chars.json') ? 'chars' : 'icons'}.json`);
  if (path.startsWith('npm:')) {
    // a file inside a font package: its folder found from the licence, which every one exports
    const parts = path.slice(4).split('/');
    const pkg = parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
    return join(dirname(require.resolve(`${pkg}/LICENSE`)), ...parts.slice(pkg.split('/').length));
  }
  return join(root, path);
}

function refuse(path: string, code: string, why: string): never {
  throw Object.assign(new Error(`${path}: ${why}`), { code });
}

/**
 * Opened without blocking (a named pipe would otherwise wait for a writer), checked to be a plain
 * file within the limit, then read up to one byte past the limit, in case it grows while we read.
 */
function readLimited(path: string, maxBytes: number): Uint8Array {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) refuse(path, 'EISDIR', 'is a folder');
    if (!st.isFile()) refuse(path, 'ENOTREG', 'is not a plain file');
    if (st.size > maxBytes) refuse(path, 'EFBIG', 'is too large');
    let buf = new Uint8Array(Math.min(maxBytes + 1, Math.max(st.size + 1, 64 * 1024)));
    let got = 0;
    for (;;) {
      if (got > maxBytes) refuse(path, 'EFBIG', 'is too large');
      if (got === buf.length) {
        const bigger = new Uint8Array(Math.min(maxBytes + 1, 2 * buf.length));
        bigger.set(buf);
        buf = bigger;
      }
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

export const nodePort: Port = {
  get PDFDocument() {
    if (!pdfkit) throw new Error('PDFKit is not loaded in this thread: import src/port/node.ts, or await loadPdfkit() first');
    return pdfkit;
  },
  asset: (path) => readFileSync(assetPath(path)),
  listAssets: (folder) => readdirSync(join(root, folder)).sort(),
  readFile: (path, maxBytes) => (maxBytes === undefined ? readFileSync(path) : readLimited(path, maxBytes)),
  listFolder: (path) => (statSync(path).isDirectory() ? readdirSync(path) : null),
  sha256: () => {
    const hash = createHash('sha256');
    return { update: (bytes) => void hash.update(bytes), digest: () => hash.digest() };
  },
};

setPort(nodePort);
