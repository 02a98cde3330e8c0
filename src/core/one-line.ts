// Kept free of node imports: the web page reads typed class lists and word lists with it too.

/** A separator and the fewest parts that make a line a list at it. */
export type Threshold = readonly [sep: '\t' | ';' | ',', least: number];

export interface OneLineRule {
  /** Tried in order: the first separator with enough parts is the list's. */
  thresholds: readonly Threshold[];
  /** A spreadsheet's quoted cell ("Smith, Ava") is one part; else quotes are just characters. */
  quotes: boolean;
  /** An empty part after the last separator ("cat, dog,") counts towards `least`; it is dropped either way. */
  trailingCounts: boolean;
}

/** One line split at `sep`, each part trimmed; with `quotes`, a double-quoted cell ("a, b", "say ""hi""") is kept whole. */
export function cells(line: string, sep: string, quotes = true): string[] {
  if (!quotes) return line.split(sep).map((p) => p.trim());
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && !cur.trim()) {
      quoted = true;
      cur = '';
    } else if (c === sep) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/**
 * A list typed or pasted all on one line ("Ava, Ben, Chloe", tab-separated cells): its parts,
 * trimmed, runs of spaces made one; null when no separator gives enough parts (the line is one item).
 * An empty part after the last separator is dropped: a comma left at the end is not an item.
 */
export function oneLineList(line: string, rule: OneLineRule): string[] | null {
  for (const [sep, least] of rule.thresholds) {
    const parts = cells(line, sep, rule.quotes).map((p) => p.replace(/\s+/g, ' '));
    const written = parts.length;
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    if ((rule.trailingCounts ? written : parts.length) >= least) return parts;
  }
  return null;
}
