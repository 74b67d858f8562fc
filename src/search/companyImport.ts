import fs from 'node:fs';
import readline from 'node:readline';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Knex } from 'knex';
import { normalizeEmail, normalizePhone } from '../platform/contacts';
import { unescapeFormula } from '../platform/spreadsheet';
import { controlCharacterMessage, findControlCharacter, normalizeCompanyName } from '../platform/text';
import { findSecteur } from './secteurs';
import { effectiveWilaya, findWilaya } from './wilayas';
import { naturalKey, upsertCompanies, type CompanyInput, type CompanySource } from './companyRepository';

/** The columns of an import file (CSV header or JSON Lines keys); also the columns of a list export. */
export const IMPORT_COLUMNS = ['nom', 'wilaya', 'secteur', 'activite', 'email', 'telephone', 'score_qualite'] as const;

export interface ImportResult {
  imported: number;
  updated: number;
  rejected: { line: number; reason: string }[];
}

/** A score when the file gives none: how complete the record is. */
export function completenessScore(c: Pick<CompanyInput, 'email' | 'telephone' | 'activite' | 'secteur_id'>): number {
  return 30 + (c.email ? 25 : 0) + (c.telephone ? 25 : 0) + (c.activite ? 10 : 0) + (c.secteur_id ? 10 : 0);
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

/** Validates and normalises one imported record; the reason names the column at fault. */
export function parseCompanyRecord(
  record: Record<string, unknown>,
  source: CompanySource = 'import',
): { company: CompanyInput } | { reason: string } {
  // The API's rule for text (see findControlCharacter): a line with such a character is rejected whole.
  for (const column of IMPORT_COLUMNS) {
    const value = record[column];
    const found = typeof value === 'string' ? findControlCharacter(value) : undefined;
    if (found) return { reason: `${column}: ${controlCharacterMessage(found)}` };
  }
  const nom = text(record.nom);
  if (nom === '') return { reason: 'nom: required' };
  if (nom.length > 300) return { reason: 'nom: longer than 300 characters' };
  // The name is the company's key (with its wilaya): one without a letter or a digit has none.
  if (normalizeCompanyName(nom) === '') return { reason: `nom: has no letter or digit ("${nom}"), so it cannot identify a company` };
  const wilayaText = text(record.wilaya);
  if (wilayaText === '') return { reason: 'wilaya: required' };
  const wilaya = findWilaya(wilayaText);
  if (!wilaya) return { reason: `wilaya: unknown wilaya "${wilayaText}"` };
  let secteur_id: string | null = null;
  const secteurText = text(record.secteur);
  if (secteurText !== '') {
    const secteur = findSecteur(secteurText);
    if (!secteur) return { reason: `secteur: unknown sector "${secteurText}"` };
    secteur_id = secteur.id;
  }
  const activiteText = text(record.activite);
  if (activiteText.length > 500) return { reason: 'activite: longer than 500 characters' };
  let email: string | null = null;
  const emailText = text(record.email);
  if (emailText !== '') {
    email = normalizeEmail(emailText) ?? null;
    if (!email) return { reason: `email: not a valid e-mail address "${emailText}"` };
  }
  let telephone: string | null = null;
  const phoneText = text(record.telephone);
  if (phoneText !== '') {
    telephone = normalizePhone(phoneText) ?? null;
    if (!telephone) return { reason: `telephone: not a valid phone number "${phoneText}"` };
  }
  const company: CompanyInput = {
    nom,
    wilaya_code: effectiveWilaya(wilaya).code,
    secteur_id,
    activite: activiteText === '' ? null : activiteText,
    email,
    telephone,
    score_qualite: 0,
    source,
    source_url: null,
  };
  const scoreText = text(record.score_qualite);
  if (scoreText === '') {
    company.score_qualite = completenessScore(company);
  } else {
    const score = Number(scoreText);
    if (!/^\d+$/.test(scoreText) || score > 100) return { reason: `score_qualite: must be a whole number from 0 to 100 (got "${scoreText}")` };
    company.score_qualite = score;
  }
  return { company };
}

/** A database error about the row itself (SQLSTATE class 22, data exception, or 23, integrity constraint), not the connection. */
function refusedRow(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** The reason given for a row the database refused: never its message, which quotes SQL. */
export const REFUSED_ROW = 'the database refused the row (nothing of it was stored)';

/**
 * Writes companies in batches; a natural key seen twice in a batch starts a new batch. When
 * the database refuses a batch because of a row (a constraint, a value it cannot store), the
 * batch is written again one row at a time: the rows it refuses are rejected with their line
 * number, the others are written. Any other failure (the connection) ends the import.
 */
export class CompanyWriter {
  private batch: { company: CompanyInput; line?: number }[] = [];
  private keys = new Set<string>();
  readonly result: ImportResult = { imported: 0, updated: 0, rejected: [] };

  constructor(
    private readonly db: Knex,
    private readonly batchSize = 1000,
  ) {}

  /** Queues a company; `line` is where it came from, to reject it by if the database refuses it. */
  async add(company: CompanyInput, line?: number): Promise<void> {
    const key = naturalKey(company);
    if (this.keys.has(key) || this.batch.length >= this.batchSize) await this.flush();
    this.batch.push({ company, line });
    this.keys.add(key);
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.keys.clear();
    try {
      this.count(await upsertCompanies(this.db, batch.map((b) => b.company)));
    } catch (err) {
      if (!refusedRow(err) || batch.some((b) => b.line === undefined)) throw err;
      for (const { company, line } of batch) {
        try {
          this.count(await upsertCompanies(this.db, [company]));
        } catch (rowErr) {
          if (!refusedRow(rowErr)) throw rowErr;
          this.result.rejected.push({ line: line!, reason: REFUSED_ROW });
        }
      }
      this.result.rejected.sort((a, b) => a.line - b.line);
    }
  }

  private count(rows: { inserted: boolean }[]): void {
    for (const row of rows) {
      if (row.inserted) this.result.imported += 1;
      else this.result.updated += 1;
    }
  }
}

export interface ImportOptions {
  /** Called now and then with the bytes read so far and the file size. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/** A file whose first non-blank character is '{' is JSON Lines; anything else is CSV with a header. */
async function sniffFormat(file: string): Promise<'csv' | 'jsonl'> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    return head.startsWith('{') ? 'jsonl' : 'csv';
  } finally {
    await handle.close();
  }
}

/** A file that cannot be imported at all (as opposed to a rejected row). */
export class ImportFileError extends Error {}

function csvColumns(header: string[]): string[] {
  const columns = header.map((h) => h.trim().toLowerCase());
  const missing = ['nom', 'wilaya'].filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new ImportFileError(
      `line 1: the header must name the columns ${IMPORT_COLUMNS.join(', ')} (missing: ${missing.join(', ')}; found: ${columns.join(', ')})`,
    );
  }
  return columns;
}

/** A record longer than this is taken for a quote that is never closed (a real record is far shorter). */
const MAX_RECORD_CHARS = 64 * 1024;

const quoteCount = (s: string): number => s.split('"').length - 1;

/** The fields of one CSV record (csv-parse for quoted records; a plain split otherwise), or the parse error. */
function csvFields(text: string): string[] | Error {
  if (!text.includes('"')) return text.split(',').map((f) => f.trim());
  try {
    const rows = parseCsv(text, { trim: true, relax_column_count: true }) as string[][];
    return rows.length === 1 ? rows[0] : new Error('more than one record');
  } catch (err) {
    // csv-parse counts lines from the record's start: the caller names the file's line.
    return new Error((err as Error).message.replace(/ (?:at|on) line \d+/g, ''));
  }
}

/**
 * The records of a CSV file, each with the line it starts on. Physical lines (LF or CRLF) are
 * joined while a quoted field is open, so a multi-line record is read whole and every record's
 * line number stays exact; each record is then parsed on its own, so a malformed one is
 * rejected alone and the parse goes on with the next. A malformed record, or a quote never
 * closed (by the end of the file or within MAX_RECORD_CHARS), rejects its first line only, and
 * the lines read with it are read again as records of their own.
 */
async function* csvRecords(stream: fs.ReadStream): AsyncGenerator<{ line: number; record?: Record<string, unknown>; reason?: string }> {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const replay: { line: number; text: string }[] = [];
  let read = 0;
  const next = async (): Promise<{ line: number; text: string } | undefined> => {
    if (replay.length > 0) return replay.shift();
    const r = await lines.next();
    if (r.done) return undefined;
    read += 1;
    return { line: read, text: read === 1 ? r.value.replace(/^\uFEFF/, '') : r.value };
  };
  let columns: string[] | undefined;
  for (;;) {
    const first = await next();
    if (!first) return;
    if (first.text.trim() === '') continue;
    const parts = [first];
    let size = first.text.length;
    let open = quoteCount(first.text) % 2 === 1;
    while (open && size <= MAX_RECORD_CHARS) {
      const more = await next();
      if (!more) break;
      parts.push(more);
      size += more.text.length + 1;
      if (quoteCount(more.text) % 2 === 1) open = false;
    }
    const fields = open
      ? new Error('a quoted field opened on this line is never closed')
      : csvFields(parts.map((p) => p.text).join('\n'));
    if (fields instanceof Error) {
      // Only the first line is rejected: the lines read with it are read again, so no row is lost.
      replay.unshift(...parts.slice(1));
      if (!columns) throw new ImportFileError(`line ${first.line}: the header cannot be read as CSV: ${fields.message}`);
      yield { line: first.line, reason: `the line cannot be read as CSV: ${fields.message}` };
      continue;
    }
    if (!columns) {
      columns = csvColumns(fields);
      continue;
    }
    const record: Record<string, unknown> = {};
    // A cell an export escaped against formulas ('=..., '+213...) is read as it was stored.
    columns.forEach((c, i) => (record[c] = fields[i] === undefined ? undefined : unescapeFormula(fields[i])));
    yield { line: first.line, record };
  }
}

async function* jsonlRecords(stream: fs.ReadStream): AsyncGenerator<{ line: number; record?: Record<string, unknown>; reason?: string }> {
  let line = 0;
  for await (const raw of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    line += 1;
    const trimmed = raw.replace(/^\uFEFF/, '').trim();
    if (trimmed === '') continue;
    try {
      const value = JSON.parse(trimmed);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) yield { line, reason: 'not a JSON object' };
      else yield { line, record: value };
    } catch {
      yield { line, reason: 'not valid JSON' };
    }
  }
}

/**
 * Imports a CSV (with a header: line 1) or JSON Lines file of companies, streaming: memory stays
 * bounded whatever the file size. Rows with an error are rejected with their line number and the
 * reason; every other row is inserted, or updates the company with the same natural key
 * (normalised name + wilaya), so importing the same file twice creates no duplicate.
 */
export async function importCompanies(db: Knex, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { size } = await fs.promises.stat(file);
  const format = await sniffFormat(file);
  const stream = fs.createReadStream(file);
  const writer = new CompanyWriter(db);
  let lastReport = 0;
  const records = format === 'csv' ? csvRecords(stream) : jsonlRecords(stream);
  for await (const entry of records) {
    if (entry.reason) {
      writer.result.rejected.push({ line: entry.line, reason: entry.reason });
      continue;
    }
    const parsed = parseCompanyRecord(entry.record!);
    if ('reason' in parsed) writer.result.rejected.push({ line: entry.line, reason: parsed.reason });
    else await writer.add(parsed.company, entry.line);
    if (options.onProgress && Date.now() - lastReport > 200) {
      options.onProgress(stream.bytesRead, size);
      // Timed from the end of the call: a callback slower than the interval is not called again
      // on the next row, so the import keeps doing its own work between reports.
      lastReport = Date.now();
    }
  }
  await writer.flush();
  options.onProgress?.(size, size);
  return writer.result;
}
