import { h } from './dom.js';

/** pdf.js and the worker it draws in. */
type PdfJs = { lib: typeof import('pdfjs-dist'); worker: import('pdfjs-dist').PDFWorker };
let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js is large: loaded on the first preview, not with the page. Its own worker (another 1.2 MB
 * to fetch and compile) is started with it and kept for every preview, so that it gets ready
 * while the first sheet is made rather than after it.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return { lib, worker: new lib.PDFWorker() };
  });
  return pdfjs;
}

/** Shows the pages of a PDF one at a time, drawn to a canvas at the screen's resolution. */
export class Preview {
  readonly element: HTMLElement;
  private canvas = h('canvas', { class: 'page', role: 'img', 'aria-label': 'Preview of the page' });
  private label = h('span', { class: 'page-no', 'aria-live': 'polite' });
  private prev = h('button', { type: 'button', class: 'small', onclick: () => this.show(this.index - 1) }, '‹ Previous page');
  private next = h('button', { type: 'button', class: 'small', onclick: () => this.show(this.index + 1) }, 'Next page ›');
  // no page buttons while there are no pages to turn
  private nav = h('div', { class: 'page-nav', hidden: true }, this.prev, this.label, this.next);
  private doc: import('pdfjs-dist').PDFDocumentProxy | null = null;
  private index = 0;
  private first = 0;
  private last = 0;
  // never rejects: a page that failed to draw must not stop every later one from being drawn
  private drawing = Promise.resolve();
  private loads = 0; // a load begun before the last one shows nothing: its file is no longer the newest
  private task: import('pdfjs-dist').RenderTask | null = null;

  constructor(private what: string) {
    this.element = h('div', { class: 'preview-pages' }, this.nav, h('div', { class: 'sheet' }, this.canvas));
    this.clear();
  }

  clear(): void {
    this.loads++;
    this.replace(null);
    this.canvas.width = 0;
    this.canvas.height = 0;
    this.label.textContent = '';
    this.prev.disabled = this.next.disabled = true;
    this.nav.hidden = true;
  }

  /**
   * Shows pages first..last (0-based) of `bytes`. Never rejects: a preview that could not be drawn
   * is logged and cleared, and keeps no file from the teacher (every view offers its files after it).
   */
  async load(bytes: Uint8Array, first = 0, last?: number): Promise<void> {
    const mine = ++this.loads;
    try {
      const { lib, worker } = await loadPdfJs();
      const doc = await lib.getDocument({ data: bytes.slice(), isEvalSupported: false, worker }).promise;
      if (mine !== this.loads) return void doc.destroy();
      this.replace(doc);
      this.first = first;
      this.last = Math.min(last ?? doc.numPages - 1, doc.numPages - 1);
      await this.show(first);
    } catch (e) {
      console.error(e);
      if (mine === this.loads) this.clear();
    }
  }

  /**
   * The document shown from now on. The last one's page still being drawn is stopped, and the
   * document let go once that drawing has ended: destroyed while drawn, its page never finished.
   */
  private replace(doc: import('pdfjs-dist').PDFDocumentProxy | null): void {
    const old = this.doc;
    this.doc = doc;
    this.task?.cancel();
    if (old) void this.drawing.then(() => old.destroy());
  }

  show(i: number): Promise<void> {
    if (!this.doc || i < this.first || i > this.last) return this.drawing;
    this.index = i;
    const doc = this.doc;
    const drawn = this.drawing.then(async () => {
      if (doc !== this.doc) return; // another file came before this page's turn
      const page = await doc.getPage(i + 1);
      if (doc !== this.doc) return;
      const width = Math.min(this.element.clientWidth || 600, 760);
      const base = page.getViewport({ scale: 1 });
      const scale = (width / base.width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      this.canvas.width = Math.floor(viewport.width);
      this.canvas.height = Math.floor(viewport.height);
      this.canvas.style.width = `${Math.floor(viewport.width / (window.devicePixelRatio || 1))}px`;
      const task = page.render({ canvas: this.canvas, viewport });
      this.task = task;
      try {
        await task.promise;
      } catch (e) {
        if (doc !== this.doc) return; // stopped for another file
        throw e;
      } finally {
        if (this.task === task) this.task = null;
      }
      // numbered as printed in the PDF's footers: the answers at the back of a 3-page PDF are its
      // page 3 of 3 (the pager said "Page 1 of 2" under a page printed "Page 1 of 3")
      const n = doc.numPages;
      this.label.textContent = `Page ${i + 1} of ${n}`;
      this.canvas.setAttribute('aria-label', `${this.what}, page ${i + 1} of ${n}`);
      this.prev.disabled = i <= this.first;
      this.next.disabled = i >= this.last;
      this.nav.hidden = false;
    });
    this.drawing = drawn.catch(() => {});
    return drawn;
  }
}
