import type PDFKitDocument from 'pdfkit';
import { MissingAsset, setPort, type Port } from './index.js';

/** A Node-style error, so the library explains a missing file the same way on both sides. */
function fileError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

function clean(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

/**
 * The browser side: shipped files are fetched once and kept; the teacher's files (a word list,
 * dropped pictures, a template) live in memory under the names the page gives them, so options
 * such as `symbols: pictures` mean the same as on the command line.
 */
export class BrowserPort implements Port {
  private assets = new Map<string, Uint8Array>();
  private files = new Map<string, Uint8Array>();

  constructor(
    readonly PDFDocument: typeof PDFKitDocument,
    private urls: Record<string, string>,
  ) {}

  /** Fetches a shipped file that asset() reported missing; throws if the page does not know it. */
  async load(path: string): Promise<void> {
    if (this.assets.has(path)) return;
    const url = this.urls[path];
    if (!url) throw new Error(`no address for ${path}`);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`could not load ${path} (${res.status})`);
    this.assets.set(path, new Uint8Array(await res.arrayBuffer()));
  }

  /** Forgets a shipped file's address (it could not be fetched): asset() then says it does not exist. */
  forget(path: string): void {
    delete this.urls[path];
  }

  provide(path: string, bytes: Uint8Array): void {
    this.assets.set(path, bytes);
  }

  /** Replaces the teacher's files with these (name -> bytes). */
  setFiles(files: Record<string, Uint8Array>): void {
    this.files = new Map(Object.entries(files).map(([k, v]) => [clean(k), v]));
  }

  asset(path: string): Uint8Array {
    const bytes = this.assets.get(path);
    if (!bytes) {
      if (path in this.urls) throw new MissingAsset(path);
      throw fileError('ENOENT', path);
    }
    return bytes;
  }

  listAssets(folder: string): string[] {
    const prefix = `${clean(folder)}/`;
    const names = [...new Set([...this.assets.keys(), ...Object.keys(this.urls)])].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    return names.filter((k) => !k.includes('/')).sort();
  }

  readFile(path: string): Uint8Array {
    const bytes = this.files.get(clean(path));
    if (bytes) return bytes;
    throw fileError(this.listFolder(path) ? 'EISDIR' : 'ENOENT', path);
  }

  listFolder(path: string): string[] | null {
    const p = clean(path);
    if (this.files.has(p)) return null;
    const prefix = p ? `${p}/` : '';
    const names = [...this.files.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)).filter((k) => !k.includes('/'));
    if (!names.length) throw fileError('ENOENT', path);
    return names.sort();
  }
}

export function installBrowserPort(p: BrowserPort): BrowserPort {
  setPort(p);
  return p;
}
