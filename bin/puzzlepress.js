#!/usr/bin/env node
// Runs the built CLI; `npm ci` builds dist/ through the prepare script.
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('puzzlepress: not built yet; run `npm ci` (or `npm run build`) in the puzzlepress folder\n');
  process.exit(2);
}
// boot.js runs the CLI's bundle when the build made one, main.js itself when not
await import(new URL('../dist/cli/boot.js', import.meta.url).href);
