/**
 * The Algerian wilayas (provinces): the 58 official ones, numbered as in the Journal officiel
 * (48 from the 1984 territorial organisation, 49-58 from law 19-12 of 2019, numbered by the
 * presidential decree of 2021), and the 11 created by the 2025 territorial-organisation law,
 * carried as provisional entries until they take effect.
 */
import { asciiDigits, compactKey, matchKey } from '../platform/text';

/** One wilaya. */
export interface Wilaya {
  /** The wilaya code (1-58 official; 59-69 provisional, see {@link PROVISIONAL_NOTE}). */
  readonly code: number;
  /** The official French name, with accents ('Béjaïa', "M'Sila"). */
  readonly nom: string;
  /** The Arabic name ('الجزائر'). */
  readonly nom_ar: string;
  /** Other spellings in use: English, older French, transliterations, former names. */
  readonly aliases: readonly string[];
  /** True for the 2025 wilayas that have not taken effect yet. */
  readonly provisional: boolean;
  /** For a provisional wilaya, the code of the wilaya it is carved from (and still part of). */
  readonly parent_code?: number;
}

/**
 * The 2025 wilayas, codes 59-69. The Council of Ministers approved them on 16 November 2025.
 * Their codes follow the numbering reported in the press in November 2025 (59 Aflou,
 * 60 El Abiodh Sidi Cheikh, 61 El Aricha, 62 El Kantara, 63 Barika, 64 Bou Saâda,
 * 65 Bir El Ater, 66 Ksar El Boukhari, 67 Ksar Chellala, 68 Aïn Oussera, 69 Messaad), not yet
 * a numbering published in the Journal officiel: check them against it when it is.
 */
export const PROVISIONAL_NOTE = 'Codes 59-69 are provisional: they follow the numbering reported in the press until the official one is published.';

type Row = readonly [code: number, nom: string, nom_ar: string, aliases: readonly string[], parent_code?: number];

const ROWS: readonly Row[] = [
  [1, 'Adrar', 'أدرار', []],
  [2, 'Chlef', 'الشلف', ['Ech Cheliff', 'Ech Chlef', 'El Asnam', 'Orléansville']],
  [3, 'Laghouat', 'الأغواط', []],
  [4, 'Oum El Bouaghi', 'أم البواقي', ['Oum el-Bouaghi', 'Canrobert']],
  [5, 'Batna', 'باتنة', []],
  [6, 'Béjaïa', 'بجاية', ['Bejaia', 'Bejaya', 'Bougie', 'Bgayet']],
  [7, 'Biskra', 'بسكرة', []],
  [8, 'Béchar', 'بشار', ['Colomb-Béchar']],
  [9, 'Blida', 'البليدة', []],
  [10, 'Bouira', 'البويرة', []],
  [11, 'Tamanrasset', 'تمنراست', ['Tamanghasset']],
  [12, 'Tébessa', 'تبسة', ['Tbessa']],
  [13, 'Tlemcen', 'تلمسان', ['Tilimsen']],
  [14, 'Tiaret', 'تيارت', ['Tihert', 'Tahert']],
  [15, 'Tizi Ouzou', 'تيزي وزو', ['Tizi-Ouzou', 'Tizi Wezzu']],
  [16, 'Alger', 'الجزائر', ['Algiers', 'El Djazair', 'El Djazaïr', 'Al Djazair', 'Al Jazair', 'Dzayer', 'Dzair', 'الجزائر العاصمة']],
  [17, 'Djelfa', 'الجلفة', ['Jelfa']],
  [18, 'Jijel', 'جيجل', ['Djidjelli', 'Djijel']],
  [19, 'Sétif', 'سطيف', ['Setif', 'Stif']],
  [20, 'Saïda', 'سعيدة', []],
  [21, 'Skikda', 'سكيكدة', ['Philippeville']],
  [22, 'Sidi Bel Abbès', 'سيدي بلعباس', ['Sidi Bel-Abbès', 'Sidi Belabbès', 'Bel Abbès', 'SBA']],
  [23, 'Annaba', 'عنابة', ['Bône']],
  [24, 'Guelma', 'قالمة', []],
  [25, 'Constantine', 'قسنطينة', ['Qacentina', 'Ksentina', 'Qsentina', 'Cirta']],
  [26, 'Médéa', 'المدية', []],
  [27, 'Mostaganem', 'مستغانم', []],
  [28, "M'Sila", 'المسيلة', ['Msila', 'M Sila']],
  [29, 'Mascara', 'معسكر', ['Mouaskar']],
  [30, 'Ouargla', 'ورقلة', ['Wargla']],
  [31, 'Oran', 'وهران', ['Wahran', 'Ouahran']],
  [32, 'El Bayadh', 'البيض', ['El-Bayadh', 'El Bayad', 'Géryville']],
  [33, 'Illizi', 'إليزي', ['Ilizi', 'إيليزي']],
  [34, 'Bordj Bou Arréridj', 'برج بوعريريج', ['Bordj Bou Arreridj', 'BBA']],
  [35, 'Boumerdès', 'بومرداس', ['Boumerdes', 'Rocher Noir']],
  [36, 'El Tarf', 'الطارف', ['Et Tarf']],
  [37, 'Tindouf', 'تندوف', []],
  [38, 'Tissemsilt', 'تيسمسيلت', ['Vialar']],
  [39, 'El Oued', 'الوادي', ['Oued Souf', 'El Oued Souf', 'Souf']],
  [40, 'Khenchela', 'خنشلة', ['Khenchla']],
  [41, 'Souk Ahras', 'سوق أهراس', []],
  [42, 'Tipaza', 'تيبازة', ['Tipasa']],
  [43, 'Mila', 'ميلة', []],
  [44, 'Aïn Defla', 'عين الدفلى', ['Ain Defla']],
  [45, 'Naâma', 'النعامة', ['Naama']],
  [46, 'Aïn Témouchent', 'عين تموشنت', ['Ain Temouchent', 'Témouchent']],
  [47, 'Ghardaïa', 'غرداية', ['Ghardaia', 'Ghardaya']],
  [48, 'Relizane', 'غليزان', ['Ghilizane']],
  [49, 'Timimoun', 'تيميمون', ['Timimoune']],
  [50, 'Bordj Badji Mokhtar', 'برج باجي مختار', []],
  [51, 'Ouled Djellal', 'أولاد جلال', ['Ouled Djelal', 'Oulad Djellal']],
  [52, 'Béni Abbès', 'بني عباس', ['Beni Abbes', 'Bni Abbès']],
  [53, 'In Salah', 'عين صالح', ['Aïn Salah', 'In-Salah']],
  [54, 'In Guezzam', 'عين قزام', ['Aïn Guezzam', 'In Guezam']],
  [55, 'Touggourt', 'تقرت', ['Tougourt', 'Tuggurt']],
  [56, 'Djanet', 'جانت', ['Janet']],
  [57, "El M'Ghair", 'المغير', ["El M'Ghaier", 'El Meghaier', 'El Mghair', 'El Meghair']],
  [58, 'El Meniaa', 'المنيعة', ['El Menia', 'El Méniaâ', 'El Goléa']],
  // 2025 wilayas: provisional codes as reported in the press (see PROVISIONAL_NOTE); last item is the parent.
  [59, 'Aflou', 'أفلو', [], 3],
  [60, 'El Abiodh Sidi Cheikh', 'الأبيض سيدي الشيخ', ['El Abiod Sidi Cheikh'], 32],
  [61, 'El Aricha', 'العريشة', [], 13],
  [62, 'El Kantara', 'القنطرة', ['El Qantara'], 7],
  [63, 'Barika', 'بريكة', [], 5],
  [64, 'Bou Saâda', 'بوسعادة', ['Boussaâda', 'Bousaada'], 28],
  [65, 'Bir El Ater', 'بئر العاتر', [], 12],
  [66, 'Ksar El Boukhari', 'قصر البخاري', ['Ksar Boukhari', 'Boghari'], 26],
  [67, 'Ksar Chellala', 'قصر الشلالة', ['Ksar Chelala'], 14],
  [68, 'Aïn Oussera', 'عين وسارة', ['Aïn Oussara', 'Ain Ouessara'], 17],
  [69, 'Messaad', 'مسعد', ['Messaâd'], 17],
];

/** All wilayas, ordered by code: 1-58 official, then 59-69 provisional. */
export const WILAYAS: readonly Wilaya[] = Object.freeze(
  ROWS.map(([code, nom, nom_ar, aliases, parent_code]): Wilaya =>
    Object.freeze(
      parent_code === undefined
        ? { code, nom, nom_ar, aliases: Object.freeze([...aliases]), provisional: false }
        : { code, nom, nom_ar, aliases: Object.freeze([...aliases]), provisional: true, parent_code },
    ),
  ),
);

/**
 * The lookup key of a wilaya spelling: the folded words with the spaces removed, so that
 * 'Tizi-Ouzou', 'TIZI OUZOU' and 'tiziouzou', or "M'Sila", 'M Sila' and 'msila', meet.
 */
export const wilayaKey = compactKey;

/** Every spelling of a wilaya: its French name, Arabic name and aliases. */
export function wilayaSpellings(w: Wilaya): string[] {
  return [w.nom, w.nom_ar, ...w.aliases];
}

const BY_CODE = new Map<number, Wilaya>(WILAYAS.map((w) => [w.code, w]));
const BY_KEY = new Map<string, Wilaya>();
for (const w of WILAYAS) for (const s of wilayaSpellings(w)) if (!BY_KEY.has(wilayaKey(s))) BY_KEY.set(wilayaKey(s), w);

/** The wilaya with this code (1-69), or undefined. */
export function findWilayaByCode(code: number): Wilaya | undefined {
  return Number.isInteger(code) ? BY_CODE.get(code) : undefined;
}

/**
 * Finds a wilaya from what people write: a code (16, '16', '05', '٠٥'), a name, an alias or
 * the Arabic name, ignoring case, accents, hyphens, apostrophes and extra spaces ('tizi-ouzou',
 * 'Bejaia', 'bgayet', 'msila', "m'sila", 'El-Bayadh'). Also accepts a leading 'Wilaya de' /
 * 'ولاية', and a code with the name ('16 - Alger', 'Alger (16)') when both designate the same
 * wilaya. Returns undefined when nothing matches, or when code and name disagree.
 */
export function findWilaya(input: string | number): Wilaya | undefined {
  if (typeof input === 'number') return findWilayaByCode(input);
  if (typeof input !== 'string') return undefined;
  const text = asciiDigits(input).trim();
  if (/^\d{1,2}$/.test(text)) return findWilayaByCode(Number(text));

  const key = matchKey(text).replace(/^(?:wilaya(?: de| d)?|ولاية) /, '');
  const withCode = /^(\d{1,2}) (.+)$/.exec(key) ?? /^(.+?) (\d{1,2})$/.exec(key);
  if (withCode) {
    const [code, name] = /^\d/.test(withCode[1]) ? [withCode[1], withCode[2]] : [withCode[2], withCode[1]];
    const byCode = findWilayaByCode(Number(code));
    return byCode !== undefined && byCode === BY_KEY.get(name.replace(/ /g, '')) ? byCode : undefined;
  }
  return BY_KEY.get(key.replace(/ /g, ''));
}

/**
 * The wilaya a record is administered under today: the parent wilaya for a provisional entry
 * (59-69, until the 2025 wilayas take effect), the entry itself otherwise.
 */
export function effectiveWilaya(entry: Wilaya): Wilaya {
  if (!entry.provisional || entry.parent_code === undefined) return entry;
  return BY_CODE.get(entry.parent_code) ?? entry;
}
