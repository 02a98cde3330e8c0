import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Every operator written to `doc`'s content from now on, one a line, as `played` gives it (such as
 * formContents' forms played where they are placed). Tests push their own markers into it too.
 */
export function logOps(doc: Doc, played = (ops: string) => ops): string[] {
  const log: string[] = [];
  const add = doc.addContent.bind(doc);
  doc.addContent = (ops: string) => {
    log.push(...played(ops).split('\n'));
    return add(ops);
  };
  return log;
}
