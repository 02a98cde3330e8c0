// Lets a build step that takes seconds (bundles and their code caches, the web page) be skipped
// when its inputs are what they were when it last ran: `npm ci` builds and `npm test` builds
// again, on CI one straight after the other.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * One digest of every file under `paths` (relative to `root`, folders walked in sorted order),
 * by path and bytes, and of Node's version, whose V8 the code caches are made for. `skip` leaves
 * out paths (relative, with /) that are the step's own output.
 */
export function inputsDigest(root: string, paths: string[], skip: (path: string) => boolean = () => false): string {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const add = (abs: string) => {
    const name = relative(root, abs).split(sep).join('/');
    if (skip(name)) return;
    if (!statSync(abs).isDirectory()) {
      hash.update(`${name}\n`).update(readFileSync(abs)).update('\n');
      return;
    }
    for (const entry of readdirSync(abs).sort()) add(join(abs, entry));
  };
  for (const p of paths) {
    if (existsSync(join(root, p))) add(join(root, p));
    else hash.update(`${p} missing\n`);
  }
  return hash.digest('hex');
}

/** Whether the step's outputs are all there and `stamp` says they were made from `digest`. */
export function upToDate(stamp: string, digest: string, outputs: string[]): boolean {
  return outputs.every((f) => existsSync(f)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
}

/** Records that the step's outputs were made from `digest`: written last, once they all are. */
export function markBuilt(stamp: string, digest: string): void {
  writeFileSync(stamp, digest);
}

/** The sources a build of dist/ is made from: what the test helper compares with the build's record. */
export const SOURCES = ['src', 'scripts/bundle.ts', 'scripts/latin1.ts'];

/**
 * Where the build records the digest of SOURCES it was made from. File times alone said a build
 * was old when a checkout or commit had only touched a source file: the build, going by digests,
 * was up to date and left its files as they were, and the tests then ran the CLI from source
 * (~3 s a call, a suite of ~1,000 s).
 */
export function sourcesStamp(dist: string): string {
  return join(dist, '.sources');
}
