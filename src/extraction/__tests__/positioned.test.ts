/**
 * Pages converted from PDF (pdftohtml, pdf2htmlEX): every run of text absolutely positioned,
 * labels and values in separate runs, the publisher's running header and footer on every PDF
 * page. Read by readListing without selectors.
 */
import { readListing } from '../extract';
import { parsePage } from '../parse';
import { positionedRecords } from '../positioned';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';

const URL = 'https://cci.test/annuaire/repertoire.html';

type Rec = { name: string; fields: [string, string][] };

/**
 * Records as positioned runs from (x, top) down: the name in `nameClass`, then one line of label
 * and value per field (16 px apart; the value `valueDx` right and `valueDy` lower), `gap` px
 * between records.
 */
function placed(recs: Rec[], o: { x: number; top: number; gap: number; valueDx: number; valueDy: number; nameClass: string }): string {
  let top = o.top;
  let out = '';
  for (const r of recs) {
    out += `<p class="${o.nameClass}" style="top:${top}px;left:${o.x}px">${r.name}</p>`;
    for (const [label, value] of r.fields) {
      top += 16;
      out += `<p class="r" style="top:${top}px;left:${o.x}px">${label} :</p><p class="r" style="top:${top + o.valueDy}px;left:${o.x + o.valueDx}px">${value}</p>`;
    }
    top += o.gap;
  }
  return out;
}

/** pdftohtml's output: inline top/left, one font for all, records set apart by a wider gap. */
function pdftohtml(pages: Rec[][], footer = 'CCI Hodna · Standard 035 55 10 20 · cci@cci-hodna.dz', boldNames = false): string {
  let html = '<html><head><style>.pg{position:relative;height:1100px}.r{position:absolute;white-space:nowrap;font-size:12px}.nm{font-weight:bold}</style></head><body>';
  pages.forEach((recs, p) => {
    html += `<div class="pg" id="page${p + 1}"><p class="r" style="top:30px;left:90px">Union des entreprises du Hodna</p>`;
    html += placed(recs, { x: 60, top: 80, gap: 40, valueDx: 110, valueDy: 1, nameClass: boldNames ? 'r nm' : 'r' });
    html += `<p class="r" style="top:1060px;left:90px">${footer}</p><p class="r" style="top:1060px;left:700px">${p + 1}/${pages.length}</p></div>`;
  });
  return `${html}</body></html>`;
}

const read = (html: string) => readListing(html, URL).companies.map((c) => ({ name: c.name, phones: c.phones, faxes: c.faxes ?? [], emails: c.emails }));

describe('pages converted from PDF', () => {
  const pages: Rec[][] = [
    [
      { name: 'SARL Tuileries du Hodna', fields: [['Adresse', 'Zone industrielle, M’Sila'], ['Tél', '035 54 12 30/31'], ['Fax', '035 54 12 32']] },
      { name: 'EURL Briqueterie Ouanougha', fields: [['Tél/Fax', '035 57 40 18'], ['E-mail', 'briqueterie.ouanougha@gmail.com']] },
    ],
    [
      { name: 'SPA Plâtres Bou Saâda', fields: [['Adresse', 'Bou Saâda'], ['Mobile', '0661 20 30 40']] },
      { name: 'Mobilier Télécom Hodna', fields: [['Tél', '035 58 00 11']] },
      { name: 'Ets Kaci Agrégats', fields: [['Coordonnées', 'non communiquées']] },
    ],
  ];

  test('lines rebuilt from inline positions (label and value on one line), records cut at the wider gaps', () => {
    expect(read(pdftohtml(pages))).toEqual([
      { name: 'SARL Tuileries du Hodna', phones: ['+21335541230', '+21335541231'], faxes: ['+21335541232'], emails: [] },
      { name: 'EURL Briqueterie Ouanougha', phones: ['+21335574018'], faxes: ['+21335574018'], emails: ['briqueterie.ouanougha@gmail.com'] },
      { name: 'SPA Plâtres Bou Saâda', phones: ['+213661203040'], faxes: [], emails: [] },
      { name: 'Mobilier Télécom Hodna', phones: ['+21335580011'], faxes: [], emails: [] },
      { name: 'Ets Kaci Agrégats', phones: [], faxes: [], emails: [] },
    ]);
  });

  test('the running header and the footer with the publisher’s numbers are no entry’s text', () => {
    const found = read(pdftohtml(pages));
    expect(found.flatMap((c) => c.phones)).not.toContain('+21335551020');
    expect(found.flatMap((c) => c.emails)).not.toContain('cci@cci-hodna.dz');
    expect(found.map((c) => c.name)).not.toContain('Union des entreprises du Hodna');
  });

  test('a document of one PDF page: its header and footer are set apart by their gaps, nothing repeats', () => {
    const found = read(pdftohtml([[...pages[0], ...pages[1]]], undefined, true));
    expect(found.map((c) => c.name)).toEqual(['SARL Tuileries du Hodna', 'EURL Briqueterie Ouanougha', 'SPA Plâtres Bou Saâda', 'Mobilier Télécom Hodna', 'Ets Kaci Agrégats']);
    expect(found.flatMap((c) => [...c.phones, ...c.emails])).not.toEqual(expect.arrayContaining(['+21335551020']));
    expect(found.flatMap((c) => c.emails)).not.toContain('cci@cci-hodna.dz');
  });

  test('positions given by classes (pdf2htmlEX: .xN left, .yN bottom), names in a font of their own, no extra gap between records', () => {
    const css = '.t{position:absolute;white-space:pre}.ff1{font-family:ff1}.ff2{font-family:ff2;font-weight:bold}.x1{left:50px}.x2{left:160px}'
      + '.y1{bottom:900px}.y2{bottom:880px}.y3{bottom:860px}.y4{bottom:840px}.y5{bottom:820px}.y6{bottom:800px}.y7{bottom:780px}';
    const run = (x: number, y: number, font: number, text: string) => `<div class="t m0 x${x} y${y} ff${font} fs0">${text}</div>`;
    // Written out of order: the lines are read from the top of the page down (bottom descending).
    const html = `<html><head><style>${css}</style></head><body><div class="pf"><div class="pc">
      ${run(1, 4, 2, 'SARL Emballages Sidi Aïssa')}${run(2, 5, 1, '035 60 11 22')}${run(1, 5, 1, 'Tél.')}${run(1, 6, 1, 'Courriel')}${run(2, 6, 1, 'emballages.sa@yahoo.fr')}
      ${run(1, 1, 2, 'EURL Cartonnerie Chellal')}${run(1, 2, 1, 'Tél.')}${run(2, 2, 1, '0770 11 22 33')}${run(1, 3, 1, 'Fax')}${run(2, 3, 1, '035 60 44 55')}
      ${run(1, 7, 1, 'Activité : papeterie, 12 route de Biskra')}
    </div></div></body></html>`;
    expect(read(html)).toEqual([
      { name: 'EURL Cartonnerie Chellal', phones: ['+213770112233'], faxes: ['+21335604455'], emails: [] },
      { name: 'SARL Emballages Sidi Aïssa', phones: ['+21335601122'], faxes: [], emails: ['emballages.sa@yahoo.fr'] },
    ]);
  });

  test('a page set in two columns: each column read top down, left column first, no record mixed with its neighbour', () => {
    const col = (x: number, recs: Rec[]) => placed(recs, { x, top: 100, gap: 24, valueDx: 90, valueDy: 0, nameClass: 'r nm' });
    const html = `<html><head><style>.r{position:absolute;font-size:11px}.nm{font-weight:bold}</style></head><body><div class="pg">
      <p class="r" style="top:30px;left:300px">Annuaire des adhérents</p>
      ${col(40, [pages[0][0], pages[1][0]])}${col(420, [pages[0][1], { name: 'SARL Gypse du Hodna', fields: [['Tél', '035 56 77 88'], ['Fax', '035 56 77 89']] }])}
    </div></body></html>`;
    expect(read(html)).toEqual([
      { name: 'SARL Tuileries du Hodna', phones: ['+21335541230', '+21335541231'], faxes: ['+21335541232'], emails: [] },
      { name: 'SPA Plâtres Bou Saâda', phones: ['+213661203040'], faxes: [], emails: [] },
      { name: 'EURL Briqueterie Ouanougha', phones: ['+21335574018'], faxes: ['+21335574018'], emails: ['briqueterie.ouanougha@gmail.com'] },
      { name: 'SARL Gypse du Hodna', phones: ['+21335567788'], faxes: ['+21335567789'], emails: [] },
    ]);
  });

  test('a table converted from PDF (a header line of column titles, multi-line cells a line lower): one company per row, each value under its column, the letterhead above the header no entry\'s', () => {
    type Row = { no: string; name: string; manager: string; address: string[]; tel: string[]; fax?: string; mail?: string };
    const cols = { no: 48, name: 80, manager: 300, address: 470, tel: 720, fax: 850, mail: 960 };
    const p = (top: number, left: number, text: string, cls = 'f2') => `<p style="position:absolute;top:${top}px;left:${left}px;white-space:nowrap" class="${cls}">${text}</p>`;
    const page = (rows: Row[], n: number) => {
      let top = 190;
      let out = `<div id="page${n}-div" style="position:relative;width:1200px;height:850px;"><img src="doc00${n}.png" alt="background image"/>`;
      out += p(30, 420, 'ةيفاقثلا نوؤشلا ةيريدم', 'f0') + p(52, 400, 'Direction des transports de la wilaya de Saïda', 'f0') + p(70, 430, 'Bureau des agréments – Tél : 048 41 22 33 – Fax : 048 41 22 34', 'f0');
      out += [['N°', cols.no], ['Établissement', cols.name], ['Gérant', cols.manager], ['Adresse', cols.address], ['Tél.', cols.tel], ['Fax', cols.fax], ['Courriel', cols.mail]].map(([t, x]) => p(160, x as number, `<b>${t}</b>`, 'f1')).join('');
      for (const r of rows) {
        out += p(top, cols.no, r.no) + p(top, cols.name, r.name) + p(top, cols.manager, r.manager) + p(top, cols.address, r.address[0]) + p(top, cols.tel, r.tel[0]);
        if (r.fax) out += p(top, cols.fax, r.fax);
        if (r.mail) out += p(top, cols.mail, `<a href="mailto:${r.mail}">${r.mail}</a>`);
        if (r.address[1]) out += p(top + 15, cols.address, r.address[1]);
        if (r.tel[1]) out += p(top + 15, cols.tel, r.tel[1]);
        top += 40;
      }
      return `${out}${p(820, 560, `Page ${n}/2`, 'f3')}</div>`;
    };
    const html = `<html><head><style>p{margin:0}.f0{font-size:14px}.f1{font-size:12px}.f2{font-size:12px}.f3{font-size:10px}</style></head><body>
      ${page([
        { no: '1', name: 'Auto-école El Feth', manager: 'M. Hadjadj Amine', address: ['Cité 200 logements,', 'bât. B n° 4'], tel: ['048 47 10 20', '0661 48 20 30'], mail: 'elfeth.saida@gmail.com' },
        { no: '2', name: 'Auto-école Ennasr', manager: 'Mme Bouzid Rym', address: ['Rue de la gare'], tel: ['048 47 30 40'], fax: '048 47 30 41' },
        { no: '3', name: 'Auto-école Les Palmiers', manager: 'M. Kerroum Ali', address: ['Centre-ville, Ain El Hadjar'], tel: ['0550 60 70 80', '0770 60 70 81'] },
      ], 1)}
      ${page([
        { no: '4', name: 'Auto-école Sidi Boubekeur', manager: 'M. Saadi Omar', address: ['Route nationale 6,', 'Sidi Boubekeur'], tel: ['048 50 11 12'], mail: 'ae.sidiboubekeur@yahoo.fr' },
        { no: '5', name: 'Auto-école Youb', manager: 'M. Mekki Nabil', address: ['Centre, Youb'], tel: ['0699 12 13 14'], fax: '048 51 22 23' },
      ], 2)}
    </body></html>`;
    expect(read(html)).toEqual([
      { name: 'Auto-école El Feth', phones: ['+21348471020', '+213661482030'], faxes: [], emails: ['elfeth.saida@gmail.com'] },
      { name: 'Auto-école Ennasr', phones: ['+21348473040'], faxes: ['+21348473041'], emails: [] },
      { name: 'Auto-école Les Palmiers', phones: ['+213550607080', '+213770607081'], faxes: [], emails: [] },
      { name: 'Auto-école Sidi Boubekeur', phones: ['+21348501112'], faxes: [], emails: ['ae.sidiboubekeur@yahoo.fr'] },
      { name: 'Auto-école Youb', phones: ['+213699121314'], faxes: ['+21348512223'], emails: [] },
    ]);
  });

  test('an ordinary page with a few positioned elements is not read as a PDF', () => {
    const html = `<html><body><div class="tooltip" style="position:absolute;top:10px;left:10px">Aide</div>
      <div class="badge" style="position:absolute;top:40px;left:10px">Nouveau</div>
      ${Array.from({ length: 6 }, (_, i) => `<div class="pin" style="position:absolute;top:${100 + i * 20}px;left:5px">${i}</div>`).join('')}
      <ul>${Array.from({ length: 4 }, (_, i) => `<li class="fiche"><h3>Entreprise ${i} Travaux</h3><p>Tél : 0550 00 00 1${i}</p><p>Adresse : rue ${i}, une adresse assez longue pour peser dans le texte de la page</p></li>`).join('')}</ul></body></html>`;
    expect(positionedRecords(parsePage(html))).toEqual([]);
    expect(read(html).map((c) => c.name)).toEqual(['Entreprise 0 Travaux', 'Entreprise 1 Travaux', 'Entreprise 2 Travaux', 'Entreprise 3 Travaux']);
  });

  test('a table of many rows under a header line of many columns is read in linear time', () => {
    const head = Array.from({ length: 30 }, (_, k) => `<p style="position:absolute;top:10px;left:${k * 40}px">${k === 1 ? 'Tél' : `C${k}`}</p>`).join('');
    const rows = Array.from({ length: 600 }, (_, r) => Array.from({ length: 30 }, (_, k) => `<p style="position:absolute;top:${30 + r * (r % 3 === 0 ? 20 : 14)}px;left:${k * 40 + (r % 7)}px">${k === 1 ? `0550 ${String(r).padStart(6, '0')}` : `v${r}`}</p>`).join('')).join('');
    const { ms } = cpuMs(() => readListing(`<html><body><div style="position:relative">${head}${rows}</div></body></html>`, URL));
    expectCpuWithin(ms, 5_000);
  });

  test('many runs and a hostile style sheet are read in linear time', () => {
    const css = `.a{${'left:1px;'.repeat(100)}}${'.x{'.repeat(50_000)}${'.y{left:'.repeat(20_000)}`;
    const runs = Array.from({ length: 15_000 }, (_, i) => `<div style="position:absolute;top:${i * 15}px;left:${i % 2 === 0 ? 40 : 140}px">${i % 2 === 0 ? 'Tél :' : `0550 ${String(i).padStart(6, '0')}`}</div>`).join('');
    // CPU time, not the wall clock: a loaded machine (CI, helpers) made a 5 s wall-clock bound fail at 6.3 s.
    const { ms } = cpuMs(() => readListing(`<html><head><style>${css}</style></head><body>${runs}</body></html>`, URL));
    expectCpuWithin(ms, 5_000);
  });
});

describe('pdf2htmlEX: a table row written as one positioned line, its cells apart by gap spans', () => {
  // Columns' left edges (page px) and rows: N° | Entreprise | Adresse | Téléphone | Fax | E-mail; a missing cell leaves a wider gap.
  const cols = [40, 66, 226, 380, 478, 576];
  const header = ['N°', 'Entreprise', 'Adresse', 'Téléphone', 'Fax', 'E-mail'];
  const rows: (string | undefined)[][] = [
    ['1', 'SARL Oasis Fret', 'Cité Nasr, Laghouat', '029 11 20 30', '029 11 20 31', 'oasisfret@example.dz'],
    ['2', 'EURL Ksar Logistique', 'Route de Ghardaïa', '029 44 55 66', undefined, 'ksar@example.dz'],
    ['3', 'SNC Aflou Transit', 'Centre, Aflou', '029 70 80 90', '029 70 80 91', undefined],
    ['4', 'Ets Tadjmout Citernes', 'Zone d’activités', '029 61 62 63', undefined, undefined],
  ];
  /** The page, gap widths written in page px (`unit` 1) or in the line's own units before its 0.25 scale (`unit` 4). */
  function page(unit: number): string {
    const widths: number[] = [];
    const line = (cells: (string | undefined)[], left: number, perChar: number): string => {
      let x = left;
      let out = '';
      cells.forEach((c, i) => {
        if (c === undefined) return;
        if (out) {
          widths.push((cols[i] - x) * unit);
          out += `<span class="_ _${widths.length - 1}"> </span>`;
          x = cols[i];
        }
        out += c;
        x += c.length * perChar;
      });
      return out;
    };
    // Header in fs1 (40 px before the 0.25 scale: 5 px a character), rows in fs0 (36 px: 4.5 px).
    let divs = `<div class="t m0 x0 y0 fs1">Liste des transporteurs de la wilaya</div><div class="t m0 x0 y1 fs1">${line(header, 40, 5)}</div>`;
    rows.forEach((r, i) => {
      divs += `<div class="t m0 x0 y${i * 2 + 2} fs0">${line(r, 40, 4.5)}</div>`;
      divs += `<div class="t m0 x1 y${i * 2 + 3} fs0">Wilaya de Laghouat</div>`;
    });
    // Lines 12 px apart in a row, rows 14 px apart (a little more), the third row 20 px below the second.
    let bottom = 700;
    const ys = Array.from({ length: 12 }, (_, i) => {
      bottom -= i === 0 ? 0 : i === 6 ? 20 : i % 2 === 0 && i > 2 ? 14 : 12;
      return `.y${i}{bottom:${bottom}px;}`;
    }).join('');
    const gaps = widths.map((w, i) => `._${i}{width:${w.toFixed(1)}px;}`).join('');
    return `<!DOCTYPE html><html><head><meta name="generator" content="pdf2htmlEX"/><style>.t{position:absolute;white-space:pre}.m0{transform:matrix(0.250000,0.000000,0.000000,0.250000,0,0);}
      .fs0{font-size:36.000000px;}.fs1{font-size:40.000000px;}.x0{left:40.000000px;}.x1{left:226.000000px;}${ys}${gaps}</style></head>
      <body><div id="page-container"><div class="pf w0 h0"><div class="pc">${divs}</div></div></div></body></html>`;
  }

  test.each([1, 4])("each cell is read under the column whose title starts nearest its estimated place (gap unit %i): a number under 'Fax' is a fax, a lone number under 'Téléphone' a phone", (unit) => {
    const found = readListing(page(unit), URL).companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails]);
    expect(found).toEqual([
      ['SARL Oasis Fret', ['+21329112030'], ['+21329112031'], ['oasisfret@example.dz']],
      ['EURL Ksar Logistique', ['+21329445566'], [], ['ksar@example.dz']],
      ['SNC Aflou Transit', ['+21329708090'], ['+21329708091'], []],
      ['Ets Tadjmout Citernes', ['+21329616263'], [], []],
    ]);
  });
});
