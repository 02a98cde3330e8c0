import { chromium, type Browser, type Page } from 'playwright-core';
import { serveWeb, WEB_DIR } from '../../src/cli/web-command.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface WebSession {
  url: string;
  browser: Browser;
  page(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

/** The built page served as `puzzlepress web` serves it, and Debian's Chromium to drive it. */
export async function webSession(): Promise<WebSession> {
  const server = await serveWeb(WEB_DIR, 0, () => {});
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
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
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** The number of jobs the page's status line has started so far. */
export async function runs(page: Page): Promise<number> {
  return Number((await page.getAttribute('.view [role=status]', 'data-runs')) ?? 0);
}

/**
 * Waits until the page has started more than `after` jobs and the last one has finished (or
 * failed), and returns what the status line says.
 */
export async function settled(page: Page, after = 0, timeout = 90_000): Promise<string> {
  await page.waitForFunction(
    (n) => {
      const s = document.querySelector('.view [role=status]') as HTMLElement | null;
      return !!s && Number(s.dataset.runs) > n && (s.dataset.state === 'ok' || s.dataset.state === 'error');
    },
    after,
    { timeout },
  );
  return (await page.textContent('.view [role=status] .status-text')) ?? '';
}
