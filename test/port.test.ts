import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The library must run in a browser: only the port's Node side and the CLI/batch may touch Node. */
const BATCH_NODE = ['plan-file.ts', 'pool.ts', 'run-batch.ts', 'worker.ts', 'worker-boot.ts']; // the rest of src/batch is the web page's class set too
const LIBRARY = [
  ...['src/core', 'src/i18n', 'src/kinds', 'src/layout', 'src/pdf', 'src/run.ts', 'src/port/index.ts', 'src/port/browser.ts', 'src/port/user-file.ts'],
  ...readdirSync('src/batch').filter((f) => !BATCH_NODE.includes(f)).map((f) => `src/batch/${f}`),
];

function files(path: string): string[] {
  try {
    if (!statSync(path).isDirectory()) return [path];
  } catch {
    return [];
  }
  return readdirSync(path).flatMap((n) => files(join(path, n)));
}

describe('the library', () => {
  it('reaches no file system, process or thread except through the port', () => {
    const found: string[] = [];
    for (const f of LIBRARY.flatMap(files).filter((f) => f.endsWith('.ts'))) {
      readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
        if (/from ['"](node:|fs|path|os|child_process|worker_threads|zlib|crypto|stream)['"/]|\bprocess\.|\brequire\(|\bBuffer\b/.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
