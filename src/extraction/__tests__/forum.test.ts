/**
 * Forum topics (phpBB, XenForo, vBulletin …): a topic is a list of posts, and the companies are in
 * the posts' text, never the posts' authors, titles or signatures, nor a quote's attribution.
 * Read by readListing without selectors.
 */
import { readListing } from '../extract';

const URL = 'https://forum-oran.test/viewtopic.php?f=3&t=120';

type Found = { name: string; phones: string[]; emails: string[] };

function read(html: string): Found[] {
  return readListing(html, URL).companies.map(({ name, phones, emails }) => ({ name, phones, emails }));
}

/** A phpBB (prosilver) topic: each post its author's profile, its 'Re: …' title linking to itself, 'par X » date', its text. */
function phpbb(posts: [string, string][]): string {
  const post = ([author, text]: [string, string], i: number) =>
    `<div id="p${900 + i}" class="post has-profile bg${(i % 2) + 1}"><div class="inner"><dl class="postprofile" id="profile${900 + i}"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=${40 + i}" class="username">${author}</a></dt><dd class="profile-rank">Membre</dd><dd class="profile-posts"><strong>Messages :</strong> ${12 + i}</dd></dl>
<div class="postbody"><div id="post_content${900 + i}"><h3><a href="#p${900 + i}">Re: Bonnes adresses plomberie à Oran</a></h3><p class="author"><span>par <strong>${author}</strong> » </span>0${i + 1}/03/2026</p><div class="content">${text}</div></div></div></div></div><hr class="divider">`;
  return `<html><head><title>Bonnes adresses plomberie à Oran - Forum Oran</title></head><body><div id="page-header"><h1>Forum Oran</h1></div>
<div id="page-body"><h2 class="topic-title"><a href="./viewtopic.php?f=3&amp;t=120">Bonnes adresses plomberie à Oran</a></h2>${posts.map(post).join('')}</div>
<div id="page-footer" class="page-footer">Développé par phpBB</div></body></html>`;
}

describe('a forum topic', () => {
  test('phpBB: the companies of the posts\' text, each post split into its companies; never an author, a post title, a reply\'s connective or a sentence before a colon', () => {
    const html = phpbb([
      ['Karim_31', 'Bonjour, voici mes adresses :<br><br><b>Plomberie Hamdi</b> – sanitaire, Es Senia<br>tel 041 51 22 33 / 0661 20 30 40<br><br><b>SARL Eau Pure</b> – chauffe-eau, Bir El Djir<br>fixe : 041 42 11 50<br>ou bien 0770 11 22 33 (autre ligne)<br><br>'],
      ['nadia.o', '<b>Ets Benali Frères</b> – robinetterie, Haï Sabah<br>mob. 0550 60 70 80<br><br>'],
      ['Oranais2', '<blockquote><div><cite>nadia.o a écrit :</cite><b>Ets Benali Frères</b> – robinetterie<br>mob. 0550 60 70 80</div></blockquote>je confirme, très sérieux. Et aussi :<br><br><b>Sanitaires El Bahia</b> – carrelage, Canastel<br>Tél 041 33 44 55<br><br>'],
    ]);
    expect(read(html).map((c) => [c.name, ...c.phones])).toEqual([
      ['Plomberie Hamdi', '+21341512233', '+213661203040'],
      ['SARL Eau Pure', '+21341421150', '+213770112233'],
      ['Ets Benali Frères', '+213550607080'],
      ['Ets Benali Frères', '+213550607080'],
      ['Sanitaires El Bahia', '+21341334455'],
    ]);
  });

  test('XenForo: an article per post, its user cell and attribution aside, its one company read from the text', () => {
    const post = (id: number, user: string, text: string) =>
      `<article class="message message--post" data-author="${user}" data-content="post-${id}" id="js-post-${id}"><div class="message-inner"><div class="message-cell message-cell--user"><section class="message-user"><div class="message-userDetails"><h4 class="message-name"><a href="/members/${user.toLowerCase()}.${id}/" class="username">${user}</a></h4></div></section></div>
<div class="message-cell message-cell--main"><header class="message-attribution"><time datetime="2026-03-01">1 mars 2026</time></header><div class="message-content"><div class="bbWrapper">${text}</div></div></div></div></article>`;
    const html = `<html><body><div class="p-body"><h1 class="p-title-value">Électriciens à Tlemcen ?</h1><div class="block-body">
${post(11, 'Sofiane', '<b>Électricité Mansouri</b><br>Tél : 043 20 11 22<br>mansouri.elec@gmail.com')}
${post(12, 'Amel', '<b>Tlemcen Câblage</b><br>0771 22 33 44')}
${post(13, 'Walid', 'Merci à tous !')}</div></div></body></html>`;
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Électricité Mansouri', '+21343201122', 'mansouri.elec@gmail.com'],
      ['Tlemcen Câblage', '+213771223344'],
    ]);
  });

  test("XenForo: a signature rendered in its own bbWrapper is furniture, and so is a quote's title line ('X a dit :')", () => {
    const post = (id: number, user: string, text: string, signature: string) =>
      `<article class="message message--post" data-author="${user}" id="js-post-${id}"><div class="message-inner"><div class="message-cell message-cell--user"><section class="message-user"><div class="message-userDetails"><h4 class="message-name"><a href="/members/${user.toLowerCase()}.${id}/" class="username">${user}</a></h4></div></section></div>
<div class="message-cell message-cell--main"><div class="message-content"><article class="message-body"><div class="bbWrapper">${text}</div></article><aside class="message-signature"><div class="bbWrapper">${signature}</div></aside></div></div></div></article>`;
    const quote = (user: string, text: string) => `<blockquote data-quote="${user}" class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-title"><a href="/goto/post?id=1">${user} a dit :</a></div><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${text}</div></div></blockquote>`;
    const html = `<html><body><div class="p-body"><h1 class="p-title-value">Plombiers à Sétif ?</h1><div class="block-body">
${post(21, 'Yacine', 'Je recommande <b>Plomberie Ain Arnat</b>, sérieux. tél 036 52 11 20, mail : ain.arnat@plomb.dz.', 'Modérateur — écrivez-moi sur WhatsApp 0770 11 45 90')}
${post(22, 'Lamia', 'Allez voir <b>Sanitaire El Eulma</b>, rapide. tél 036 87 40 12 ou 0661 40 12 90.', '<i>Qui sème le vent récolte la tempête</i>')}
${post(23, 'Nabil', `${quote('Lamia', 'Allez voir <b>Sanitaire El Eulma</b>, rapide. tél 036 87 40 12 ou 0661 40 12 90.')}+1 !<br>Je recommande <b>Chauffage Bougaa</b>, travail propre. tél 036 44 71 05 ou 0550 71 05 36, mail : bougaa@chauffage.dz.`, 'Golf 7 — 2016')}
</div></div></body></html>`;
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Plomberie Ain Arnat', '+21336521120', 'ain.arnat@plomb.dz'],
      ['Sanitaire El Eulma', '+21336874012', '+213661401290'],
      ['Sanitaire El Eulma', '+21336874012', '+213661401290'],
      ['Chauffage Bougaa', '+21336447105', '+213550710536', 'bougaa@chauffage.dz'],
    ]);
  });

  test("SMF: a reply adding one entry in the shape of the first post's list (a bold name line, then its contact lines) is an entry of it", () => {
    const post = (id: number, user: string, body: string) =>
      `<div class="windowbg" id="msg${id}"><div class="post_wrapper"><div class="poster"><h4><a href="/index.php?action=profile;u=${id - 500}">${user}</a></h4></div>
<div class="postarea"><div class="keyinfo"><div class="subject_title"><a href="/index.php?msg=${id}">Re: Liste des menuisiers</a></div></div><div class="post"><div class="inner" id="msg_${id}">${body}</div></div></div>
<div class="moderatorbar"><div class="signature" id="msg_${id}_signature">Bonne journée</div></div></div></div><hr class="post_separator">`;
    const entry = (name: string, lines: string[]) => `<b><u>${name}</u></b><br />${lines.join('<br />')}<br /><br />`;
    const html = `<html><body><div id="header"><h1 class="forumtitle"><a href="/index.php">Forum Menuiserie Béjaïa</a></h1></div><div id="forumposts">
${post(601, 'Moderateur', `Voici la liste :<br /><br />${entry('Menuiserie Aokas', ['Tél : 034 21 10 20', 'Mob : 0550 21 10 20'])}${entry('Atelier Tichy Bois', ['Tél : 034 22 10 21'])}${entry('EURL Souk El Tenine Alu', ['Mob : 0661 23 10 22', 'Email : alu@souk.dz'])}`)}
${post(602, 'Karim', `Vous pouvez ajouter :<br /><br />${entry('SARL Amizour Portes', ['Tél : 034 24 10 23', 'Mob : 0770 24 10 23'])}`)}
${post(603, 'Lydia', 'Merci pour la liste !')}
${post(604, 'Sofiane', `Il manque :<br /><br />${entry('Ets Kherrata Menuiserie', ['Tél : 034 25 10 24'])}`)}
</div></body></html>`;
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Menuiserie Aokas', '+21334211020', '+213550211020'],
      ['Atelier Tichy Bois', '+21334221021'],
      ['EURL Souk El Tenine Alu', '+213661231022', 'alu@souk.dz'],
      ['SARL Amizour Portes', '+21334241023', '+213770241023'],
      ['Ets Kherrata Menuiserie', '+21334251024'],
    ]);
  });

  test('cards that link a member\'s page without a forum\'s post parts are read as they are', () => {
    const card = (slug: string, name: string, phone: string) => `<div class="post" id="post-${slug.length}${phone.slice(-2)}"><h3><a href="/members/${slug}/">${name}</a></h3><p>Tél : ${phone}</p></div>`;
    const html = `<html><body><main>${card('alpha', 'Alpha Services', '041 10 20 30')}${card('beta-conseil', 'Beta Conseil', '041 10 20 31')}</main></body></html>`;
    expect(read(html).map((c) => c.name)).toEqual(['Alpha Services', 'Beta Conseil']);
  });

  test("a WordPress archive's posts (`type-*` classes) linking their author's member page are no forum posts: their contact buttons stay", () => {
    const post = (id: number, name: string, phone: string, mail: string) =>
      `<article id="post-${id}" class="post-${id} post type-post status-publish format-standard hentry category-btp"><header class="entry-header"><h2 class="entry-title"><a href="/${name.toLowerCase().replace(/ /g, '-')}/" rel="bookmark">${name}</a></h2>` +
      `<div class="entry-meta"><span class="byline">par <span class="author vcard"><a class="url fn n" href="/members/redaction/">Rédaction</a></span></span></div></header>` +
      `<div class="entry-summary"><p>Entreprise de bâtiment à Chlef.</p></div><div class="listing-buttons"><a class="btn" href="tel:${phone.replace(/ /g, '')}">${phone}</a> <a class="btn" href="mailto:${mail}">${mail}</a></div></article>`;
    const html = `<html><body><main id="main" class="site-main">${post(41, 'Bâtiments Cheliff', '027 77 20 10', 'contact@batiments-cheliff.dz')}${post(42, 'Ouarsenis Construction', '027 77 20 11', 'info@ouarsenis-construction.dz')}${post(43, 'Ténès Travaux', '027 77 20 12', 'tenes.travaux@gmail.com')}</main></body></html>`;
    expect(read(html).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Bâtiments Cheliff', '+21327772010', 'contact@batiments-cheliff.dz'],
      ['Ouarsenis Construction', '+21327772011', 'info@ouarsenis-construction.dz'],
      ['Ténès Travaux', '+21327772012', 'tenes.travaux@gmail.com'],
    ]);
  });
});

describe('a forum topic of one company per reply, each member writing it his way', () => {
  test('a bold name in a sentence, a large-font name, a name introduced in a sentence: one company per reply with contacts; chatter none', () => {
    const html = phpbb([
      ['moderateur', 'Bonjour à tous,<br>merci de poster <strong>une réponse par société</strong> avec ses contacts.'],
      ['Sofiane', 'Salam,<br>je vous présente notre entreprise : <strong>SARL Nettoyage Calama</strong>, désinfection à Oued Zenati.<br>Tél : 037 41 73 16<br>Portable : 0798 68 72 71'],
      ['Amel', '<span style="font-size: 150%; line-height: 116%;">SNC Intérim Bouchegouf</span><br>cité Agabi, Guelma<br>Tél : 037 56 95 39<br><em>Devis gratuit sous 48h.</em>'],
      ['Walid', 'Up ! La liste est mise à jour en première page.'],
      ['Karima', '<span style="font-weight: bold">SARL Clean Services Est</span><br>Activité : gardiennage<br>Adresse : cité des 500 logements, Héliopolis<br>Portable : 0691.26.94.82'],
      ['Nadir', 'Bonjour à tous, je travaille chez SARL Multiservices Guelma (Héliopolis), on travaille pour les entreprises.<br>Tél : 037 72 42 18<br>Mail : <a href="mailto:contact@multiservices.dz" class="postlink">contact@multiservices.dz</a><br>Merci pour la liste !'],
    ]);
    expect(read(html)).toEqual([
      { name: 'SARL Nettoyage Calama', phones: ['+21337417316', '+213798687271'], emails: [] },
      { name: 'SNC Intérim Bouchegouf', phones: ['+21337569539'], emails: [] },
      { name: 'SARL Clean Services Est', phones: ['+213691269482'], emails: [] },
      { name: 'SARL Multiservices Guelma', phones: ['+21337724218'], emails: ['contact@multiservices.dz'] },
    ]);
  });
});
