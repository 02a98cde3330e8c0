import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODE_CACHE_ENV, compileBundle, writeCodeCache } from '../node/code-cache.js';
import { tuneV8 } from '../node/v8-flags.js';
// Node's modules the bundle requires, loaded before V8's flags are set so that Node's caches of them are taken (see tuneV8)
import 'node:buffer';
import 'node:child_process';
import 'node:crypto';
import 'node:events';
import 'node:os';
import 'node:path';
import 'node:readline';
import 'node:worker_threads';
import 'node:zlib';

// Starts the built CLI from its bundle (scripts/bundle.ts) with V8's code cache for it, as a batch
// worker starts (../batch/worker-boot.ts): module by module, the CLI read, resolved and compiled
// ~400 files before doing anything, half the CPU of a short command. A build by tsc alone has no
// bundle and runs main.js, which does the same work.

/** The cache file's buffer, held for the process's life (see openCache). */
export let held: Buffer | undefined;

const file = fileURLToPath(new URL('./main.bundle.cjs', import.meta.url));
// A batch's main thread only reads the plan, hands out work and writes files: it loads the few
// modules it needs (see main.ts), where the whole bundle and its cache took ~17 MB more at the same CPU.
if (process.argv[2] !== 'batch' && existsSync(file)) {
  // V8 optimising less eagerly, as in a batch's workers: a command's CPU 0.75-0.8x (Calcudoku,
  // Flow, Dobble), no slower to finish. Set before the bundle is compiled: its cache is made under them.
  tuneV8();
  const bundle = compileBundle(file);
  // the build's warm-up commands (scripts/bundle.ts) write the cache as they end
  if (process.env[CODE_CACHE_ENV] === 'write') process.on('exit', () => writeCodeCache(bundle));
  bundle.run();
  held = bundle.held;
} else {
  await import('./main.js');
}
