import type PDFKitDocument from 'pdfkit';

/**
 * Everything the library needs from the platform it runs on. The library (core, kinds, layout, pdf)
 * reaches files only through this, so the same code runs under Node and in a browser Web Worker.
 */
export interface Port {
  /** PDFKit's document class. Both sides load PDFKit's browser build, so both write the same bytes. */
  PDFDocument: typeof PDFKitDocument;
  /**
   * A file shipped with puzzlepress, by its path from the package root: 'fonts/Andika-Regular.ttf',
   * 'templates/worksheet.hbs', 'icons/fluent-emoji-flat.json'. Throws MissingAsset when the browser
   * has not fetched it yet.
   */
  asset(path: string): Uint8Array;
  /** The names of the shipped files in a folder of the package ('messages' gives en.json, fr.json, ...). */
  listAssets(folder: string): string[];
  /**
   * A file the user named (template, word list, picture). Errors carry a Node-style `code` (ENOENT, ...).
   * With `maxBytes`, a file longer than that fails with code EFBIG and anything that is not a plain
   * file (a device, a pipe) with code ENOTREG, both before its contents are read, so an endless
   * stream cannot hang the run. Use readUserFile (./user-file.ts), which turns errors into one line.
   */
  readFile(path: string, maxBytes?: number): Uint8Array;
  /** The names in a folder the user named, or null when `path` is a file. Errors as readFile. */
  listFolder(path: string): string[] | null;
  /**
   * A SHA-256 of the platform's own, where it has one that works piece by piece (Node's is about
   * ten times as fast as the JavaScript one the library falls back on).
   */
  sha256?(): Hasher;
}

/** A digest fed piece by piece. */
export interface Hasher {
  update(bytes: Uint8Array): void;
  digest(): Uint8Array;
}

/** A shipped file that the browser side has to fetch before the work can run. */
export class MissingAsset extends Error {
  /** Every file found missing at once (a text in a new script may need several). */
  readonly paths: string[];
  constructor(readonly path: string, more: string[] = []) {
    super(`asset ${path} is not loaded`);
    this.paths = [path, ...more.filter((p) => p !== path)];
  }
}

let current: Port | undefined;

export function setPort(p: Port): void {
  current = p;
}

export function port(): Port {
  if (!current) throw new Error('no platform port: import puzzlepress through its Node or browser entry point');
  return current;
}

const utf8 = new TextDecoder('utf-8');

export function text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** The Node-style code of a port error (ENOENT, EACCES, EISDIR, ...), or 'error'. */
export function errorCode(e: unknown): string {
  return (e as { code?: string })?.code ?? 'error';
}
