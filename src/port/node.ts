import { readFileSync, readdirSync, statSync } from 'node:fs';
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
async function loadPdfkit(): Promise<typeof PDFKitDocument> {
  const main = require.resolve('pdfkit');
  const mod = (await import(pathToFileURL(join(dirname(main), 'pdfkit.browser.mjs')).href)) as { default: typeof PDFKitDocument };
  return mod.default;
}

/** Shipped files: fonts/ and templates/ at the package root, the icon set from its npm package. */
function assetPath(path: string): string {
  if (path.startsWith('icons/')) return require.resolve('@iconify-json/fluent-emoji-flat/icons.json');
  return join(root, path);
}

export const nodePort: Port = {
  PDFDocument: await loadPdfkit(),
  asset: (path) => readFileSync(assetPath(path)),
  readFile: (path) => readFileSync(path),
  listFolder: (path) => (statSync(path).isDirectory() ? readdirSync(path) : null),
};

setPort(nodePort);
