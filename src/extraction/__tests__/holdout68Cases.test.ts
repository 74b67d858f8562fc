/**
 * Hard cases met on holdout-68: a REST framework's browsable API page whose records are only the
 * JSON answer it prints. Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe("a browsable API page's printed answer is its list", () => {
  const str = (s: string) => `<span class="str">&quot;${s}&quot;</span>`;
  const field = (k: string, v: string) => `${str(k)}: ${v}`;
  const record = (id: number, name: string, tel: string, fax: string, email: string, mobiles: string[]) =>
    `        {\n            ${[field('id', String(id)), field('nom', `&quot;${name}&quot;`), field('tel', `&quot;${tel}&quot;`), field('mobiles', `[${mobiles.map((m) => `&quot;${m}&quot;`).join(', ')}]`), field('fax', fax ? `&quot;${fax}&quot;` : 'null'), field('email', `&quot;${email}&quot;`)].join(',\n            ')}\n        }`;
  const page =
    `<html><head><title>Entreprise List – Registre</title></head><body><div class="navbar"><a class="navbar-brand" href="/">Registre des entreprises</a></div>` +
    `<div class="container"><ul class="breadcrumb"><li><a href="/api/">Api Root</a></li><li class="active">Entreprise List</li></ul>` +
    `<div class="page-header"><h1>Entreprise List</h1></div><p>Contact : 021 11 22 33 — registre@registre.test</p>` +
    `<div class="request-info"><pre class="prettyprint"><b>GET</b> /api/entreprises/</pre></div>` +
    `<div class="response-info"><pre class="prettyprint"><span class="meta nocode"><b>HTTP 200 OK</b>\n<b>Allow:</b> <span class="lit">GET, HEAD, OPTIONS</span>\n<b>Content-Type:</b> <span class="lit">application/json</span>\n\n</span>{\n` +
    `    ${field('count', '3')},\n    ${field('next', '&quot;<a href="/api/entreprises/?page=2" rel="nofollow">/api/entreprises/?page=2</a>&quot;')},\n    ${field('previous', 'null')},\n    ${str('results')}: [\n` +
    [record(1, 'Forage Sud SARL', '029 71 11 11', '029 71 11 12', 'contact@forage-sud.test', ['0661 11 22 33']), record(2, 'Énergie Oasis', '029.72.22.22', '', 'oasis@mail.test', []), record(3, 'Maintenance Erg', '+213 29 73 33 33', '', '', ['0770 44 55 66', '0550 77 88 99'])].join(',\n') +
    `\n    ]\n}</pre></div></div></body></html>`;

  test('the records of the JSON in the <pre> are the companies, each fax a fax, the next page the one the answer names', () => {
    const url = 'https://registre.test/api/entreprises/';
    expect(read(page, url)).toEqual({
      'Forage Sud SARL': { phones: ['+21329711111', '+213661112233'], emails: ['contact@forage-sud.test'], faxes: ['+21329711112'] },
      'Énergie Oasis': { phones: ['+21329722222'], emails: ['oasis@mail.test'], faxes: [] },
      'Maintenance Erg': { phones: ['+21329733333', '+213550778899', '+213770445566'], emails: [], faxes: [] },
    });
    expect(readListing(page, url).next).toBe('https://registre.test/api/entreprises/?page=2');
  });

  test('a <pre> of code or of text is no list', () => {
    const code = `<html><body><h1>Exemple</h1><pre>const a = [{"nom": "X", "tel": "029 71 11 11"}];</pre><pre>Voir {la doc}</pre></body></html>`;
    expect(read(code, 'https://doc.test/exemple')).toEqual({});
  });
});

describe("a pager's next link that shows only an icon is named by the icon's title", () => {
  const row = (name: string, person: string, tel: string) => `<tr class="oddeven"><td>${person}</td><td>${name}</td><td>${tel}</td></tr>`;
  const page = (rows: string, pager: string) =>
    `<html><body><table class="title"><tr><td><div class="titre">Liste des adhérents</div></td><td><div class="pagination"><ul>${pager}</ul></div></td></tr></table>` +
    `<table class="public_border"><tr><th>Nom</th><th>Société</th><th>Téléphone</th></tr>${rows}</table></body></html>`;
  const first = page(
    row('Cabinet Amrani', 'Ali AMRANI', '026 11 22 33') + row('Fiduciaire Zerrouki', 'Lila ZERROUKI', '0661 22 33 44'),
    `<li><span class="active">1</span></li><li><span>/ 2</span></li><li><a href="/membres/liste.php?page=1"><i class="fa fa-chevron-right" title="Suivant"></i></a></li>`,
  );
  const last = page(
    row('Bureau Hamel', 'Omar HAMEL', '026 55 66 77'),
    `<li><a href="/membres/liste.php?page=0"><i class="fa fa-chevron-left" title="Précédent"></i></a></li><li><span class="active">2</span></li><li><span>/ 2</span></li>`,
  );

  test("the icon titled 'Suivant' leads to the next page (a zero-based page=1), the one titled 'Précédent' to none", () => {
    expect(readListing(first, 'https://asso.test/membres/liste.php').next).toBe('https://asso.test/membres/liste.php?page=1');
    expect(readListing(last, 'https://asso.test/membres/liste.php?page=1').next).toBeUndefined();
  });
});

describe("a bilingual directory's name line: the name, then its translation set right-to-left", () => {
  const entry = (id: number, name: string, arabic: string, tel: string) =>
    `<div class="res"><div class="nom"><a href="fiche.php?id=${id}">${name}</a> <span class="ar" dir="rtl">${arabic}</span></div>` +
    `<div class="adr">Centre, Annaba</div><div class="tel">&#9742; ${tel}</div><div class="suite"><a href="fiche.php?id=${id}">+ de détails / التفاصيل</a></div></div>`;
  const page =
    `<html><body><h1>Immobilier — العقارات</h1>` +
    entry(1, 'Agence Immobilière Seybouse', 'وكالة Seybouse', '038 11 22 33') +
    entry(2, 'Promotion Immobilière Edough', 'مرقي عقاري الإيدوغ', '038 44 55 66') +
    entry(3, 'Immobilière Hippone', 'عقارات Hippone', '0661 77 88 99') +
    `</body></html>`;

  test('the French name is the name, the Arabic after it only says it again', () => {
    expect(Object.keys(read(page, 'https://annuaire.test/liste.php?rub=immo'))).toEqual(['Agence Immobilière Seybouse', 'Promotion Immobilière Edough', 'Immobilière Hippone']);
  });

  test("an Arabic word that is part of a name (no right-to-left mark on it) stays in it", () => {
    const plain = page.replace(/ dir="rtl"/g, '');
    expect(Object.keys(read(plain, 'https://annuaire.test/liste.php?rub=immo'))[0]).toBe('Agence Immobilière Seybouse وكالة Seybouse');
  });
});

describe('review mends (third round): what the rules of holdout-68 must not read', () => {
  const card = (id: number, name: string, tel: string) => `<div class="card"><h3><a href="/f/${id}">${name}</a></h3><p>Alger</p><p>Tél : ${tel}</p></div>`;
  const cards = [card(1, 'Plomberie Kouba', '021 11 22 01'), card(2, 'Sanitaire Hydra', '021 11 22 02'), card(3, 'Chauffage Bir Mourad', '021 11 22 03'), card(4, 'Plomberie El Biar', '021 11 22 04')].join('');

  test("a JSON example printed in a <pre> inside a page of its own (an API's documentation beside the listing) is no list", () => {
    const example = `{"count": 2, "next": "https://annuaire.test/api/entreprises?page=2", "results": [{"id": 1, "nom": "Exemple SARL 1", "telephone": "0550 00 00 01"}, {"id": 2, "nom": "Exemple SARL 2", "telephone": "0550 00 00 02"}]}`;
    const page = `<html><body><main><h1>Plombiers à Alger</h1><div class="list">${cards}</div><section><h2>API</h2><p>Exemple de réponse :</p><pre><code>${example}</code></pre></section></main></body></html>`;
    const r = readListing(page, 'https://annuaire.test/alger/plombiers');
    expect(r.companies.map((c) => c.name)).toEqual(['Plomberie Kouba', 'Sanitaire Hydra', 'Chauffage Bir Mourad', 'Plomberie El Biar']);
    expect(r.next).toBeUndefined();
    // (The same JSON alone on its page, a JSON document viewed as one, is the page's list.)
    const alone = `<html><body><pre>${example}</pre></body></html>`;
    expect(readListing(alone, 'https://annuaire.test/api/entreprises').companies.map((c) => c.name)).toEqual(['Exemple SARL 1', 'Exemple SARL 2']);
  });

  test("a slider's or a calendar's chevron titled 'Suivant' is no next page; a pager's is", () => {
    const calendar = `<aside><div class="calendar"><a href="/agenda?mois=2026-10"><i class="fa fa-chevron-left" title="Précédent"></i></a> Novembre <a href="/agenda?mois=2026-12"><i class="fa fa-chevron-right" title="Suivant"></i></a></div></aside>`;
    const gallery = `<div class="gallery"><img src="/p/1.jpg" alt=""><a href="/liste?photo=2"><i class="fa fa-chevron-right" title="Suivante"></i></a></div>`;
    const page = (extra: string) => `<html><body><main><h1>Plombiers à Alger</h1>${gallery}<div class="list">${cards}</div>${extra}</main>${calendar}</body></html>`;
    expect(readListing(page(''), 'https://annuaire.test/alger/plombiers').next).toBeUndefined();
    const pager = `<div class="pagination"><span>1</span><a href="/alger/plombiers?page=2"><i class="fa fa-chevron-right" title="Suivant"></i></a></div>`;
    expect(readListing(page(pager), 'https://annuaire.test/alger/plombiers').next).toBe('https://annuaire.test/alger/plombiers?page=2');
  });

  test("an Arabic name after Latin words that only say the trade ('Cabinet Médical') is the name itself, kept", () => {
    const named = (id: number, latin: string, arabic: string, tel: string) => `<div class="card"><h3><a href="/f/${id}">${latin} <span dir="rtl">${arabic}</span></a></h3><p>Tél : ${tel}</p></div>`;
    const page = `<html><body><main><h1>Cliniques</h1><div class="list">${named(1, 'Cabinet Médical', 'عيادة بن علي', '0661 22 33 41')}${named(2, 'Cabinet Médical', 'عيادة الأمل', '0661 22 33 42')}${named(3, 'Cabinet Médical', 'عيادة النور', '0661 22 33 43')}</div></main></body></html>`;
    expect(Object.keys(read(page, 'https://annuaire.test/cliniques'))).toEqual(['Cabinet Médical عيادة بن علي', 'Cabinet Médical عيادة الأمل', 'Cabinet Médical عيادة النور']);
  });
});
