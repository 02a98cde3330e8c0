import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// By path, so the CLI can run with its working folder anywhere (tests run it in temp folders).
const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from source, as a user would run the built one. */
export function cli(args: string[], cwd = root): CliResult {
  const r = spawnSync(process.execPath, ['--import', tsx, `${root}src/cli/main.ts`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
