import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** What the web page tests write: PDFs to read back, command-line runs to compare with. */
export const dir = mkdtempSync(join(tmpdir(), 'pp-web-'));

/** The names the page gave its downloads, in order. */
export const downloadNames: string[] = [];

export async function downloadOf(page: Page, button: string): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`button:has-text("${button}")`)]);
  downloadNames.push(dl.suggestedFilename());
  return readFileSync((await dl.path())!);
}

export function pdfText(pdf: Buffer): string {
  const f = join(dir, `t${Math.random()}.pdf`);
  writeFileSync(f, pdf);
  return execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' });
}

export function pdfPages(pdf: Buffer): number {
  const f = join(dir, `p${Math.random()}.pdf`);
  writeFileSync(f, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))![1]);
}

export const WORDS_BOX = 'label:has-text("Words, one on each line") + textarea';
