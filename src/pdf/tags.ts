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

const trees = new WeakMap<Doc, Tags>();

/** The structure tree of a document, started on first use. */
export function tagsOf(doc: Doc): Tags {
  let t = trees.get(doc);
  if (!t) trees.set(doc, (t = new Tags(doc)));
  return t;
}
