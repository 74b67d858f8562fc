/**
 * A typical 100 KB listing page of a server-rendered directory: the synthetic page whose reading
 * speed scripts/bench-extraction.ts measures (scripts/dump-extraction.ts dumps its reading too).
 */
export function syntheticPage(): string {
  const card = (i: number) => {
    const n = String(10 + (i % 89)).padStart(2, '0');
    return `<div class="card listing-item"><div class="card-body"><h3 class="title"><a href="/entreprise/${i}">SARL Entreprise Numéro ${i} Bâtiment et Travaux</a></h3>
  <p class="addr"><i class="icon-map"></i> Cité ${i} logements, Bab Ezzouar, Alger 16024</p><p class="cat">BTP · Travaux publics · Génie civil</p>
  <p class="desc">Entreprise spécialisée dans la réalisation de projets de construction, rénovation et aménagement. ${'Lorem ipsum dolor sit amet. '.repeat(8)}</p>
  <p class="tel">Tél : 0550 ${n} 34 56 – Fax : 021 23 45 ${n}</p>
  <p><a href="mailto:contact${i}@entreprise${i}.dz">contact${i}@entreprise${i}.dz</a></p>
  <div class="actions"><a class="btn" href="/entreprise/${i}">Voir la fiche</a> <a href="/signaler/${i}">Signaler</a> <button data-phone="05501234${String(i % 100).padStart(2, '0')}">Afficher</button></div></div></div>`;
  };
  let html = `<html><head><title>Annuaire</title><style>${'.x{color:red}'.repeat(400)}</style><script>${'var a=1;'.repeat(400)}</script></head><body><header class="site-header">Service 021 99 88 77 <nav>${'<a href="/c">Cat</a>'.repeat(50)}</nav></header><main><div class="results">`;
  for (let i = 0; html.length < 100_000; i++) html += card(i);
  return `${html}</div><div class="pagination"><a href="?page=2">2</a><a href="?page=2">Suivant</a></div></main><footer>contact@annuaire.dz 0550 99 88 77</footer></body></html>`;
}
