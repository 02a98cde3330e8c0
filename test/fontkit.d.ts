// fontkit (pdfkit's font reader) ships no types; tests open a font with it only to compare its tables with ours.
declare module 'fontkit' {
  export function create(data: Uint8Array): unknown;
}
