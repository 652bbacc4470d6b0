/**
 * A set of small integer indices with in-order iteration from any start, backed by a bitset:
 * "the next TaskManager (in registration order) that still has free resources" costs one word per
 * 32 TaskManagers skipped instead of one visit per TaskManager.
 */
export class IndexSet {
  private words = new Uint32Array(64);
  private count = 0;

  add(i: number): void {
    this.ensure(i);
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    if ((this.words[w]! & bit) === 0) {
      this.words[w] = this.words[w]! | bit;
      this.count++;
    }
  }

  delete(i: number): void {
    const w = i >>> 5;
    if (w >= this.words.length) return;
    const bit = 1 << (i & 31);
    if ((this.words[w]! & bit) !== 0) {
      this.words[w] = this.words[w]! & ~bit;
      this.count--;
    }
  }

  has(i: number): boolean {
    const w = i >>> 5;
    return w < this.words.length && (this.words[w]! & (1 << (i & 31))) !== 0;
  }

  get size(): number {
    return this.count;
  }

  /** The smallest member ≥ `from`, or -1. */
  next(from: number): number {
    let w = from >>> 5;
    if (w >= this.words.length) return -1;
    let word = this.words[w]! & (~0 << (from & 31));
    for (;;) {
      if (word !== 0) return (w << 5) + (31 - Math.clz32(word & -word));
      if (++w >= this.words.length) return -1;
      word = this.words[w]!;
    }
  }

  *[Symbol.iterator](): Generator<number> {
    for (let i = this.next(0); i !== -1; i = this.next(i + 1)) yield i;
  }

  private ensure(i: number): void {
    const w = i >>> 5;
    if (w < this.words.length) return;
    let size = this.words.length;
    while (size <= w) size *= 2;
    const grown = new Uint32Array(size);
    grown.set(this.words);
    this.words = grown;
  }
}
