/**
 * Reads a PDF's tags back with pdf.js (code that shares nothing with how we write them): the
 * structure tree of each page, the text drawn inside each marked-content sequence, and any text
 * drawn outside one.
 */
let pdfjs: typeof import('pdfjs-dist/legacy/build/pdf.mjs') | undefined;

export interface TagNode {
  role: string;
  alt?: string;
  children: TagNode[];
  content: string[]; // marked-content ids directly under this element
}

export interface TextRun {
  str: string;
  x: number;
  y: number; // PDF units, from the bottom
  size: number; // the glyph height on the page, all transforms applied
  width: number;
}

export interface TaggedPage {
  tree: TagNode | null;
  /** Text of each marked-content sequence, by its id (artifacts under "artifact"). */
  marked: Map<string, TextRun[]>;
  untagged: TextRun[];
  width: number;
  height: number;
}

export interface TaggedPdf {
  marked: boolean;
  lang: string | null;
  title: string | null;
  pages: TaggedPage[];
}

function toNode(raw: any): TagNode {
  const children: TagNode[] = [];
  const content: string[] = [];
  for (const c of raw.children ?? []) {
    if (c.role) children.push(toNode(c));
    else if (c.type === 'content') content.push(c.id);
  }
  return { role: raw.role, alt: raw.alt, children, content };
}

export async function readTagged(bytes: Uint8Array): Promise<TaggedPdf> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const info = (await doc.getMetadata()).info as { Language?: string; Title?: string };
  const mark = (await doc.getMarkInfo()) as { Marked?: boolean } | null;
  const pages: TaggedPage[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const raw = await page.getStructTree();
    const text = await page.getTextContent({ includeMarkedContent: true });
    const marked = new Map<string, TextRun[]>();
    const untagged: TextRun[] = [];
    const stack: string[] = [];
    for (const it of text.items as any[]) {
      if (it.type === 'beginMarkedContent' || it.type === 'beginMarkedContentProps') {
        stack.push(it.tag === 'Artifact' ? 'artifact' : (it.id ?? it.tag));
        continue;
      }
      if (it.type === 'endMarkedContent') {
        stack.pop();
        continue;
      }
      if (!it.str || !it.str.trim()) continue;
      const [a, b, c, d, e, f] = it.transform as number[];
      const run = { str: it.str, x: e!, y: f!, size: Math.hypot(c!, d!), width: it.width as number };
      void a;
      void b;
      const id = stack[stack.length - 1];
      if (id === undefined) untagged.push(run);
      else marked.set(id, [...(marked.get(id) ?? []), run]);
    }
    const [, , width, height] = page.view;
    pages.push({ tree: raw ? toNode(raw) : null, marked, untagged, width: width!, height: height! });
  }
  await doc.destroy();
  return { marked: !!mark?.Marked, lang: info.Language ?? null, title: info.Title ?? null, pages };
}

/** Every element under `n`, depth first: the reading order. */
export function walk(n: TagNode | null, out: TagNode[] = []): TagNode[] {
  if (!n) return out;
  out.push(n);
  for (const c of n.children) walk(c, out);
  return out;
}

/** The text an element holds, its own content first, then its children's. */
export function textOf(n: TagNode, page: TaggedPage): TextRun[] {
  return [...n.content.flatMap((id) => page.marked.get(id) ?? []), ...n.children.flatMap((c) => textOf(c, page))];
}
