/**
 * A set of small integer indices with in-order iteration from any start, backed by a two-level
 * bitset: "the next TaskManager (in registration order) that still has free resources" skips 32
 * TaskManagers per word and 1,024 per summary word, so a walk over a mostly full cluster does not
 * cost one step per 32 TaskManagers of the whole cluster on every requirement check.
 */
export class IndexSet {
  private words = new Uint32Array(64);
  /** Bit w set ⇔ words[w] is not zero. */
  private summary = new Uint32Array(2);
  private count = 0;

  add(i: number): void {
    this.ensure(i);
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    const word = this.words[w]!;
    if ((word & bit) === 0) {
      this.words[w] = word | bit;
      this.summary[w >>> 5] = this.summary[w >>> 5]! | (1 << (w & 31));
      this.count++;
    }
  }

  delete(i: number): void {
    const w = i >>> 5;
    if (w >= this.words.length) return;
    const bit = 1 << (i & 31);
    const word = this.words[w]!;
    if ((word & bit) !== 0) {
      this.words[w] = word & ~bit;
      if (this.words[w] === 0) this.summary[w >>> 5] = this.summary[w >>> 5]! & ~(1 << (w & 31));
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
    const word = this.words[w]! & (~0 << (from & 31));
    if (word !== 0) return (w << 5) + lowestBit(word);
    // The next non-empty word after w, found through the summary.
    w++;
    let s = w >>> 5;
    if (s >= this.summary.length) return -1;
    let bits = this.summary[s]! & (~0 << (w & 31));
    while (bits === 0) {
      if (++s >= this.summary.length) return -1;
      bits = this.summary[s]!;
    }
    const nextWord = (s << 5) + lowestBit(bits);
    return (nextWord << 5) + lowestBit(this.words[nextWord]!);
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
    const summary = new Uint32Array(size >>> 5);
    summary.set(this.summary);
    this.summary = summary;
  }
}

function lowestBit(word: number): number {
  return 31 - Math.clz32(word & -word);
}
