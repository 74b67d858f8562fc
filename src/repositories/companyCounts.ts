import type { Knex } from 'knex';

/**
 * `company_counts` (companies per wilaya x sector x score, exact, kept by triggers) held in
 * memory as suffix sums over the score, for one data version: the count for any combination of
 * wilayas, sectors and score_min is then a few hundred additions, with no query. The snapshot
 * is reloaded, once, when the data version moves; version and cells are read in one
 * repeatable-read transaction so they always agree.
 */
interface Snapshot {
  version: number;
  /** `${wilaya}|${secteur}` -> counts of companies with score >= s, for s in 0..101. */
  cells: Map<string, Int32Array>;
  /** The same suffix sums over every sector of a wilaya, every wilaya of a sector, and everything. */
  byWilaya: Map<number, Int32Array>;
  bySecteur: Map<string, Int32Array>;
  all: Int32Array;
}

function addInto(map: Map<string | number, Int32Array>, key: string | number, cell: Int32Array): void {
  let sum = map.get(key);
  if (!sum) {
    sum = new Int32Array(102);
    map.set(key, sum);
  }
  for (let s = 0; s < 102; s++) sum[s] += cell[s];
}

const snapshots = new WeakMap<Knex, { current?: Snapshot; loading?: Promise<Snapshot> }>();

async function load(db: Knex): Promise<Snapshot> {
  return db.transaction(
    async (trx) => {
      const [{ version }] = await trx('company_data_version').where({ id: 1 }).select('version');
      const rows: { wilaya_code: number; secteur_id: string; score_qualite: number; n: number }[] = await trx('company_counts')
        .where('n', '<>', 0)
        .select('wilaya_code', 'secteur_id', 'score_qualite', 'n');
      const cells = new Map<string, Int32Array>();
      for (const row of rows) {
        const key = `${row.wilaya_code}|${row.secteur_id}`;
        let cell = cells.get(key);
        if (!cell) {
          cell = new Int32Array(102);
          cells.set(key, cell);
        }
        cell[row.score_qualite] += Number(row.n);
      }
      const byWilaya = new Map<number, Int32Array>();
      const bySecteur = new Map<string, Int32Array>();
      const all = new Int32Array(102);
      for (const [key, cell] of cells) {
        for (let s = 100; s >= 0; s--) cell[s] += cell[s + 1];
        const [wilaya, secteur] = key.split('|');
        addInto(byWilaya as Map<string | number, Int32Array>, Number(wilaya), cell);
        addInto(bySecteur as Map<string | number, Int32Array>, secteur, cell);
        for (let s = 0; s < 102; s++) all[s] += cell[s];
      }
      return { version: Number(version), cells, byWilaya, bySecteur, all };
    },
    { isolationLevel: 'repeatable read' },
  );
}

async function snapshotAt(db: Knex, version: number): Promise<Snapshot> {
  let entry = snapshots.get(db);
  if (!entry) {
    entry = {};
    snapshots.set(db, entry);
  }
  if (entry.current && entry.current.version >= version) return entry.current;
  if (!entry.loading) {
    const holder = entry;
    holder.loading = load(db).finally(() => {
      holder.loading = undefined;
    });
  }
  const loaded = await entry.loading!;
  if (!entry.current || loaded.version > entry.current.version) entry.current = loaded;
  // Loaded before a write that bumped the version again: load once more.
  return loaded.version >= version ? loaded : snapshotAt(db, version);
}

/** The exact number of companies matching the filters, at data version `version` or later. */
export async function countByCells(
  db: Knex,
  version: number,
  f: { wilayaCodes: number[]; secteurIds: string[]; scoreMin: number },
): Promise<number> {
  const snapshot = await snapshotAt(db, version);
  const from = Math.max(0, Math.min(101, f.scoreMin));
  const wilayas = new Set(f.wilayaCodes);
  const secteurs = new Set(f.secteurIds);
  let total = 0;
  if (wilayas.size === 0 && secteurs.size === 0) return snapshot.all[from];
  if (secteurs.size === 0) {
    for (const w of wilayas) total += snapshot.byWilaya.get(w)?.[from] ?? 0;
  } else if (wilayas.size === 0) {
    for (const s of secteurs) total += snapshot.bySecteur.get(s)?.[from] ?? 0;
  } else {
    for (const w of wilayas) for (const s of secteurs) total += snapshot.cells.get(`${w}|${s}`)?.[from] ?? 0;
  }
  return total;
}
