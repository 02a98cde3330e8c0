import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
type Elem = PDFKit.PDFStructureElement;

/** The structure elements we write: headings, paragraphs and figures (puzzles, boards, cards). */
export type TagType = 'H1' | 'H2' | 'P' | 'Figure';

/**
 * The structure tree of a tagged PDF, so a screen reader finds headings, paragraphs and a described
 * figure for every puzzle, in reading order. One Document element holds a Sect per section
 * (worksheet, answer key, ...); what is drawn for looks only (rules, footers, repeated headings) is
 * marked as an artifact. PDFKit writes the tree; elements are ended as soon as they are drawn so a
 * long document's tree is written as it goes rather than held to the end.
 */
export class Tags {
  private root: Elem;
  private sect: Elem | null = null;

  constructor(private doc: Doc) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** Starts a section (ending the one before); `title` names it for assistive technology. */
  section(title: string): void {
    this.sect?.end();
    this.sect = this.doc.struct('Sect', { title });
    this.root.add(this.sect);
  }

  /** What `draw` paints becomes one element; a figure's description may depend on what was drawn. */
  element(type: TagType, draw: () => void, alt?: () => string): void {
    const el = this.doc.struct(type);
    const content = this.doc.markStructureContent(type);
    try {
      draw();
    } finally {
      this.doc.endMarkedContent();
    }
    el.add(content);
    // PDFKit writes an element once it is ended and has a parent: the description goes in first.
    if (alt) (el as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.Alt = new String(alt());
    (this.sect ?? this.root).add(el);
    el.end();
  }

  /**
   * Written elements as their section keeps them until it ends: each run of them becomes one
   * stand-in that PDFKit takes for an element and whose reference prints as the run's numbers
   * (`written` makes that reference). So a long section (a school's answer key) holds numbers,
   * not its elements with their descriptions.
   */
  compact(written: (ids: number[]) => object): void {
    const proto = Object.getPrototypeOf(this.root) as object;
    for (const el of [this.root, this.sect]) if (el) compactChildren(el as unknown as Internal, proto, written);
  }

  /** Drawn for looks or repeated on every page (footers, rules, running headings): not read out. */
  artifact(draw: () => void, pagination = false): void {
    this.doc.markContent('Artifact', pagination ? { type: 'Pagination' } : { type: 'Layout' });
    try {
      draw();
    } finally {
      this.doc.endMarkedContent();
    }
  }
}

interface Internal {
  dictionary: { id: number };
  _children: unknown[];
  _ended: boolean;
  _flushed: boolean;
  _isFlushable(): boolean;
  stand?: number[]; // a stand-in: the numbers of the run it holds
}

function compactChildren(el: Internal, proto: object, written: (ids: number[]) => object): void {
  const out: unknown[] = [];
  let run: number[] | null = null;
  for (const c of el._children) {
    const e = c as Internal;
    if (e.stand) {
      if (run) run.push(...e.stand);
      else out.push(e), (run = e.stand);
    } else if (Object.getPrototypeOf(e) === proto && e._flushed) {
      if (run) run.push(e.dictionary.id);
      else out.push(standIn(proto, (run = [e.dictionary.id]), written));
    } else {
      out.push(c);
      run = null;
    }
  }
  el._children = out;
}

/** Ended, written, and read only by its parent's flush, which lists its reference. */
function standIn(proto: object, ids: number[], written: (ids: number[]) => object): Internal {
  const s = Object.create(proto) as Internal;
  s.stand = ids;
  s._ended = true;
  s._flushed = true;
  s._children = [];
  s.dictionary = written(ids) as unknown as Internal['dictionary'];
  s._isFlushable = () => true;
  return s;
}

const trees = new WeakMap<Doc, Tags>();

/** The structure tree of a document, started on first use. */
export function tagsOf(doc: Doc): Tags {
  let t = trees.get(doc);
  if (!t) trees.set(doc, (t = new Tags(doc)));
  return t;
}

/** Compacts the structure tree of `doc`, if it has one (see Tags.compact). */
export function compactTags(doc: Doc, written: (ids: number[]) => object): void {
  trees.get(doc)?.compact(written);
}
