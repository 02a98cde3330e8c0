import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** A drawing stored once in the PDF and placed any number of times by transform. */
export interface Form {
  name: string;
  ref: PDFKit.PDFKitReference;
}

const counters = new WeakMap<Doc, { forms: number; gstates: Map<string, PDFKit.PDFKitReference> }>();

function state(doc: Doc) {
  let s = counters.get(doc);
  if (!s) {
    s = { forms: 0, gstates: new Map() };
    counters.set(doc, s);
  }
  return s;
}

/**
 * Writes a form XObject. PDFKit has no public API for these; the dictionary and stream are the
 * same ones PDFKit itself writes for gradients with opacity. `alphas` become /Ga0, /Ga1, ...
 * ExtGStates in the form's own resources, so the form never depends on the page it lands on.
 */
export function defineForm(
  doc: Doc,
  bbox: [number, number, number, number],
  content: string,
  alphas: [number, number][] = [],
): Form {
  const s = state(doc);
  const extG: Record<string, PDFKit.PDFKitReference> = {};
  alphas.forEach(([fill, stroke], i) => {
    const key = `${fill}/${stroke}`;
    let g = s.gstates.get(key);
    if (!g) {
      g = doc.ref({ Type: 'ExtGState', ca: fill, CA: stroke });
      (g as unknown as { end(): void }).end();
      s.gstates.set(key, g);
    }
    extG[`Ga${i}`] = g;
  });
  const resources: Record<string, unknown> = { ProcSet: ['PDF'] };
  if (alphas.length) resources.ExtGState = extG;
  const ref = doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: bbox, Resources: resources });
  ref.end(content);
  return { name: `PPF${++s.forms}`, ref };
}

/** Paints a form in the current coordinate system (callers translate/rotate/scale first). */
export function placeForm(doc: Doc, form: Form): void {
  const page = doc.page as unknown as { xobjects: Record<string, unknown> };
  if (!page.xobjects[form.name]) page.xobjects[form.name] = form.ref;
  doc.addContent(`/${form.name} Do`);
}

/**
 * Records whatever `draw` paints with PDFKit into a new form instead of the page: the document's
 * page is swapped for one whose content and resources are the form's, for the length of the call.
 * Draw in the same y-down user space as on a page; PDFKit's own text flip cancels out.
 */
export function recordForm(doc: Doc, bbox: [number, number, number, number], draw: () => void): Form {
  const s = state(doc);
  const res = { ProcSet: ['PDF', 'Text'], Font: {}, XObject: {}, ExtGState: {}, Pattern: {}, ColorSpace: {} };
  const ref = doc.ref({ Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: bbox, Resources: res });
  const holder = doc as unknown as { page: object };
  const page = holder.page;
  holder.page = Object.create(page, {
    write: { value: (data: string) => ref.write(data) },
    fonts: { get: () => res.Font },
    xobjects: { get: () => res.XObject },
    ext_gstates: { get: () => res.ExtGState },
    patterns: { get: () => res.Pattern },
    colorSpaces: { get: () => res.ColorSpace },
  });
  try {
    doc.save();
    draw();
    doc.restore();
  } finally {
    holder.page = page;
  }
  (ref as unknown as { end(): void }).end();
  return { name: `PPF${++s.forms}`, ref };
}
