import { loadPdfkit } from './node-lazy.js';

/** The Node port with PDFKit loaded, ready to draw: what the library and every drawing thread import. */
export { nodePort, loadPdfkit, assetPath } from './node-lazy.js';

await loadPdfkit();
