/**
 * Reading a company's vCard (a `.vcf` the directory offers to download instead of showing the
 * contacts): its name (ORG, else FN), its numbers (TEL; a TEL typed FAX is a fax, never a phone)
 * and its e-mails (EMAIL). vCard 2.1, 3.0 and 4.0 writings: folded lines (a line starting with
 * a space or a tab continues the previous one), groups (`item1.TEL`), `TYPE=WORK,FAX`,
 * `TYPE=fax;TYPE=work`, bare 2.1 types (`TEL;FAX;WORK:`), `tel:` URIs. Quoted-printable values
 * are rare and skipped. Only the first card of a file is read.
 *
 * Linear time: one pass over the lines, each line split at its first ':' and ';'s.
 */
import { normalizeEmail, normalizePhone } from '../platform/contacts';
import type { RawCompany } from './extract';

/** Longest vCard read (a company's card is a few hundred bytes). */
const MAX_VCARD = 200_000;

/** Whether a body is a vCard: its Content-Type says so, or it starts with BEGIN:VCARD. */
export function isVcard(body: string, contentType = ''): boolean {
  if (/^\s*text\/(?:x-)?vcard\b/i.test(contentType) || /^\s*text\/directory\b/i.test(contentType)) return true;
  return /^\uFEFF?\s{0,20}BEGIN:VCARD/i.test(body.slice(0, 64));
}

/** One property line: name (group removed, upper case), parameters (upper case), value. */
interface Property {
  name: string;
  params: string[];
  value: string;
}

function properties(body: string): Property[] {
  const lines: string[] = [];
  for (const line of body.slice(0, MAX_VCARD).split(/\r\n|\r|\n/)) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const out: Property[] = [];
  let inside = false;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const [head, ...params] = line.slice(0, colon).split(';');
    const name = head.slice(head.lastIndexOf('.') + 1).trim().toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'BEGIN' && value.toUpperCase() === 'VCARD') {
      if (inside) break;
      inside = true;
      continue;
    }
    if (name === 'END' && value.toUpperCase() === 'VCARD') break;
    if (!inside) continue;
    out.push({ name, params: params.map((p) => p.trim().toUpperCase()), value });
  }
  return out;
}

/** The types of a property: TYPE=a,b parameters and bare 2.1 types. */
function typesOf(p: Property): string[] {
  return p.params.flatMap((param) => {
    const eq = param.indexOf('=');
    if (eq === -1) return [param];
    return param.slice(0, eq) === 'TYPE' ? param.slice(eq + 1).replace(/"/g, '').split(',') : [];
  });
}

/** A text value unescaped (\, \; \n), its first component for a structured value (ORG's units after ';'). */
function text(value: string, structured = false): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length) {
      const n = value[++i];
      out += n === 'n' || n === 'N' ? ' ' : n;
    } else if (c === ';' && structured) break;
    else out += c;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The company of a vCard, or undefined when it holds no name and no contact. The directory's
 * contacts (`siteContacts`) are left out.
 */
export function readVcard(body: string, pageUrl: string, siteContacts: ReadonlySet<string> = new Set()): RawCompany | undefined {
  const props = properties(body).filter((p) => !p.params.some((param) => param.includes('QUOTED-PRINTABLE')));
  const value = (name: string, structured = false) => props.filter((p) => p.name === name).map((p) => text(p.value, structured)).find((v) => v !== '');
  const name = value('ORG', true) ?? value('FN') ?? '';
  const phones: string[] = [];
  const faxes: string[] = [];
  const emails: string[] = [];
  for (const p of props) {
    if (p.name === 'TEL') {
      const number = normalizePhone(p.value.replace(/^tel:/i, '').split(';')[0]);
      if (!number || siteContacts.has(number)) continue;
      const list = typesOf(p).includes('FAX') ? faxes : phones;
      if (!list.includes(number)) list.push(number);
    } else if (p.name === 'EMAIL') {
      const email = normalizeEmail(p.value.replace(/^mailto:/i, ''));
      if (email && !siteContacts.has(email) && !emails.includes(email)) emails.push(email);
    }
  }
  if (!name && phones.length + faxes.length + emails.length === 0) return undefined;
  const company: RawCompany = { name: name.slice(0, 200), emails, phones, sourceUrl: pageUrl };
  if (faxes.length > 0) company.faxes = faxes;
  return company;
}
