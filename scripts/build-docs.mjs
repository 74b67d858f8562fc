#!/usr/bin/env node
// Builds the self-contained Redoc page of openapi/v1.yaml into generated/docs/index.html.
//   node scripts/build-docs.mjs             always builds
//   node scripts/build-docs.mjs --if-stale  builds only when the spec changed since the last build
// The page is a build artifact (not committed); `npm run build` (and so `npm start`) runs the
// --if-stale form. It asks no other host: Redoc is inlined, the logo of its "API docs by" badge
// (which Redoc loads from cdn.redoc.ly) and the favicon are served from assets/docs/ (see
// src/app.ts), and the build fails if the page still names a remote script, image, style or font.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = resolve(root, 'openapi/v1.yaml');
const out = resolve(root, 'generated/docs/index.html');
const stamp = resolve(root, 'generated/docs/spec.sha256');
// The page changes with the spec and with this script (its rewriting below).
const hash = createHash('sha256').update(readFileSync(spec)).update(readFileSync(fileURLToPath(import.meta.url))).digest('hex');

/** Redoc's remote assets and the local files served in their place. */
const LOCAL_ASSETS = new Map([
  ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', '/docs/assets/redocly.svg'],
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', '/docs/assets/redocly.svg'],
]);
const FAVICON = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

/**
 * Where a page would load something from another host: a quoted remote URL of an image, style,
 * script or font (as Redoc's code names its logo), a src (attribute or a script's `src:`
 * property), a CSS url() or @import, a <link href> (stylesheet, icon, preload). Links a reader
 * follows (<a href="https://...">, no asset extension) are not loads. Every repetition is bounded.
 */
const REMOTE_LOADS = [
  /["'`(](?:https?:)?\/\/[^"'`\s()<>]{1,300}?\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|m?js|woff2?|ttf|otf|eot)(?:[?#][^"'`\s()<>]{0,200})?["'`)]/gi,
  /\bsrc\s*[:=]\s*[`"']?(?:https?:)?\/\/[^`"'\s)]{1,200}/g,
  /url\(\s*["']?(?:https?:)?\/\/[^"')\s]{1,200}/g,
  /@import\s+["'](?:https?:)?\/\/[^"'\s]{1,200}/g,
  /<link\b[^>]{0,500}?\bhref\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]{1,200}/g,
];

/** The page with Redoc's remote assets replaced by local ones and a favicon; throws on any remote load left. */
function selfHosted(html) {
  let page = html;
  for (const [remote, local] of LOCAL_ASSETS) page = page.split(remote).join(local);
  const head = page.indexOf('<head>');
  if (head < 0 || head > 1000) throw new Error('build-docs: the page does not start with a <head> to add the favicon to');
  page = page.slice(0, head) + `<head>${FAVICON}` + page.slice(head + '<head>'.length);
  const remote = REMOTE_LOADS.flatMap((pattern) => page.match(pattern) ?? []);
  if (remote.length > 0) {
    throw new Error(`build-docs: the page loads from another host; serve it from assets/docs/ instead:\n  ${[...new Set(remote)].join('\n  ')}`);
  }
  return page;
}

if (process.argv.includes('--if-stale') && existsSync(out) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
  process.exit(0);
}
const redocly = resolve(root, 'node_modules/.bin/redocly');
if (!existsSync(redocly)) {
  console.error('build-docs: @redocly/cli is not installed (a dev dependency); /docs will answer 503 until `npm run docs` runs.');
  process.exit(process.argv.includes('--if-stale') ? 0 : 1);
}
mkdirSync(dirname(out), { recursive: true });
const result = spawnSync(
  redocly,
  ['build-docs', spec, '--inlineBundle', '--output', out, '--title', 'Prospecting API v1', '--config', resolve(root, 'redocly.yaml')],
  { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(result.status ?? 1);
}
writeFileSync(out, selfHosted(readFileSync(out, 'utf8')));
writeFileSync(stamp, hash);
console.error(`build-docs: wrote ${out}`);
