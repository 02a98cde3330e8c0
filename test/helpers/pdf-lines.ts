/** Widths of every line stroked on a PDF page as printed (transforms applied), read with pdf.js. */
let pdfjs: typeof import('pdfjs-dist/legacy/build/pdf.mjs') | undefined;

type M = [number, number, number, number, number, number];
const mul = (m: M, n: M): M => [
  n[0] * m[0] + n[1] * m[2], n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2], n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4], n[4] * m[1] + n[5] * m[3] + m[5],
];

/** Per page, the printed width of each stroke drawn on the page itself (not inside picture art). */
export async function strokeWidths(bytes: Uint8Array): Promise<number[][]> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { OPS } = pdfjs;
  const strokes = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const out: number[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const ops = await (await doc.getPage(i)).getOperatorList();
    let ctm: M = [1, 0, 0, 1, 0, 0];
    let lw = 1;
    let forms = 0;
    const stack: [M, number][] = [];
    const widths: number[] = [];
    ops.fnArray.forEach((fn, k) => {
      const args = ops.argsArray[k] as any;
      if (fn === OPS.save) stack.push([ctm, lw]);
      else if (fn === OPS.restore) [ctm, lw] = stack.pop() ?? [ctm, lw];
      else if (fn === OPS.transform) ctm = mul(ctm, args as M);
      else if (fn === OPS.setLineWidth) lw = args[0];
      else if (fn === OPS.paintFormXObjectBegin) forms++;
      else if (fn === OPS.paintFormXObjectEnd) forms--;
      else if (forms === 0 && (strokes.has(fn) || (fn === OPS.constructPath && strokes.has(args[0])))) {
        widths.push(lw * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])));
      }
    });
    out.push(widths);
  }
  await doc.destroy();
  return out;
}
