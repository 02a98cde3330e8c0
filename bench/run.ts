// Runs every bench/<name>.ts that exports bench(), one after another so they don't share the CPU.
// `npm run bench -- flow dobble` runs only those.
import '../src/port/node.js';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => only.length === 0 || only.includes(n))
  .sort();

for (const name of names) {
  const mod = (await import(`./${name}.ts`)) as { bench?: () => Promise<string> };
  if (typeof mod.bench !== 'function') continue;
  const started = performance.now();
  process.stdout.write(`\n## ${name}\n`);
  process.stdout.write(`${(await mod.bench()).trimEnd()}\n`);
  process.stdout.write(`(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
