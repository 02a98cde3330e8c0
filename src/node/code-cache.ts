import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * V8's code cache for the batch worker's bundle (see src/batch/worker-boot.ts). V8 checks a cache
 * against its own version and flags and the source's length only, so the file starts with a
 * digest of the source it was made for.
 */

/** The variable that has a worker write the cache; only the build sets it (scripts/bundle.ts). */
export const CODE_CACHE_ENV = 'PUZZLEPRESS_CODE_CACHE';

const SUM_BYTES = 32;

export function codeCacheFile(bundle: string): string {
  return bundle.replace(/\.cjs$/, '.v8-cache');
}

/** The bundle's text as the function the worker compiles and calls with require and the file's URL. Strict, as the module it was. */
export function wrapBundle(text: string): string {
  return `(function (require, import_meta_url) {'use strict';\n${text}\n})`;
}

/**
 * SHA-256 of a long text, hashed in pieces: at once, Node encodes the whole text into one buffer,
 * and freeing a buffer of megabytes raises glibc's thresholds (see read-text.ts).
 */
export function digest(text: string): Buffer {
  const hash = createHash('sha256');
  for (let i = 0; i < text.length; i += 32 * 1024) hash.update(text.slice(i, i + 32 * 1024));
  return hash.digest();
}

/** The cache file's bytes for V8's `data` made from `source`. */
export function sealCache(source: string, data: Uint8Array): Buffer {
  return Buffer.concat([digest(source), data]);
}

/**
 * The cache in `file` if it was made for `source`: `data` for V8, and `held`, the file's buffer,
 * which the caller keeps for the thread's life (freed, a buffer this size raises glibc's thresholds).
 */
export function openCache(file: string, source: string): { data: Buffer; held: Buffer } | undefined {
  if (!existsSync(file)) return undefined;
  const held = readFileSync(file);
  return digest(source).equals(held.subarray(0, SUM_BYTES)) ? { data: held.subarray(SUM_BYTES), held } : undefined;
}
