import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

interface StreamRef {
  end(chunk?: unknown): unknown;
}

/**
 * For tests that read back the operators written to a page: the operators of the forms `doc`
 * defines from a string (defineForm, such as Draw's circles), played where a form is placed, as a
 * reader does (between q and Q). Forms recorded by drawing (recordForm) are left as `Do`: their
 * operators reach addContent as they are drawn. Call before anything is drawn.
 */
export function formContents(doc: Doc): (ops: string) => string {
  const contents = new WeakMap<object, string>();
  const d = doc as unknown as { ref(data?: Record<string, unknown>): StreamRef; page: { xobjects: Record<string, object> } };
  const ref = d.ref.bind(d);
  d.ref = (data?: Record<string, unknown>) => {
    const r = ref(data);
    if (data?.Subtype === 'Form') {
      const end = r.end.bind(r);
      r.end = (chunk?: unknown) => {
        if (typeof chunk === 'string') contents.set(r, chunk);
        return end(chunk);
      };
    }
    return r;
  };
  return (ops: string) =>
    ops.replace(/^\/(\S+) Do$/gm, (all, name: string) => {
      const form = d.page.xobjects[name];
      const content = form && contents.get(form);
      return content === undefined ? all : `q\n${content}\nQ`;
    });
}
