import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, webSession, type WebSession } from './helpers/browser.js';

// The page on a narrow phone (320 px wide, the narrowest still sold), in Chromium.
let s: WebSession;

beforeAll(async () => {
  s = await webSession();
}, 60_000);
afterAll(async () => s?.close());

/**
 * What does not fit: the page or the form wider than the screen (a sideways scroll), or a shown
 * element of the form reaching past the form's inner edge.
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`page: ${doc.scrollWidth} px in ${doc.clientWidth}`);
    const form = document.querySelector('form')!;
    if (form.scrollWidth > form.clientWidth) out.push(`form: ${form.scrollWidth} px in ${form.clientWidth}`);
    const box = form.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(form).paddingRight) + parseFloat(getComputedStyle(form).borderRightWidth);
    for (const el of form.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || r.right <= box.right - pad + 0.5) continue;
      const what = el.id || el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.tagName;
      out.push(`${el.tagName.toLowerCase()} "${what}" ends ${Math.round(r.right - (box.right - pad))} px past the form`);
    }
    return out;
  });
}

describe('the page on a narrow phone', () => {
  it('fits every field of every puzzle, the font file box too, in 320 and 360 px', async () => {
    for (const w of [320, 360]) {
      const page = await s.page(w, 800);
      const kinds = ['calcudoku', 'flow', 'dobble', 'spot-match', 'fultiples', 'ludo'];
      for (const kind of kinds) {
        await page.goto(`${s.url}?kind=${kind}&seed=phone`);
        await settled(page);
        await page.selectOption('label:has-text("Font") + .row select', 'own');
        expect(await page.isVisible('input[type=file][accept*=ttf]')).toBe(true);
        expect(await overflows(page), `${kind} at ${w} px`).toEqual([]);
      }
      await page.goto(`${s.url}?view=class`);
      await page.waitForSelector('#plan-file');
      for (const kind of kinds) await page.selectOption('#add-kind', kind), await page.click('button:text-is("Add")');
      expect(await page.locator('.sheet-plan').count()).toBe(kinds.length + 2);
      expect(await overflows(page), `class set at ${w} px`).toEqual([]);
      await page.context().close();
    }
  }, 180_000);

  it('says what Calcudoku is in one short plain sentence: its card is no taller than the others on a phone', async () => {
    for (const w of [320, 390]) {
      const page = await s.page(w, 800);
      await page.goto(`${s.url}?kind=flow&seed=phone`);
      await page.waitForSelector('.kind label');
      const cards = await page.$$eval('.kind label', (els) => els.map((el) => ({ name: el.querySelector('strong')!.textContent!, text: el.querySelector('span')!.textContent!, height: el.getBoundingClientRect().height })));
      const calcudoku = cards.find((c) => c.name === 'Calcudoku')!;
      const others = cards.filter((c) => c !== calcudoku);
      expect(calcudoku.height, `at ${w} px: ${JSON.stringify(cards)}`).toBeLessThanOrEqual(Math.max(...others.map((c) => c.height)));
      // one sentence, short enough to read at a glance, with no trade name
      expect(calcudoku.text.split(/[.;]\s/)).toHaveLength(1);
      expect(calcudoku.text.length).toBeLessThanOrEqual(90);
      expect(calcudoku.text).not.toMatch(/KenKen|Calcudoku/i);
      await page.context().close();
    }
  }, 60_000);
});
