import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsDigest, SOURCES, sourcesStamp } from '../../scripts/stamp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// By path, so the CLI can run with its working folder anywhere (tests run it in temp folders).
const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Whether dist/ was built after the last change to the source. `npm test` builds it first, so the
 * suite runs the CLI a user runs (about half a second less a run than compiling the source on the
 * fly, a second or two less for a batch); a single test file run straight after an edit, without a
 * build, runs the source instead of an old build.
 */
function builtIsCurrent(): boolean {
  const made = ['dist/cli/main.js', 'dist/cli/main.bundle.cjs', 'dist/batch/worker.bundle.cjs'].map((f) => join(root, f));
  if (!made.every(existsSync)) return false;
  const built = Math.min(...made.map((f) => statSync(f).mtimeMs));
  if (built >= Math.max(newest(join(root, 'src')), statSync(join(root, 'scripts/bundle.ts')).mtimeMs)) return true;
  // a source file touched but not changed (a checkout, a commit): the build's record of its sources says
  const stamp = sourcesStamp(join(root, 'dist'));
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsDigest(root, SOURCES);
}

const useBuilt = builtIsCurrent();

/** Runs the CLI from source (TypeScript compiled as it loads). */
export function cliFromSource(args: string[], cwd = root): CliResult {
  return run(['--import', tsx, `${root}src/cli/main.ts`, ...args], cwd);
}

/** Runs the CLI as a user runs it: built when the build is current (see builtIsCurrent), else from source. */
export function cli(args: string[], cwd = root): CliResult {
  return useBuilt ? run([`${root}bin/puzzlepress.js`, ...args], cwd) : cliFromSource(args, cwd);
}

function run(argv: string[], cwd: string): CliResult {
  const r = spawnSync(process.execPath, argv, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
