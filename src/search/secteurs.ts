/**
 * The activity sectors companies are classified under: a short curated list (not NACE), with
 * the English names and usual French variants people type or that sources use.
 */
import { compactKey, matchKey } from '../platform/text';

/** One activity sector. */
export interface Secteur {
  /** Stable slug: the folded French name with hyphens ('transport-et-logistique'). */
  readonly id: string;
  /** The French name, with accents. */
  readonly nom: string;
  /** English names and common French variants. */
  readonly aliases: readonly string[];
}

type Row = readonly [nom: string, aliases: readonly string[]];

const ROWS: readonly Row[] = [
  ['Agroalimentaire', ['Agro-alimentaire', 'Industrie agroalimentaire', 'Food', 'Food industry', 'Food processing', 'Agri-food', 'Agrifood']],
  ['Agriculture', ['Agricole', 'Agriculture et pêche', 'Élevage', 'Pêche', 'Aquaculture', 'Farming', 'Fishing']],
  ['Artisanat', ["Artisanat d'art", 'Crafts', 'Handicraft', 'Handicrafts']],
  ['Automobile', ['Automotive', 'Auto', 'Véhicules', 'Concessionnaire automobile', 'Pièces détachées automobiles', 'Car dealers']],
  ['BTP', ['Bâtiment et travaux publics', 'BTPH', 'Bâtiment', 'Construction', 'Travaux publics', 'Génie civil', 'Civil engineering', 'Building', 'Matériaux de construction']],
  ['Chimie', ['Industrie chimique', 'Chemicals', 'Chemical industry', 'Chemistry', 'Pétrochimie', 'Plasturgie', 'Plastiques']],
  ['Commerce', ['Commerce de détail', 'Commerce de gros', 'Distribution', 'Négoce', 'Trade', 'Retail', 'Wholesale']],
  ['Communication et marketing', ['Communication', 'Marketing', 'Marketing digital', 'Digital marketing', 'Publicité', 'Advertising', 'Agence de communication', 'Événementiel', 'Médias', 'Media']],
  ['Conseil', ['Consulting', 'Consultance', 'Conseil en management', 'Management consulting', 'Audit', 'Audit et conseil', 'Expertise comptable', 'Comptabilité', 'Accounting']],
  ['Éducation et formation', ['Éducation', 'Enseignement', 'Formation', 'Formation professionnelle', 'Training', 'École privée', 'Écoles privées']],
  ['Électronique', ['Electronics', 'Électronique grand public', 'Consumer electronics', 'Électroménager', 'Home appliances', 'Composants électroniques']],
  ['Énergie', ['Energy', 'Hydrocarbures', 'Pétrole et gaz', 'Oil and gas', 'Énergies renouvelables', 'Renewable energy', 'Énergie solaire']],
  ['Environnement', ['Environment', 'Gestion des déchets', 'Waste management', 'Recyclage', 'Recycling', 'Eau et assainissement']],
  ['Finance et assurance', ['Finance', 'Banque', 'Banques', 'Banking', 'Assurance', 'Assurances', 'Insurance', 'Services financiers', 'Financial services', 'Microfinance']],
  ['Immobilier', ['Real estate', 'Promotion immobilière', 'Agence immobilière', 'Property']],
  ['Import-export', ['Importation', 'Exportation', 'Import', 'Export', 'Commerce international', 'International trade', 'Négoce international']],
  ['Industrie', ['Industry', 'Manufacturing', 'Industrie manufacturière', 'Fabrication', 'Mécanique', 'Métallurgie', 'Sidérurgie']],
  ['Informatique', ['IT', 'Informatique et numérique', 'Numérique', 'Digital', "Technologies de l'information", 'Information technology', 'Logiciel', 'Logiciels', 'Software', 'Développement logiciel', 'Tech']],
  ['Juridique', ['Services juridiques', 'Legal', 'Legal services', 'Avocats', "Cabinet d'avocats", 'Law firm', 'Notaire']],
  ['Mines et carrières', ['Mines', 'Carrières', 'Mining', 'Quarrying', 'Extraction minière']],
  ['Pharmacie', ['Pharmaceutique', 'Industrie pharmaceutique', 'Pharma', 'Pharmaceutical', 'Pharmaceuticals', 'Pharmacy', 'Médicaments']],
  ['Restauration', ['Restaurant', 'Restaurants', 'Restauration collective', 'Traiteur', 'Catering', 'Food service', 'Foodservice', 'Fast food']],
  ['Santé', ['Santé et médical', 'Médical', 'Health', 'Healthcare', 'Medical', 'Clinique', 'Cliniques', 'Soins']],
  ['Services aux entreprises', ['Services', 'Business services', 'Services B2B', 'Ressources humaines', 'Recrutement', 'Intérim', 'Nettoyage', 'Gardiennage', 'Sécurité', 'Externalisation', 'Outsourcing', 'Facility management']],
  ['Télécommunications', ['Télécoms', 'Télécom', 'Telecoms', 'Telecom', 'Telecommunications']],
  ['Textile', ['Textiles', 'Textile et habillement', 'Habillement', 'Confection', 'Clothing', 'Apparel']],
  ['Tourisme et hôtellerie', ['Tourisme', 'Tourism', 'Hôtellerie', 'Hôtels', 'Hotels', 'Hospitality', 'Voyages', 'Agence de voyages', 'Travel']],
  ['Transport et logistique', ['Transport', 'Transports', 'Logistique', 'Logistics', 'Transport and logistics', 'Fret', 'Freight', 'Transit']],
];

/** The slug of a sector name: its folded words joined with hyphens ('Éducation et formation' -> 'education-et-formation'). */
export function secteurId(nom: string): string {
  return matchKey(nom).replace(/ /g, '-');
}

/** The lookup key of a sector spelling: its folded words without spaces ('Transport & Logistique' -> 'transportetlogistique'). */
export const secteurKey = compactKey;

/** Every spelling of a sector: its id, name and aliases. */
export function secteurSpellings(s: Secteur): string[] {
  return [s.id, s.nom, ...s.aliases];
}

/** All sectors, in alphabetical order of their French name. */
export const SECTEURS: readonly Secteur[] = Object.freeze(
  ROWS.map(([nom, aliases]): Secteur => Object.freeze({ id: secteurId(nom), nom, aliases: Object.freeze([...aliases]) })),
);

const BY_KEY = new Map<string, Secteur>();
for (const s of SECTEURS) for (const spelling of secteurSpellings(s)) if (!BY_KEY.has(secteurKey(spelling))) BY_KEY.set(secteurKey(spelling), s);

/**
 * Finds a sector by id, French name or alias, ignoring case, accents, hyphens, apostrophes,
 * '&' vs 'et' and extra spaces ('sante', 'HEALTH', 'transport-et-logistique',
 * 'Transport & Logistique'). Returns undefined when nothing matches.
 */
export function findSecteur(input: string): Secteur | undefined {
  if (typeof input !== 'string') return undefined;
  const key = secteurKey(input);
  return key === '' ? undefined : BY_KEY.get(key);
}
