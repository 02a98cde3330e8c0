import { fail } from '../core/errors.js';
import { errorCode, MissingAsset, port } from './index.js';

export interface UserFileLimits {
  /** How the file is named in messages, e.g. "template file x.hbs" or "--symbols x.txt". */
  what: string;
  /** Longest file accepted; user files are small (a template, a word list, a picture). */
  maxBytes: number;
  /** What would work instead, ending the message, e.g. "give a Handlebars (.hbs) file". */
  hint: string;
  /** The option that named the file ("--font"), so a page marks the field where it was chosen. */
  field?: string;
}

function size(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Every file a user names is read here: a plain file no longer than `maxBytes`, or one line saying
 * what is wrong with it. Size and type are checked before reading (by the port), so a device such
 * as /dev/zero or a huge file never reaches a parser.
 */
export function readUserFile(path: string, limits: UserFileLimits): Uint8Array {
  const { what, maxBytes, hint } = limits;
  const wrong: (message: string) => never = (message) => fail(message, [], { field: limits.field });
  let bytes: Uint8Array;
  try {
    bytes = port().readFile(path, maxBytes);
  } catch (e) {
    if (e instanceof MissingAsset) throw e;
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') wrong(`${what} does not exist: ${hint}`);
    if (code === 'EISDIR') wrong(`${what} is a folder, not a file: ${hint}`);
    if (code === 'EFBIG') wrong(`${what} is larger than ${size(maxBytes)}: ${hint}`);
    if (code === 'ENOTREG') wrong(`${what} is not a plain file (a device or a pipe): ${hint}`);
    if (code === 'EACCES' || code === 'EPERM') wrong(`${what} cannot be read (no permission): check its permissions, or ${hint}`);
    wrong(`${what} cannot be read (${code}): ${hint}`);
  }
  // A port may not check the size itself (a browser hands over the whole file).
  if (bytes.length > maxBytes) wrong(`${what} is larger than ${size(maxBytes)}: ${hint}`);
  return bytes;
}
