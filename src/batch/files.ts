import { sha256 } from '@noble/hashes/sha2';
import { concatBytes } from '../core/bytes.js';
import type { Progress } from '../core/kind.js';
import { port, type Hasher } from '../port/index.js';

/** The files of a batch as they are passed on, hashed for the manifest. */

/** Where finished files go: whole files, and (if given) files passed on piece by piece. */
export interface BatchSink {
  file(name: string, bytes: Uint8Array, pages: number): Promise<void>;
  /** A file written in pieces (a class's key), so it is never held whole; without it the pieces are joined for file(). */
  open?(name: string): { write(bytes: Uint8Array): Promise<void>; close(pages: number): Promise<void> };
}

export interface ManifestFile {
  file: string;
  pages: number;
  sha256: string;
}

/**
 * A digest in hex as one flat string: built by joining, not by adding piece by piece, which leaves
 * a chain of ~40 small strings behind each one (the manifest holds one a pupil until the end).
 */
function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
}

/** Every byte of a batch is hashed (77 KB a README pupil): with the platform's SHA-256 where it has one. */
function hasher(): Hasher {
  return port().sha256?.() ?? sha256.create();
}

export class Files {
  readonly list: ManifestFile[] = [];
  constructor(private sink: BatchSink) {}

  async write(name: string, bytes: Uint8Array, pages: number): Promise<void> {
    await this.sink.file(name, bytes, pages);
    const hash = hasher();
    hash.update(bytes);
    this.list.push({ file: name, pages, sha256: hex(hash.digest()) });
  }

  /** A file passed on in pieces as they are made, hashed as it goes. */
  open(name: string): { write(bytes: Uint8Array): Promise<void>; close(pages: number): Promise<void> } {
    const hash = hasher();
    const own = this.sink.open?.(name);
    const held: Uint8Array[] = [];
    return {
      write: async (bytes) => {
        hash.update(bytes);
        if (own) await own.write(bytes);
        else held.push(bytes);
      },
      close: async (pages) => {
        if (own) await own.close(pages);
        else await this.sink.file(name, concatBytes(held), pages);
        this.list.push({ file: name, pages, sha256: hex(hash.digest()) });
      },
    };
  }
}

/** Counts finished tasks against everything the run will do. */
export function counter(progress: Progress, total: number): <T>(p: Promise<T>) => Promise<T> {
  let done = 0;
  return (p) =>
    p.then((v) => {
      progress(++done, total);
      return v;
    });
}
