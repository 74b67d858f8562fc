/** Companies for the tests that write them directly (upsertCompanies), as an import or an extraction would. */
import type { CompanyInput } from '../../src/search';

/** A company as an import or an extraction writes it (already normalised): Algiers, no sector, no contact, score 50; `over` sets any field. */
export function companyInput(nom: string, over: Partial<CompanyInput> = {}): CompanyInput {
  return {
    nom,
    wilaya_code: 16,
    secteur_id: null,
    activite: null,
    email: null,
    telephone: null,
    score_qualite: 50,
    source: 'import',
    source_url: null,
    ...over,
  };
}
