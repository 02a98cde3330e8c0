import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { CODE_CACHE_ENV, compileBundle, writeCodeCache } from '../node/code-cache.js';
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
const bundle = compileBundle(fileURLToPath(new URL('./worker.bundle.cjs', import.meta.url)));
/** Exported to be held for the thread's life (see openCache). */
export const held = bundle.held;

if (process.env[CODE_CACHE_ENV] === 'write') {
  // Written before each reply, so the last one holds every function the batch ran before it ended.
  const port = parentPort!;
  const post = port.postMessage.bind(port);
  port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
    writeCodeCache(bundle);
    post(value, transfer as never);
  };
}

bundle.run();
