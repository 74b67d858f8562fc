/**
 * The "parse once" stage: a page becomes one tree, listed by tag, and an entry's subtree is
 * walked once into the parts its fields are read from.
 */
import { blockText, contactAttr, itemParts, MAX_DEPTH, parsePage } from '../parse';

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

  test('text: blocks on lines of their own, entities decoded, inline elements apart by a space', () => {
    expect(blockText(card)).toBe('SARL Numidia & Fils\nBTP\nTél : 021 23 45 67\nFax : 021 23 45 68\nE-mail Appeler Ouvert');
  });
});

describe('icon fonts as labels', () => {
  const text = (html: string) => blockText(parsePage(`<div>${html}</div>`).byTag('DIV')[0]);

  test('a fax, phone or envelope icon reads as its label before what follows it', () => {
    expect(text('<ul><li><i class="fa fa-fax" aria-hidden="true"></i> 036-39-88-61</li><li><i class="fa fa-mobile"></i> 0781-58-07-82</li></ul>')).toBe('Fax : 036-39-88-61\nTél : 0781-58-07-82');
    expect(text('<p><span class="bi bi-telephone-fill"></span>021 23 45 67 <svg class="icon icon-fax"><use href="#fax"></use></svg>021 23 45 68 <i class="far fa-envelope-o"></i> a@b.dz</p>')).toBe('Tél : 021 23 45 67 Fax : 021 23 45 68 E-mail : a@b.dz');
  });

  test('elements with text, other icons and empty non-icon spans are left as they are', () => {
    expect(text('<p><i class="fa fa-map-marker"></i> 12, rue X <span class="hidden-phone"></span><i class="phone">021 23 45 67</i></p>')).toBe('12, rue X 021 23 45 67');
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
    expect(['data-num', 'data-num-2', 'data-num-3', 'data-contact', 'data-numero-2'].map(contactAttr)).toEqual(['data-contact', 'data-contact', 'data-contact', 'data-contact', 'data-contact']);
    expect(['data-fiche', 'data-num-page', 'data-contact-form', 'data-entreprise'].map(contactAttr)).toEqual([undefined, undefined, undefined, undefined]);
    expect(['data-tel2', 'data-contact-email', 'data-fax'].map(contactAttr)).toEqual(['data-phone', 'data-email', 'data-fax']);
  });
});
