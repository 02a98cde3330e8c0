import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serveWeb, WEB_DIR } from '../../src/cli/web-command.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface WebSession {
  url: string;
  browser: Browser;
  page(width?: number, height?: number): Promise<Page>;
  /** A new tab at the page's address and `query` (e.g. '?kind=flow&seed=x'). */
  open(query?: string, width?: number, height?: number): Promise<Page>;
  /** `open`, then wait until its first job has finished: the tab and what its status line says. */
  made(query?: string, width?: number, height?: number): Promise<{ page: Page; status: string }>;
  close(): Promise<void>;
}

/** The built page served as `puzzlepress web` serves it, and Debian's Chromium to drive it. */
export async function webSession(): Promise<WebSession> {
  const server = await serveWeb(WEB_DIR, 0, () => {});
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const session: WebSession = {
    url: server.url,
    browser,
    async page(width = 1280, height = 900) {
      const ctx = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      (page as Page & { errors: string[] }).errors = errors;
      return page;
    },
    async open(query = '', width?: number, height?: number) {
      const page = await session.page(width, height);
      await page.goto(`${server.url}${query}`);
      return page;
    },
    async made(query = '', width?: number, height?: number) {
      const page = await session.open(query, width, height);
      return { page, status: await settled(page) };
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
  return session;
}

/**
 * The session of a test file: started before its tests, closed after them. Its fields are read
 * when a test runs, once the session has started.
 */
export function fileSession(): WebSession {
  let s: WebSession | undefined;
  beforeAll(async () => {
    s = await webSession();
  }, 60_000);
  afterAll(async () => s?.close());
  const live = () => {
    if (!s) throw new Error('the web session starts before the tests');
    return s;
  };
  return {
    get url() { return live().url; },
    get browser() { return live().browser; },
    page: (width, height) => live().page(width, height),
    open: (query, width, height) => live().open(query, width, height),
    made: (query, width, height) => live().made(query, width, height),
    close: () => live().close(),
  };
}

/** Does `change` and waits for the job it starts to finish: what the status line then says. */
export async function afterChange(page: Page, change: () => Promise<unknown>): Promise<string> {
  const before = await runs(page);
  await change();
  return settled(page, before);
}

/** Holds back the page's fetches of files matching `pattern` by `ms`, as a slow network would. */
export async function slowFetch(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** What the page threw or logged as an error since its tab opened. */
export function pageErrors(page: Page): string[] {
  return (page as Page & { errors: string[] }).errors;
}

/** Opens a file with Open saved settings on the class set page (YAML unless the name says otherwise). */
export async function choosePlan(page: Page, name: string, body: string | Buffer): Promise<void> {
  const mimeType = /\.ya?ml$/.test(name) ? 'application/yaml' : 'text/plain';
  await page.setInputFiles('#plan-file', { name, mimeType, buffer: typeof body === 'string' ? Buffer.from(body) : body });
}

/** The mistake the class set page names under Open saved settings for the file `name`. */
export async function planError(page: Page, name: string, body: string | Buffer): Promise<string> {
  await choosePlan(page, name, body);
  await page.waitForSelector('#plan-error:not([hidden])');
  return (await page.textContent('#plan-error')) ?? '';
}

/** The number of jobs the page's status line has started so far. */
export async function runs(page: Page): Promise<number> {
  return Number((await page.getAttribute('.view [role=status]', 'data-runs')) ?? 0);
}

/**
 * Waits until the page has started more than `after` jobs and the last one has finished (or
 * failed), with a status line matching `want` when given, and returns what the status line says.
 */
export async function settled(page: Page, after = 0, timeout = 90_000, want?: RegExp): Promise<string> {
  await page.waitForFunction(
    ([n, source, flags]) => {
      const s = document.querySelector('.view [role=status]') as HTMLElement | null;
      const done = !!s && Number(s.dataset.runs) > n && (s.dataset.state === 'ok' || s.dataset.state === 'error');
      return done && (source === null || new RegExp(source, flags).test(s.querySelector('.status-text')?.textContent ?? ''));
    },
    [after, want?.source ?? null, want?.flags ?? ''] as const,
    { timeout },
  );
  return (await page.textContent('.view [role=status] .status-text')) ?? '';
}

/**
 * The status line once a run after `after` has ended with text matching `want`. Edits to two
 * fields may each start a run (the page waits only a moment after a key), so the first run to end
 * may have seen one of them alone. Past the timeout, the line as it is, for the test to show.
 */
export async function settledTo(page: Page, want: RegExp, after = 0, timeout = 90_000): Promise<string> {
  return settled(page, after, timeout, want).catch(async () => (await page.textContent('.view [role=status] .status-text')) ?? '');
}
