import type { DocMeta } from '../pdf/document.js';
import { copyPages, FontFiles, langTag, parsePdf, writeInfo, writeOutline, Writer, type Bookmark, type Placed } from './merge.js';

/**
 * Every pupil's pages in one file, so a class is printed in one go rather than file by file. It is
 * joined as the pupils' files are made and passed on in pieces, never held whole (a school's is
 * tens of MB). Pupils with two pages or more each start on a sheet of their own when printed on
 * both sides: after one with an odd number of pages comes a blank page, so no pupil's first page is
 * printed on the back of another's last. Pupils with one page each get none (such sheets are
 * printed on one side, and a blank after each would double the paper). Each font file is stored
 * once (see FontFiles). A bookmark a pupil. No structure tree: the pupils' own files are the ones
 * to read aloud, this one is for the printer.
 */
export class PrintFile {
  private w = new Writer(false);
  private catalog = this.w.reserve();
  private pagesRef = this.w.reserve();
  private fonts = { count: 0 };
  private stored = new FontFiles();
  private kids: number[] = [];
  private marks: Bookmark[] = [];
  private last: Placed | null = null;
  private lastCount = 0;

  /** Adds a pupil's PDF; returns the bytes to append to the file. */
  add(pdf: Uint8Array, pupil: string): Uint8Array {
    const parsed = parsePdf(pdf);
    // one-page sets are printed on one side: a blank after each would be half the paper
    if (this.kids.length % 2 && this.last && (this.lastCount > 1 || parsed.pages.length > 1)) {
      const blank = this.w.reserve();
      this.w.object(blank, `<<\n/Type /Page\n/Parent ${this.pagesRef} 0 R\n/MediaBox [0 0 ${this.last.w} ${this.last.h}]\n/Resources << >>\n>>`);
      this.kids.push(blank);
    }
    const placed = copyPages(this.w, parsed, this.fonts, false, this.pagesRef, null, this.stored);
    this.marks.push({ path: [pupil], page: this.kids.length });
    for (const p of placed) this.kids.push(p.ref);
    this.last = placed[placed.length - 1] ?? this.last;
    this.lastCount = placed.length;
    return this.w.take();
  }

  get pages(): number {
    return this.kids.length;
  }

  /** The page tree, bookmarks and cross-reference table: the file's last bytes. */
  end(meta: DocMeta): Uint8Array {
    const w = this.w;
    w.object(this.pagesRef, `<<\n/Type /Pages\n/Count ${this.kids.length}\n/Kids [${this.kids.map((k) => `${k} 0 R`).join(' ')}]\n>>`);
    const outlines = writeOutline(w, this.marks, (p) => this.kids[p]!);
    w.object(this.catalog, `<<\n/Type /Catalog\n/Pages ${this.pagesRef} 0 R${outlines}\n/Lang (${langTag(meta.lang)})\n/ViewerPreferences << /DisplayDocTitle true >>\n>>`);
    return w.finish(this.catalog, writeInfo(w, meta));
  }
}
