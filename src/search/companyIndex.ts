import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { Bitset } from './bitset';
import { SortedSlots } from './sortedSlots';
import { originsOf } from './companyRepository';
import type { CompanyFilter, CompanyOrigin, CompanySearchBackend, CompanySummary, FacetCounts, SearchRequest, SearchResult, SortKey } from './types';

/**
 * The free search answered from memory: an inverted index of the companies' words, bit sets
 * per wilaya, sector and score threshold, and the three documented orders kept sorted, so that
 * any combination of filters is counted exactly and paged in well under a millisecond of CPU at
 * 1,000,000 companies, however common the words or deep the page. PostgreSQL stays the source
 * of truth: the index holds only what it needs to choose rows (ids, folded text, sort keys and
 * filtered columns); the page's rows are then read by id.
 *
 * Freshness. The index follows the `companies` change feed (migration 006): every read waits
 * for a refresh that started at most `maxStalenessMs` before it (0: after the request arrived),
 * and a refresh is one indexed query for the rows written by transactions that were not yet
 * visible in the snapshot the index last read at, whatever order they committed in. Concurrent
 * requests share one refresh. A write made through this process (`noteWrite`) is seen by the
 * next search whatever the bound.
 *
 * Matching. A query word matches a company when it appears in `search_text` (folded name and
 * activity), inside a longer word too, exactly as `search_text like '%word%'`: the word is
 * looked for in the vocabulary (the distinct space-separated tokens), and the postings of the
 * tokens that contain it are united. Recent words' sets are kept (`wordCacheSize`) and kept
 * exact by every change.
 */

export interface CompanyIndexOptions {
  /** How old the last completed refresh may be when a search starts, in ms (0: none). */
  maxStalenessMs?: number;
  /** A refresh runs at least this often while nothing asks (ms; 0: never). */
  refreshIntervalMs?: number;
  /** How many query words' match sets are kept. */
  wordCacheSize?: number;
  /** Told when a background refresh fails (the next search retries it). */
  onError?: (err: unknown) => void;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** What the index keeps of a company (in the order of Row). */
const COLUMNS = `id, nom, activite, email, telephone, search_text, nom_tri, wilaya_code, secteur_id, score_qualite,
  (extract(epoch from updated_at) * 1000000)::bigint::text as updated_us`;
const LOAD_BATCH = 10_000;
const APPLY_SLICE = 2_000;

/** Code point order, as PostgreSQL's collation "C" compares UTF-8 bytes. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // UTF-16 puts surrogates (code points >= U+10000) before U+E000..U+FFFF: move them after.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

function compareAscii(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The slots of the companies whose text holds one token; a bit set once it is large. */
class Posting {
  private slots = new Int32Array(4);
  n = 0;
  private bits: Bitset | null = null;

  add(slot: number, capacity: number): void {
    this.n++;
    if (this.bits) {
      this.bits.add(slot);
      return;
    }
    if (this.n > this.slots.length) {
      // Past 1/32 of the rows, a bit set is smaller than a list.
      if (this.n > 64 && this.n * 32 > capacity) {
        this.bits = new Bitset(capacity);
        for (let i = 0; i < this.n - 1; i++) this.bits.add(this.slots[i]);
        this.bits.add(slot);
        this.slots = new Int32Array(0);
        return;
      }
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots[this.n - 1] = slot;
  }

  delete(slot: number): void {
    if (this.bits) {
      if (this.bits.has(slot)) {
        this.bits.delete(slot);
        this.n--;
      }
      return;
    }
    for (let i = 0; i < this.n; i++) {
      if (this.slots[i] === slot) {
        this.slots[i] = this.slots[this.n - 1];
        this.n--;
        return;
      }
    }
  }

  orInto(target: Bitset): void {
    if (this.bits) target.or(this.bits);
    else for (let i = 0; i < this.n; i++) target.add(this.slots[i]);
  }
}

function tokensOf(text: string): Set<string> {
  return new Set(text.split(' ').filter(Boolean));
}

interface Row {
  id: string;
  nom: string;
  activite: string | null;
  email: string | null;
  telephone: string | null;
  search_text: string;
  nom_tri: string;
  wilaya_code: number;
  secteur_id: string | null;
  score_qualite: number;
  updated_us: string;
}

/** A recent query word: its matches, and how many of them have each score, overall, per wilaya and per sector. */
interface WordEntry {
  bits: Bitset;
  hist: Int32Array;
  byWilaya: Map<number, Int32Array>;
  bySector: Map<number, Int32Array>;
}

/** Everything the index knows, at one snapshot; replaced whole by a reload. */
class IndexState {
  readonly idToSlot = new Map<string, number>();
  ids: string[] = [];
  nomTri: string[] = [];
  texts: string[] = [];
  /** What a result shows besides the columns above. */
  noms: string[] = [];
  activites: (string | null)[] = [];
  emails: (string | null)[] = [];
  telephones: (string | null)[] = [];
  wilaya = new Uint8Array(1024);
  sector = new Uint16Array(1024);
  score = new Uint8Array(1024);
  updatedUs = new Float64Array(1024);
  private readonly free: number[] = [];
  private end = 0;

  readonly alive = new Bitset();
  readonly byWilaya = new Map<number, Bitset>();
  /** Sector index (0: no sector) -> its companies. */
  readonly bySector = new Map<number, Bitset>();
  readonly sectorIds: (string | null)[] = [null];
  readonly sectorIndex = new Map<string, number>();
  /** atLeast[s]: the companies with score_qualite >= s (s = 0..101). */
  readonly atLeast: Bitset[] = Array.from({ length: 102 }, () => new Bitset());
  readonly tokens = new Map<string, Posting>();
  /** Recent query words: their matches, and how many of them have each score. */
  readonly words = new Map<string, WordEntry>();
  /**
   * How many companies have each score (index 0..100), over everything, per wilaya, per
   * sector, and per wilaya x sector cell: a search without words is counted from these alone.
   */
  readonly hist = new Int32Array(101);
  readonly histByWilaya = new Map<number, Int32Array>();
  readonly histBySector = new Map<number, Int32Array>();
  readonly histByCell = new Map<number, Int32Array>();

  readonly compareNom = (a: number, b: number) => compareCodePoints(this.nomTri[a], this.nomTri[b]) || compareAscii(this.ids[a], this.ids[b]);
  readonly compareScore = (a: number, b: number) => this.score[b] - this.score[a] || this.compareNom(a, b);
  readonly compareUpdated = (a: number, b: number) => this.updatedUs[b] - this.updatedUs[a] || compareAscii(this.ids[a], this.ids[b]);
  /** One list per score (by name, then id): the default order walks them from 100 down. */
  readonly byScore: SortedSlots[] = Array.from({ length: 101 }, () => new SortedSlots(this.compareNom));
  readonly byNom = new SortedSlots(this.compareNom);
  /** The nom order per wilaya: a deep page of one wilaya by name walks its wilaya only. */
  readonly byWilayaNom = new Map<number, SortedSlots>();
  /** The default order per wilaya (one list per score, by name): a search in one wilaya walks that wilaya only. */
  readonly byWilayaScore = new Map<number, SortedSlots[]>();
  readonly byUpdated = new SortedSlots(this.compareUpdated);

  constructor(private readonly wordCacheSize: number) {}

  get size(): number {
    return this.idToSlot.size;
  }

  private ensureCapacity(slot: number): void {
    if (slot < this.wilaya.length) return;
    let n = this.wilaya.length;
    while (n <= slot) n *= 2;
    const grow = <T extends Uint8Array | Uint16Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(n);
      next.set(old);
      return next;
    };
    this.wilaya = grow(this.wilaya, (k) => new Uint8Array(k));
    this.sector = grow(this.sector, (k) => new Uint16Array(k));
    this.score = grow(this.score, (k) => new Uint8Array(k));
    this.updatedUs = grow(this.updatedUs, (k) => new Float64Array(k));
  }

  private sectorOf(id: string | null): number {
    if (id === null) return 0;
    let i = this.sectorIndex.get(id);
    if (i === undefined) {
      i = this.sectorIds.length;
      this.sectorIds.push(id);
      this.sectorIndex.set(id, i);
    }
    return i;
  }

  private static histogram(map: Map<number, Int32Array>, key: number): Int32Array {
    let h = map.get(key);
    if (!h) {
      h = new Int32Array(101);
      map.set(key, h);
    }
    return h;
  }

  private count(slot: number, d: number): void {
    const s = this.score[slot];
    this.hist[s] += d;
    IndexState.histogram(this.histByWilaya, this.wilaya[slot])[s] += d;
    IndexState.histogram(this.histBySector, this.sector[slot])[s] += d;
    IndexState.histogram(this.histByCell, this.wilaya[slot] * 65536 + this.sector[slot])[s] += d;
    for (const entry of this.words.values()) {
      if (!entry.bits.has(slot)) continue;
      entry.hist[s] += d;
      IndexState.histogram(entry.byWilaya, this.wilaya[slot])[s] += d;
      IndexState.histogram(entry.bySector, this.sector[slot])[s] += d;
    }
  }

  /**
   * Matches per exact score of a search without words, from the histograms alone; with
   * `facets`, also counted per wilaya and per sector.
   */
  histogramOf(f: CompanyFilter, facets?: { wilayas: Map<number, number>; secteurs: Map<number, number> }): Int32Array {
    const out = new Int32Array(101);
    const min = Math.max(0, Math.floor(f.scoreMin));
    const add = (h: Int32Array) => {
      let n = 0;
      for (let s = min; s <= 100; s++) {
        out[s] += h[s];
        n += h[s];
      }
      return n;
    };
    const sectors = f.secteurIds.map((id) => this.sectorIndex.get(id) ?? -1);
    if (facets && f.wilayaCodes.length === 0 && sectors.length === 0) {
      const sum = (h: Int32Array) => {
        let n = 0;
        for (let s = min; s <= 100; s++) n += h[s];
        return n;
      };
      for (const [w, h] of this.histByWilaya) {
        const n = sum(h);
        if (n > 0) facets.wilayas.set(w, n);
      }
      for (const [sec, h] of this.histBySector) {
        const n = sum(h);
        if (n > 0) facets.secteurs.set(sec, n);
      }
      add(this.hist);
    } else if (facets) {
      const wilayas = new Set(f.wilayaCodes);
      const wanted = new Set(sectors);
      for (const [key, h] of this.histByCell) {
        const w = Math.floor(key / 65536);
        const sec = key % 65536;
        if ((wilayas.size > 0 && !wilayas.has(w)) || (wanted.size > 0 && !wanted.has(sec))) continue;
        const n = add(h);
        if (n > 0) {
          facets.wilayas.set(w, (facets.wilayas.get(w) ?? 0) + n);
          facets.secteurs.set(sec, (facets.secteurs.get(sec) ?? 0) + n);
        }
      }
    } else if (f.wilayaCodes.length === 0 && sectors.length === 0) {
      add(this.hist);
    } else if (sectors.length === 0) {
      for (const w of new Set(f.wilayaCodes)) {
        const h = this.histByWilaya.get(w);
        if (h) add(h);
      }
    } else if (f.wilayaCodes.length === 0) {
      for (const sec of new Set(sectors)) {
        const h = this.histBySector.get(sec);
        if (h) add(h);
      }
    } else {
      for (const w of new Set(f.wilayaCodes)) {
        for (const sec of new Set(sectors)) {
          const h = this.histByCell.get(w * 65536 + sec);
          if (h) add(h);
        }
      }
    }
    return out;
  }

  private static member(map: Map<number, Bitset>, key: number): Bitset {
    let set = map.get(key);
    if (!set) {
      set = new Bitset();
      map.set(key, set);
    }
    return set;
  }

  private addTokens(slot: number, text: string): void {
    const capacity = this.end;
    for (const token of tokensOf(text)) {
      let posting = this.tokens.get(token);
      if (!posting) {
        posting = new Posting();
        this.tokens.set(token, posting);
      }
      posting.add(slot, capacity);
    }
  }

  private deleteTokens(slot: number, text: string): void {
    for (const token of tokensOf(text)) {
      const posting = this.tokens.get(token);
      if (!posting) continue;
      posting.delete(slot);
      if (posting.n === 0) this.tokens.delete(token);
    }
  }

  /** Puts `slot` (its columns set) into every set and order but the word postings; `inOrder`: rows come by name. */
  private link(slot: number, inOrder = false): void {
    this.alive.add(slot);
    IndexState.member(this.byWilaya, this.wilaya[slot]).add(slot);
    IndexState.member(this.bySector, this.sector[slot]).add(slot);
    for (let s = 0; s <= this.score[slot]; s++) this.atLeast[s].add(slot);
    let wilayaNom = this.byWilayaNom.get(this.wilaya[slot]);
    if (!wilayaNom) {
      wilayaNom = new SortedSlots(this.compareNom);
      this.byWilayaNom.set(this.wilaya[slot], wilayaNom);
    }
    let wilayaScore = this.byWilayaScore.get(this.wilaya[slot]);
    if (!wilayaScore) {
      wilayaScore = Array.from({ length: 101 }, () => new SortedSlots(this.compareNom));
      this.byWilayaScore.set(this.wilaya[slot], wilayaScore);
    }
    if (inOrder) {
      this.byScore[this.score[slot]].append(slot);
      this.byNom.append(slot);
      wilayaNom.append(slot);
      wilayaScore[this.score[slot]].append(slot);
    } else {
      this.byScore[this.score[slot]].insert(slot);
      this.byNom.insert(slot);
      wilayaNom.insert(slot);
      wilayaScore[this.score[slot]].insert(slot);
    }
    this.byUpdated.insert(slot);
    this.count(slot, 1);
  }

  private unlink(slot: number): void {
    this.alive.delete(slot);
    this.byWilaya.get(this.wilaya[slot])?.delete(slot);
    this.bySector.get(this.sector[slot])?.delete(slot);
    for (let s = 0; s <= this.score[slot]; s++) this.atLeast[s].delete(slot);
    this.byScore[this.score[slot]].delete(slot);
    this.byNom.delete(slot);
    this.byWilayaNom.get(this.wilaya[slot])?.delete(slot);
    this.byWilayaScore.get(this.wilaya[slot])?.[this.score[slot]].delete(slot);
    this.byUpdated.delete(slot);
    this.count(slot, -1);
  }

  /** Called while the slot is unlinked (out of the histograms). */
  private updateWordSets(slot: number, text: string | null): void {
    for (const [word, { bits }] of this.words) {
      if (text !== null && text.includes(word)) bits.add(slot);
      else bits.delete(slot);
    }
  }

  /** `inOrder`: rows arrive by (nom_tri, id), as the first load reads them. */
  upsert(row: Row, inOrder = false): void {
    let slot = this.idToSlot.get(row.id);
    const text = row.search_text;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.end++;
      this.ensureCapacity(slot);
      this.idToSlot.set(row.id, slot);
      this.ids[slot] = row.id;
      this.addTokens(slot, text);
    } else {
      this.unlink(slot);
      if (this.texts[slot] !== text) {
        this.deleteTokens(slot, this.texts[slot]);
        this.addTokens(slot, text);
      }
    }
    this.texts[slot] = text;
    this.nomTri[slot] = row.nom_tri;
    this.wilaya[slot] = row.wilaya_code;
    this.sector[slot] = this.sectorOf(row.secteur_id);
    this.score[slot] = row.score_qualite;
    this.updatedUs[slot] = Number(row.updated_us);
    this.noms[slot] = row.nom;
    this.activites[slot] = row.activite;
    this.emails[slot] = row.email;
    this.telephones[slot] = row.telephone;
    if (this.words.size > 0) this.updateWordSets(slot, text);
    this.link(slot, inOrder);
  }

  delete(id: string): void {
    const slot = this.idToSlot.get(id);
    if (slot === undefined) return;
    this.unlink(slot);
    this.deleteTokens(slot, this.texts[slot]);
    this.updateWordSets(slot, null);
    this.idToSlot.delete(id);
    this.ids[slot] = '';
    this.texts[slot] = '';
    this.nomTri[slot] = '';
    this.noms[slot] = '';
    this.activites[slot] = null;
    this.emails[slot] = null;
    this.telephones[slot] = null;
    this.free.push(slot);
  }

  /** The companies whose text holds `word`, and their scores (kept, and kept exact, for the next searches). */
  wordEntry(word: string): WordEntry {
    const known = this.words.get(word);
    if (known) {
      this.words.delete(word);
      this.words.set(word, known);
      return known;
    }
    const bits = new Bitset(this.end);
    for (const [token, posting] of this.tokens) if (token.includes(word)) posting.orInto(bits);
    const entry: WordEntry = { bits, hist: new Int32Array(101), byWilaya: new Map(), bySector: new Map() };
    bits.forEach((slot) => {
      const s = this.score[slot];
      entry.hist[s]++;
      IndexState.histogram(entry.byWilaya, this.wilaya[slot])[s]++;
      IndexState.histogram(entry.bySector, this.sector[slot])[s]++;
    });
    this.words.set(word, entry);
    if (this.words.size > this.wordCacheSize) this.words.delete(this.words.keys().next().value as string);
    return entry;
  }

  wordSet(word: string): Bitset {
    return this.wordEntry(word).bits;
  }

  /** The companies matching `f`, in `into` (overwritten); returns how many they are. */
  matches(f: CompanyFilter, into: Bitset, scratch: [Bitset, Bitset]): number {
    const length = this.alive.words.length;
    // Every condition is one set; a condition on several wilayas (or sectors) is their union.
    const sets: Bitset[] = f.words.length > 0 ? f.words.map((word) => this.wordSet(word)) : [this.alive];
    const unite = (keys: number[], map: Map<number, Bitset>, union: Bitset): Bitset | null => {
      if (keys.length === 1) return map.get(keys[0]) ?? null;
      union.copyFrom(this.alive, length).clear();
      for (const k of keys) {
        const set = map.get(k);
        if (set) union.or(set);
      }
      return union;
    };
    if (f.wilayaCodes.length > 0) sets.push(unite(f.wilayaCodes, this.byWilaya, scratch[0]) ?? new Bitset(0));
    if (f.secteurIds.length > 0) sets.push(unite(f.secteurIds.map((id) => this.sectorIndex.get(id) ?? -1), this.bySector, scratch[1]) ?? new Bitset(0));
    if (f.scoreMin > 0) sets.push(this.atLeast[Math.min(101, Math.max(0, Math.floor(f.scoreMin)))]);
    return Bitset.intersect(into, sets, length);
  }

  summary(slot: number): CompanySummary {
    return {
      id: this.ids[slot],
      nom: this.noms[slot],
      wilaya_code: this.wilaya[slot],
      secteur_id: this.sectorIds[this.sector[slot]],
      activite: this.activites[slot],
      email: this.emails[slot],
      telephone: this.telephones[slot],
      score_qualite: this.score[slot],
    };
  }

  /** Whether a slot passes the filter's wilayas, sectors and score (words aside). */
  filterOf(f: CompanyFilter): (slot: number) => boolean {
    const min = f.scoreMin;
    const wilayas = f.wilayaCodes.length > 0 ? new Uint8Array(256) : null;
    for (const w of f.wilayaCodes) if (w >= 0 && w < 256) wilayas![w] = 1;
    const sectors = f.secteurIds.length > 0 ? new Uint8Array(this.sectorIds.length) : null;
    for (const id of f.secteurIds) {
      const i = this.sectorIndex.get(id);
      if (i !== undefined) sectors![i] = 1;
    }
    return (slot) => this.score[slot] >= min && (!wilayas || wilayas[this.wilaya[slot]] === 1) && (!sectors || sectors[this.sector[slot]] === 1);
  }

  keyOf(slot: number, sort: SearchRequest['sort']): SortKey {
    if (sort === 'nom') return [this.nomTri[slot], this.ids[slot]];
    if (sort === '-updated_at') return [String(this.updatedUs[slot]), this.ids[slot]];
    return [this.score[slot], this.nomTri[slot], this.ids[slot]];
  }
}

/** Where a slot stands against a key in the nom order (negative: before it). */
function nomAgainst(state: IndexState, nom: string, id: string): (slot: number) => number {
  return (slot) => compareCodePoints(state.nomTri[slot], nom) || compareAscii(state.ids[slot], id);
}

export class CompanyIndex implements CompanySearchBackend {
  private state: IndexState;
  private snapshot: string | null = null;
  private loaded = false;
  closed = false;
  private readonly maxStalenessMs: number;
  private readonly wordCacheSize: number;
  /** When the last completed refresh started (performance.now()). */
  private freshAsOf = -Infinity;
  private inFlight?: Promise<void>;
  private queued?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly matchSet = new Bitset();
  private readonly scratch: [Bitset, Bitset] = [new Bitset(), new Bitset()];

  constructor(
    /** Where the index reads: the primary (its change feed is a few rows per refresh). */
    readonly db: Knex,
    private readonly options: CompanyIndexOptions = {},
  ) {
    this.maxStalenessMs = options.maxStalenessMs ?? 0;
    this.wordCacheSize = options.wordCacheSize ?? 256;
    this.state = new IndexState(this.wordCacheSize);
  }

  /** Origins are not kept in memory: read by id from the primary, which has every row the index shows. */
  origins(ids: readonly string[]): Promise<Map<string, CompanyOrigin>> {
    return originsOf(this.db, ids);
  }

  /** True once the first load has completed: searches can be answered from memory. */
  get ready(): boolean {
    return this.loaded && !this.closed;
  }

  /** How many companies the index holds. */
  get size(): number {
    return this.state.size;
  }

  /** Loads every company (in one snapshot, in batches that leave the event loop free), then follows the changes. */
  async start(): Promise<void> {
    await this.load();
    this.loaded = !this.closed;
    const every = this.options.refreshIntervalMs ?? 1000;
    if (every > 0 && !this.closed) {
      this.timer = setInterval(() => {
        if (performance.now() - this.freshAsOf < every) return;
        this.sync().catch((err) => this.options.onError?.(err));
      }, every);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.allSettled([this.inFlight, this.queued]);
  }

  /** A company write through this process has committed: the next search reads it. */
  noteWrite(): void {
    this.freshAsOf = -Infinity;
  }

  private async load(): Promise<void> {
    const state = new IndexState(this.wordCacheSize);
    let snapshot = '';
    await this.db.transaction(
      async (trx) => {
        snapshot = (await trx.raw('select pg_current_snapshot()::text as snap')).rows[0].snap;
        // In name order (the nom_tri, id index): two of the three orders are then built by appending.
        let after: Row | null = null;
        for (;;) {
          const result: { rows: Row[] } = await trx.raw(
            `select ${COLUMNS} from companies ${after ? 'where (nom_tri, id) > (?, ?::uuid)' : ''} order by nom_tri, id limit ${LOAD_BATCH}`,
            after ? [after.nom_tri, after.id] : [],
          );
          for (const row of result.rows) state.upsert(row, true);
          if (this.closed) throw new Error('the search index was closed while loading');
          if (result.rows.length < LOAD_BATCH) break;
          after = result.rows[result.rows.length - 1];
          await yieldToEventLoop();
        }
      },
      { isolationLevel: 'repeatable read' },
    );
    this.state = state;
    this.snapshot = snapshot;
  }

  /** Waits for a refresh that starts after this call. Concurrent callers share refreshes. */
  sync(): Promise<void> {
    if (!this.inFlight) {
      const run: Promise<void> = this.refresh().finally(() => {
        if (this.inFlight === run) this.inFlight = undefined;
      });
      this.inFlight = run;
      return run;
    }
    if (!this.queued) {
      const next: Promise<void> = this.inFlight
        .catch(() => undefined)
        .then(() => {
          if (this.queued === next) this.queued = undefined;
          return this.sync();
        });
      this.queued = next;
    }
    return this.queued;
  }

  /** Waits until the index holds every write committed before this call (within maxStalenessMs). */
  private async fresh(): Promise<void> {
    if (performance.now() - this.freshAsOf <= this.maxStalenessMs && this.maxStalenessMs > 0) return;
    await this.sync();
  }

  private async refresh(): Promise<void> {
    const started = performance.now();
    const previous = this.snapshot;
    if (previous === null) throw new Error('the search index is not loaded');
    const result: { rows: (Partial<Row> & { snap: string; deleted: boolean | null })[] } = await this.db.raw(
      `select s.snap::text as snap, x.*
         from (select pg_current_snapshot() as snap) s
         left join lateral (
           select ${COLUMNS}, false as deleted
             from companies
            where change_xid >= pg_snapshot_xmin(?::pg_snapshot) and not pg_visible_in_snapshot(change_xid, ?::pg_snapshot)
           union all
           select id, null, null, null, null, null, null, null, null, null, null, true
             from company_deletions
            where change_xid >= pg_snapshot_xmin(?::pg_snapshot) and not pg_visible_in_snapshot(change_xid, ?::pg_snapshot)
         ) x on true`,
      [previous, previous, previous, previous],
    );
    const rows = result.rows;
    const changes = rows.filter((r) => r.id !== null && r.id !== undefined);
    if (changes.some((r) => r.deleted && r.id === NIL_UUID)) {
      await this.load();
    } else {
      const state = this.state;
      for (let i = 0; i < changes.length; i++) {
        const change = changes[i];
        if (change.deleted) state.delete(change.id!);
        else state.upsert(change as Row);
        if (i % APPLY_SLICE === APPLY_SLICE - 1) await yieldToEventLoop();
      }
      this.snapshot = rows[0].snap;
    }
    this.freshAsOf = Math.max(this.freshAsOf, started);
  }

  async search(f: CompanyFilter, q: SearchRequest): Promise<SearchResult> {
    await this.fresh();
    const state = this.state;
    const { total, slots } = this.choose(f, q);
    return {
      total,
      rows: slots.map((slot) => state.summary(slot)),
      lastKey: slots.length > 0 ? state.keyOf(slots[slots.length - 1], q.sort) : null,
    };
  }

  /** The total and the page's slots, computed synchronously on one state. */
  private choose(f: CompanyFilter, q: SearchRequest): { total: number; slots: number[] } {
    const state = this.state;
    // Without words, the counts come from the score histograms and a walk tests each slot's
    // own columns, so no set is built unless the matches are few enough to be sorted; with
    // words, the matches are built as a bit set and counted.
    // One word with wilayas or sectors (not both) is counted from the word's own histograms
    // and walked testing its bits and the slot's columns: again no set is built.
    const noWords = f.words.length === 0;
    const oneWord = f.words.length === 1 && (f.wilayaCodes.length === 0 || f.secteurIds.length === 0) ? state.wordEntry(f.words[0]) : null;
    let built: Bitset | null = null;
    let builtCount = 0;
    const matchSet = () => {
      if (!built) {
        builtCount = state.matches(f, this.matchSet, this.scratch);
        built = this.matchSet;
      }
      return built;
    };
    let exact: Int32Array | null = null;
    if (noWords) exact = state.histogramOf(f);
    else if (oneWord) {
      exact = new Int32Array(101);
      const parts =
        f.wilayaCodes.length > 0
          ? [...new Set(f.wilayaCodes)].map((w) => oneWord.byWilaya.get(w))
          : f.secteurIds.length > 0
            ? [...new Set(f.secteurIds)].map((id) => oneWord.bySector.get(state.sectorIndex.get(id) ?? -1))
            : [oneWord.hist];
      for (const h of parts) if (h) for (let s = 0; s <= 100; s++) exact[s] += h[s];
      exact.fill(0, 0, Math.max(0, Math.min(101, Math.floor(f.scoreMin))));
    }
    const r = exact ? null : matchSet();
    const total = exact ? exact.reduce((a, b) => a + b, 0) : builtCount;
    const filter = state.filterOf(f);
    const matches = r ? (slot: number) => r.has(slot) : oneWord ? (slot: number) => oneWord.bits.has(slot) && filter(slot) : filter;
    const limit = q.limit;
    const out: number[] = [];
    if (limit <= 0 || total === 0) return { total, slots: out };
    const after = q.after;
    const offset = after ? 0 : q.offset;
    if (!after && offset >= total) return { total, slots: out };

    // Walking an order visits about (offset + limit) * listed / total slots; sorting the
    // matches costs about total * log2(total) comparisons: take the cheaper. The default
    // order skips whole scores by counting, so it walks about one score's list.
    // In one wilaya, its own lists are walked: by name, or per score for the default order
    // (whole scores skipped by their exact counts when those are known).
    const oneWilaya = f.wilayaCodes.length === 1 ? f.wilayaCodes[0] : undefined;
    const nomList = q.sort === 'nom' && oneWilaya !== undefined ? state.byWilayaNom.get(oneWilaya) : undefined;
    const scoreLists = q.sort === '-score_qualite' && oneWilaya !== undefined ? state.byWilayaScore.get(oneWilaya) : undefined;
    const wilayaSize = oneWilaya !== undefined ? (state.byWilayaNom.get(oneWilaya)?.size ?? 0) : 0;
    const listed =
      q.sort === '-score_qualite' ? (scoreLists ? (exact ? wilayaSize / 20 : wilayaSize) : state.size / 20) : (nomList?.size ?? state.size);
    const walkCost = ((offset + limit) * Math.max(1, listed)) / total;
    const sortCost = total * Math.log2(total + 1) * 4;
    if (sortCost < walkCost) return { total, slots: this.sortMatches(state, matchSet(), q, offset) };

    let skip = offset;
    const take = (slot: number): boolean => {
      if (!matches(slot)) return true;
      if (skip > 0) {
        skip--;
        return true;
      }
      out.push(slot);
      return out.length < limit;
    };
    if (q.sort === 'nom') {
      (nomList ?? state.byNom).walk(take, after ? nomAgainst(state, String(after[0]), String(after[1])) : undefined);
    } else if (q.sort === '-updated_at') {
      const us = after ? Number(after[0]) : 0;
      const id = after ? String(after[1]) : '';
      state.byUpdated.walk(take, after ? (slot) => us - state.updatedUs[slot] || compareAscii(state.ids[slot], id) : undefined);
    } else if (scoreLists) {
      // Every slot of the wilaya's lists matches when there are no words and no sectors: the
      // page is then found by its position in one score's list.
      const everyMatches = noWords && f.secteurIds.length === 0;
      let from = 100;
      let first: ((slot: number) => number) | undefined;
      if (after) {
        const key = Number(after[0]);
        if (key < 0) return { total, slots: out };
        from = Math.min(100, Math.floor(key));
        if (key <= 100) first = nomAgainst(state, String(after[1]), String(after[2]));
      }
      const lowest = Math.max(0, Math.floor(f.scoreMin));
      for (let s = from; s >= lowest && out.length < limit; s--) {
        const list = scoreLists[s];
        if (list.size === 0) continue;
        const start = s === from ? first : undefined;
        if (!start && exact) {
          if (skip >= exact[s]) {
            skip -= exact[s];
            continue;
          }
          if (everyMatches) {
            list.walkFrom(skip, (slot) => {
              out.push(slot);
              return out.length < limit;
            });
            skip = 0;
            continue;
          }
        }
        list.walk(take, start);
      }
    } else {
      // Score descending: matches with score >= s, counted without building the set.
      const atLeast = new Map<number, number>();
      if (exact) for (let s = 100, n = 0; s >= 0; s--) atLeast.set(s, (n += exact[s]));
      const count = (s: number) => {
        if (s > 100) return 0;
        let n = atLeast.get(s);
        if (n === undefined) {
          n = matchSet().countAnd(state.atLeast[s]);
          atLeast.set(s, n);
        }
        return n;
      };
      let from: number;
      let first: ((slot: number) => number) | undefined;
      if (after) {
        from = Math.min(100, Math.max(0, Math.floor(Number(after[0]))));
        // A key above every score starts at the top; below every score, nothing is left.
        if (Number(after[0]) > 100) from = 100;
        else if (Number(after[0]) < 0) return { total, slots: out };
        else first = nomAgainst(state, String(after[1]), String(after[2]));
      } else {
        // The highest score s whose matches with score >= s go past the offset: galloping down
        // from the top (a first page needs one count), then a binary search.
        let hi = 100;
        let lo = 100;
        for (let step = 1; lo > 0 && count(lo) <= offset; step *= 2) {
          hi = lo - 1;
          lo = Math.max(0, lo - step);
        }
        while (lo < hi) {
          const mid = (lo + hi + 1) >>> 1;
          if (count(mid) > offset) lo = mid;
          else hi = mid - 1;
        }
        from = lo;
        skip = offset - count(from + 1);
      }
      for (let s = from; s >= 0 && out.length < limit; s--) {
        // An empty score is skipped when its count is known; otherwise its list is walked.
        if (atLeast.has(s) && atLeast.has(s + 1) && count(s) === count(s + 1)) continue;
        if (state.byScore[s].size === 0) continue;
        let full = false;
        state.byScore[s].walk((slot) => {
          const more = take(slot);
          full = !more;
          return more;
        }, s === from ? first : undefined);
        if (full) break;
      }
    }
    return { total, slots: out };
  }

  private sortMatches(state: IndexState, r: Bitset, q: SearchRequest, offset: number): number[] {
    const slots: number[] = [];
    r.forEach((s) => slots.push(s));
    const compare = q.sort === 'nom' ? state.compareNom : q.sort === '-updated_at' ? state.compareUpdated : state.compareScore;
    slots.sort(compare);
    let start = offset;
    if (q.after) {
      const key = q.after;
      const against =
        q.sort === 'nom'
          ? nomAgainst(state, String(key[0]), String(key[1]))
          : q.sort === '-updated_at'
            ? (slot: number) => Number(key[0]) - state.updatedUs[slot] || compareAscii(state.ids[slot], String(key[1]))
            : (slot: number) => Number(key[0]) - state.score[slot] || nomAgainst(state, String(key[1]), String(key[2]))(slot);
      let lo = 0;
      let hi = slots.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (against(slots[mid]) <= 0) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    return slots.slice(start, start + q.limit);
  }

  async facets(f: CompanyFilter): Promise<FacetCounts> {
    await this.fresh();
    const state = this.state;
    if (f.words.length === 0) {
      const counts = { wilayas: new Map<number, number>(), secteurs: new Map<number, number>() };
      const exact = state.histogramOf(f, counts);
      return {
        total: exact.reduce((a, b) => a + b, 0),
        wilayas: counts.wilayas,
        secteurs: new Map([...counts.secteurs].map(([i, n]) => [state.sectorIds[i], n])),
        scores: [...exact],
      };
    }
    state.matches(f, this.matchSet, this.scratch);
    const r = this.matchSet;
    const byWilaya = new Int32Array(256);
    const bySector = new Int32Array(state.sectorIds.length);
    const scores = new Array<number>(101).fill(0);
    const words = r.words;
    let total = 0;
    for (let w = 0; w < words.length; w++) {
      let x = words[w];
      while (x !== 0) {
        const low = x & -x;
        const slot = (w << 5) + 31 - Math.clz32(low);
        x ^= low;
        byWilaya[state.wilaya[slot]]++;
        bySector[state.sector[slot]]++;
        scores[state.score[slot]]++;
        total++;
      }
    }
    const wilayas = new Map<number, number>();
    byWilaya.forEach((n, code) => n > 0 && wilayas.set(code, n));
    const secteurs = new Map<string | null, number>();
    bySector.forEach((n, i) => n > 0 && secteurs.set(state.sectorIds[i], n));
    return { total, wilayas, secteurs, scores };
  }
}
