/**
 * A bounded table that keeps what is still used. Entries go into the current generation; when it is
 * full it becomes the old one and the oldest is dropped, and an entry found in the old generation
 * moves back into the current one. So words every page uses (instructions, digits) stay, while
 * unique ones (puzzle codes, names) age out, and the table never holds more than twice `max`.
 * Clearing the whole table instead dropped the common words too, which were then made again.
 */
export class Recent<V> {
  private now = new Map<string, V>();
  private old = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.now.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) this.set(key, o);
    return o;
  }

  set(key: string, value: V): void {
    if (this.now.size >= this.max) {
      this.old = this.now;
      this.now = new Map();
    }
    this.now.set(key, value);
  }

  get size(): number {
    return this.now.size + this.old.size;
  }
}
