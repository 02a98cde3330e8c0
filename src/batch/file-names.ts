/** The files a batch with a class list writes beside the pupils' own (no pupil's file may take these names). */
export const KEY_FILE = 'answer-key.pdf';
export const MANIFEST = 'manifest.json';
/** Every pupil's pages in one file, to print a class in one go (see PrintFile). */
export const PRINT_FILE = 'all-pupils.pdf';
