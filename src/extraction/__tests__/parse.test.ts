/**
 * The "parse once" stage: a page becomes one tree, listed by tag, and an entry's subtree is
 * walked once into the parts its fields are read from.
 */
import { parse } from 'node-html-parser';
import { blockText, contactAttr, itemParts, MAX_DEPTH, parsePage } from '../parse';
import { isInlineBold } from '../labels';
import { readListing } from '../extract';
import { scriptEmails } from '../cloak';

describe('parsePage', () => {
  test('elements listed by tag in document order; scripts kept as raw text', () => {
    const page = parsePage('<html><head><script>var a = "<div>";</script></head><body><div id="a"><p>x</p></div><div id="b"></div></body></html>');
    expect(page.byTag('DIV').map((d) => d.id)).toEqual(['a', 'b']);
    expect(page.byTag('SCRIPT')[0].rawText).toBe('var a = "<div>";');
    expect(page.byTag('TABLE')).toEqual([]);
  });

  test(`a page nested 40,000 deep is capped at ${MAX_DEPTH} levels, its text kept in order`, () => {
    const page = parsePage(`<body>${'<div>'.repeat(40_000)}fin${'</div>'.repeat(40_000)}</body>`);
    let depth = 0;
    for (let el = page.byTag('DIV').at(-1) ?? null; el; el = el.parentNode) depth++;
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH + 2);
    expect(page.byTag('DIV')).toHaveLength(40_000);
    expect(page.root.text).toBe('fin');
  });
});

describe('bold set by the page\'s stylesheet', () => {
  test("a span made bold by a class of the page's <style> ('.k2{font-weight:700}', Google Sites and Docs) is bold, the last rule of its classes winning", () => {
    const page = parsePage(`<html><head><style>.w4{font-weight:400}.k2{color:#222;font-weight:700}@media (min-width:600px){.zz{font-weight:bold}}.nav a{font-weight:700}.x9,.y8{font-weight:600}</style></head><body>
      <p><span id="a" class="w4 k2">Ferme Laitière</span> <span id="b" class="w4">Élevage</span> <span id="c" class="zz">Tolga</span> <span id="d" class="y8">X</span>
      <span id="e" class="k2 w4">Y</span> <div id="f" class="k2">Z</div> <a id="g" class="nav">Accueil</a></p></body></html>`);
    const bold = (id: string) => isInlineBold(page.root.querySelector(`#${id}`)!);
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(bold)).toEqual([true, false, true, true, true, false, false]);
  });
});

describe('itemParts and blockText', () => {
  const card = parsePage(`<div class="card" data-phone="0550 12 34 56">
      <h3 class="title"><a href="/e/1">SARL Numidia &amp; Fils</a></h3>
      <p class="categorie">BTP</p><p>Tél<b>:</b>021 23 45 67<br>Fax : 021 23 45 68</p>
      <span data-email="contact@numidia.dz">E-mail</span> <a href="tel:+213661223344">Appeler</a> <strong>Ouvert</strong>
    </div>`).byTag('DIV')[0];

  test('one walk gives the links, data-* contacts, heading, name, bold and activity elements', () => {
    const parts = itemParts(card);
    expect(parts.anchors.map((a) => a.getAttribute('href'))).toEqual(['/e/1', 'tel:+213661223344']);
    expect(Object.fromEntries(parts.data)).toEqual({ 'data-phone': ['0550 12 34 56'], 'data-email': ['contact@numidia.dz'] });
    expect(parts.heading?.tagName).toBe('H3');
    expect(parts.named?.tagName).toBe('H3');
    expect(parts.bold?.text).toBe(':');
    expect(parts.activity?.text).toBe('BTP');
    expect(parts.raw).toContain('data-email="contact@numidia.dz"');
  });

  test('text: blocks on lines of their own, entities decoded, inline elements apart by a space; a tel: link showing a word ends its line', () => {
    // ('Appeler' names its own number: it labels nothing written after it on the line.)
    expect(blockText(card)).toBe('SARL Numidia & Fils\nBTP\nTél : 021 23 45 67\nFax : 021 23 45 68\nE-mail Appeler\nOuvert');
  });
});

describe('icon fonts as labels', () => {
  const text = (html: string) => blockText(parsePage(`<div>${html}</div>`).byTag('DIV')[0]);
  const parts = (html: string) => itemParts(parsePage(`<div>${html}</div>`).byTag('DIV')[0]);

  test('a fax, phone or envelope icon reads as its label before what follows it', () => {
    expect(text('<ul><li><i class="fa fa-fax" aria-hidden="true"></i> 036-39-88-61</li><li><i class="fa fa-mobile"></i> 0781-58-07-82</li></ul>')).toBe('Fax : 036-39-88-61\nTél : 0781-58-07-82');
    expect(text('<p><span class="bi bi-telephone-fill"></span>021 23 45 67 <svg class="icon icon-fax"><use href="#fax"></use></svg>021 23 45 68 <i class="far fa-envelope-o"></i> a@b.dz</p>')).toBe('Tél : 021 23 45 67 Fax : 021 23 45 68 E-mail : a@b.dz');
  });

  test("a phone icon hidden when printing (Bootstrap's d-print-none, hidden-print) stays a phone icon, not a printer", () => {
    expect(text('<p><i class="fa fa-phone d-print-none"></i> 0550 12 34 56</p><p><span class="glyphicon glyphicon-earphone hidden-print"></span> 021 23 45 67</p>')).toBe('Tél : 0550 12 34 56\nTél : 021 23 45 67');
  });

  test('a printer icon before a number (how contact lines draw a fax) reads as a fax label', () => {
    expect(text('<p class="ligne"><span class="icon"><i class="fa-solid fa-print"></i></span> 038 71 22 09</p><p><i class="bi bi-printer-fill"></i>038.71.22.10</p>')).toBe('Fax : 038 71 22 09\nFax : 038.71.22.10');
  });

  test("an icon font's glyph written as its code point or ligature (Material Icons, Font Awesome) reads as its label; a printer is a fax", () => {
    expect(text('<ul><li><i class="material-icons">&#xE0B0;</i>031 40 22 11</li><li><i class="material-icons">&#xE8AD;</i>031 40 22 12</li><li><i class="material-icons">&#xE0BE;</i>a@b.dz</li></ul>')).toBe('Tél : 031 40 22 11\nFax : 031 40 22 12\nE-mail : a@b.dz');
    expect(text('<p><span class="material-symbols-outlined">local_printshop</span> 031 40 22 13 <span class="material-icons-outlined">call</span> 031 40 22 14 <i class="fa">&#xf1ac;</i> 031 40 22 15 <i class="fa">&#xf095;</i> 031 40 22 16</p>')).toBe('Fax : 031 40 22 13 Tél : 031 40 22 14 Fax : 031 40 22 15 Tél : 031 40 22 16');
  });

  test("an SVG sprite's icon names its label by the symbol it uses (href, xlink:href)", () => {
    expect(text('<p><svg class="ico" aria-hidden="true"><use xlink:href="/img/sprite.svg#icon-printer"></use></svg> 031 40 22 17<br><svg><use href="#ico-phone"></use></svg> 031 40 22 18</p>')).toBe('Fax : 031 40 22 17\nTél : 031 40 22 18');
  });

  test('a material icon of another meaning, or a glyph of no icon set, is left as it is', () => {
    expect(text('<p><i class="material-icons">place</i> 12, rue X <i class="material-icons">&#xE55F;</i> Y <b>&#xE8AD;</b> Z</p>')).toBe('place 12, rue X \ue55f Y \ue8ad Z');
  });

  test('elements with text, other icons and empty non-icon spans are left as they are', () => {
    expect(text('<p><i class="fa fa-map-marker"></i> 12, rue X <span class="hidden-phone"></span><i class="phone">021 23 45 67</i></p>')).toBe('12, rue X 021 23 45 67');
  });

  test('an image or an empty icon described by its alt, title or aria-label reads as that label; a logo does not', () => {
    expect(text('<p><img src="/p/fax.gif" alt="Fax"> 036 39 88 61<br><i title="Téléphone"></i> 036 11 08 61<br><span aria-label="E-mail" role="img"></span> a@b.dz</p>')).toBe('Fax : 036 39 88 61\nTél : 036 11 08 61\nE-mail : a@b.dz');
    expect(text('<p><img src="/logo.png" alt="Annuaire Fax Services"> <i title="Fax">F</i> 036 39 88 61</p>')).toBe('F 036 39 88 61');
  });

  test('a number or an e-mail shown as a picture reads as the text its alt or title gives, after the label its alt names', () => {
    expect(text('<p>Mob : <img src="/tel_img.php?k=a" alt="0770 23 57 90"> &nbsp; Fax : <img src="/tel_img.php?k=b" alt="034.59.78.23"></p>')).toBe('Mob : 0770 23 57 90 Fax : 034.59.78.23');
    expect(text('<p><img src="/tel_img.php?k=c" alt="Mobile" title="0776983909"><br><img src="/ico_mail.gif" alt="E-mail" title="contact@x-sarl.dz"><br><i title="+213 (0) 34 55 56 48"></i></p>')).toBe('Tél : 0776983909\nE-mail : contact@x-sarl.dz\n+213 (0) 34 55 56 48');
  });

  test('a picture whose alt or title is anything else than a number or an e-mail (a year, a caption, a reference) is not read as one', () => {
    expect(text('<p><img src="/logo.png" alt="2009"> <img src="/p.jpg" alt="Photo 12"> <img src="/b.png" title="Depuis 1998 - 25 ans"> X</p>')).toBe('X');
  });

  test('bold written as an inline style is bold', () => {
    expect(parts('<span style="color:red">Adresse</span> <span style="font-weight: 700">SARL X</span>').bold?.text).toBe('SARL X');
    expect(parts('<font STYLE="FONT-WEIGHT:BOLD">Y</font>').bold?.text).toBe('Y');
    expect(parts('<span style="font-weight:400">Z</span>').bold).toBeUndefined();
  });
});

describe('labelled name fields', () => {
  const parts = (html: string) => itemParts(parsePage(`<div>${html}</div>`).byTag('DIV')[0]);

  test('the value after a name label (dt, th, label) is the labelled name; other labels give none', () => {
    expect(parts('<dl><dt>Adresse</dt><dd>1, rue X</dd><dt>Raison sociale :</dt><dd>SARL X</dd></dl>').labelledName?.text).toBe('SARL X');
    expect(parts('<table><tr><th>Nom de l’entreprise</th><td>EURL Y</td></tr></table>').labelledName?.text).toBe('EURL Y');
    expect(parts('<dl><dt>Nom du gérant</dt><dd>M. Z</dd></dl>').labelledName).toBeUndefined();
  });

  test('a name label followed by another label (a header row) gives no name', () => {
    expect(parts('<table><tr><th>Nom</th><th>Tél</th></tr><tr><td>Fiche 1</td><td>043 68 67 81</td></tr></table>').labelledName).toBeUndefined();
  });
});

describe('contactAttr', () => {
  test('vaguely named attributes (data-num, data-num-2, data-contact) hold a contact told by its value; others do not', () => {
    expect(['data-num', 'data-num-2', 'data-num-3', 'data-contact', 'data-numero-2'].map((a) => contactAttr(a))).toEqual(['data-contact', 'data-contact', 'data-contact', 'data-contact', 'data-contact']);
    expect(['data-fiche', 'data-num-page', 'data-contact-form', 'data-entreprise'].map((a) => contactAttr(a))).toEqual([undefined, undefined, undefined, undefined]);
    expect(['data-tel2', 'data-contact-email', 'data-fax'].map((a) => contactAttr(a))).toEqual(['data-phone', 'data-email', 'data-fax']);
  });

  test('ranked or qualified numbers (data-numero-alt, data-num_1, data-second-number) hold a contact; faxes told by the name', () => {
    expect(['data-numero-alt', 'data-numero-bis', 'data-num_1', 'data-contact-autre', 'data-second-number'].map((a) => contactAttr(a))).toEqual(Array(5).fill('data-contact'));
    expect(['data-numero-fax', 'data-fax_1', 'data-telecopie-2', 'data-telephone-secondaire', 'data-numero-mobile'].map((a) => contactAttr(a))).toEqual(['data-fax', 'data-fax', 'data-fax', 'data-phone', 'data-phone']);
    expect(['data-contact-id', 'data-number-format', 'data-num-items'].map((a) => contactAttr(a))).toEqual([undefined, undefined, undefined]);
  });

  test("Stimulus values and action params hold a contact by their name after the declared controller's identifier", () => {
    // Stimulus reads data-<identifier>-<name>-value on the element that declares the controller
    // (data-controller, identifiers separated by spaces, '--' for a folder) and an action's
    // data-<identifier>-<name>-param on an element under it; the name is what is left.
    const page = parse(`<article data-controller="reveal admin--reveal" data-reveal-number-value="x"><button data-action="reveal#show"></button>
      <div data-controller="cart"><button data-action="cart#add"></button></div><div data-controller="order"><button></button></div></article><p><span></span></p>`);
    const [card, reveal, shop, cart, order, loose] = ['article', 'article > button', 'div[data-controller=cart]', 'div[data-controller=cart] button', 'div[data-controller=order] button', 'span'].map((s) => page.querySelector(s)!);
    expect(['data-reveal-number-value', 'data-reveal-contact-value'].map((a) => contactAttr(a, card))).toEqual(['data-contact', 'data-contact']);
    expect(['data-reveal-number-param', 'data-admin--reveal-numero-param', 'data-reveal-num-param'].map((a) => contactAttr(a, reveal))).toEqual(Array(3).fill('data-contact'));
    // A value is read on the controller's own element only; a name of several words is no contact word alone.
    expect(['data-reveal-number-value', 'data-reveal-listing-id-value', 'data-reveal-target', 'data-reveal-url-value'].map((a) => contactAttr(a, reveal))).toEqual(Array(4).fill(undefined));
    expect(['data-cart-order-number-value', 'data-cart-number-format-value'].map((a) => contactAttr(a, shop))).toEqual([undefined, undefined]);
    expect(['data-cart-invoice-number-param', 'data-page-number-param', 'data-rc-number-param'].map((a) => contactAttr(a, cart))).toEqual(Array(3).fill(undefined));
    // A controller named for a numbered thing that is no contact (an order, an invoice, a page): its 'number' is that thing's.
    expect(contactAttr('data-order-number-param', order)).toBeUndefined();
    // A param is read for a controller declared on the element or above it.
    expect(contactAttr('data-reveal-number-param', cart)).toBe('data-contact');
    // No controller declared: nothing Stimulus reads, and no contact by this rule.
    expect(['data-reveal-number-param', 'data-order-number-value', 'data-page-number-value'].map((a) => contactAttr(a, loose))).toEqual(Array(3).fill(undefined));
    expect(contactAttr('data-reveal-number-param')).toBeUndefined();
    // Contact words anywhere in the name keep their meaning, as for any data attribute.
    expect(['data-reveal-phone-param', 'data-toggle-fax-value', 'data-clipboard-email-param'].map((a) => contactAttr(a))).toEqual(['data-phone', 'data-fax', 'data-email']);
  });
});

describe('cloaked e-mails', () => {
  test("Joomla's cloaking script (string concatenation with entities) is read as data and its address put where it stands", () => {
    const script = String.raw`<script type='text/javascript'>
 document.getElementById('cloak41').innerHTML = '';
 var prefix = '&#109;a' + 'i&#108;' + '&#116;o';
 var addy41 = 'c&#111;ntact' + '&#64;';
 addy41 = addy41 + 'exa&#109;ple-dz' + '&#46;' + 'com';
 document.getElementById('cloak41').innerHTML += '<a href=\'' + prefix + ':' + addy41 + '\'>'+addy41+'<\/a>';
</script>`;
    const page = parsePage(`<ul><li>E-mail : <span id="cloak41">protégée</span>${script}</li></ul>`);
    expect(blockText(page.byTag('LI')[0])).toContain('contact@example-dz.com');
  });

  test("a script that is not a plain concatenation (a call, an unknown variable) reveals nothing; Joomla 4's hidden-mail is decoded", () => {
    expect(scriptEmails("var a = f() + 'info' + '&#64;x.dz'; document.write(a);")).toEqual([]);
    expect(scriptEmails("var a = 'info' + '&#64;'; a = a + host + '.dz'; document.write(a);")).toEqual([]);
    expect(scriptEmails("var a = 'in\\x66o' + '&#64;'; a += 'x' + '&#46;dz'; el.innerHTML = a;")).toEqual(['info@x.dz']);
    const page = parsePage(`<p><joomla-hidden-mail is-email="1" first="aW5mbw==" last="c2l0ZS5keg==">protégée</joomla-hidden-mail></p>`);
    expect(blockText(page.byTag('P')[0])).toContain('info@site.dz');
  });

  test('an address written out by hand as a document.write / writeln concatenation is revealed where the script stands; a call of anything else is not read', () => {
    const script = `<script>document.write('<a href="mailto:' + 'cabinet.ait' + '@' + 'avocat-dz.com' + '">' + 'cabinet.ait' + '@' + 'avocat-dz.com' + '</a>');</script><noscript>(activez JavaScript)</noscript>`;
    const page = parsePage(`<ul><li>E-mail : ${script}</li></ul>`);
    expect(blockText(page.byTag('LI')[0])).toContain('cabinet.ait@avocat-dz.com');
    expect(scriptEmails('document.writeln("<a href=\\"mailto:" + "me.kaci" + "&#64;" + "notaires.dz" + "\\">écrire</a>");')).toEqual(['me.kaci@notaires.dz']);
    expect(scriptEmails("alert('me.kaci' + '@' + 'notaires.dz');")).toEqual([]);
    expect(scriptEmails("document.write('me.kaci' + '@' + host);")).toEqual([]);
  });
});

describe('markup typed by hand before HTML5 (tags left open, misnested)', () => {
  // Upper-case HTML 3.2: <HEAD> and <BODY> never closed, <LI> / <P> / <TD> / <FONT> left open, <B><I>…</B></I>.
  const page = `<HTML><HEAD><TITLE>Plombiers de Mila</TITLE>
<BODY BGCOLOR=#FFFFFF>
<TABLE WIDTH=700><TR><TD WIDTH=150><FONT SIZE=2><A HREF=index.php><FONT COLOR=blue>Accueil</A><BR>
<A HREF=liens.php><FONT COLOR=blue>Liens</A><BR></FONT>
<TD><H3><FONT COLOR=green>Les plombiers</H4></FONT>
<FONT FACE=Verdana SIZE=2>Notre liste.
<P>
<UL>
<LI><B><I>Plomberie Rhumel</B></I> (chauffage)<BR>
Tel : 031 45 12 12
<P>
<LI><FONT COLOR=red><B>Sanitaire Ferdjioua</FONT></B><BR>
Tel 0551 20 30 41
<P>
<!-- <LI><B>Ancien Plombier</B><BR>Tel 031 99 99 99 -->
<LI><U><B>Chauffage Tadjenanet</U><BR>
Tel 031 47 80 80 ou 0662 11 22 33
<P>
</UL>
<CENTER>Page 1</CENTER>`;

  test('is built as a browser builds it: each <LI> an item of its list, each cell of its row, the head closed by the body', () => {
    const parsed = parsePage(page);
    expect(parsed.byTag('BODY')).toHaveLength(1);
    expect(parsed.byTag('HEAD')[0].text.trim()).toBe('Plombiers de Mila');
    const items = parsed.byTag('LI');
    expect(items).toHaveLength(3);
    expect(items.every((li) => li.parentNode?.tagName === 'UL')).toBe(true);
    expect(items.map((li) => li.text.replace(/\s+/g, ' ').trim())).toEqual([
      'Plomberie Rhumel (chauffage) Tel : 031 45 12 12',
      'Sanitaire Ferdjioua Tel 0551 20 30 41',
      'Chauffage Tadjenanet Tel 031 47 80 80 ou 0662 11 22 33',
    ]);
    expect(parsed.byTag('TD').map((td) => td.parentNode?.tagName)).toEqual(['TR', 'TR']);
    expect(parsed.byTag('H3')[0].text).toBe('Les plombiers');
    expect(parsed.root.text).not.toContain('Ancien Plombier');
  });

  test('a page whose tags close is parsed as it is', () => {
    const html = '<html><head><title>x</title></head><body><ul><li><b>A</b> 1</li><li>B</li></ul></body></html>';
    expect(parsePage(html).root.toString()).toBe(parse(html).toString());
  });
});

describe('declarative shadow roots', () => {
  const card = (name: string, phone: string, slug: string) =>
    `<member-card><template shadowrootmode="open"><h3 part="title">${name}</h3><p>Biskra</p><ul><li><span>Tél.</span> <a href="tel:${phone}">${phone}</a></li></ul><slot name="actions"></slot></template><a slot="actions" href="/m/${slug}">Fiche</a></member-card>`;
  const page =
    '<html><body><site-shell><template shadowrootmode="open"><header>Annuaire X — Tél. 033 11 22 33</header><main><h1>Membres</h1><div class="grid"><slot></slot></div><nav><slot name="pager"></slot></nav></main><footer>contact@annuaire-x.dz</footer></template>' +
    card('SARL Alpha', '033 74 10 20', 'alpha') +
    card('SARL Beta', '033 74 10 21', 'beta') +
    card('EURL Gamma', '033 74 10 22', 'gamma') +
    '<a slot="pager" rel="next" href="?page=2">Suivant</a><p slot="nowhere">never shown</p></site-shell></body></html>';

  test("a shadow host's content is its shadow root's, each light child written in the slot that names it", () => {
    const { root } = parsePage(page);
    expect(root.querySelectorAll('template')).toHaveLength(0);
    const first = root.querySelector('member-card')!;
    expect(first.querySelector('h3')!.text).toBe('SARL Alpha');
    expect(first.querySelector('slot[name="actions"] a')!.getAttribute('href')).toBe('/m/alpha');
    // The shell's own header and footer are its chrome; the cards sit in its default slot, the pager link in its named one.
    expect(root.querySelector('site-shell > header')).not.toBeNull();
    expect(root.querySelector('div.grid > slot > member-card')).not.toBeNull();
    expect(root.querySelector('nav > slot > a[rel="next"]')).not.toBeNull();
    // A light child no slot takes is not rendered.
    expect(root.text).not.toContain('never shown');
  });

  test("an older `shadowroot` attribute attaches the same way, and a slot nothing fills shows its own content", () => {
    const html = '<body><x-card><template shadowroot="open"><b>SARL Delta</b> <slot name="tel">pas de numéro</slot></template></x-card></body>';
    const card = parsePage(html).root.querySelector('x-card')!;
    expect(card.querySelector('template')).toBeNull();
    expect(card.text.trim()).toBe('SARL Delta pas de numéro');
  });

  test('cards whose content is only in their shadow roots are read as entries, the shell header and footer as the directory', () => {
    const listing = readListing(page, 'https://annuaire-x.test/membres');
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Alpha', ['+21333741020']],
      ['SARL Beta', ['+21333741021']],
      ['EURL Gamma', ['+21333741022']],
    ]);
    expect(listing.next).toBe('https://annuaire-x.test/membres?page=2');
  });
});
