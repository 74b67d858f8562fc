/**
 * Slots kept in one order, in blocks of at most BLOCK entries: an insertion or a removal moves
 * at most a block, a position is found by two binary searches, and the slots are walked in
 * order from the start or from just after a key.
 *
 * The order is given by `compare(a, b)` on slots, read from the index's columns: a slot must be
 * removed before the columns its order depends on change, and inserted after.
 */
const BLOCK = 1024;

export class SortedSlots {
  private blocks: number[][] = [];
  size = 0;

  constructor(private readonly compare: (a: number, b: number) => number) {}

  /** The first block whose last slot is not before `probe` (probe(slot) < 0: slot is before). */
  private blockFor(probe: (slot: number) => number): number {
    let lo = 0;
    let hi = this.blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid];
      if (probe(block[block.length - 1]) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private static lowerBound(block: number[], probe: (slot: number) => number): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (probe(block[mid]) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(slot: number): void {
    const probe = (s: number) => this.compare(s, slot);
    this.size++;
    if (this.blocks.length === 0) {
      this.blocks.push([slot]);
      return;
    }
    let b = this.blockFor(probe);
    if (b === this.blocks.length) b--;
    const block = this.blocks[b];
    block.splice(SortedSlots.lowerBound(block, probe), 0, slot);
    if (block.length > 2 * BLOCK) this.blocks.splice(b + 1, 0, block.splice(BLOCK));
  }

  /** Adds a slot expected to come after every other (a load in order); inserted where it belongs if not. */
  append(slot: number): void {
    const last = this.blocks[this.blocks.length - 1];
    if (!last || this.compare(last[last.length - 1], slot) > 0) {
      this.insert(slot);
      return;
    }
    this.size++;
    if (last.length >= BLOCK) this.blocks.push([slot]);
    else last.push(slot);
  }

  /** Removes `slot`, which must sit where its current columns put it. */
  delete(slot: number): boolean {
    const probe = (s: number) => this.compare(s, slot);
    const b = this.blockFor(probe);
    const block = this.blocks[b];
    if (!block) return false;
    const i = SortedSlots.lowerBound(block, probe);
    if (block[i] !== slot) return false;
    block.splice(i, 1);
    this.size--;
    if (block.length === 0) this.blocks.splice(b, 1);
    return true;
  }

  /** Walks the slots in order from the `start`-th (0-based), until `visit` returns false: whole blocks are skipped by their length. */
  walkFrom(start: number, visit: (slot: number) => boolean): void {
    let b = 0;
    while (b < this.blocks.length && start >= this.blocks[b].length) start -= this.blocks[b++].length;
    for (let i = start; b < this.blocks.length; b++, i = 0) {
      const block = this.blocks[b];
      for (; i < block.length; i++) if (!visit(block[i])) return;
    }
  }

  /**
   * Walks the slots in order, from the start or from the first slot after `after`
   * (after(slot) <= 0: the slot is at or before the key), until `visit` returns false.
   */
  walk(visit: (slot: number) => boolean, after?: (slot: number) => number): void {
    let b = 0;
    let i = 0;
    if (after) {
      const probe = (s: number) => (after(s) <= 0 ? -1 : 1);
      b = this.blockFor(probe);
      if (b < this.blocks.length) i = SortedSlots.lowerBound(this.blocks[b], probe);
    }
    for (; b < this.blocks.length; b++, i = 0) {
      const block = this.blocks[b];
      for (; i < block.length; i++) if (!visit(block[i])) return;
    }
  }
}
