/**
 * Arabic-first and bilingual sources: a document numbered in Arabic-Indic digits, a record naming
 * itself per language (`nom_ar`, `nom_fr`), a name cell with its translation under it, a roll split
 * over tabs that are pages of their own, a vBulletin 4 topic. Pages of our own making.
 */
import { readListing } from '../extract';

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
