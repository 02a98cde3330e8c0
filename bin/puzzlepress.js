#!/usr/bin/env node
// Runs the built CLI; `npm ci` builds dist/ through the prepare script.
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('puzzlepress: not built yet; run `npm ci` (or `npm run build`) in the puzzlepress folder\n');
  process.exit(2);
}
await import(main.href);
