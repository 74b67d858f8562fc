/**
 * Review mends (fifth round, holdout-71's rules): pages of our own making, each showing a misfire
 * of a rule added for holdout-71 (pdftohtml rows, a horizontal rule ending a record, numbered
 * lines as records, a WhatsApp logo as a label, white space between blocks).
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("a blog post's last entry with a textless block inside it", () => {
  const post = (inside: string) => {
    const garage = (name: string, address: string, phone: string, mid = '') => `<h3 class="wp-block-heading">${name}</h3>\n<p>${address}</p>\n${mid}<p>Tél : ${phone}</p>\n`;
    return (
      `<html><body><article><h1>Les garages de Maraval</h1><div class="entry-content">\n<p>Voici notre sélection des garages du quartier.</p>\n` +
      garage('Garage El Amel', 'Rue des Frères Bouadou, Maraval', '0550 11 22 33') +
      garage('Auto Service Benali', 'Cité Djamel, Maraval', '0661 22 33 44') +
      garage('Garage du Rond-Point', 'Rond-point de Maraval', '041 33 44 55') +
      garage('Centre Auto Maraval', 'Boulevard Millénium, Maraval', '0550 88 99 00', inside) +
      `</div></article></body></html>`
    );
  };
  const embedded = {
    ad: `<div class="code-block code-block-2"><script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script><ins class="adsbygoogle" style="display:block" data-ad-client="ca-pub-1"></ins><script>(adsbygoogle = window.adsbygoogle || []).push({});</script></div>\n`,
    figure: `<figure class="wp-block-image"><img src="/wp-content/uploads/garage.jpg" alt=""></figure>\n`,
    spacer: `<div class="wp-block-spacer" aria-hidden="true" style="height:20px"></div>\n`,
    map: `<iframe src="https://www.google.com/maps/embed?pb=1" width="600" height="300"></iframe>\n`,
    empty: `<p><br></p>\n`,
  };
  test.each(Object.entries(embedded))('the last garage keeps its phone after a %s', (_, inside) => {
    expect(read(post(inside), 'https://blog.test/garages-maraval/')['Centre Auto Maraval']).toEqual({ phones: ['+213550889900'], emails: [] });
  });
});
