/**
 * Mends after the review of holdout-72's rules: shapes the rules misread (a colon word no field
 * label knows before a bold speciality, brand or person; a company's link ending in an action
 * path; a bold pair line that is another party after a blank line; a loader-looking link that is
 * a footer's or an entry's). Pages of our own making, in the builders of holdout72Cases.test.ts.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

const post = (id: number, member: string, body: string) =>
  `<article class="message message--post js-post" data-author="${member}" id="js-post-${id}"><div class="message-inner">` +
  `<div class="message-cell message-cell--user"><section class="message-user"><div class="message-userDetails"><h4 class="message-name"><a href="/members/${member.toLowerCase()}.${id}/" class="username">${member}</a></h4></div></section></div>` +
  `<div class="message-cell message-cell--main"><div class="message-content"><article class="message-body"><div class="bbWrapper">${body}</div></article></div>` +
  `<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="/posts/${id}/react?reaction_id=1" class="reaction actionBar-action">J'aime</a>` +
  `<a href="/threads/garages.77/reply?quote=${id}" class="actionBar-action actionBar-action--reply">Répondre</a></div></div></footer></div></div></article>`;
const thread = (...posts: string[]) => `<html><body><div class="p-body"><h1>Garages de la wilaya</h1><div class="block-body js-replyNewMessageContainer">${posts.join('')}</div></div></body></html>`;
const first = post(11, 'Karim', '<b>Garage Chelia Auto</b> (Khenchela)<br />\n☎ 032 73 39 86<br /><br />\n<b>Atelier Kais Injection</b> (Kaïs)<br />\n📱 0785 26 58 31');
const U = 'https://forum.test/threads/garages.77/';
const FIRST = { 'Garage Chelia Auto': { phones: ['+21332733986'], emails: [] }, 'Atelier Kais Injection': { phones: ['+213785265831'], emails: [] } };
const RYM = { 'Atelier Rym': { phones: ['+213770112233'], emails: [] } };

describe("a colon line no field label knows, inside a record, then '<b>X</b> (…)': the record's field, not a new record", () => {
  test("'Spécialité :' then '<b>Injection</b> (toutes marques)' stays Garage Nour Auto's", () => {
    const body = '<b>Garage Nour Auto</b> (Batna)<br />\nSpécialité :<br />\n<b>Injection</b> (toutes marques)<br />\n📱 0661 22 33 44<br /><br />\n<b>Atelier Rym</b> (Tazoult)<br />\n📱 0770 11 22 33';
    expect(read(thread(first, post(12, 'Sofiane', body)), U)).toEqual({ ...FIRST, 'Garage Nour Auto': { phones: ['+213661223344'], emails: [] }, ...RYM });
  });

  test("'Marques :' then a bold brand, and 'Propriétaire :' then a bold person, stay the garage's", () => {
    const brand = '<b>Garage Nour Auto</b> (Batna)<br />\nMarques :<br />\n<b>Renault</b> (agréé)<br />\n📱 0661 22 33 44<br />\nmail: nour@garage.test<br /><br />\n<b>Atelier Rym</b> (Tazoult)<br />\n📱 0770 11 22 33';
    expect(read(thread(first, post(12, 'Sofiane', brand)), U)).toEqual({ ...FIRST, 'Garage Nour Auto': { phones: ['+213661223344'], emails: ['nour@garage.test'] }, ...RYM });
    const owner = '<b>Garage Nour Auto</b> (Batna)<br />\n☎ 033 80 11 22<br />\nPropriétaire :<br />\n<b>Karim Benali</b> (ancien de Renault)<br />\n📱 0661 22 33 44<br /><br />\n<b>Atelier Rym</b> (Tazoult)<br />\n📱 0770 11 22 33';
    expect(read(thread(first, post(12, 'Sofiane', owner)), U)).toEqual({ ...FIRST, 'Garage Nour Auto': { phones: ['+21333801122', '+213661223344'], emails: [] }, ...RYM });
  });
});

describe("a company's own link in a post whose address ends like an action ('/quote', '/like') still names it", () => {
  test.each([
    ['https://batimetal.test/quote', 'Batimetal SARL'],
    ['https://www.facebook.com/garage.nour/like', 'Garage Nour Auto'],
  ])('%s', (href, name) => {
    const body = `<a href="${href}">${name}</a> (Rouiba)<br />\n📱 0661 22 33 44<br /><br />\n<b>Atelier Rym</b> (Tazoult)<br />\n📱 0770 11 22 33`;
    expect(read(thread(first, post(12, 'Sofiane', body)), U)).toEqual({ ...FIRST, [name]: { phones: ['+213661223344'], emails: [] }, ...RYM });
  });
});

test("the forum's own action links written absolute (its member links' host) are still the post's furniture", () => {
  const abs = (html: string) => html.replace(/href="\//g, 'href="https://forum.test/');
  const moderator = abs(post(13, 'Admin', 'Le modérateur du forum répond aux signalements : moderation@forum.test. Bonne route à tous !'));
  const other = abs(post(15, 'Nabil', '<b>Garage Yabous</b> (Yabous)<br />\n☎ 032 38 74 66<br /><br />\n<b>Atelier Ensigha</b> (Ensigha)<br />\n📱 0542 31 95 05'));
  expect(Object.keys(read(thread(abs(first), other, moderator), 'https://forum.test/threads/garages.77/page-2'))).toEqual(['Garage Chelia Auto', 'Atelier Kais Injection', 'Garage Yabous', 'Atelier Ensigha']);
});

describe("a bold pair of kinds of number after a blank line, or an ad's, is no field of the record before", () => {
  test("'<b>Publicité / WhatsApp</b> 0550 …' closing a post gives Atelier Rym no number of the ad's", () => {
    const body = '<b>Garage Nour Auto</b> (Batna)<br />\n📱 0661 22 33 44<br /><br />\n<b>Atelier Rym</b> (Tazoult)<br />\n📱 0770 11 22 33<br /><br />\n<b>Publicité / WhatsApp</b> 0550 99 88 77';
    const found = read(thread(first, post(12, 'Sofiane', body)), U);
    expect(found['Atelier Rym']).toEqual(RYM['Atelier Rym']);
    expect(found['Garage Nour Auto']).toEqual({ phones: ['+213661223344'], emails: [] });
    expect(Object.values(found).filter((c) => c.phones.includes('+213550998877')).length).toBeLessThanOrEqual(1);
    expect(Object.keys(found).filter((n) => /publicit/i.test(n))).toEqual([]);
  });

  test("a shop named 'Flexy / Mobile' after a blank line keeps its number", () => {
    const body = '<b>Sami Phone</b> (Cité 5 Juillet)<br />\n📱 0550 11 22 31<br /><br />\n<b>Flexy / Mobile</b> 0661 44 55 61<br />\nRue Didouche<br /><br />\n<b>Nour Informatique</b> (Centre-ville)<br />\n📱 0770 77 88 91';
    expect(read(thread(first, post(12, 'Sofiane', body)), U)).toEqual({
      ...FIRST,
      'Sami Phone': { phones: ['+213550112231'], emails: [] },
      'Flexy / Mobile': { phones: ['+213661445561'], emails: [] },
      'Nour Informatique': { phones: ['+213770778891'], emails: [] },
    });
  });
});

describe("an older-entries link must be a loader's: not a footer's, an entry's 'read more' or an archive's", () => {
  const entry = (n: string, p: string) => `<div class="entry"><h3>${n}</h3><p>Zone industrielle, Rouiba</p><p>Tél : ${p}</p></div>`;
  const dir = (extra: string, foot = '') =>
    `<html><body><main><h1>Annuaire des entreprises</h1><div class="list">${entry('SARL Alpha', '021 85 10 10')}${entry('SARL Beta', '021 85 10 11')}${entry('SARL Gamma', '021 85 10 12')}</div><aside>${extra}</aside></main>${foot}</body></html>`;
  const A = 'https://annuaire.test/annuaire';

  test('a footer scroll-top link, a read-more link, an archive-history link lead to no next page', () => {
    expect(readListing(dir('', '<footer><a class="scroll-top" href="/annuaire?until=2024">Haut</a></footer>'), A).next).toBeUndefined();
    expect(readListing(dir('<a class="read-more" href="/annuaire?before=2010">Entreprises créées avant 2010</a>'), A).next).toBeUndefined();
    expect(readListing(dir('<h4>Archives</h4><a class="archive-history" href="/annuaire?until=2019-12-31">Inscrites avant 2020</a>'), A).next).toBeUndefined();
  });

  test("in the listing itself, a 'read-more' or bare 'more' class is no loader; a 'messages_more' one is", () => {
    const inList = (a: string) => dir('').replace('</div><aside>', `${a}</div><aside>`);
    expect(readListing(inList('<a class="read-more" href="/annuaire?before=2010">Entreprises créées avant 2010</a>'), A).next).toBeUndefined();
    expect(readListing(inList('<a class="more" href="/annuaire?before=2010"></a>'), A).next).toBeUndefined();
    expect(readListing(inList('<a class="tme_messages_more" href="/annuaire?before=88"></a>'), A).next).toBe('https://annuaire.test/annuaire?before=88');
  });
});

describe("a card's pair label with its colon inside the bold ('<b>Urgences / Mobile :</b> 0786 …')", () => {
  const col = (name: string, lines: string) =>
    `<div class="builder-col"><div class="el-heading"><h3>${name}</h3></div><div class="el-text"><div class="text-box"><p style="font-style:italic;">Hassi Fehal</p>${lines}</div></div></div>`;
  const bold = (label: string, value: string) => `<p><span style="font-weight:700;">${label}</span> ${value}</p>`;
  const mail = (m: string) => `<p><a href="mailto:${m}">${m}</a></p>`;
  const page = (cols: string) => `<html><body><main><div class="section"><div class="row">${cols}</div></div></main></body></html>`;

  test('the mobile and the e-mail below stay the card\'s', () => {
    const card = (name: string, i: number, m: string) => col(name, bold('Tél.', `029-20-09-0${i}`) + bold('Urgences / Mobile :', `0786-33-12-9${i}`) + mail(m));
    expect(read(page(card('Cabinet Dr Amrani', 1, 'amrani@cab.test') + card('Clinique Nakhla', 2, 'nakhla@cli.test') + card('Laboratoire Erg', 3, 'erg@lab.test')), 'https://sante.test/p')).toEqual({
      'Cabinet Dr Amrani': { phones: ['+21329200901', '+213786331291'], emails: ['amrani@cab.test'] },
      'Clinique Nakhla': { phones: ['+21329200902', '+213786331292'], emails: ['nakhla@cli.test'] },
      'Laboratoire Erg': { phones: ['+21329200903', '+213786331293'], emails: ['erg@lab.test'] },
    });
  });
});

test("an ad's line closing each column of shops ('<b>Annonces / WhatsApp</b> 0555 …') names no company", () => {
  const col = (name: string, lines: string) =>
    `<div class="builder-col"><div class="el-heading"><h3>${name}</h3></div><div class="el-text"><div class="text-box">${lines}</div></div></div>`;
  const bold = (label: string, value: string) => `<p><span style="font-weight:700;">${label}</span> ${value}</p>`;
  const ad = bold('Annonces / WhatsApp', '0555-00-00-01');
  const html = `<html><body><main><div class="section"><div class="row">${col('Centre-ville', bold('Sami Phone', '0550-11-22-31') + bold('Nour Informatique', '0770-77-88-91') + ad)}${col('Hai Nasr', bold('Amine Store', '0551-11-22-32') + bold('Zaki Phone', '0771-77-88-92') + ad)}</div></div></main></body></html>`;
  expect(Object.keys(read(html, 'https://guide.test/boutiques')).sort()).toEqual(['Amine Store', 'Nour Informatique', 'Sami Phone', 'Zaki Phone']);
});
