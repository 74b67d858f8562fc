/**
 * Sections of a listing written as one block over several companies (an accordion panel per
 * commune, a collapsible panel per district), the companies inside in hand-written shapes of
 * their own: each company is read with its own contacts, and a section's heading is never a
 * company holding theirs. Read by readListing without selectors.
 */
import { readListing } from '../extract';
import { groupOf, splitGroups } from '../groups';
import { parseHtml } from '../parse';

const URL = 'https://ccia.test/annuaire/adherents.html';

function page(body: string): string {
  return `<html><head><title>Chambre de commerce - Adhérents</title></head><body>
<table width="800"><tr><td valign="top"><a href="index.html">Accueil</a><br><a href="contact.html">Contact</a></td><td valign="top">
<h2>Liste des adhérents</h2>
${body}
</td></tr></table>
<div id="pied">CCI des Hauts Plateaux - Tél : 036 90 10 20 - cci.hp@gmail.com</div>
</body></html>`;
}

type Found = { name: string; phones: string[]; emails: string[]; faxes?: string[] };

function read(html: string): Found[] {
  return readListing(html, URL).companies.map(({ name, phones, emails, faxes }) => (faxes ? { name, phones, emails, faxes } : { name, phones, emails }));
}

describe('a section heading over several companies', () => {
  // jQuery UI accordion: an <h3> per section, then its panel (the runs <h3> + <div> are the page's entries).
  const accordion = page(`<div id="accordion">
<h3><a href="#">Commune de Sétif (3)</a></h3>
<div class="panel">
<p><b>Imprimerie El Hidhab</b> - impression offset<br>Tél: 036 84 21 10<br>E-mail: imprimerie.hidhab@gmail.com

<b><font color="#003366">Menuiserie Aluminium Kerrouche</font></b><br>menuiserie aluminium<br>Mob : 0661 20 31 42<br><br>
<ul><li>Boulangerie Ain Fouara : 0770 11 22 33 (pains et viennoiseries) - fixe 036 93 44 55</li></ul>
</div>
<h3><a href="#">Commune de El Eulma (2)</a></h3>
<div class="panel" style="display:none">
- Transports Bellaa, transport de marchandises. Tel 036 87 65 43 ou 0555 66 77 88. Fax 036 87 65 44. e-mail: transports.bellaa@yahoo.fr<br>
<table><tr><td><u>Clinique dentaire Nour</u></td></tr><tr><td><font size="2">soins dentaires<br>Portable: 0699 01 02 03<br>Mail: clinique.nour@gmail.com</font></td></tr></table>
</div>
<h3><a href="#">Commune de Ain Oulmene (2)</a></h3>
<div class="panel" style="display:none">
<p><b>Huilerie Oulmene</b> - huile d'olive<br>Tél: 036 72 10 20</p>
<ul><li>Atelier de couture Rym (couture traditionnelle)</li></ul>
<p><b>Quincaillerie Zerdazi</b><br>Tél: 036 72 30 40<br>Mail: zerdazi.quinc@gmail.com</p>
</div>
</div>`);

  test('each company of an accordion panel is read with its own contacts, in every shape, and no commune is a company', () => {
    expect(read(accordion)).toEqual([
      { name: 'Imprimerie El Hidhab', phones: ['+21336842110'], emails: ['imprimerie.hidhab@gmail.com'] },
      { name: 'Menuiserie Aluminium Kerrouche', phones: ['+213661203142'], emails: [] },
      { name: 'Boulangerie Ain Fouara', phones: ['+213770112233', '+21336934455'], emails: [] },
      { name: 'Transports Bellaa', phones: ['+21336876543', '+213555667788'], emails: ['transports.bellaa@yahoo.fr'], faxes: ['+21336876544'] },
      { name: 'Clinique dentaire Nour', phones: ['+213699010203'], emails: ['clinique.nour@gmail.com'] },
      { name: 'Huilerie Oulmene', phones: ['+21336721020'], emails: [] },
      // A company shown without contact (a name and its activity) is one of the section's.
      { name: 'Atelier de couture Rym', phones: [], emails: [] },
      { name: 'Quincaillerie Zerdazi', phones: ['+21336723040'], emails: ['zerdazi.quinc@gmail.com'] },
    ]);
  });

  test('a panel holding its heading (Bootstrap collapse), and a section of a single company, read by the companies\' names', () => {
    const panel = (title: string, body: string) => `<div class="panel panel-default"><div class="panel-heading"><h4 class="panel-title"><a data-toggle="collapse" href="#x">${title}</a></h4></div><div class="panel-collapse collapse"><div class="panel-body">${body}</div></div></div>`;
    const html = page(`<div class="panel-group">
${panel('Daïra de Bordj — 2 entreprises', '<p><strong>Ciment Bibans</strong><br>Zone industrielle<br>Tél. : 035 68 10 20</p><div>• Carrière El Anasser — Tél. 035.68.30.40 — carriere.anasser@gmail.com</div>')}
${panel('Daïra de Medjana — 1 entreprise', '<p><strong>Briqueterie Medjana</strong><br>Route de Sétif<br>Tél. : 035 69 11 22</p>')}
${panel('Daïra de Ras El Oued — 2 entreprises', '<span style="font-weight:bold">Plâtrerie Ras El Oued</span> – plâtre et enduits<br>GSM 0550 40 50 60<br><br><table><tr><td><b>Agrégats Hodna</b></td><td>Tél : 035 70 80 90<br>Fax : 035 70 80 91</td></tr></table>')}
</div>`);
    expect(read(html)).toEqual([
      { name: 'Ciment Bibans', phones: ['+21335681020'], emails: [] },
      { name: 'Carrière El Anasser', phones: ['+21335683040'], emails: ['carriere.anasser@gmail.com'] },
      { name: 'Briqueterie Medjana', phones: ['+21335691122'], emails: [] },
      { name: 'Plâtrerie Ras El Oued', phones: ['+213550405060'], emails: [] },
      { name: 'Agrégats Hodna', phones: ['+21335708090'], emails: [], faxes: ['+21335708091'] },
    ]);
  });

  test('in extra wrappers: a heading in bold in a block of its own, a name set apart around a block of its own (<u><div>Name</div></u>)', () => {
    const section = (title: string, body: string) => `<div class="s"><div class="t"><strong><a href="#">${title}</a></strong></div><div class="c"><div>${body}</div></div></div>`;
    const html = page(`<div id="acc">
${section('Commune de Bouira (2)', '<div>• Garage Djurdjura — Tél. 026.93.10.20 — garage.djurdjura@gmail.com</div><table><tr><td><u><div>Pneus Lakhdaria</div></u></td></tr><tr><td><font size="2">pneumatiques<br>Portable: 0661 30 40 50</font></td></tr></table>')}
${section('Commune de Sour El Ghozlane (2)', '<table><tr><td><u><div>Carrosserie Dirah</div></u></td></tr><tr><td><font size="2">carrosserie<br>Portable: 0770 60 70 80</font></td></tr></table><div>• Lavage Auto Raffour — Tél. 026.95.11.22</div>')}
</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Garage Djurdjura', '+21326931020', 'garage.djurdjura@gmail.com'],
      ['Pneus Lakhdaria', '+213661304050'],
      ['Carrosserie Dirah', '+213770607080'],
      ['Lavage Auto Raffour', '+21326951122'],
    ]);
  });

  test('a name cell beside its fields cell on one line ("Centre-ville — Tél …") is one company of the section', () => {
    const row = (name: string, fields: string) => `<table><tr><td width="35%"><b>${name}</b></td><td>${fields}</td></tr></table>`;
    const section = (title: string, body: string) => `<div class="s"><div class="t"><strong>${title}</strong></div><div class="c">${body}</div></div>`;
    const html = page(`${section('Daïra de Djelfa (2)', `${row('Laiterie Djelfa', 'Centre-ville — Tél 027 87 10 20')}<p><strong>Minoterie Ain Oussera</strong><br>Tél. : 027 81 30 40</p>`)}
${section('Daïra de Messaad (2)', `<p><strong>Briqueterie Messaad</strong><br>Tél. : 027 85 50 60</p>${row('Tannerie Deldoul', 'Route de Laghouat — Tél 027 85 70 80')}`)}`);
    expect(read(html).map((c) => [c.name, ...c.phones])).toEqual([
      ['Laiterie Djelfa', '+21327871020'],
      ['Minoterie Ain Oussera', '+21327813040'],
      ['Briqueterie Messaad', '+21327855060'],
      ['Tannerie Deldoul', '+21327857080'],
    ]);
  });

  test('sections of one or two companies each (a roll grouped by town, most towns holding a single member) are read by the members, never by the towns', () => {
    const member = (name: string, fields: string) => `<article class="avocat"><h4>${name}</h4><ul class="infos">${fields}</ul></article>`;
    const town = (title: string, members: string) => `<section class="ville"><h3>${title}</h3>${members}</section>`;
    const html = page(`<div class="tableau">
${town('Ville de Tlemcen', member('Cabinet Maître Hadjadj', '<li><span>N° d\'inscription :</span> 13/0457</li><li><span>Tél. :</span> 043 27 15 90</li><li><span>Fax :</span> 043 27 15 91</li>') + member('Cabinet Bensaïd & Associés', '<li><span>N° d\'inscription :</span> 13/0212</li><li><span>Mobile :</span> 0661 47 29 38</li>'))}
${town('Ville de Maghnia', member('Cabinet Maître Zerrouki', '<li><span>N° d\'inscription :</span> 13/0820</li><li><span>Tél. :</span> 043 31 62 04</li><li><span>E-mail :</span> zerrouki.avocat@gmail.com</li>'))}
${town('Ville de Remchi', member('Cabinet Maître Ould Ali', '<li><span>N° d\'inscription :</span> 13/0633</li><li><span>Mobile :</span> 0552 18 40 77</li>'))}
${town('Ville de Nedroma', member('Cabinet Maître Taleb', '<li><span>Tél. :</span> 043 35 80 12</li>') + member('Cabinet Maître Mesli', '<li><span>Mobile :</span> 0770 93 21 65</li><li><span>Fax :</span> 043 35 80 19</li>'))}
${town('Ville de Sebdou', member('Cabinet Maître Kherbouche', '<li><span>Tél. :</span> 043 29 41 18</li>'))}
</div>`);
    expect(read(html)).toEqual([
      { name: 'Cabinet Maître Hadjadj', phones: ['+21343271590'], emails: [], faxes: ['+21343271591'] },
      { name: 'Cabinet Bensaïd & Associés', phones: ['+213661472938'], emails: [] },
      { name: 'Cabinet Maître Zerrouki', phones: ['+21343316204'], emails: ['zerrouki.avocat@gmail.com'] },
      { name: 'Cabinet Maître Ould Ali', phones: ['+213552184077'], emails: [] },
      { name: 'Cabinet Maître Taleb', phones: ['+21343358012'], emails: [] },
      { name: 'Cabinet Maître Mesli', phones: ['+213770932165'], emails: [], faxes: ['+21343358019'] },
      { name: 'Cabinet Maître Kherbouche', phones: ['+21343294118'], emails: [] },
    ]);
  });

  test("an accordion whose titles are buttons in headings (Kadence, WAI-ARIA: <h3><button>Commune (N)</button></h3>): a commune of one installer is read by the installer, and a plain line closing an installer's list is no company", () => {
    const installer = (name: string, tel: string, email: string, extra = '') =>
      `<h4 class="wp-block-heading">${name}</h4><div class="kt-svg-icon-list-items"><ul class="kt-svg-icon-list"><li><span class="kt-svg-icon-list-text">12, rue X</span></li><li><span class="kt-svg-icon-list-text"><a href="tel:${tel.replace(/ /g, '')}">${tel}</a></span></li><li><span class="kt-svg-icon-list-text"><a href="mailto:${email}">${email}</a></span></li>${extra}</ul></div>`;
    const pane = (title: string, body: string) =>
      `<div class="kt-accordion-pane"><h3 class="kt-accordion-header-wrap"><button class="kt-blocks-accordion-header" type="button"><span class="kt-blocks-accordion-title">${title}</span><span class="kt-blocks-accordion-icon-trigger"></span></button></h3><div class="kt-accordion-panel"><div class="kt-accordion-panel-inner">${body}</div></div></div>`;
    const badge = '<li><span class="kt-svg-icon-list-text">Installateur certifié SunWater – formation 2025</span></li>';
    const html = page(`<div class="kt-accordion-inner-wrap">${[
      pane('Boumerdès (2)', installer('SARL Soleil Énergie', '0552 96 19 30', 'soleil@gmail.com', badge) + installer('EURL Rocher Noir Solaire', '0562 69 11 50', 'rochernoir@gmail.com')),
      pane('Boudouaou (1)', installer('EURL Boudouaou Green Power', '0554 94 32 37', 'boudouaou@gmail.com')),
      pane('Dellys (2)', installer('EURL Thermo-Solaire Dellys', '0557 24 70 58', 'thermo@gmail.com') + installer('SARL Atelier du Soleil', '0540 78 77 26', 'atelier@gmail.com', badge)),
      pane('Corso (1)', installer('SARL Corso Thermique', '0559 97 10 70', 'corso@gmail.com', badge)),
    ].join('')}</div>`);
    expect(read(html).map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['SARL Soleil Énergie', ['+213552961930'], ['soleil@gmail.com']],
      ['EURL Rocher Noir Solaire', ['+213562691150'], ['rochernoir@gmail.com']],
      ['EURL Boudouaou Green Power', ['+213554943237'], ['boudouaou@gmail.com']],
      ['EURL Thermo-Solaire Dellys', ['+213557247058'], ['thermo@gmail.com']],
      ['SARL Atelier du Soleil', ['+213540787726'], ['atelier@gmail.com']],
      ['SARL Corso Thermique', ['+213559971070'], ['corso@gmail.com']],
    ]);
  });

  test("an accordion whose titles are toggles written as blocks (Shortcodes Ultimate's <div class=\"su-spoiler-title\" role=\"button\">Daïra (N)</div>): sections of one or two lawyers are read by the lawyers, never by the daïras", () => {
    const lawyer = (name: string, lines: string) => `<p><strong>${name}</strong><br />\n${lines}</p>`;
    const spoiler = (title: string, body: string) =>
      `<div class="su-spoiler su-spoiler-style-fancy su-spoiler-icon-plus su-spoiler-closed" data-scroll-offset="0"><div class="su-spoiler-title" tabindex="0" role="button"><span class="su-spoiler-icon"></span>${title}</div><div class="su-spoiler-content su-u-clearfix su-u-trim">${body}</div></div>`;
    const html = page(`<div class="entry-content">${[
      spoiler('Daïra de Telagh (2)', lawyer('Maître Chaib Youcef', 'Rue X, Telagh<br />Tél. : 048 64 75 00<br />Email : <a href="mailto:me.chaib@gmail.com">me.chaib@gmail.com</a>') + lawyer('Maître Khelifa Houaria', 'Tél/Fax : 048 22 74 23')),
      spoiler('Daïra de Ben Badis (2)', lawyer('Maître Bensaid Amina', 'Tél/Fax : 048 91 61 48') + lawyer('Maître Talbi Noureddine', 'Rue Larbi Ben M\'hidi N° 20, Ben Badis')),
      spoiler('Daïra de Ras El Ma (1)', lawyer('Maître Djebbar Khadidja', 'Tél. : 048 98 62 56<br />Mob. : 0696 07 56 18')),
      spoiler('Daïra de Mérine (1)', lawyer('Maître Tabet Asmaa', 'Tél. : 048 29 82 72')),
      spoiler('Daïra de Tessala (2)', lawyer('Maître Abdellaoui Hichem', 'Tél. : 048 91 97 91') + lawyer('Maître Benzerga Yamina', 'Mob. : 0553 69 68 87')),
    ].join('\n')}</div>`);
    expect(read(html).map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Maître Chaib Youcef', ['+21348647500'], ['me.chaib@gmail.com']],
      ['Maître Khelifa Houaria', ['+21348227423'], []],
      ['Maître Bensaid Amina', ['+21348916148'], []],
      ['Maître Talbi Noureddine', [], []],
      ['Maître Djebbar Khadidja', ['+21348986256', '+213696075618'], []],
      ['Maître Tabet Asmaa', ['+21348298272'], []],
      ['Maître Abdellaoui Hichem', ['+21348919791'], []],
      ['Maître Benzerga Yamina', ['+213553696887'], []],
    ]);
  });

  test('sections of companies written as run-on lines ("- Name, activity. Tél …", "Name : number") are split at each line', () => {
    const html = page(`<div id="liste">
<h3>Lettre A</h3><div class="bloc">- Agence Amal, assurances. Tél 038 20 30 40.<br>- Auto-école Annaba, permis B. Tél 0661 55 44 33.<br></div>
<h3>Lettre B</h3><div class="bloc"><ul><li>Bureau d'études Bouzid : 038 21 22 23 - bet.bouzid@gmail.com</li><li>Boucherie Bendjedid : 0770 12 13 14</li></ul></div>
</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Agence Amal', '+21338203040'],
      ['Auto-école Annaba', '+213661554433'],
      ["Bureau d'études Bouzid", '+21338212223', 'bet.bouzid@gmail.com'],
      ['Boucherie Bendjedid', '+213770121314'],
    ]);
  });
});

describe("a site builder's text blocks, one member each, two in a few", () => {
  const member = (name: string, activity: string, tel: string, person = '') =>
    `<p><strong><span style="font-size: 17px;">${name}</span></strong></p><p>${activity}</p><p>Zone d'activités, Saïda</p>${person}<p>Tél : ${tel}</p>`;
  const block = (...members: string[]) => `<div class="j-module n j-text">${members.join('<p>&nbsp;</p>')}</div><div class="j-module n j-hr"><hr/></div>`;

  test('a block holding two members written as the others (a bold name opening each, its lines, its contacts) is those two members', () => {
    const html = page(`<div class="content">${[
      block(member('SARL Kada Menuiserie', 'Menuiserie aluminium', '048 12 01 93')),
      block(member('SARL Aïn El Hadjar Béton', 'Béton prêt à l’emploi', '048 23 86 96')),
      block(member('EURL Hasnaoui Étanchéité', 'Étanchéité', '048 95 86 62'), member('SARL Youb Routes', 'Routes, ouvrages d’art', '048 22 97 04')),
      block(member('Entreprise Tahraoui', 'Maçonnerie', '0557 03 24 35')),
      block(member('SARL Carrières de Doui Thabet', 'Agrégats', '0654 48 73 19')),
    ].join('')}</div>`);
    expect(read(html).map((c) => [c.name, c.phones])).toEqual([
      ['SARL Kada Menuiserie', ['+21348120193']],
      ['SARL Aïn El Hadjar Béton', ['+21348238696']],
      ['EURL Hasnaoui Étanchéité', ['+21348958662']],
      ['SARL Youb Routes', ['+21348229704']],
      ['Entreprise Tahraoui', ['+213557032435']],
      ['SARL Carrières de Doui Thabet', ['+213654487319']],
    ]);
  });

  test("a member's block naming its manager in bold with his mobile stays one member", () => {
    const manager = '<p><strong>M. Karim Benali</strong></p><p>Gérant</p><p>Mob : 0661 22 33 44</p>';
    const html = page(`<div class="content">${[
      block(member('SARL Kada Menuiserie', 'Menuiserie aluminium', '048 12 01 93')),
      block(member('SARL Aïn El Hadjar Béton', 'Béton prêt à l’emploi', '048 23 86 96', manager)),
      block(member('Entreprise Tahraoui', 'Maçonnerie', '0557 03 24 35')),
      block(member('SARL Carrières de Doui Thabet', 'Agrégats', '0654 48 73 19')),
    ].join('')}</div>`);
    expect(read(html).map((c) => c.name)).toEqual(['SARL Kada Menuiserie', 'SARL Aïn El Hadjar Béton', 'Entreprise Tahraoui', 'SARL Carrières de Doui Thabet']);
  });

  test("a mobile's line written 'Port.' (Portable abbreviated) after the 'Tél.' line is a field of the member, never a member named 'Port'", () => {
    const card = (name: string, tel: string, mobile: string, email: string) =>
      `<div class="n module-type-text diyfeLiveArea"><p><strong>${name}</strong></p><p><em>Nettoyage</em> — Collo</p><p>Tél. ${tel}<br/>Port. ${mobile}<br/>E-mail : <a href="mailto:${email}">${email}</a></p></div><div class="n module-type-hr diyfeLiveArea"><div class="hr"></div></div>`;
    const html = page(`<div id="content_area">${[
      card('SARL Safsaf Nettoyage', '038 71 20 11', '0661 40 52 13', 'safsaf.nettoyage@gmail.com'),
      card('EURL Oued Zhor Intérim', '038 72 31 22', '0770 51 63 24', 'contact@oued-zhor.dz'),
      card('Tamalous Gardiennage', '038 73 42 33', '0550 62 74 35', 'tamalous.gardiennage@yahoo.fr'),
      card('SARL Kerkera Services', '038 74 53 44', '0699 73 85 46', 'info@kerkera-services.dz'),
    ].join('')}</div>`);
    expect(read(html)).toEqual([
      { name: 'SARL Safsaf Nettoyage', phones: ['+21338712011', '+213661405213'], emails: ['safsaf.nettoyage@gmail.com'] },
      { name: 'EURL Oued Zhor Intérim', phones: ['+21338723122', '+213770516324'], emails: ['contact@oued-zhor.dz'] },
      { name: 'Tamalous Gardiennage', phones: ['+21338734233', '+213550627435'], emails: ['tamalous.gardiennage@yahoo.fr'] },
      { name: 'SARL Kerkera Services', phones: ['+21338745344', '+213699738546'], emails: ['info@kerkera-services.dz'] },
    ]);
  });
});

describe('what stays one company', () => {
  test('a card with two branches set in bold, among cards of one company each, is one company', () => {
    const card = (name: string, body: string) => `<div class="fiche"><h3>${name}</h3>${body}</div>`;
    const html = page(`<div class="liste">
${card('SARL Numidia Transport', '<b>Siège</b><br>Tél : 036 11 22 33<br><b>Agence de Béjaïa</b><br>Tél : 034 44 55 66')}
${card('Atlas Froid', '<p>Tél : 036 77 88 99</p>')}
${card('Sétif Emballage', '<p>Tél : 036 10 20 30<br>E-mail : setif.emballage@gmail.com</p>')}
</div>`);
    expect(read(html)).toEqual([
      { name: 'SARL Numidia Transport', phones: ['+21336112233', '+21334445566'], emails: [] },
      { name: 'Atlas Froid', phones: ['+21336778899'], emails: [] },
      { name: 'Sétif Emballage', phones: ['+21336102030'], emails: ['setif.emballage@gmail.com'] },
    ]);
  });

  test("cards each holding a firm's head office and its branches under headings of their own are one company each", () => {
    // A union's roll: the firm's name in the card's header, then a column per office ('Siège social', 'Bureau de …',
    // 'Agence de …'), each with its own numbers; most cards have a branch or two, so half the cards hold two offices.
    const office = (title: string, lines: string) => `<div class="col-sm-4 office"><h5>${title}</h5><p>${lines}</p></div>`;
    const card = (name: string, offices: string, mail: string) => `<div class="adherent panel"><div class="panel-heading"><h3>${name}</h3><span class="label">Courtier</span></div><div class="panel-body"><p class="text-muted">Agréé sous le n° 12/2019</p><div class="row">${offices}</div><p>E-mail : <a href="mailto:${mail}">${mail}</a></p></div></div>`;
    const html = page(`<div class="liste">
${card('Cabinet Hodna Courtage', office('Siège social', '5, rue Ben Boulaïd, M\'Sila<br>Tél. : 035 55 10 20<br>Mob. : 0661 55 10 20') + office('Bureau de Boussaâda', 'Centre-ville<br>Tél. : 035 52 30 40'), 'hodna.courtage@gmail.com')}
${card('Assurances Titteri Conseil', office('Siège social', 'Cité 300 logements, Médéa<br>Tél. : 025 58 11 22') + office('Agence de Berrouaghia', 'Rue principale<br>Tél. : 025 59 33 44') + office('Bureau de Ksar El Boukhari', 'Place du marché<br>Mob. : 0770 59 55 66'), 'titteri.conseil@yahoo.fr')}
${card('Courtage Zibans Risques', office('Siège social', '12, avenue de l\'Émir, Biskra<br>Tél. : 033 74 12 34'), 'zibans.risques@gmail.com')}
${card('Cabinet Aurès Prévoyance', office('Siège social', 'Allées Ben Boulaïd, Batna<br>Tél. : 033 80 45 67<br>Fax : 033 80 45 68') + office('Bureau de Barika', 'Cité 100 logements<br>Tél. : 033 89 12 13'), 'aures.prevoyance@outlook.fr')}
${card('Agence Générale Souf Assurances', office('Siège social', 'Rue Taleb Larbi, El Oued<br>Mob. : 0661 90 80 70'), 'souf.assurances@gmail.com')}
</div>`);
    expect(read(html)).toEqual([
      { name: 'Cabinet Hodna Courtage', phones: ['+21335551020', '+213661551020', '+21335523040'], emails: ['hodna.courtage@gmail.com'] },
      { name: 'Assurances Titteri Conseil', phones: ['+21325581122', '+21325593344', '+213770595566'], emails: ['titteri.conseil@yahoo.fr'] },
      { name: 'Courtage Zibans Risques', phones: ['+21333741234'], emails: ['zibans.risques@gmail.com'] },
      { name: 'Cabinet Aurès Prévoyance', phones: ['+21333804567', '+21333891213'], emails: ['aures.prevoyance@outlook.fr'], faxes: ['+21333804568'] },
      { name: 'Agence Générale Souf Assurances', phones: ['+213661908070'], emails: ['souf.assurances@gmail.com'] },
    ]);
  });

  test('contacts only in links (a tel: written with spaces, a mailto:) are the records\' own', () => {
    const g = groupOf(parseHtml('<div><b>Pharmacie Amrani</b><br><a href="tel:+213 36 84 21 10">Appeler</a><br><b>Pharmacie Belkacem</b><br><a href="mailto:ph.belkacem@gmail.com">Écrire</a></div>').querySelector('div')!)!;
    expect(g.records.map((r) => [r.name, ...r.contacts])).toEqual([['Pharmacie Amrani', '+21336842110'], ['Pharmacie Belkacem', 'ph.belkacem@gmail.com']]);
  });

  test('a bold label ("Gérant :") opens no company, a field line never does, and a heading alone is none', () => {
    const g = groupOf(parseHtml('<div><h3>Commune de Guidjel</h3><p><b>Ferme Lamri</b><br><b>Gérant :</b> M. Lamri Ahmed<br>Tél : 036 50 60 70</p><p><b>Laiterie Guidjel</b><br>Mob : 0770 80 90 10<br>Mail : laiterie.guidjel@gmail.com</p></div>').querySelector('div')!)!;
    expect(g.headed).toBe(true);
    expect(g.records.map((r) => [r.name, r.contacts.size])).toEqual([['Ferme Lamri', 1], ['Laiterie Guidjel', 2]]);
  });

  test('entries of a page are left as they are when fewer than half of them are groups', () => {
    const blocks = ['<div><b>A Un</b><br>Tél : 036 10 10 10<br><b>B Deux</b><br>Tél : 036 20 20 20</div>', '<div><b>C Trois</b><br>Tél : 036 30 30 30</div>', '<div><b>D Quatre</b><br>Tél : 036 40 40 40</div>'].map((h) => parseHtml(h).querySelector('div')!);
    expect(splitGroups(blocks)).toEqual(blocks);
    // Two groups of two are a list of sections.
    const two = ['<div><b>A Un</b><br>Tél : 036 10 10 10<br><b>B Deux</b><br>Tél : 036 20 20 20</div>', '<div><b>C Trois</b><br>Tél : 036 30 30 30<br><b>D Quatre</b><br>Tél : 036 40 40 40</div>'].map((h) => parseHtml(h).querySelector('div')!);
    expect(splitGroups(two).map((el) => el.querySelector('b')!.text)).toEqual(['A Un', 'B Deux', 'C Trois', 'D Quatre']);
  });

  test('cards of labelled fields ("Standard : …", "Service commercial : …" in every card) stay one company each', () => {
    const card = (name: string, std: string, com: string) => `<div class="fiche"><h3>${name}</h3><p>Standard : ${std}</p><p>Service commercial : ${com}</p></div>`;
    const html = page(`<div class="liste">${card('Sétif Plast', '036 51 52 53', '0661 51 52 53')}${card('Hodna Textile', '035 54 55 56', '0770 54 55 56')}</div>`);
    expect(read(html)).toEqual([
      { name: 'Sétif Plast', phones: ['+21336515253', '+213661515253'], emails: [] },
      { name: 'Hodna Textile', phones: ['+21335545556', '+213770545556'], emails: [] },
    ]);
  });

  test("a card's own services named before a colon ('Dépôt Reggane : … 0770 …', 'SAV : M. X 0555 …') stay the card's, even where no other card repeats the label", () => {
    const card = (name: string, lines: string[]) => `<div class="fiche"><h3 class="nom">${name}</h3><p>${lines.join('<br>')}</p></div>`;
    const html = page(`<div class="liste">${card('SARL Touat Irrigation', ['Tél : 049 36 12 40', 'Dépôt Reggane : Zone d\'activités – 0770 41 26 58'])}${card('Ets Bahmani Tracteurs', ['Mob : 0661 84 02 57', 'Service après-vente : M. Bahmani 0798 31 64 20'])}${card('EURL Tsabit Serres', ['Tél : 049 37 81 46'])}</div>`);
    expect(read(html)).toEqual([
      { name: 'SARL Touat Irrigation', phones: ['+21349361240', '+213770412658'], emails: [] },
      { name: 'Ets Bahmani Tracteurs', phones: ['+213661840257', '+213798316420'], emails: [] },
      { name: 'EURL Tsabit Serres', phones: ['+21349378146'], emails: [] },
    ]);
  });

  test("after a company in bold, a section's '<li>Name : 0778 …</li>' in a block of its own is a company of the section", () => {
    const html = page(`<div id="liste">
<h3>Commune de Rogassa</h3><div class="panel"><b>Menuiserie d'art Taleb</b><br>Mob : 0780 56 98 64<br><ul><li>Maroquinerie Gharbi : 0778 67 25 88 (selles)</li></ul></div>
<h3>Commune de Stitten</h3><div class="panel"><b>Poterie Lamri</b><br>Tél : 049 91 41 29<br><ul><li>Vannerie Ouchene : 0661 75 55 72</li></ul></div>
</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones])).toEqual([
      ["Menuiserie d'art Taleb", '+213780569864'],
      ['Maroquinerie Gharbi', '+213778672588'],
      ['Poterie Lamri', '+21349914129'],
      ['Vannerie Ouchene', '+213661755572'],
    ]);
  });

  test('labels with a translation in brackets ("الخط المباشر (Ligne directe) : …") are labels too', () => {
    const card = (name: string, std: string, direct: string) => `<div class="box"><h2>${name}</h2><p>النشاط : نقل البضائع</p><ul><li><span>العنوان (Adresse) :</span> حي سكرة</li><li><span>الهاتف (Tél) :</span> ${std}</li><li><span>الخط المباشر (Ligne directe) :</span> ${direct}</li></ul></div>`;
    const html = page(`${card('مؤسسة الواحات للنقل', '029 28 97 31', '0777 24 95 71')}${card('Transports Bekkouche', '029 96 95 64', '0555 70 83 02')}`);
    expect(read(html).map((c) => [c.name, ...c.phones])).toEqual([
      ['مؤسسة الواحات للنقل', '+21329289731', '+213777249571'],
      ['Transports Bekkouche', '+21329969564', '+213555708302'],
    ]);
  });

  test('an e-mail written without its @ on a line of its own ("x [at] gmail [dot] com", "x (arobase) gmail.com") names no company', () => {
    const card = (name: string, mobile: string, email: string) => `<div class="avocat"><h3>${name}</h3><p class="meta">Agréé près la Cour · Droit commercial</p><ul><li>Cabinet : 026 53 81 2${mobile.slice(-1)}</li><li>Portable : ${mobile}</li><li><span>${email}</span></li></ul></div>`;
    const html = page(`${card('Maître AIT ALI Samir', '0792 18 84 31', 'samir.aitali [at] gmail [dot] com')}${card('Cabinet Ouali & Associés', '0779 68 40 72', 'cabinet.ouali (arobase) gmail.com')}`);
    expect(read(html).map((c) => [c.name, c.emails])).toEqual([
      ['Maître AIT ALI Samir', ['samir.aitali@gmail.com']],
      ['Cabinet Ouali & Associés', ['cabinet.ouali@gmail.com']],
    ]);
  });

  test('a field label alone, its value in a block after it ("Adresse" then "Cité X, …"), names no company', () => {
    const field = (label: string, value: string) => `<div class="f"><span class="l">${label}</span> <div class="v">${value}</div></div>`;
    const card = (name: string, phone: string, address: string, email: string) => `<div class="fiche"><h3><a href="/f/${phone.slice(-2)}">${name}</a></h3><div class="d">${field('Téléphone', phone)}${field('Adresse', address)}${field('Adresse e-mail', email)}</div></div>`;
    const html = page(`<div class="liste">${card('Cirta Soft', '031 21 51 89', 'Cité Filali, bloc 22, Constantine', 'contact@cirtasoft.dz')}${card('Rhumel Réseaux', '031 44 55 66', 'Rue Abane Ramdane, Constantine', 'rhumel.reseaux@gmail.com')}</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Cirta Soft', '+21331215189', 'contact@cirtasoft.dz'],
      ['Rhumel Réseaux', '+21331445566', 'rhumel.reseaux@gmail.com'],
    ]);
  });

  test('definition lists in wrappers: each term names its entry, its address line with a number ("Zone X, Town — Tél …") stays its own', () => {
    const dl = (entries: [string, string, string][]) => `<div class="w"><dl class="fiches">${entries.map(([n, a, m]) => `<dt>${n}</dt><dd>${a}</dd><dd>Mobile – ${m}</dd>`).join('')}</dl></div>`;
    const html = page(`<div class="w"><h3>F</h3></div>${dl([['Fouka Génie Civil', "Zone d'activités, Fouka — Tél (024) 43 17 82", '0561 73 92 05'], ['Forages Meftah', 'Route de Sidi Rached, Tipaza', '0673 02 58 14']])}
<div class="w"><h3>K</h3></div>${dl([['Koléa Étanchéité', 'Rue des frères Hamdi, Koléa — Tél (024) 38 70 22', '0550 38 70 23'], ['Kouali Carrelage', 'Cité 50 logements, Koléa', '0770 11 20 30']])}`);
    expect(read(html).map((c) => [c.name, ...c.phones]).sort()).toEqual([
      ['Forages Meftah', '+213673025814'],
      ['Fouka Génie Civil', '+21324431782', '+213561739205'],
      ['Koléa Étanchéité', '+21324387022', '+213550387023'],
      ['Kouali Carrelage', '+213770112030'],
    ]);
  });

  test('two entries sharing a number are not a group (a company and its second line)', () => {
    const g = groupOf(parseHtml('<div><b>Hôtel El Bey</b><br>Tél : 036 10 10 10<br><b>Restaurant de l\'hôtel El Bey</b><br>Tél : 036 10 10 10</div>').querySelector('div')!)!;
    expect(g.records).toHaveLength(2);
    const blocks = [g, g].map(() => parseHtml('<div><b>Hôtel El Bey</b><br>Tél : 036 10 10 10<br><b>Restaurant de l\'hôtel El Bey</b><br>Tél : 036 10 10 10</div>').querySelector('div')!);
    expect(splitGroups(blocks)).toEqual(blocks);
  });
  test('a card whose e-mails are only behind "Envoyer un e-mail" links (mailto:, an icon list): one company with its e-mails, the link\'s label never a name', () => {
    const item = (href: string, text: string) => `<li class="icon-list-item"><a href="${href}"><span class="icon"><svg viewBox="0 0 512 512"><path d="M0 0"></path></svg></span><span class="icon-list-text">${text}</span></a></li>`;
    const card = (name: string, phone: string, emails: string[]) =>
      `<div class="loop-item"><div class="w-heading"><h3 class="t">${name}</h3></div><div class="w-text"><p>Concessionnaire, entretien et pièces, 120 m² d'atelier depuis 2009.</p></div><ul class="icon-list">${item(`tel:${phone.replace(/ /g, '')}`, 'Appeler')}${emails.map((e) => item(`mailto:${e}`, 'Envoyer un e-mail')).join('')}</ul></div>`;
    const html = page(`<div class="loop-grid">${card('Garage Boukhalfa', '048 51 20 30', ['garage.boukhalfa@outlook.fr', 'ventes@garage-boukhalfa.dz'])}${card('Auto Saïda Services', '0661 40 50 60', ['autosaida@yahoo.fr'])}${card('SARL Hamidi Motors', '048 52 11 22', ['info@hamidi-motors.dz'])}</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Garage Boukhalfa', '+21348512030', 'garage.boukhalfa@outlook.fr', 'ventes@garage-boukhalfa.dz'],
      ['Auto Saïda Services', '+213661405060', 'autosaida@yahoo.fr'],
      ['SARL Hamidi Motors', '+21348521122', 'info@hamidi-motors.dz'],
    ]);
  });
});

describe("an entry's toggles of its hidden notes ('Show Notes | Show Bio')", () => {
  // The Connections Business Directory card template left untranslated: the name in an <h3>, the
  // contacts, then a line of toggle links over hidden notes and bio that hold more numbers.
  const card = (slug: string, name: string, phone: string, note: string) => `<div class="cn-list-row cn-list-item vcard organization" id="${slug}"><div class="cn-entry">
    <div class="cn-left"><h3><a class="url" href="/annuaire/name/${slug}/"><span class="org fn">${name}</span></a></h3><span class="title">Agent général</span></div>
    <div class="cn-right"><span class="tel"><span class="phone-name">Work Phone</span>: <span class="value">${phone}</span></span></div>
    <div class="cn-meta"><span><a class="cn-note-anchor toggle-div" data-div-id="note-${slug}" href="#">Show Notes</a></span> | <span><a class="cn-bio-anchor toggle-div" data-div-id="bio-${slug}" href="#">Show Bio</a></span></div>
    <div class="cn-bio" id="bio-${slug}" style="display: none"><p>Agent général. Produits automobile, habitation.</p></div>
    <div class="cn-notes" id="note-${slug}" style="display: none"><p>${note}</p></div>
  </div></div>`;
  test('a link that only shows or hides a part of the entry names no company: each card is one company with its notes\' numbers', () => {
    const html = page(`<div class="cn-list-body">${card('rhumel', 'Agence Générale Rhumel Assurances', '031 34 16 90', 'Déclaration de sinistres et assistance : 0793 81 59 27')}${card('zeghaia', 'Agence Générale Zeghaia', '031 74 27 39', 'Sinistres auto : 0541 81 88 45')}${card('amira', 'Agence Amira Arrès Assur', '031 27 97 49', 'Ouvert du dimanche au jeudi, 8h30 – 16h30.')}${card('minar', 'Agence Minar Zarza Assurances', '031 29 25 73', 'Permanence sinistres : 0799 39 26 89')}</div>`);
    expect(read(html).map((c) => [c.name, ...c.phones])).toEqual([
      ['Agence Générale Rhumel Assurances', '+21331341690', '+213793815927'],
      ['Agence Générale Zeghaia', '+21331742739', '+213541818845'],
      ['Agence Amira Arrès Assur', '+21331279749'],
      ['Agence Minar Zarza Assurances', '+21331292573', '+213799392689'],
    ]);
  });
});

describe("a control that continues a list is no entry's toggle ('Voir la suite' over the rest of a letter's block)", () => {
  test.each([
    ['a collapse target', '<a href="#" data-toggle="collapse" data-target="#suite">Voir la suite</a>'],
    ['a link to another page', '<a href="/plombiers/" class="suite">Voir tout</a>'],
  ])('%s: the lines it opens are entries of their own', (_, control) => {
    const html = `<html><body><h2>Liste des adhérents</h2><div id="liste"><h3>Lettre A</h3><div class="bloc">- Agence Amal, assurances. Tél 038 20 30 40.<br>${control}<div id="suite">- Auto-école Annaba, permis B. Tél 0661 55 44 33.<br>- Assurances Atlas, courtier. Tél 0661 55 44 34.<br></div></div>
      <h3>Lettre B</h3><div class="bloc"><ul><li>Bureau d'études Bouzid : 038 21 22 23 - bet.bouzid@gmail.com</li><li>Boucherie Bendjedid : 0770 12 13 14</li></ul></div></div></body></html>`;
    expect(readListing(html, 'https://ccia.test/annuaire/adherents.html').companies.map((c) => [c.name, c.phones.join(',')])).toEqual([
      ['Agence Amal', '+21338203040'],
      ['Auto-école Annaba', '+213661554433'],
      ['Assurances Atlas', '+213661554434'],
      ["Bureau d'études Bouzid", '+21338212223'],
      ['Boucherie Bendjedid', '+213770121314'],
    ]);
  });
});

describe('a post holding two entries written as the others are', () => {
  const post = (body: string, n: number) =>
    `<div class="msg_wrap"><div class="msg"><div class="msg_author"><a class="owner_name" href="/canal">Carrières Pros</a></div><div class="msg_text">${body}</div><a class="msg_date" href="/canal/${n}"><time>12:0${n}</time></a></div></div>`;
  const company = (name: string, phone: string) => `🏭 <b>${name}</b><br>📍 Chéria<br>☎️ ${phone}<br><a href="?q=%23sable">#sable</a> <a href="?q=%23tebessa">#tebessa</a>`;
  const listing = (posts: string[]) => `<html><body><section class="history">${posts.map(post).join('')}</section></body></html>`;

  test('is two entries, each opening with the pictogram and bold name every entry opens with; hashtags and times name nothing', () => {
    const html = listing([
      company('SARL Sables Un', '037 41 20 10'),
      company('EURL Marbres Deux', '037 41 20 11'),
      `${company('ETS Granulats Trois', '037 41 20 12')}<br><br>${company('SNC Pierres Quatre', '0661 20 30 41')}`,
      company('SARL Carrière Cinq', '037 41 20 13'),
      '🗓️ Salon des mines : rendez-vous en novembre.',
    ]);
    expect(readListing(html, 'https://t.test/s/canal').companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Sables Un', ['+21337412010']],
      ['EURL Marbres Deux', ['+21337412011']],
      ['ETS Granulats Trois', ['+21337412012']],
      ['SNC Pierres Quatre', ['+213661203041']],
      ['SARL Carrière Cinq', ['+21337412013']],
    ]);
  });

  test('a card with a branch in bold, not led as the entries are, stays one company', () => {
    const card = (name: string, phone: string, branch = '') => `<div class="card"><b>${name}</b><br>Tél : ${phone}${branch}</div>`;
    const html = `<html><body><div class="list">${card('SARL Un', '037 41 20 10')}${card('SARL Deux', '037 41 20 11', '<br><b>Agence de Chéria</b><br>Tél : 037 41 30 30')}${card('SARL Trois', '037 41 20 12')}${card('SARL Quatre', '037 41 20 13')}</div></body></html>`;
    expect(readListing(html, 'https://d.test/liste').companies.map((c) => c.name)).toEqual(['SARL Un', 'SARL Deux', 'SARL Trois', 'SARL Quatre']);
  });
});
