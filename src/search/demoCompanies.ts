import type { Knex } from 'knex';
import { normalizePhone } from '../platform/contacts';
import { fold } from '../platform/text';
import { SECTEURS } from './secteurs';
import { WILAYAS } from './wilayas';
import type { CompanyInput } from './companyRepository';
import { completenessScore, CompanyWriter } from './companyImport';

/**
 * Deterministic synthetic companies for demos and benchmarks: real wilayas and sectors,
 * plausible names, valid Algerian phone numbers, some companies without any contact.
 * Company i is always the same company, and no two of the first N share a natural key.
 */

export const ROOTS = [
  'Numidia', 'Atlas', 'Tassili', 'Djurdjura', 'Hoggar', 'El Baraka', 'Nour', 'Sahel', 'Medina', 'Amal', 'Zitouna', 'Cirta',
  'Tafna', 'Chelia', 'Babor', 'Ifri', 'Soummam', 'Mitidja', 'Aurès', 'Ennasr', 'El Feth', 'Safir', 'Rym', 'Yasmine',
  'Ouarsenis', 'Tahat', 'Lalla', 'El Khayr', 'Assala', 'Tamda', 'Thala', 'Imzad', 'Sirius', 'Phénix', 'Horizon', 'Delta',
  'Méditerranée', 'Oasis', 'Palmeraie', 'Kheops', 'Jugurtha', 'Massinissa', 'Tinhinan', 'Kahina', 'Emir', 'El Bahia',
  'Mazafran', 'Chenoua',
];
export const FAMILIES = [
  'Benali', 'Haddad', 'Boudiaf', 'Mansouri', 'Bouzid', 'Khelifi', 'Saidi', 'Zerrouki', 'Meziane', 'Belkacem', 'Cherif',
  'Hamidi', 'Rahmani', 'Brahimi', 'Amrani', 'Bensalem', 'Ferhat', 'Guerfi', 'Hadjadj', 'Kaci', 'Larbi', 'Mokrani',
  'Ouali', 'Rezki', 'Slimani', 'Taleb', 'Yahiaoui', 'Ziani', 'Aït Ahmed', 'Belaid', 'Chaouch', 'Djebbar', 'Fellah',
  'Ghezali', 'Hamdi', 'Issad', 'Kaddour', 'Lounis', 'Madani', 'Nait', 'Ounissi', 'Rabhi', 'Saadi', 'Touati', 'Aouadi',
  'Bouchareb', 'Chikhi', 'Derradji', 'Benyahia', 'Hocine', 'Boukhalfa', 'Mebarki', 'Sellami', 'Tebboune', 'Zitouni',
  'Belhadj', 'Benmoussa', 'Bouras', 'Dahmani', 'Gacem', 'Kherbache', 'Merabet', 'Naceri', 'Boualem',
];
const FORMS = ['SARL', 'EURL', 'SPA', 'ETS', 'SNC', ''];
/** Per sector: qualifiers that go into the name, and activities. */
const FLAVOURS: Record<string, { words: string[]; activities: string[] }> = {};
for (const s of SECTEURS) {
  const base = s.nom.replace(/ et .*/, '');
  FLAVOURS[s.id] = {
    words: [base, `${base} Services`, `${base} Distribution`, `Groupe ${base}`],
    activities: [`${s.nom} : études et réalisation`, `${s.nom} : vente et distribution`, `${s.nom} : services aux professionnels`, s.aliases[0] ?? s.nom],
  };
}
const SECTEUR_IDS = SECTEURS.map((s) => s.id);
const OFFICIAL = WILAYAS.filter((w) => !w.provisional);
const QUALIFIERS = SECTEUR_IDS.length * 4;
const NAMES_PER_WILAYA = ROOTS.length * FAMILIES.length * QUALIFIERS;
/** Odd and prime to the name space, so j -> j * STEP mod NAMES_PER_WILAYA is a bijection. */
const STEP = 7919;

/** A small, fast, seedable PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MOBILE_PREFIXES = ['550', '551', '552', '553', '554', '555', '556', '557', '558', '559', '660', '661', '662', '663', '664', '665', '666', '667', '668', '669', '770', '771', '772', '773', '774', '775', '776', '777', '778', '779', '790', '791', '792', '793', '794', '795', '796', '797', '798', '799'];

function phoneFor(random: () => number, wilayaCode: number): string | null {
  for (let attempt = 0; attempt < 8; attempt++) {
    const digits = () => String(Math.floor(random() * 1e6)).padStart(6, '0');
    const number = random() < 0.7
      ? `0${MOBILE_PREFIXES[Math.floor(random() * MOBILE_PREFIXES.length)]}${digits()}`
      : `0${String(20 + (wilayaCode % 30)).padStart(2, '0')}${digits()}`;
    const e164 = normalizePhone(number);
    if (e164) return e164;
  }
  return null;
}

/** Company number `index` (0-based) of the demo set. */
export function demoCompany(index: number): CompanyInput {
  const random = rng(index * 2654435761);
  const wilaya = OFFICIAL[index % OFFICIAL.length];
  // Within one wilaya, j -> j * STEP + offset is a bijection, so names never repeat there.
  const j = (Math.floor(index / OFFICIAL.length) * STEP + (index % OFFICIAL.length) * 1013) % NAMES_PER_WILAYA;
  const root = ROOTS[j % ROOTS.length];
  const family = FAMILIES[Math.floor(j / ROOTS.length) % FAMILIES.length];
  const qualifier = Math.floor(j / (ROOTS.length * FAMILIES.length));
  const secteurId = SECTEUR_IDS[Math.floor(qualifier / 4)];
  const flavour = FLAVOURS[secteurId];
  const form = FORMS[Math.floor(random() * FORMS.length)];
  const nom = [form, root, flavour.words[qualifier % 4], family].filter(Boolean).join(' ');
  const contact = random();
  const hasEmail = contact < 0.6;
  const hasPhone = contact < 0.35 || (contact >= 0.6 && contact < 0.9);
  const slug = fold(`${root} ${family}`).replace(/[^a-z0-9]+/g, '-');
  const company: CompanyInput = {
    nom,
    wilaya_code: wilaya.code,
    secteur_id: random() < 0.95 ? secteurId : null,
    activite: random() < 0.9 ? flavour.activities[Math.floor(random() * flavour.activities.length)] : null,
    email: hasEmail ? `${random() < 0.5 ? 'contact' : 'info'}@${slug}.dz` : null,
    telephone: hasPhone ? phoneFor(random, wilaya.code) : null,
    score_qualite: 0,
    source: 'demo',
    source_url: null,
  };
  const jitter = Math.floor(random() * 21) - 10;
  company.score_qualite = Math.max(0, Math.min(100, completenessScore(company) + jitter));
  return company;
}

/** How many distinct demo companies exist. */
export const DEMO_CAPACITY = NAMES_PER_WILAYA * OFFICIAL.length;

/** Writes demo companies 0..count-1 (again: the same ones, updated in place). */
export async function seedDemoCompanies(
  db: Knex,
  count: number,
  onProgress?: (done: number, total: number) => void,
): Promise<{ imported: number; updated: number }> {
  const writer = new CompanyWriter(db, 2000);
  for (let i = 0; i < count; i++) {
    await writer.add(demoCompany(i));
    if (onProgress && i % 5000 === 0) onProgress(i, count);
  }
  await writer.flush();
  onProgress?.(count, count);
  return { imported: writer.result.imported, updated: writer.result.updated };
}
