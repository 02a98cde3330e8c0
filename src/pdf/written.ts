import type PDFDocument from 'pdfkit';
import { compactTags } from './tags.js';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * What a long document keeps of the objects it has already written. PDFKit writes a page, a
 * structure element or a bookmark's target early, but keeps the object itself (with its whole
 * dictionary: a page's resources, a figure's description) until the end of the document, where
 * only its number is printed: in the page list, the structure tree's parent tree, a section's
 * children and the bookmarks. A school's answer key (1,000 pupils, 500 pages, 11,000 elements)
 * held ~10 KB a pupil that way. `keepWrittenAsNumbers` swaps those objects for stand-ins that
 * print the same text, so what the document holds no longer grows with what it has written.
 * The bytes written do not change. It relies on PDFKit internals (none of these are exported),
 * found from the document's own objects.
 */

interface Ref {
  id: number;
  data: Record<string, unknown>;
  end(): void;
}

interface Outline {
  outlineData: Record<string, unknown>;
  dictionary: Ref | Written;
  children: (Outline | LaterOutline)[];
  options: { expanded?: boolean };
  endOutline(): void;
}

interface Internals {
  _root: Ref & { data: { Pages: Ref & { data: { Kids: (Ref | Written)[] } }; StructTreeRoot?: Ref } };
  page?: { dictionary: Ref };
  outline: Outline;
}

/** Printed as `n 0 R` for each number, between brackets or not (a run of a list's entries). */
interface Written {
  readonly ids: (number | null)[];
  toString(): string;
}

interface Kit {
  written(ids: (number | null)[], brackets: boolean): Written;
  newRef(doc: Doc, id: number, data: Record<string, unknown>): Ref;
}

let kit: Kit | null = null;

/** PDFKit's reference classes, from a document's catalog (a PDFReference). */
function kitOf(doc: Doc): Kit {
  if (kit) return kit;
  const root = (doc as unknown as Internals)._root;
  const RefClass = root.constructor as new (doc: Doc, id: number, data: Record<string, unknown>) => Ref;
  // PDFKit prints any PDFAbstractReference by its toString().
  const Abstract = Object.getPrototypeOf(RefClass.prototype).constructor as new () => object;
  class Numbers extends Abstract implements Written {
    constructor(readonly ids: (number | null)[], private brackets: boolean) {
      super();
    }
    override toString(): string {
      const s = this.ids.map((id) => (id === null ? 'null' : `${id} 0 R`)).join(' ');
      return this.brackets ? `[${s}]` : s;
    }
  }
  kit = {
    written: (ids, brackets) => new Numbers(ids, brackets),
    newRef: (d, id, data) => new RefClass(d, id, data),
  };
  return kit;
}

const idOf = (r: Ref | Written): number => ('id' in r ? r.id : (r.ids[0] as number));

/** Bookmark titles and targets seen lately, so repeated ones (a worksheet's name) are held once. */
const seen = new Map<string, unknown>();

function shared<T>(key: string, value: T): T {
  const had = seen.get(key);
  if (had !== undefined) return had as T;
  if (seen.size >= 64) seen.clear();
  seen.set(key, value);
  return value;
}

/**
 * A bookmark whose children are all known, kept as numbers and its title: written at the end of
 * the document as PDFKit would write it (its children first, then itself, keys in the same order).
 */
class LaterOutline {
  private late: Record<string, unknown> | null = null; // Prev and Next, set by the parent at the end
  private id: number;
  private title: string;
  private page: number | null;
  private dest: unknown[]; // the target after its page: ['Fit'] or ['XYZ', left, top, zoom]
  private parent: number;
  readonly children: LaterOutline[];
  private expanded: boolean;

  constructor(private doc: Doc, item: Outline) {
    const data = item.outlineData;
    const keys = Object.keys(data).join();
    if (keys !== 'Dest,Parent,Title') throw new Error(`internal error: a bookmark with keys ${keys}`);
    this.id = idOf(item.dictionary);
    const dest = data.Dest as [Ref, ...unknown[]];
    this.page = idOf(dest[0]);
    this.dest = shared(JSON.stringify(dest.slice(1)), dest.slice(1));
    this.parent = idOf(data.Parent as Ref);
    const title = String(data.Title);
    this.title = shared(title, title);
    this.expanded = item.options.expanded ?? false;
    this.children = item.children.map((c) => (c instanceof LaterOutline ? c : new LaterOutline(doc, c as Outline)));
  }

  /** Read by the parent and the siblings at the end, to name this one. */
  get dictionary(): Written {
    return kitOf(this.doc).written([this.id], false);
  }

  get outlineData(): Record<string, unknown> {
    return (this.late ??= {});
  }

  endOutline(): void {
    const k = kitOf(this.doc);
    const data: Record<string, unknown> = {
      Dest: [k.written([this.page], false), ...this.dest],
      Parent: k.written([this.parent], false),
      Title: new String(this.title),
      ...this.late,
    };
    const kids = this.children;
    if (kids.length) {
      if (this.expanded) data.Count = kids.length;
      data.First = kids[0]!.dictionary;
      data.Last = kids[kids.length - 1]!.dictionary;
      kids.forEach((c, i) => {
        if (i > 0) c.outlineData.Prev = kids[i - 1]!.dictionary;
        if (i < kids.length - 1) c.outlineData.Next = kids[i + 1]!.dictionary;
        c.endOutline();
      });
    }
    k.newRef(this.doc, this.id, data).end();
  }
}

/** How far each document has been compacted, so each call looks only at what is new. */
const done = new WeakMap<Doc, { kids: number; tree: number; outline: number }>();

/**
 * Swaps what `doc` keeps of written pages, structure elements and finished bookmarks for numbers.
 * Every bookmark present must be complete (no more children will be added to it), and no content
 * of a finished page may be tagged later: both hold for a document drawn page by page.
 */
export function keepWrittenAsNumbers(doc: Doc): void {
  const k = kitOf(doc);
  const d = doc as unknown as Internals;
  const at = done.get(doc) ?? { kids: 0, tree: 0, outline: 0 };
  done.set(doc, at);
  const current = d.page?.dictionary;

  // Bookmarks: each finished one kept as numbers and its title.
  const outline = d.outline;
  for (; at.outline < outline.children.length; at.outline++) {
    const item = outline.children[at.outline]!;
    if (!(item instanceof LaterOutline)) outline.children[at.outline] = new LaterOutline(doc, item);
  }

  // The page list: pages already written.
  const kids = d._root.data.Pages.data.Kids;
  for (; at.kids < kids.length; at.kids++) {
    const ref = kids[at.kids]!;
    if (ref === current) break;
    if (!('ids' in ref)) kids[at.kids] = k.written([ref.id], false);
  }

  // The parent tree: each written page's list of elements (frozen: nothing may be added to it).
  const rootRef = d._root.data.StructTreeRoot;
  if (rootRef) {
    const tree = (rootRef.data.ParentTree as { _items: Record<string, unknown> })._items;
    const open = current?.data.StructParents as number | undefined;
    const next = rootRef.data.ParentTreeNextKey as number;
    for (; at.tree < next; at.tree++) {
      if (at.tree === open) break;
      const list = tree[at.tree];
      if (Array.isArray(list)) tree[at.tree] = Object.freeze(k.written(list.map((e: Ref | null | undefined) => (e ? idOf(e) : null)), true));
    }
    compactTags(doc, (ids) => k.written(ids, false));
  }
}
