import { dobble } from '../../src/kinds/dobble/index.js';
import { renderToBuffer } from '../../src/pdf/render.js';
import { documentPages, generateItems, kindPart, Templates } from '../../src/run.js';

type Paper = 'a4' | 'letter';

/**
 * Renders a Dobble deck as `dobble` prints it, calling `onPage` with a page's index before each of its
 * slots is drawn, so a test spying on Draw knows the page of what it records (every slot of a page is
 * drawn before the next page starts).
 */
export async function renderDeckPages(options: ReturnType<typeof dobble.schema.parse>, paper: Paper, seed: string, onPage: (page: number) => void) {
  const templates = new Templates({});
  const pages = documentPages([kindPart(dobble, options, generateItems(dobble, options, seed, 1), { paper }, templates)], 'back').main;
  for (const [i, p] of pages.entries()) {
    for (const slot of p.slots) {
      const draw = slot.draw;
      slot.draw = (d, box) => {
        onPage(i);
        draw(d, box);
      };
    }
  }
  await renderToBuffer(pages, { paper, templates, meta: { title: 't', subject: 's', keywords: 'k' } });
  return pages;
}
