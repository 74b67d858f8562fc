/**
 * Arabic-first and bilingual sources: a document numbered in Arabic-Indic digits, a record naming
 * itself per language (`nom_ar`, `nom_fr`), a name cell with its translation under it, a roll split
 * over tabs that are pages of their own, a vBulletin 4 topic. Pages of our own making.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';

type Found = { name: string; phones: string[]; emails: string[] };

function read(html: string, url = 'https://annuaire-dz.test/liste'): Found[] {
  return readListing(html, url).companies.map(({ name, phones, emails }) => ({ name, phones, emails }));
}

describe('a document numbered in Arabic-Indic digits', () => {
  const entry = (rank: string, name: string, phone: string) =>
    `<p class="c5" dir="rtl"><span class="c8">${rank}. ${name}</span></p><p class="c2" dir="rtl"><span class="c1">العنوان: حي النصر، البيض</span></p><p class="c2" dir="rtl"><span class="c1">الهاتف: ${phone}</span></p><p class="c2 c4" dir="rtl"><span class="c1"></span></p>`;
  const html = `<html><head><style type="text/css">.c1{font-weight:400;font-size:12pt}.c8{font-weight:700;font-size:13pt}</style></head><body><div class="doc-content">
<p class="c5" dir="rtl"><span class="c8">اتحاد التجار – ولاية البيض</span></p>
<p class="c2" dir="rtl"><span class="c1">نضع بين أيديكم قائمة المخابز المعتمدة. للتصحيح أو الإضافة: الهاتف 049 61 20 30.</span></p>
<p class="c2 c4" dir="rtl"><span class="c1"></span></p>
${entry('١', 'مخبزة الأمل', '0661 22 33 44')}${entry('٢', 'مخبزة النجمة', '049 71 55 66')}${entry('٣', 'Boulangerie El Fadjr', '0770 12 34 56')}${entry('٤', 'مخبزة الوفاء', '0550 98 76 54')}${entry('٥', 'مخبزة الرحمة', '0698 10 20 30')}${entry('٦', 'مخبزة الهدى', '049 72 10 11')}
</div></body></html>`;

  test('the ranks are removed from the names, and the document\'s heading before rank 1 is no entry', () => {
    const names = read(html).map((c) => c.name);
    expect(names).toEqual(['مخبزة الأمل', 'مخبزة النجمة', 'Boulangerie El Fadjr', 'مخبزة الوفاء', 'مخبزة الرحمة', 'مخبزة الهدى']);
  });
});

describe('a record naming itself per language', () => {
  test('nom_ar / nom_fr: the first is the name, its typed numbers and e-mail the contacts', () => {
    const items = [
      { id: 1, nom_ar: 'وكالة الريحان', nom_fr: 'Agence Er-Raihane', telephones: [{ numero: '041 22 33 44', type: 'fixe' }], email: 'contact@raihane.test' },
      { id: 2, nom_ar: 'وكالة السلام', nom_fr: 'Agence Es-Salam', telephones: [{ numero: '0661 55 66 77', type: 'mobile' }], email: null },
      { id: 3, nom_ar: 'مكتب النخيل', nom_fr: 'Bureau En-Nakhil', telephones: [{ numero: '0770 11 22 33', type: 'mobile' }], email: 'nakhil@mail.test' },
    ];
    const html = `<html><body><div id="app"></div><script id="app-data" type="application/json">${JSON.stringify({ props: { agences: items } })}</script></body></html>`;
    const found = read(html);
    expect(found.map((c) => c.name)).toEqual(['وكالة الريحان', 'وكالة السلام', 'مكتب النخيل']);
    expect(found[0].phones).toEqual(['+21341223344']);
    expect(found[0].emails).toEqual(['contact@raihane.test']);
  });
});

describe('a name cell with its translation under it in a small span', () => {
  test('the first line is the name', () => {
    const row = (n: number, ar: string, fr: string, phone: string) =>
      `<tr><td>${n}</td><td>${ar}<br /><span dir="ltr" style="font-size: 10pt;">${fr}</span></td><td>تيارت</td><td>${phone}</td></tr>`;
    const html = `<html><body><table class="table"><thead><tr><th>الرقم</th><th>اسم المؤسسة<br />Raison sociale</th><th>البلدية</th><th>الهاتف<br />Téléphone</th></tr></thead><tbody>
${row(1, 'مؤسسة بلقاسم', 'Ets Belkacem', '046 41 22 33')}${row(2, 'مقاولة النور', 'Entreprise En-Nour', '0661 23 45 67')}${row(3, 'شركة الأمان', 'SARL El Amane', '0770 98 76 54')}
</tbody></table></body></html>`;
    expect(read(html).map((c) => c.name)).toEqual(['مؤسسة بلقاسم', 'مقاولة النور', 'شركة الأمان']);
  });
});

describe('a roll split over tabs that are pages of their own', () => {
  const tabs = (active: number) =>
    `<ul class="nav nav-tabs">${['a', 'b', 'c'].map((t, i) => `<li class="nav-item"><a class="nav-link${i === active ? ' active' : ''}" href="/roll.php?court=${t}">Court ${t.toUpperCase()}</a></li>`).join('')}</ul>`;
  const next = (html: string, url: string) => findNextPage(parse(html), url);

  test('the tab after the active one; the bare URL serves the first tab', () => {
    expect(next(tabs(0), 'https://roll.test/roll.php')).toBe('https://roll.test/roll.php?court=b');
    expect(next(tabs(1), 'https://roll.test/roll.php?court=b')).toBe('https://roll.test/roll.php?court=c');
    expect(next(tabs(2), 'https://roll.test/roll.php?court=c')).toBeUndefined();
  });

  test('not tabs of panels of the page, nor tabs leading to other paths', () => {
    expect(next('<ul class="nav nav-tabs"><li><a class="nav-link active" href="#a">A</a></li><li><a class="nav-link" href="#b">B</a></li></ul>', 'https://roll.test/roll.php')).toBeUndefined();
    expect(next('<ul class="nav nav-tabs"><li><a class="nav-link active" href="/roll.php?court=a">A</a></li><li><a class="nav-link" href="/about.php">About</a></li></ul>', 'https://roll.test/roll.php?court=a')).toBeUndefined();
  });

  test("not tabs of the same list in another language, order or view (a page's versions, its companies read twice)", () => {
    const strip = (key: string, values: string[]) =>
      `<ul class="nav nav-tabs">${values.map((v, i) => `<li class="nav-item"><a class="nav-link${i === 0 ? ' active' : ''}" href="/annuaire.php?${key}=${v}">${v}</a></li>`).join('')}</ul>`;
    expect(next(strip('lang', ['fr', 'ar']), 'https://roll.test/annuaire.php?lang=fr')).toBeUndefined();
    expect(next(strip('lang', ['fr', 'ar']), 'https://roll.test/annuaire.php')).toBeUndefined();
    expect(next(strip('tri', ['nom', 'ville', 'date']), 'https://roll.test/annuaire.php?tri=nom')).toBeUndefined();
    expect(next(strip('view', ['list', 'grid']), 'https://roll.test/annuaire.php')).toBeUndefined();
  });
});

describe('a vBulletin 4 topic', () => {
  /** vBulletin 4's postbit_legacy: `postdetails` holds the author's `userinfo` and the `postbody`. */
  const post = (id: number, author: string, text: string) =>
    `<li class="postbitlegacy postbitim postcontainer old" id="post_${id}"><div class="posthead"><span class="date">01-03-2025</span><a href="showthread.php?t=9&amp;p=${id}#post${id}" class="postcounter">#1</a></div>
<div class="postdetails"><div class="userinfo"><a class="username offline popupctrl" href="member.php?u=${id}"><strong>${author}</strong></a><span class="usertitle">عضو</span></div>
<div class="postbody"><div class="postrow"><div class="content"><div id="post_message_${id}"><blockquote class="postcontent restore ">${text}</blockquote></div></div></div>
<div class="after_content"><blockquote class="signature restore"><div class="signaturecontainer">سبحان الله</div></blockquote></div></div></div>
<div class="postfoot"><a class="newreply" href="newreply.php?p=${id}">رد مع اقتباس</a></div></li>`;
  const html = `<html><body><ol id="posts" class="posts">
${post(11, 'karim_31', 'السلام عليكم، هذه عناويني:<br /><br /><b>ميكانيك الأمل</b><br />العنوان: وسط المدينة<br />الهاتف: 0661 22 33 44<br /><br /><b>Garage Benali</b><br />العنوان: حي النصر<br />Tel: 0770 55 66 77<br />')}
${post(12, 'nadia_o', 'زيدو هادو:<br /><br /><b>قطع غيار النور</b><br />المكان: طريق باتنة<br />Tel: 0550 11 22 33<br /><br /><b>كهرباء السيارات السلام</b><br />المحل: المنطقة الصناعية<br />الهاتف: 033 81 22 44<br />')}
${post(13, 'amine', 'بارك الله فيك، موضوع مفيد.')}
</ol></body></html>`;

  test('the posts\' text is read, each post of two companies split into them', () => {
    const found = read(html, 'https://forum-dz.test/showthread.php?t=9');
    expect(found.map((c) => c.name).sort()).toEqual(['ميكانيك الأمل', 'Garage Benali', 'قطع غيار النور', 'كهرباء السيارات السلام'].sort());
    expect(found.find((c) => c.name === 'Garage Benali')?.phones).toEqual(['+213770556677']);
  });
});

describe('a link-in-bio page (Linktree: its buttons in __NEXT_DATA__)', () => {
  const links = [
    { id: 1, type: 'CLASSIC', title: '📍 مقر الغرفة – الهاتف 049 80 11 22', url: 'tel:049801122' },
    { id: 2, type: 'CLASSIC', title: '✉️ البريد الإلكتروني للغرفة', url: 'mailto:chambre@bechar.test' },
    { id: 3, type: 'HEADER', title: '🚌 النقل الحضري', url: '' },
    { id: 4, type: 'CLASSIC', title: 'Transport Amrani · 049 81 22 33', url: 'tel:049812233' },
    { id: 5, type: 'CLASSIC', title: 'Transport Amrani – amrani@mail.test', url: 'mailto:amrani@mail.test' },
    { id: 6, type: 'CLASSIC', title: 'مؤسسة النقل بلخير · ٠٦٦١ ٢٢ ٣٣ ٤٤', url: 'tel:0661223344' },
    { id: 7, type: 'CLASSIC', title: 'مؤسسة النقل بلخير – واتساب 0770 10 20 30', url: 'https://wa.me/213770102030' },
    { id: 8, type: 'CLASSIC', title: 'Taxi Es-Salam – العبادلة · 0550 44 55 66', url: 'tel:0550445566' },
    { id: 9, type: 'CLASSIC', title: '🌐 موقع الوزارة', url: 'https://ministere.test/' },
  ];
  const html = `<html><body><div id="__next"><h1>غرفة التجارة – بشار</h1></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { account: { pageTitle: 'غرفة التجارة – بشار', links } } } })}</script></body></html>`;

  test('each button\'s link is its contact, its name the text before its contact; headers, web links and the owner\'s own lines are no companies', () => {
    const found = read(html, 'https://linktr.test/chambre.bechar');
    expect(found.map((c) => c.name)).toEqual(['Transport Amrani', 'Transport Amrani', 'مؤسسة النقل بلخير', 'مؤسسة النقل بلخير', 'Taxi Es-Salam – العبادلة']);
    expect(found[0].phones).toEqual(['+21349812233']);
    expect(found[1].emails).toEqual(['amrani@mail.test']);
    expect(found[3].phones).toEqual(['+213770102030']);
  });

  test('a name keeps what follows a separator when it is no contact of its own', () => {
    const html2 = `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { links: [
      { title: 'Transport Amrani – Béchar', url: 'tel:049812233' },
      { title: 'Taxi Es-Salam · 0550 44 55 67', url: 'tel:0550445566' },
    ] } } })}</script></body></html>`;
    expect(read(html2).map((c) => c.name)).toEqual(['Transport Amrani – Béchar', 'Taxi Es-Salam · 0550 44 55 67']);
  });
});
