import { effectiveWilaya, findWilaya, findWilayaByCode, WILAYAS, wilayaKey, wilayaSpellings } from '../wilayas';
import { findSecteur, secteurKey, secteurSpellings, SECTEURS } from '../secteurs';
import { fold } from '../../platform/text';

/** Every key of every entry, and the entries that share one (must be none). */
function clashes<T>(entries: readonly T[], spellings: (e: T) => string[], key: (s: string) => string): string[] {
  const owner = new Map<string, T>();
  const out: string[] = [];
  for (const e of entries) {
    for (const s of spellings(e)) {
      const k = key(s);
      const other = owner.get(k);
      if (other !== undefined && other !== e) out.push(`${s} (${k})`);
      else owner.set(k, e);
    }
  }
  return out;
}

describe('wilayas', () => {
  test('codes 1-69 are all present, unique and in order', () => {
    expect(WILAYAS).toHaveLength(69);
    expect(WILAYAS.map((w) => w.code)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    expect(new Set(WILAYAS.map((w) => fold(w.nom))).size).toBe(69);
  });

  test('the official order, 1-58', () => {
    const official = [
      'Adrar', 'Chlef', 'Laghouat', 'Oum El Bouaghi', 'Batna', 'Béjaïa', 'Biskra', 'Béchar', 'Blida', 'Bouira',
      'Tamanrasset', 'Tébessa', 'Tlemcen', 'Tiaret', 'Tizi Ouzou', 'Alger', 'Djelfa', 'Jijel', 'Sétif', 'Saïda',
      'Skikda', 'Sidi Bel Abbès', 'Annaba', 'Guelma', 'Constantine', 'Médéa', 'Mostaganem', "M'Sila", 'Mascara', 'Ouargla',
      'Oran', 'El Bayadh', 'Illizi', 'Bordj Bou Arréridj', 'Boumerdès', 'El Tarf', 'Tindouf', 'Tissemsilt', 'El Oued', 'Khenchela',
      'Souk Ahras', 'Tipaza', 'Mila', 'Aïn Defla', 'Naâma', 'Aïn Témouchent', 'Ghardaïa', 'Relizane', 'Timimoun', 'Bordj Badji Mokhtar',
      'Ouled Djellal', 'Béni Abbès', 'In Salah', 'In Guezzam', 'Touggourt', 'Djanet', "El M'Ghair", 'El Meniaa',
    ];
    expect(WILAYAS.slice(0, 58).map((w) => w.nom)).toEqual(official);
    for (const w of WILAYAS.slice(0, 58)) {
      expect(w.provisional).toBe(false);
      expect(w.parent_code).toBeUndefined();
      expect(effectiveWilaya(w)).toBe(w);
    }
  });

  test('59-69 are the provisional 2025 wilayas, each with an official parent', () => {
    const expected: [string, number][] = [
      ['Aflou', 3], ['El Abiodh Sidi Cheikh', 32], ['El Aricha', 13], ['El Kantara', 7], ['Barika', 5], ['Bou Saâda', 28],
      ['Bir El Ater', 12], ['Ksar El Boukhari', 26], ['Ksar Chellala', 14], ['Aïn Oussera', 17], ['Messaad', 17],
    ];
    const provisional = WILAYAS.slice(58);
    expect(provisional.map((w) => [w.nom, w.parent_code])).toEqual(expected);
    for (const w of provisional) {
      expect(w.provisional).toBe(true);
      const parent = findWilayaByCode(w.parent_code!);
      expect(parent).toBeDefined();
      expect(parent!.provisional).toBe(false);
      expect(effectiveWilaya(w)).toBe(parent);
    }
    expect(effectiveWilaya(findWilaya('Bou Saada')!).nom).toBe("M'Sila");
  });

  test('every entry has an Arabic name and its names are trimmed', () => {
    for (const w of WILAYAS) {
      expect(w.nom_ar).toMatch(/^[\u0600-\u06FF ]+$/);
      for (const s of wilayaSpellings(w)) expect(s).toBe(s.trim());
    }
  });

  test('no spelling designates two wilayas (folded or with spaces removed)', () => {
    expect(clashes(WILAYAS, wilayaSpellings, fold)).toEqual([]);
    expect(clashes(WILAYAS, wilayaSpellings, wilayaKey)).toEqual([]);
    // and no spelling reads as a code
    for (const w of WILAYAS) for (const s of wilayaSpellings(w)) expect(s).not.toMatch(/^\d+$/);
  });

  test('every name, alias and Arabic name finds its own entry', () => {
    for (const w of WILAYAS) for (const s of wilayaSpellings(w)) expect(findWilaya(s)).toBe(w);
  });

  test.each([
    ['Alger', 16], ['Algiers', 16], ['El Djazair', 16], ['Al Djazair', 16], ['Dzayer', 16], ['alger', 16],
    ['Béjaïa', 6], ['Bejaia', 6], ['Bougie', 6], ['Bgayet', 6], ['bgayet', 6], ['BEJAIA', 6],
    ['Tizi Ouzou', 15], ['Tizi-Ouzou', 15], ['tizi-ouzou', 15], ['TIZI OUZOU', 15], ['  tizi   ouzou ', 15],
    ['Constantine', 25], ['Qacentina', 25], ['Oran', 31], ['Wahran', 31], ['Annaba', 23], ['Bône', 23], ['Bone', 23],
    ['Chlef', 2], ['El Asnam', 2], ['Orléansville', 2], ['Orleansville', 2], ['Blida', 9], ['Tlemcen', 13],
    ['Sidi Bel Abbès', 22], ['sidi bel abbes', 22], ['Sidi-Bel-Abbès', 22], ['Ouargla', 30], ['Ghardaïa', 47], ['Ghardaia', 47],
    ['Béchar', 8], ['Bechar', 8], ['Sétif', 19], ['setif', 19], ['Bordj Bou Arréridj', 34], ['bordj bou arreridj', 34],
    ["M'Sila", 28], ['M Sila', 28], ['msila', 28], ["m'sila", 28], ['M’Sila', 28], ['Msila', 28],
    ['Aïn Defla', 44], ['Ain Defla', 44], ['Aïn-Defla', 44], ['El-Bayadh', 32], ['El Bayadh', 32], ['el bayadh', 32],
    ['Timimoun', 49], ['El Meniaa', 58], ["El M'Ghair", 57], ['El Meghaier', 57], ['In Salah', 53], ['Naama', 45],
    ['Aflou', 59], ['Barika', 63], ['Bou Saâda', 64], ['Bousaada', 64], ['El Abiodh Sidi Cheikh', 60], ['Ksar El Boukhari', 66],
  ])('findWilaya(%j) is %i', (input, code) => {
    expect(findWilaya(input)?.code).toBe(code);
  });

  test.each([
    ['الجزائر', 16], ['وهران', 31], ['بجاية', 6], ['تيزي وزو', 15], ['قسنطينة', 25], ['عنابة', 23], ['المسيلة', 28],
    ['سيدي بلعباس', 22], ['عين الدفلى', 44], ['اولاد جلال', 51], ['بئر العاتر', 65], ['بير العاتر', 65],
  ])('findWilaya(%j), in Arabic, is %i', (input, code) => {
    expect(findWilaya(input)?.code).toBe(code);
  });

  test('codes as numbers and strings', () => {
    expect(findWilaya(16)?.nom).toBe('Alger');
    expect(findWilaya('16')?.nom).toBe('Alger');
    expect(findWilaya(' 16 ')?.nom).toBe('Alger');
    expect(findWilaya('05')?.nom).toBe('Batna');
    expect(findWilaya('5')?.nom).toBe('Batna');
    expect(findWilaya('٠٥')?.nom).toBe('Batna');
    expect(findWilaya(58)?.nom).toBe('El Meniaa');
    expect(findWilaya(69)?.nom).toBe('Messaad');
    expect(findWilayaByCode(31)?.nom_ar).toBe('وهران');
    for (const bad of [0, 70, -1, 16.5, NaN]) expect(findWilaya(bad)).toBeUndefined();
    for (const bad of ['0', '00', '70', '016', '1 6']) expect(findWilaya(bad)).toBeUndefined();
  });

  test('a code with the name, and "wilaya de"', () => {
    expect(findWilaya('16 - Alger')?.code).toBe(16);
    expect(findWilaya('Alger (16)')?.code).toBe(16);
    expect(findWilaya('06 Béjaïa')?.code).toBe(6);
    expect(findWilaya('15 - Alger')).toBeUndefined();
    expect(findWilaya('Wilaya de Béjaïa')?.code).toBe(6);
    expect(findWilaya("Wilaya d'Alger")?.code).toBe(16);
    expect(findWilaya('ولاية وهران')?.code).toBe(31);
  });

  test('unknown names are undefined', () => {
    for (const bad of ['', '   ', 'Paris', 'Tunis', 'Algérie', 'Tizi', 'Bordj', 'El', 'Sidi', 'Ain', 'Alger Oran', '---']) {
      expect(findWilaya(bad)).toBeUndefined();
    }
  });

  test('the list cannot be changed', () => {
    expect(Object.isFrozen(WILAYAS)).toBe(true);
    expect(Object.isFrozen(WILAYAS[15])).toBe(true);
    expect(Object.isFrozen(WILAYAS[15].aliases)).toBe(true);
  });
});

describe('secteurs', () => {
  test('20-30 sectors, unique ids that are the slugs of their names', () => {
    expect(SECTEURS.length).toBeGreaterThanOrEqual(20);
    expect(SECTEURS.length).toBeLessThanOrEqual(30);
    expect(new Set(SECTEURS.map((s) => s.id)).size).toBe(SECTEURS.length);
    for (const s of SECTEURS) expect(s.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(findSecteur('transport-et-logistique')?.nom).toBe('Transport et logistique');
    expect(findSecteur('education-et-formation')?.nom).toBe('Éducation et formation');
  });

  test('no spelling designates two sectors', () => {
    expect(clashes(SECTEURS, secteurSpellings, fold)).toEqual([]);
    expect(clashes(SECTEURS, secteurSpellings, secteurKey)).toEqual([]);
  });

  test('every id, name and alias finds its own sector', () => {
    for (const s of SECTEURS) for (const spelling of secteurSpellings(s)) expect(findSecteur(spelling)).toBe(s);
  });

  test.each([
    ['Santé', 'sante'], ['sante', 'sante'], ['SANTE', 'sante'], ['Health', 'sante'], ['Santé et médical', 'sante'],
    ['Informatique', 'informatique'], ['IT', 'informatique'], ['Informatique et numérique', 'informatique'],
    ['BTP', 'btp'], ['Construction', 'btp'], ['Bâtiment', 'btp'], ['batiment', 'btp'],
    ['Food', 'agroalimentaire'], ['Agro-alimentaire', 'agroalimentaire'], ['agroalimentaire', 'agroalimentaire'],
    ['Logistique', 'transport-et-logistique'], ['Transport & Logistique', 'transport-et-logistique'], ['transport et logistique', 'transport-et-logistique'],
    ['Hôtellerie', 'tourisme-et-hotellerie'], ['hotellerie', 'tourisme-et-hotellerie'],
    ['Énergie', 'energie'], ['energie', 'energie'], ['Electronique', 'electronique'], ['Télécoms', 'telecommunications'],
    ['Import Export', 'import-export'], ['import-export', 'import-export'], ['Éducation', 'education-et-formation'],
    ['Pharmaceutique', 'pharmacie'], ['Restaurants', 'restauration'], ['Communication & marketing', 'communication-et-marketing'],
  ])('findSecteur(%j) is %s', (input, id) => {
    expect(findSecteur(input)?.id).toBe(id);
  });

  test('unknown sectors are undefined', () => {
    for (const bad of ['', '  ', 'Astrologie', 'Santé publique mondiale', '-']) expect(findSecteur(bad)).toBeUndefined();
  });
});
