import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { readText } from './read-text.js';

/**
 * V8's code cache for the bundles of the batch worker and the CLI (see src/batch/worker-boot.ts, src/cli/boot.ts). V8 checks a cache
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

/** A bundle compiled with its code cache when there is one for it (see openCache). */
export interface CompiledBundle {
  file: string;
  source: string;
  script: Script;
  /** The cache file's buffer, for the caller to hold for the thread's life (see openCache). */
  held?: Buffer;
  /** Runs the bundle's code, the CommonJS-style function wrapBundle made. */
  run(): void;
}

export function compileBundle(file: string): CompiledBundle {
  const source = wrapBundle(readText(file));
  const cache = openCache(codeCacheFile(file), source);
  const script = new Script(source, { filename: file, cachedData: cache?.data });
  return {
    file,
    source,
    script,
    held: cache?.held,
    run() {
      const fn = script.runInThisContext() as (require: NodeRequire, url: string) => void;
      fn(createRequire(file), pathToFileURL(file).href);
    },
  };
}

/** Writes the cache of every function the bundle has compiled so far (through a temporary file, so a reader never sees half). */
export function writeCodeCache(bundle: CompiledBundle): void {
  const file = codeCacheFile(bundle.file);
  writeFileSync(`${file}.part`, sealCache(bundle.source, bundle.script.createCachedData()));
  renameSync(`${file}.part`, file);
}
