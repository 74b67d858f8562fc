/**
 * A growable set of small non-negative integers (the index's row slots), one bit each, in
 * 32-bit words. Operations between sets of different lengths treat missing words as zero.
 */
export class Bitset {
  words: Int32Array;

  constructor(capacityBits = 1024) {
    this.words = new Int32Array(Math.max(1, Math.ceil(capacityBits / 32)));
  }

  private grow(wordIndex: number): void {
    let n = this.words.length;
    while (n <= wordIndex) n *= 2;
    const words = new Int32Array(n);
    words.set(this.words);
    this.words = words;
  }

  add(i: number): void {
    const w = i >>> 5;
    if (w >= this.words.length) this.grow(w);
    this.words[w] |= 1 << (i & 31);
  }

  delete(i: number): void {
    const w = i >>> 5;
    if (w < this.words.length) this.words[w] &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    const w = i >>> 5;
    return w < this.words.length && (this.words[w] & (1 << (i & 31))) !== 0;
  }

  /** Makes this set a copy of `other`, keeping (and clearing) its own buffer when it is big enough. */
  copyFrom(other: Bitset, lengthWords = other.words.length): this {
    if (this.words.length < lengthWords) this.words = new Int32Array(lengthWords);
    this.words.set(other.words.subarray(0, Math.min(lengthWords, other.words.length)));
    this.words.fill(0, Math.min(lengthWords, other.words.length));
    return this;
  }

  clear(): this {
    this.words.fill(0);
    return this;
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i] &= b[i];
    if (a.length > n) a.fill(0, n);
    return this;
  }

  or(other: Bitset): this {
    const b = other.words;
    if (this.words.length < b.length) this.grow(b.length - 1);
    const a = this.words;
    for (let i = 0; i < b.length; i++) a[i] |= b[i];
    return this;
  }

  /**
   * Writes the intersection of `sets` into `into` (its first `length` words; sets shorter
   * than that count as zero beyond their end) and returns its size, in one pass.
   */
  static intersect(into: Bitset, sets: Bitset[], length: number): number {
    if (into.words.length < length) into.words = new Int32Array(length);
    const out = into.words;
    let m = length;
    for (const set of sets) m = Math.min(m, set.words.length);
    out.fill(0, m);
    let n = 0;
    if (sets.length === 1) {
      const a = sets[0].words;
      for (let i = 0; i < m; i++) {
        const x = a[i];
        out[i] = x;
        if (x !== 0) n += popcount32(x);
      }
    } else if (sets.length === 2) {
      const a = sets[0].words;
      const b = sets[1].words;
      for (let i = 0; i < m; i++) {
        const x = a[i] & b[i];
        out[i] = x;
        if (x !== 0) n += popcount32(x);
      }
    } else if (sets.length === 3) {
      const a = sets[0].words;
      const b = sets[1].words;
      const c = sets[2].words;
      for (let i = 0; i < m; i++) {
        const x = a[i] & b[i] & c[i];
        out[i] = x;
        if (x !== 0) n += popcount32(x);
      }
    } else {
      out.set(sets[0].words.subarray(0, m));
      for (let k = 1; k < sets.length - 1; k++) {
        const b = sets[k].words;
        for (let i = 0; i < m; i++) out[i] &= b[i];
      }
      const last = sets[sets.length - 1].words;
      for (let i = 0; i < m; i++) {
        const x = out[i] & last[i];
        out[i] = x;
        if (x !== 0) n += popcount32(x);
      }
    }
    return n;
  }

  count(): number {
    const a = this.words;
    let n = 0;
    for (let i = 0; i < a.length; i++) n += popcount32(a[i]);
    return n;
  }

  /** |this ∩ other| without building the intersection. */
  countAnd(other: Bitset): number {
    const a = this.words;
    const b = other.words;
    const len = Math.min(a.length, b.length);
    let n = 0;
    for (let i = 0; i < len; i++) {
      const x = a[i] & b[i];
      if (x !== 0) n += popcount32(x);
    }
    return n;
  }

  /** Calls `fn` with each member, ascending. */
  forEach(fn: (i: number) => void): void {
    const a = this.words;
    for (let w = 0; w < a.length; w++) {
      let x = a[w];
      while (x !== 0) {
        const low = x & -x;
        fn((w << 5) + 31 - Math.clz32(low));
        x ^= low;
      }
    }
  }
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
