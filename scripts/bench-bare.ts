/**
 * The bare baseline of `npm run bench:search`: node's http and pg, plain SQL, no cache, no
 * key, no contract. It answers the same search URLs as the API with `count(*)` and the page
 * (`order by score_qualite desc, nom_tri, id offset/limit`) under the same filters, so the
 * bench can show what the product adds to, or saves over, the obvious implementation.
 *
 *   tsx scripts/bench-bare.ts <database-url> <port>
 */
import http from 'node:http';
import pg from 'pg';
import { words } from '../src/platform/text';
import { findSecteur } from '../src/search/secteurs';

const [url, portArg] = process.argv.slice(2);
// Named, so that the bench can cancel what is still queued when a scenario's time is up.
const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'bench-bare' });

http
  .createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', 'http://x');
      const where: string[] = [];
      const values: unknown[] = [];
      const bind = (v: unknown) => `$${values.push(v)}`;
      for (const w of words(u.searchParams.get('query') ?? '')) where.push(`search_text like ${bind(`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      const wilayas = u.searchParams.getAll('wilayas').map(Number);
      if (wilayas.length) where.push(`wilaya_code = any(${bind(wilayas)}::smallint[])`);
      const secteurs = u.searchParams.getAll('secteurs').map((s) => findSecteur(s)?.id ?? s);
      if (secteurs.length) where.push(`secteur_id = any(${bind(secteurs)}::text[])`);
      const min = Number(u.searchParams.get('score_min') ?? 0);
      if (min > 0) where.push(`score_qualite >= ${bind(min)}`);
      const clause = where.length ? `where ${where.join(' and ')}` : '';
      const perPage = Number(u.searchParams.get('per_page') ?? 20);
      const page = Number(u.searchParams.get('page') ?? 1);
      const [count, rows] = await Promise.all([
        pool.query(`select count(*)::int as n from companies ${clause}`, values),
        pool.query(
          `select id, nom, wilaya_code, secteur_id, activite, email, telephone, score_qualite from companies ${clause}
            order by score_qualite desc, nom_tri, id offset ${(page - 1) * perPage} limit ${perPage}`,
          values,
        ),
      ]);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ total: count.rows[0].n, page, items: rows.rows }));
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  })
  .listen(Number(portArg), '127.0.0.1', () => process.stdout.write('ready\n'));
