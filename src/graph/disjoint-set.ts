/**
 * Union-find over dense integer ids, with path halving and union by size.
 * Complexity: near-constant amortised per operation; never recurses.
 */
export class DisjointSet {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  }

  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
  }

  /**
   * The sets as arrays of members in ascending id order; the sets are ordered by their smallest
   * member, which makes the output independent of union order.
   */
  sets(): number[][] {
    const n = this.parent.length;
    const slot = new Int32Array(n).fill(-1);
    const out: number[][] = [];
    for (let i = 0; i < n; i++) {
      const root = this.find(i);
      if (slot[root] === -1) {
        slot[root] = out.length;
        out.push([]);
      }
      out[slot[root]!]!.push(i);
    }
    return out;
  }
}
