import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFile, openCache, sealCache } from '../src/node/code-cache.js';
import { cliFromSource } from './helpers/cli.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist/batch/worker.bundle.cjs');
const dir = mkdtempSync(join(tmpdir(), 'pp-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the batch worker code cache', () => {
  it('is used only for the source it was made for', () => {
    const file = join(dir, 'a.v8-cache');
    const data = new Uint8Array([1, 2, 3, 4, 5]);
    writeFileSync(file, sealCache('let a = 1;', data));
    expect(Array.from(openCache(file, 'let a = 1;')!.data)).toEqual([1, 2, 3, 4, 5]);
    // V8 itself would take a cache made for any source of the same length
    expect(openCache(file, 'let b = 1;')).toBeUndefined();
    expect(openCache(join(dir, 'none.v8-cache'), 'let a = 1;')).toBeUndefined();
  });

  // `npm test` builds dist/ first, as `npm ci` does: this is the build a user runs.
  it('is made by the build and accepted by V8 under the batch pool flags', () => {
    expect(existsSync(codeCacheFile(bundle))).toBe(true);
    const probe = `
      import { setFlagsFromString } from 'node:v8';
      import { Script } from 'node:vm';
      import { V8_FLAGS } from './dist/node/v8-flags.js';
      import { codeCacheFile, openCache, wrapBundle } from './dist/node/code-cache.js';
      import { readText } from './dist/node/read-text.js';
      for (const f of V8_FLAGS) setFlagsFromString(f);
      const file = ${JSON.stringify(bundle)};
      const source = wrapBundle(readText(file));
      const cache = openCache(codeCacheFile(file), source);
      const script = new Script(source, { filename: file, cachedData: cache?.data });
      console.log(JSON.stringify({ found: !!cache, rejected: script.cachedDataRejected }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ found: true, rejected: false });
  });

  // V8 tags a code cache with its flags: set before Node's own modules load in the worker, they
  // would be compiled from source rather than from Node's caches (see src/node/v8-flags.ts).
  it('has the built worker set V8 flags itself, not the main thread before it starts', () => {
    const plan = join(dir, 'flags.yaml');
    writeFileSync(plan, 'title: Flags\npupils: [Ava]\nworksheets:\n  - {kind: flow, size: 6}\n');
    const probe = `
      import { cachedDataVersionTag } from 'node:v8';
      import { Pool } from ${JSON.stringify(pathToFileURL(join(root, 'dist/batch/pool.js')).href)};
      const fresh = cachedDataVersionTag();
      const pool = new Pool(1, null);
      const started = cachedDataVersionTag(); // the worker's thread has not run yet
      await pool.readPlan(${JSON.stringify(plan)});
      const after = cachedDataVersionTag();
      await pool.close();
      console.log(JSON.stringify({ untouched: started === fresh, tuned: after !== fresh }));`;
    // a file, not --eval: a worker takes the process's options, and --input-type stops it loading one
    const file = join(dir, 'flags.mjs');
    writeFileSync(file, probe);
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ untouched: true, tuned: true });
  });

  it('leaves the bytes as they are: the built CLI writes what the source writes', () => {
    const plan = join(dir, 'plan.yaml');
    writeFileSync(
      plan,
      'title: Week 3\nseed: cache\npupils: [Ava, Ben]\nworksheets:\n  - {kind: calcudoku, size: 6, difficulty: medium, count: 4}\n  - {kind: flow, size: 8, count: 4}\n',
    );
    const built = spawnSync(process.execPath, [join(root, 'bin/puzzlepress.js'), 'batch', plan, '--out', join(dir, 'built'), '--workers', '1'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const source = cliFromSource(['batch', plan, '--out', join(dir, 'source'), '--workers', '1']);
    expect(source.code, source.stderr).toBe(0);
    const names = readdirSync(join(dir, 'source')).sort();
    expect(readdirSync(join(dir, 'built')).sort()).toEqual(names);
    expect(names).toContain('all-pupils.pdf');
    for (const n of names) expect(readFileSync(join(dir, 'built', n)).equals(readFileSync(join(dir, 'source', n))), n).toBe(true);
  });
});

describe('the CLI bundle', () => {
  /**
   * The bundles the built CLI compiles, as it ends: each with whether V8 had a cache for it and
   * took it. Found by standing in for node:vm's Script before the CLI loads.
   */
  const compiledBy = (args: string[]) => {
    const spy = join(dir, 'spy.mjs');
    writeFileSync(
      spy,
      `import vm from 'node:vm';
      import { syncBuiltinESMExports } from 'node:module';
      const seen = [];
      vm.Script = class extends vm.Script {
        constructor(source, options) {
          super(source, options);
          seen.push({ file: options?.filename, cached: !!options?.cachedData, rejected: this.cachedDataRejected === true });
        }
      };
      syncBuiltinESMExports();
      process.on('exit', () => process.stderr.write('SPY' + JSON.stringify(seen) + '\\n'));`,
    );
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(spy).href, join(root, 'bin/puzzlepress.js'), ...args], { cwd: dir, encoding: 'utf8' });
    const line = r.stderr.split('\n').find((l) => l.startsWith('SPY'));
    return { code: r.status, compiled: JSON.parse(line!.slice(3)) as { file: string; cached: boolean; rejected: boolean }[] };
  };

  it('starts a command from one file with its code cache, taken by V8', () => {
    const r = compiledBy(['--version']);
    expect(r.code).toBe(0);
    expect(r.compiled).toEqual([{ file: join(root, 'dist/cli/main.bundle.cjs'), cached: true, rejected: false }]);
  });

  it('leaves a batch\'s main thread to the few modules it needs', () => {
    const r = compiledBy(['batch', join(dir, 'none.yaml')]);
    expect(r.code).toBe(2);
    expect(r.compiled).toEqual([]);
  });

  it('writes what the source writes, a deck of pictures and a sheet with its key and data', () => {
    const commands = [
      ['dobble', '--seed', 'bundle', '--cards', '12'],
      ['calcudoku', '--size', '5', '--count', '3', '--seed', 'bundle', '--answers', 'separate', '--json', 'x.json'],
    ];
    for (const [i, args] of commands.entries()) {
      const out = (name: string) => join(dir, `${name}-${i}`);
      for (const name of ['built', 'source']) mkdirSync(out(name));
      const built = spawnSync(process.execPath, [join(root, 'bin/puzzlepress.js'), ...args, '--out', 'x.pdf'], { cwd: out('built'), encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
      const source = cliFromSource([...args, '--out', 'x.pdf'], out('source'));
      expect(source.code, source.stderr).toBe(0);
      const names = readdirSync(out('source')).sort();
      expect(readdirSync(out('built')).sort()).toEqual(names);
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(readFileSync(join(out('built'), n)).equals(readFileSync(join(out('source'), n))), `${args[0]}: ${n}`).toBe(true);
    }
  });
});
