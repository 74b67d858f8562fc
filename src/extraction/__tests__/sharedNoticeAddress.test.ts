/**
 * Notices naming listed companies, each giving one address (holdout-34): no company.
 * Invented markup of the same general shape as the site that showed it.
 */
import { readListing } from '../extract';

describe('notices naming listed companies, each giving the same address', () => {
  test("a block of job offers that all give the site's application address adds no company", () => {
    const post = (slug: string, name: string, line: string) => `<article class="post-card"><h2 class="post-title"><a href="/repertoire/${slug}">${name}</a></h2><p class="excerpt">${line}</p></article>`;
    const html = `<html><body><main><div class="posts">
      ${post('studio-a', 'Studio Azur', 'Oran. Tél. 041 22 33 44')}${post('imprimerie-b', 'Imprimerie Bahia', 'Oran. Tél. 041 22 33 55 — bahia@imprimerie.test')}${post('agence-c', 'Agence Canastel', 'Bir El Djir. Tél. 041 22 33 66')}
      </div></main><section class="jobs"><h2>Offres de stage</h2><div class="notice-list">
      <div class="notice"><div class="notice-title"><a href="/stages/redacteur">Rédacteur web — Studio Azur</a></div><p>Postulez : stages@repertoire-oran.test</p></div>
      <div class="notice"><div class="notice-title"><a href="/stages/maquettiste">Maquettiste — Imprimerie Bahia</a></div><p>Candidature : stages@repertoire-oran.test</p></div>
      </div></section></body></html>`;
    const names = readListing(html, 'https://repertoire-oran.test/repertoire').companies.map((c) => c.name);
    expect(names).toEqual(['Studio Azur', 'Imprimerie Bahia', 'Agence Canastel']);
  });
});
