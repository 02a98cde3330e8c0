// Bundles the compiled batch worker (dist/batch/worker.js and all it imports, packages included)
// into one file, dist/batch/worker.bundle.cjs, which the batch pool starts (src/batch/worker-boot.ts) when it is there,
// and the CLI likewise into dist/cli/main.bundle.cjs, which bin/puzzlepress.js starts (src/cli/boot.ts).
// Loaded module by module, a worker read, resolved and linked ~400 files (~0.2 s of CPU for
// every worker of every run); one file is parsed in one go. The code is the compiled code as it
// is, so the PDFs are the same bytes. Then a few small runs make V8's code caches for them (see makeCodeCache).
// Run after tsc: `npm run bundle [DIST]` (DIST: dist/).
import { build, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_CACHE_ENV, codeCacheFile } from '../src/node/code-cache.js';
import { latin1Source } from './latin1.js';
import { inputsDigest, markBuilt, SOURCES, sourcesStamp, upToDate } from './stamp.js';

const require = createRequire(import.meta.url);

/**
 * The worker draws with PDFKit's browser build, found beside the package's main file at run time
 * (src/port/node-lazy.ts), which a bundler cannot follow: the entry below imports it by this name
 * and hands it over.
 */
const PDFKIT_BROWSER = 'puzzlepress:pdfkit-browser';

/**
 * fontkit loads the brotli decoder as it starts, and with it a 120 KB dictionary unpacked in ~13 ms
 * of CPU, for WOFF2 fonts only, which most batches never open: here it is loaded on first use.
 */
const LAZY_BROTLI = `
import { createRequire } from 'node:module';
let decompress;
export default function (...args) {
  decompress ??= createRequire(import.meta.url)('brotli/decompress.js');
  return decompress(...args);
}`;

/**
 * unicode-trie (under fontkit and PDFKit's line breaking) unpacks its tables with tiny-inflate
 * as the worker starts, twice each; fflate's inflate, already in the bundle, gives the same bytes
 * in about half the time. CommonJS, as tiny-inflate is: its users require() it.
 */
const FAST_INFLATE = `
const { inflateSync } = require('./esm/index.mjs'); // the copy the rest of the bundle imports
module.exports = function inflate(source, dest) {
  return inflateSync(source, { out: dest });
};`;

/**
 * PDFKit imports AES for encrypted PDFs, which a batch never makes, and the module builds its
 * tables as it loads (~11 ms of CPU and 1.3 MB a worker): here it is loaded, from the bundle, on first use.
 */
const LAZY_AES = `
let aes;
const load = () => (aes ??= require('@noble/ciphers/aes'));
export const cbc = (...args) => load().cbc(...args);
export const ecb = (...args) => load().ecb(...args);`;

/**
 * linebreak (under PDFKit) decodes its table (5 KB of base64) with an old base64-js, a byte at a
 * time (~12 ms of a worker's start); Node's decoder gives the same bytes at once. A fresh array, as
 * base64-js gives: unicode-trie reads the bytes through their buffer from its start.
 */
const FAST_BASE64 = `
module.exports = {
  toByteArray: (text) => new Uint8Array(Buffer.from(text, 'base64')),
  fromByteArray: (bytes) => Buffer.from(bytes).toString('base64'),
};`;

const resolveOwn: Plugin = {
  name: 'puzzlepress',
  setup(b) {
    b.onResolve({ filter: /^puzzlepress:pdfkit-browser$/ }, () => ({ path: join(dirname(require.resolve('pdfkit')), 'pdfkit.browser.mjs') }));
    // PDFKit is given above, so the worker takes the port without port/node.js's top-level await (not allowed in CommonJS)
    b.onResolve({ filter: /^\.\.\/port\/node\.js$/ }, (args) => ({ path: join(dirname(args.importer), '../port/node-lazy.js') }));
    b.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, (args) => (args.namespace === 'lazy' ? undefined : { path: 'brotli', namespace: 'lazy' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({ contents: LAZY_BROTLI, loader: 'js', resolveDir: process.cwd() }));
    b.onResolve({ filter: /^@noble\/ciphers\/aes$/ }, (args) => (args.namespace === 'aes' ? undefined : { path: 'aes', namespace: 'aes' }));
    b.onLoad({ filter: /.*/, namespace: 'aes' }, () => ({ contents: LAZY_AES, loader: 'js', resolveDir: dirname(require.resolve('pdfkit')) }));
    b.onResolve({ filter: /^base64-js$/ }, (args) => (/[\\/]linebreak[\\/]/.test(args.importer) ? { path: 'base64', namespace: 'base64' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'base64' }, () => ({ contents: FAST_BASE64, loader: 'js' }));
    b.onResolve({ filter: /^tiny-inflate$/ }, () => ({ path: 'tiny-inflate', namespace: 'inflate' }));
    b.onLoad({ filter: /.*/, namespace: 'inflate' }, () => ({ contents: FAST_INFLATE, loader: 'js', resolveDir: join(dirname(require.resolve('fflate')), '..') }));
  },
};

/** The worker: PDFKit is given at once, as every worker draws. */
const WORKER_ENTRY = [
  `import PDFDocument from '${PDFKIT_BROWSER}';`,
  `import { givePdfkit } from './port/node-lazy.js';`,
  'givePdfkit(PDFDocument);',
  `require('./batch/worker.js');`,
].join('\n');

/** The CLI: PDFKit is started on first use, as a batch's main thread never draws (see loadPdfkit). */
const CLI_ENTRY = [
  `import { givePdfkitLoader } from './port/node-lazy.js';`,
  `givePdfkitLoader(() => import('${PDFKIT_BROWSER}').then((m) => m.default));`,
  `require('./cli/main.js');`,
].join('\n');

export async function bundleWorker(dist: string): Promise<void> {
  await bundle(dist, 'batch/worker.js', WORKER_ENTRY, 'batch/worker.bundle.cjs');
}

/** The CLI as bin/puzzlepress.js starts it, through dist/cli/boot.js. */
export async function bundleCli(dist: string): Promise<void> {
  await bundle(dist, 'cli/main.js', CLI_ENTRY, 'cli/main.bundle.cjs');
}

async function bundle(dist: string, main: string, entry: string, file: string): Promise<void> {
  if (!existsSync(join(dist, main))) throw new Error(`${join(dist, main)} is missing: run tsc first`);
  const out = join(dist, file);
  const built = await build({
    stdin: { contents: entry, resolveDir: resolve(dist), sourcefile: 'entry.js', loader: 'js' },
    outfile: out,
    write: false,
    bundle: true,
    platform: 'node',
    // the body of a function that compileBundle (src/node/code-cache.ts) compiles and calls with require and the file's URL
    format: 'cjs',
    define: { 'import.meta.url': 'import_meta_url' },
    target: 'node20',
    plugins: [resolveOwn],
    logLevel: 'warning',
  });
  rmSync(codeCacheFile(out), { force: true });
  // esbuild leaves comments and regular expressions as they are, CJK and curly quotes included
  writeFileSync(out, latin1Source(built.outputFiles[0]!.text));
}

/**
 * A batch of every kind that runs in a worker, for two pupils: what the worker runs here is what
 * its code cache holds (src/batch/worker-boot.ts). Small, to keep the build quick (~5 s).
 */
const WARM_PLAN = `title: Warm
seed: warm
pupils: [Ava, Ben]
worksheets:
  - {kind: calcudoku, size: 6, difficulty: medium, count: 4}
  - {kind: flow, size: 8, count: 4}
  - {kind: fultiples}
  - {kind: spot-match}
  - {kind: dobble, cards: 12}
  - {kind: ludo}
`;

/**
 * Commands the CLI's code cache is made from, one after another, each adding what it ran to the
 * cache the last one left: a sheet of each common sort and a mistake, kept small for a quick build.
 */
const WARM_COMMANDS: { args: string[]; exit: number }[] = [
  { args: ['calcudoku', '--size', '4', '--count', '2', '--seed', 'warm', '--answers', 'separate', '--json', 'c.json', '--out', 'c.pdf'], exit: 0 },
  { args: ['flow', '--size', '5', '--count', '2', '--seed', 'warm', '--out', 'f.pdf'], exit: 0 },
  // a mistake, said in one line with exit code 2
  { args: ['calcudoku', '--size', '99'], exit: 2 },
];

/**
 * Runs the built CLI with CODE_CACHE_ENV set: a batch, whose worker writes the worker bundle's
 * code cache, then WARM_COMMANDS, which write the CLI bundle's (see src/cli/boot.ts).
 */
export function makeCodeCache(dist: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlepress-warm-'));
  const env = { ...process.env, [CODE_CACHE_ENV]: 'write' };
  const run = (args: string[], exit: number, what: string) => {
    const r = spawnSync(process.execPath, [join(dist, 'cli/boot.js'), ...args], { cwd: dir, env, encoding: 'utf8' });
    if (r.status !== exit) throw new Error(`${what} for the code cache failed: ${r.stderr || r.error}`);
  };
  try {
    writeFileSync(join(dir, 'warm.yaml'), WARM_PLAN);
    run(['batch', 'warm.yaml', '--out', 'out', '--workers', '1'], 0, 'the warm-up batch');
    for (const { args, exit } of WARM_COMMANDS) run(args, exit, `puzzlepress ${args.join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const file of ['batch/worker.bundle.cjs', 'cli/main.bundle.cjs']) {
    if (!existsSync(codeCacheFile(join(dist, file)))) throw new Error(`no code cache was written for ${file}`);
  }
}

/**
 * What the bundles and their caches are made from: the compiled code (not its declarations, the
 * page or the bundles themselves), this script, the packages installed and Node's version.
 */
function bundleInputs(dist: string): string {
  const own = (path: string) => path === 'web' || path.startsWith('.') || path.endsWith('.d.ts') || /\.bundle\.(cjs|v8-cache)$/.test(path);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tools = ['scripts/bundle.ts', 'scripts/latin1.ts', 'package-lock.json', 'node_modules/.package-lock.json'];
  return `${inputsDigest(dist, ['.'], own)} ${inputsDigest(root, tools)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const stamp = join(dist, '.bundled');
  const digest = bundleInputs(dist);
  const outputs = ['batch/worker.bundle.cjs', 'cli/main.bundle.cjs'].flatMap((f) => [join(dist, f), codeCacheFile(join(dist, f))]);
  if (upToDate(stamp, digest, outputs)) {
    console.log('bundles: up to date');
  } else {
    rmSync(stamp, { force: true });
    await bundleWorker(dist);
    await bundleCli(dist);
    makeCodeCache(dist);
    markBuilt(stamp, digest);
  }
  // run after tsc (npm run build, npm test): dist/ is now made from the sources as they are
  const root = fileURLToPath(new URL('..', import.meta.url));
  markBuilt(sourcesStamp(dist), inputsDigest(root, SOURCES));
}
