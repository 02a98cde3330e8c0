// The page's build (npm run web:build): its generated files, a type check, then Vite. Skipped when
// nothing the page is made from has changed since it was last made (see scripts/stamp.ts): `npm
// test` builds after `npm ci` has, and this step is the slowest of the build.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsDigest, markBuilt, upToDate } from '../../scripts/stamp.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const stamp = join(root, 'dist/.web-built');
// the installed packages as npm recorded them (fonts, PDFKit, Vite), optional ones left out included
const inputs = ['web', 'src', 'templates', 'messages', 'fonts', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json'];
const digest = inputsDigest(root, inputs, (path) => path === 'web/generated' || path === 'web/public/fonts');

function run(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (upToDate(stamp, digest, [join(root, 'dist/web/index.html')])) {
  console.log('web page: up to date');
} else {
  run(['--import', 'tsx', 'web/scripts/generate.ts']);
  run([require.resolve('typescript/bin/tsc'), '-p', 'web/tsconfig.json']);
  run([join(dirname(require.resolve('vite/package.json')), 'bin/vite.js'), 'build', '-c', 'web/vite.config.ts', '--logLevel', 'warn']);
  markBuilt(stamp, digest);
}
