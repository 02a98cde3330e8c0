import { describe, expect, it } from 'vitest';
import { fileSession, pageErrors, settled } from './helpers/browser.js';

const s = fileSession();

// CI once waited 90 s for a Flow sheet: its file came while the sheet before was still being drawn,
// that drawing failed when its file was let go, and every preview after it waited on the failure.
describe('the preview', () => {
  it('shows the newest sheet when another is made while the last is still being drawn', async () => {
    const page = await s.page();
    await page.goto(`${s.url}?kind=dobble`);
    await page.waitForFunction(() => (document.querySelector('canvas.page') as HTMLCanvasElement | null)?.width, undefined, { timeout: 60_000 });
    // the cards' page is being drawn, slowly, as on a busy machine, when Flow is chosen
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
    await page.evaluate(() => {
      const flow = document.getElementById('kind-flow') as HTMLInputElement;
      flow.checked = true;
      flow.dispatchEvent(new Event('change'));
    });
    expect(await settled(page, 1, 60_000)).toMatch(/^Flow.*ready/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await page.getAttribute('canvas.page', 'aria-label')).toMatch(/^Pages, page 1 of \d+$/);
    expect(await page.isEnabled('button:has-text("Download PDF")')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
