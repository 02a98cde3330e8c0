import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { fail, UserError } from '../core/errors.js';
import { assetPath } from '../port/node-lazy.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.icc': 'application/vnd.iccprofile',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The built page: dist/web at the package root, beside dist/cli. */
export const WEB_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

function portOf(raw: string | undefined): number {
  if (raw === undefined) return 8017;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1024 || n > 65535) fail(`--port must be a whole number from 1024 to 65535 (got ${JSON.stringify(raw)})`);
  return n;
}

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  spawn(cmd, args, { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
}

/** A script font file (or its coverage table) of the page, from its installed npm package. */
function npmFont(rel: string): string | undefined {
  if (!/^@[a-z0-9-]+\/[a-z0-9-]+\/(files\/[a-z0-9-]+\.woff2|unicode\.json)$/.test(rel)) return undefined;
  try {
    return assetPath(`npm:${rel}`);
  } catch {
    return undefined;
  }
}

/** A font we ship in fonts/ (Andika, the common CJK characters), left out of the npm package's copy of the page. */
function ownFont(rel: string): string | undefined {
  if (!/^([a-z0-9-]+\/){0,2}[A-Za-z0-9-]+\.(ttf|woff2|json)$/.test(rel)) return undefined;
  const file = assetPath(`fonts/${rel}`);
  return existsSync(file) ? file : undefined;
}

/** Serves the page's files to this computer only; the page itself does all the work. */
export function serveWeb(dir: string, port: number, log: (line: string) => void): Promise<{ url: string; close(): void }> {
  const root = normalize(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) file = root; // no way out of the folder
    if (file.endsWith(sep) || (existsSync(file) && statSync(file).isDirectory())) file = join(file, 'index.html');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    // script fonts are not in the npm package's copy of the page: they come from their own packages
    if (!existsSync(file) && path.startsWith('/fonts/@')) file = npmFont(path.slice('/fonts/'.length)) ?? file;
    else if (!existsSync(file) && path.startsWith('/fonts/')) file = ownFont(path.slice('/fonts/'.length)) ?? file;
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const hashed = /\/assets\//.test(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new UserError(`port ${port} is in use: choose another with --port, for example --port ${port + 1}`) : e),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`;
      log(`Serving the puzzle page at ${url} (this computer only; press Ctrl-C to stop)`);
      resolve({ url, close: () => server.close() });
    });
  });
}

export function addWebCommand(program: Command, log: (line: string) => void): void {
  program
    .command('web')
    .description('serve the web page (every kind, class sets, answers from codes) on this computer')
    .option('--port <n>', 'port to listen on, 1024 to 65535 (default 8017)')
    .option('--open', 'open the page in the default browser')
    .action(async (raw: { port?: string; open?: boolean }) => {
      const port = portOf(raw.port);
      if (!existsSync(join(WEB_DIR, 'index.html'))) fail('the web page has not been built: run npm run web:build (npm ci does it too)');
      const served = await serveWeb(WEB_DIR, port, log);
      if (raw.open) openBrowser(served.url);
      await new Promise(() => {}); // serve until Ctrl-C
    });
}
