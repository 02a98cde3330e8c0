import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { CODE_CACHE_ENV, codeCacheFile, openCache, sealCache, wrapBundle } from '../node/code-cache.js';
import { readText } from '../node/read-text.js';
import { tuneV8 } from '../node/v8-flags.js';
// Node's modules the bundle requires, loaded before V8's flags are set so that Node's caches of them are taken (see tuneV8)
import 'node:buffer';
import 'node:crypto';
import 'node:path';
import 'node:zlib';

/**
 * Starts a built batch worker from its bundle (scripts/bundle.ts), a CommonJS-style function read
 * by readText, not imported: Node's module loader reads a file into one buffer, and freeing the
 * bundle's 2.9 MB buffer raised glibc's thresholds, so that a 1,000-pupil batch peaked ~12 MB
 * higher than it needs to (see readText).
 *
 * With V8's code cache for the bundle (../node/code-cache.ts), made by the build, a worker starts
 * with the bytecode of every function the build's small batch ran instead of compiling each on
 * its first call; without one, or with one made for other code, it compiles as before.
 */
tuneV8();
const file = fileURLToPath(new URL('./worker.bundle.cjs', import.meta.url));
const cacheFile = codeCacheFile(file);
const source = wrapBundle(readText(file));
const cache = openCache(cacheFile, source);
/** Exported to be held for the thread's life (see openCache). */
export const held = cache?.held;
const script = new Script(source, { filename: file, cachedData: cache?.data });
const run = script.runInThisContext() as (require: NodeRequire, url: string) => void;

if (process.env[CODE_CACHE_ENV] === 'write') {
  // Written before each reply, so the last one holds every function the batch ran before it ended.
  const port = parentPort!;
  const post = port.postMessage.bind(port);
  port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
    writeFileSync(`${cacheFile}.part`, sealCache(source, script.createCachedData()));
    renameSync(`${cacheFile}.part`, cacheFile);
    post(value, transfer as never);
  };
}

run(createRequire(file), new URL('./worker.bundle.cjs', import.meta.url).href);
