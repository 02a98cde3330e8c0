import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileFunction } from 'node:vm';
import { readText } from '../node/read-text.js';

/**
 * Starts a built batch worker from its bundle (scripts/bundle.ts), a CommonJS-style function read
 * by readText, not imported: Node's module loader reads a file into one buffer, and freeing the
 * bundle's 2.9 MB buffer raised glibc's thresholds, so that a 1,000-pupil batch peaked ~12 MB
 * higher than it needs to (see readText). Strict, as the module it was.
 */
const file = fileURLToPath(new URL('./worker.bundle.cjs', import.meta.url));
const run = compileFunction(`'use strict';\n${readText(file)}`, ['require', 'import_meta_url'], { filename: file });
run(createRequire(file), new URL('./worker.bundle.cjs', import.meta.url).href);
