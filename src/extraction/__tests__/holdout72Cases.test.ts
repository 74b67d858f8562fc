/**
 * Hard cases met on holdout-72: a chat channel's web preview whose older posts are reached only
 * through a text-less 'load more' link with no rel; a site builder's cards whose lines are labelled
 * by a bold pair of kinds of number ('Urgences / Mobile'); a forum thread (XenForo's markup) whose post
 * announces its list ('Pour la carrosserie :') before a bold name with its town in brackets, and
 * whose posts' action bars hold a reaction link ('J'aime'). Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("a channel preview's older posts behind a text-less loader link", () => {
  const post = (name: string, phone: string) =>
    `<div class="msg_wrap"><div class="msg"><div class="msg_text">🛒 <b>${name}</b><br>📍 Adrar<br>☎️ ${phone}</div></div></div>`;
  const feed = (more: string) =>
    `<html><head><title>Canal</title></head><body><section class="channel_history">${more}${post('SARL Un', '049 41 20 10')}${post('SARL Deux', '049 41 20 11')}${post('SARL Trois', '049 41 20 12')}</section></body></html>`;

  test("a link whose class says it loads more, to this path with a 'before' cursor and no rel, gives the older posts' page", () => {
    const page = readListing(feed('<div class="centered"><a href="/s/canal?before=88" class="messages_more js-messages_more" data-before="88"></a></div>'), 'https://t.test/s/canal');
    expect(page.next).toBe('https://t.test/s/canal?before=88');
    expect(read(feed(''), 'https://t.test/s/canal')).toEqual({
      'SARL Un': { phones: ['+21349412010'], emails: [] },
      'SARL Deux': { phones: ['+21349412011'], emails: [] },
      'SARL Trois': { phones: ['+21349412012'], emails: [] },
    });
  });

  test("a cursor link to another path, or one whose class says nothing of loading, is no next page", () => {
    expect(readListing(feed('<a href="/s/autre_canal?before=88" class="messages_more"></a>'), 'https://t.test/s/canal').next).toBeUndefined();
    expect(readListing(feed('<a href="/s/canal?before=88" class="share_link"></a>'), 'https://t.test/s/canal').next).toBeUndefined();
  });
});

describe("a card's line labelled by a bold pair of kinds of number ('Urgences / Mobile')", () => {
  const col = (name: string, lines: string, town = '<p style="font-style:italic;">Hassi Fehal</p>') =>
    `<div class="builder-col"><div class="el-heading"><h3>${name}</h3></div><div class="el-text"><div class="text-box">${town}${lines}</div></div></div>`;
  const bold = (label: string, value: string) => `<p><span style="font-weight:700;">${label}</span> ${value}</p>`;
  const page = (cols: string) => `<html><body><main><div class="section"><div class="row">${cols}</div></div></main></body></html>`;

  test('the label and its number stay in the card: no record named by the label, the e-mail below kept', () => {
    const html = page(
      col('Cabinet Dr Amrani', bold('Tél.', '029-20-09-04') + bold('Urgences / Mobile', '0786-33-12-95') + bold('Urgences / Mobile', '0776-82-91-89') + '<p><a href="mailto:amrani@cab.test">amrani@cab.test</a></p>') +
        col('Clinique Nakhla', bold('Urgences / Mobile', '0685-60-71-98') + bold('Urgences / Mobile', '0615-94-31-77') + '<p><a href="mailto:nakhla@cli.test">nakhla@cli.test</a></p>') +
        col('Laboratoire Erg', bold('Standard / Tél.', '029-98-42-48') + bold('Urgences / Mobile', '0778-99-36-42') + '<p><a href="mailto:erg@lab.test">erg@lab.test</a></p>'),
    );
    expect(read(html, 'https://sante.test/professionnels')).toEqual({
      'Cabinet Dr Amrani': { phones: ['+21329200904', '+213776829189', '+213786331295'], emails: ['amrani@cab.test'] },
      'Clinique Nakhla': { phones: ['+213615943177', '+213685607198'], emails: ['nakhla@cli.test'] },
      'Laboratoire Erg': { phones: ['+21329984248', '+213778993642'], emails: ['erg@lab.test'] },
    });
  });

  test("bold names with a slash ('Réparation TV / GSM', 'Import / Export') still open their records", () => {
    const lines = (n: number) => bold('Réparation TV / GSM', `0557-69-83-1${n}`) + bold('Import / Export', `0661-69-83-1${n}`) + bold('Cosmétiques Nour', `0662-69-83-1${n}`);
    const html = page(col('Centre-ville', lines(1), '') + col('Hai Nasr', lines(2), ''));
    expect(Object.keys(read(html, 'https://guide.test/boutiques')).sort()).toEqual(['Cosmétiques Nour', 'Import / Export', 'Réparation TV / GSM']);
  });
});

describe('a forum thread: announcing words, and the action bar under each post', () => {
  const post = (id: number, member: string, body: string) =>
    `<article class="message message--post js-post" data-author="${member}" id="js-post-${id}"><div class="message-inner">` +
    `<div class="message-cell message-cell--user"><section class="message-user"><div class="message-userDetails"><h4 class="message-name"><a href="/members/${member.toLowerCase()}.${id}/" class="username">${member}</a></h4></div></section></div>` +
    `<div class="message-cell message-cell--main"><div class="message-content"><article class="message-body"><div class="bbWrapper">${body}</div></article></div>` +
    `<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="/posts/${id}/react?reaction_id=1" class="reaction actionBar-action">J'aime</a>` +
    `<a href="/threads/garages.77/reply?quote=${id}" class="actionBar-action actionBar-action--reply">Répondre</a></div></div></footer></div></div></article>`;
  const thread = (...posts: string[]) => `<html><body><div class="p-body"><h1>Garages de la wilaya</h1><div class="block-body js-replyNewMessageContainer">${posts.join('')}</div></div></body></html>`;
  const first = post(11, 'Karim', '<b>Garage Chelia Auto</b> (Khenchela)<br />\n☎ 032 73 39 86<br />\nmail: chelia@garage.test<br /><br />\n<b>Atelier Kais Injection</b> (Kaïs)<br />\n📱 0785 26 58 31');

  test("'Pour la carrosserie :' announces the list: the bold name after it with its town in brackets opens the first record, the second keeps its own contacts", () => {
    const second = post(12, 'Sofiane', 'Pour la carrosserie :<br /><br /><b>Carrosserie Remila</b> (El Hamma)<br />\n☎ 032 98 10 24<br />\nmail: remila@carro.test<br /><br />\n<b>Garage Msara Tôlerie</b> (El Hamma)<br />\n📱 0662 31 94 16<br />\nmail: msara@tolerie.test');
    expect(read(thread(first, second), 'https://forum.test/threads/garages.77/')).toEqual({
      'Garage Chelia Auto': { phones: ['+21332733986'], emails: ['chelia@garage.test'] },
      'Atelier Kais Injection': { phones: ['+213785265831'], emails: [] },
      'Carrosserie Remila': { phones: ['+21332981024'], emails: ['remila@carro.test'] },
      'Garage Msara Tôlerie': { phones: ['+213662319416'], emails: ['msara@tolerie.test'] },
    });
  });

  test("a post with no name of its own ('Le modérateur répond : x@…') gives no company named by its 'J'aime' reaction link", () => {
    const moderator = post(13, 'Admin', 'Le modérateur du forum répond aux signalements : moderation@forum.test. Bonne route à tous !');
    const other = post(15, 'Nabil', '<b>Garage Yabous</b> (Yabous)<br />\n☎ 032 38 74 66<br /><br />\n<b>Atelier Ensigha</b> (Ensigha)<br />\n📱 0542 31 95 05');
    const found = Object.keys(read(thread(first, other, moderator), 'https://forum.test/threads/garages.77/page-2'));
    expect(found).toEqual(['Garage Chelia Auto', 'Atelier Kais Injection', 'Garage Yabous', 'Atelier Ensigha']);
  });

  test('a link in the post to a garage\'s own site still names it; a field label before a bold street does not announce a record', () => {
    const linked = post(14, 'Nabil', '<a href="https://elhamma-auto.test/">Garage El Hamma Auto</a> (El Hamma)<br />\n📱 0661 40 50 60<br /><br />\n<b>Atelier Baghai</b> (Baghai)<br />\nAdresse :<br />\n<b>Cité Ennasr</b> (Baghai)<br />\n📱 0561 51 71 32');
    expect(read(thread(first, linked), 'https://forum.test/threads/garages.77/')).toEqual({
      'Garage Chelia Auto': { phones: ['+21332733986'], emails: ['chelia@garage.test'] },
      'Atelier Kais Injection': { phones: ['+213785265831'], emails: [] },
      'Garage El Hamma Auto': { phones: ['+213661405060'], emails: [] },
      'Atelier Baghai': { phones: ['+213561517132'], emails: [] },
    });
  });
});
