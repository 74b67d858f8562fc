/**
 * Entries that are groups: a section of a listing (a commune, a district, a category, a letter)
 * written as one block holding several companies, each in its own hand-written shape (a bold
 * name and `<br>` lines, a `<p>` or a `<li>` of one line, a small table) rather than in
 * repeated markup. Found as one entry, such a block would be one company named by its heading
 * and holding every company's contacts, billed once for a list: a false merge. Hand-written
 * directories do this (an accordion panel per commune, a collapsible panel per district).
 *
 * A block is read as lines (cut at `<br>`, at block elements, and before a name set apart that
 * follows a contact on the same line), and the lines as records: a record opens at a name set
 * apart at the start of a line (bold, underlined, a coloured `<font>`, a link, a heading), or at a
 * line that begins with a name and a separator ('Name : 0550 …', '- Name, activity. Tel …',
 * '• Name — Tél …', 'Name (activity)') once the record before has its contacts; the field lines
 * ('Tél :', 'Mob :', 'Mail :', a number alone) and an activity line stay in their record. A name
 * alone with nothing after it (the section's heading) opens no record.
 *
 * Everything here reads text the directory controls: walks are bounded and iterative, patterns
 * linear.
 */
import type { HTMLElement, Node } from 'node-html-parser';
import { findEmails, findPhonesAndFaxes } from '../platform/contacts';
import { introducedName } from './forum';
import { isInlineBold } from './labels';
import { LEGAL_FORMS } from './badges';
import { words } from '../platform/text';
import { escapeHtml, hasAttr, parseHtml } from './parse';

/** Most nodes of one block read as lines (a block larger than that is left as it is). */
const MAX_NODES = 3_000;
/** Longest line text looked at for a name and contacts. */
const MAX_LINE = 2_000;
/** Longest name of a record. */
const MAX_NAME = 100;

/** Elements that end a line and begin another. */
const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'DL', 'DT', 'DD', 'TABLE', 'TBODY', 'THEAD', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'CENTER', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER', 'ADDRESS', 'FORM', 'FIELDSET', 'NAV', 'ASIDE', 'MAIN', 'FIGURE', 'FIGCAPTION', 'PRE', 'DETAILS', 'SUMMARY']);
/** Blocks whose whole text is a name set apart. */
const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'DT', 'SUMMARY']);
/** Elements whose text is never read. */
const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'BUTTON', 'SELECT', 'TEXTAREA', 'IFRAME', 'OBJECT', 'IMG']);
/** Inline elements that set a name apart. */
const MARK_TAGS = new Set(['B', 'STRONG', 'U', 'A']);

/** A line that begins with a field's label ('Tél. :', 'Mob :', 'Portable:', 'Port.' (abbreviated), 'Mail:', 'Fax'): a field, never a name. */
export const FIELD_LABEL = /^(?:t[ée]l[ée]?(?:phone)?|tel|phone|n[°º](?: de t[ée]l[ée]phone)?|num[ée]ro(?: de t[ée]l[ée]phone)?|mob|mobile|gsm|portable|port[ \t]?[.:]|cell|fixe|fax|t[ée]l[ée]copie|e-?mail|courriel|mail|m[ée]l|adresse|address|horaires?|whatsapp|site(?: web| internet)?[ \t]?[:.]|web[ \t]?[:.]|(?:g[ée]rant|directeur|directrice|responsable|contact|activit[ée]s?|secteur|commune|wilaya|ville|rc|nif|nis)[ \t]?:|الهاتف|الفاكس|البريد|العنوان|هاتف|فاكس|النقال|نقال|الجوال|جوال|المحمول)(?![\p{L}])/iu;
/** Where a name written at the start of a line ends: a colon, a dash between spaces, a comma, an opening bracket, a slash or bar between spaces. */
const NAME_END = /[ \t]?[:;][ \t]|[ \t][–—-][ \t]|,[ \t]|[ \t]\(|[ \t][|/][ \t]/u;
/** The end of a label after its words: a colon, a translation in brackets before it ('النقال (Mobile) :'). */
const LABEL_END = /^[ \t]?(?:\([^()]{0,40}\)[ \t]?)?[:：]/u;
/** A contact label within a line ('… Tel +213 …', '… Mob. 0661 …'): a name written before it ends there. */
const LABEL_IN_LINE = /(?:^|[ \t])(?:t[ée]l|tel|phone|mob|gsm|fax|e-?mail|courriel|portable|fixe)\b/iu;
/**
 * A link's text that is an action, an address or a hashtag, not a name ('Voir la fiche', 'Site web',
 * 'www.…', '#carrieres'), in English too: a toggle of the entry's hidden parts ('Show Notes', 'Show
 * Bio', 'Hide details', 'Read more', 'View profile': a directory plugin's template left untranslated).
 */
const LINK_NOT_NAME = /^(?:#[\p{L}\p{N}_]|(?:voir|d[ée]tails?|afficher|masquer|contacts?|itin[ée]raire)(?![\p{L}\p{N}])|plus\b|en savoir|site(?: web| internet)?$|www\.|https?:|(?:show|hide|view|close|toggle|read)(?:$|[ \t](?:notes?|bio(?:graphy)?|details?|more|less|all|profile|map|contacts?|info(?:rmations?)?)\b))/iu;
/** A lead of pictograms or bullets only (no letter, no digit), a few characters long. */
const PICTOGRAM_LEAD = /^[^\p{L}\p{N}]{1,8}$/u;
/** Bullets and dashes written before an entry's line. */
const BULLETS = /^[\s\-–—•·*>»▪►◦]+/u;

interface Unit {
  /** A text node, or an inline element holding no line break (written out only for a record kept). */
  node: Node;
  text: string;
  /** The name it sets apart, when it is a name mark (bold, underlined, coloured, a link). */
  mark?: string;
  /** The mailto: and tel: links in it. */
  links?: string[];
}

interface Line {
  units: Unit[];
  /** The line opens a block (a `<p>`, a `<li>`, a cell, the text after a table), not a `<br>`. */
  block: boolean;
  /** The line is a heading's (h1-h6, dt, summary). */
  heading: boolean;
  /** The table row the line is in, if any. */
  row?: HTMLElement;
  /** The line is in a part of the block that an action control of the block shows or hides ({@link disclosedIds}). */
  disclosed?: boolean;
  /** An empty line stands before the line (`<br><br>`): a paragraph's break. */
  gap?: boolean;
}

export interface Rec {
  name: string;
  /** What follows the name on its line: units as written, or a text. */
  rest: Unit[] | string;
  lines: Unit[][];
  contacts: Set<string>;
  /** Something besides the name: more text on its line, another line, a contact. */
  shows: boolean;
  /** Opened by a heading line (a section's title when nothing follows it on its line). */
  heading: boolean;
  /** The table row of its first line, if any. */
  row?: HTMLElement;
  /** Its first line as written, when its name is the words before a separator (not set apart). */
  written?: Unit[];
  /** Named by the words before a colon on its line ('Name : 0550 …', but also 'Label : value'). */
  colon?: boolean;
  /** Its line follows a `<br>` inside a block (not a block's first line). */
  inline?: boolean;
  /** The pictogram or bullet written before its name set apart ('🏭' of '🏭 <b>Name</b>'). */
  lead?: string;
  /** Named by a mark (bold, a link …) that opens a block (`<p><strong>Name</strong></p>`). */
  markOpens?: boolean;
  /** Opened by a line of a numbered list ({@link numberedLines}). */
  numbered?: boolean;
}

/** What a block holds when read as records. */
export interface Grouped {
  /** Records with a name and something shown. */
  records: Rec[];
  /** A heading alone (nothing but its name) came before the records. */
  headed: boolean;
  /** A line of the block's numbered run opens no record (its words name no company: a step, one department of a company): no numbered list of companies. */
  numberedRefused?: boolean;
}

/** Entries read before a long list with no group among them is taken for a list of single entries. */
const GROUP_SAMPLE = 8;

/**
 * A page's entries with the blocks that are groups of companies replaced by those companies:
 * when at least two entries each hold two or more records with contacts of their own (no contact
 * shared between them), and these with the entries that are a heading over a single record with
 * contacts (a section of one company: a roll grouped by town, most towns holding one member) are
 * at least half of the entries, every such entry, and every entry
 * that is a heading over records with contacts (a section of a single company), is replaced by
 * its records, each an element `<div><b>name</b> …<br>…</div>` read like any entry. Otherwise the
 * entries as they are (a card with a branch or two is still one company). Table rows are never
 * groups (read by their columns) but a group's label beside its run of companies
 * ({@link labelledRowGroup}), nor is an entry one of whose records is named by words before
 * a colon that open lines in another entry too (a field's label: 'Standard : …' in every card).
 * The entries that are forum posts (`isPost`: text typed by members, see forum.ts) are each split
 * into those records when they hold two or more with contacts of their own, whatever the others
 * hold; a post without any record with a contact is conversation and gives none.
 */
export function splitGroups(items: readonly HTMLElement[], isPost?: (el: HTMLElement) => boolean): HTMLElement[] {
  if (isPost !== undefined && items.some(isPost)) return splitEntries(items, isPost);
  const out = splitEntries(items);
  return out.length === items.length ? numberedEntries(out) : out;
}

/** Most entries of a page looked at for a numbered list ({@link numberedEntries}), and the text of each looked at for its first number. */
const MAX_NUMBERED_ENTRIES = 40;
const MAX_NUMBERED_TEXT = 20_000;
/** A first list number at the start of a line of markup ('>1- ', '\n1) '): the cheap gate before reading an entry's lines. */
const FIRST_NUMBER = /(?<!\d)1[ \t\u00a0]?[-–—.)](?:[ \t\u00a0]|&(?:nbsp|#160|#xa0);)/;

/**
 * A page's entries with the one that is a numbered list of companies replaced by them: a post or a
 * pasted list writing its entries 'N- Name' on `<br>` lines, each with its contacts, numbered 1, 2,
 * 3 … ({@link numberedLines}): the numbering says where each entry begins, even when no other entry
 * of the page is a group. Three or more records with contacts, all opened by the run's numbers,
 * none sharing a contact with another ({@link isGroup}); the block's other lines (an introduction)
 * are no record.
 */
function numberedEntries(items: readonly HTMLElement[]): HTMLElement[] {
  if (items.length > MAX_NUMBERED_ENTRIES) return [...items];
  let split = false;
  const out: HTMLElement[] = [];
  for (const item of items) {
    const g = FIRST_NUMBER.test(item.rawText.slice(0, MAX_NUMBERED_TEXT)) ? groupOf(item) : undefined;
    const numbered = g?.records.filter((r) => r.numbered === true) ?? [];
    // (Not when the block opens with a name set apart over the run, the entry's own name: its departments or sites, numbered.)
    if (g !== undefined && g.numberedRefused !== true && !g.headed && numbered.filter((r) => r.contacts.size > 0).length >= MIN_NUMBERED && isGroup(g) && g.records.every((r) => r.contacts.size === 0 || r.numbered === true)) {
      out.push(...recordElements(numbered));
      split = true;
    } else out.push(item);
  }
  return split ? out : [...items];
}

function splitEntries(items: readonly HTMLElement[], isPost?: (el: HTMLElement) => boolean): HTMLElement[] {
  // A forum post is a member's free text: every post that holds two or more records is split, whatever the others hold.
  if (isPost !== undefined && items.some(isPost)) {
    const read = items.map((item) => (isPost(item) ? groupOf(item, true) : undefined));
    // (A post that lists companies each on a line, named before a colon, '- GARAGE X : Tél …', among others set apart,
    // shows how members of the topic write a company: in another post, such lines after a bold name are companies too,
    // not that company's services.)
    const colonCompanies = read.some((g) => g !== undefined && isGroup(g) && g.records.some((r) => r.contacts.size > 0 && isListedColonCompany(r)));
    return items.flatMap((item, i) => {
      if (!isPost(item)) return [item];
      const g = read[i];
      // (A post without a contact is the topic's conversation, 'Merci à tous !', 'Up !': no company.
      // A post with contacts none of its records holds is one company written the member's way, a
      // reply per company: its name in a sentence ('je vous présente notre entreprise : <b>X</b>, …',
      // 'je travaille chez X (commune)') or in a larger font, the field lines below.)
      // A reply that introduces a company without a contact ('je travaille chez X (commune), on …') names it all the same.)
      if (g !== undefined && !g.records.some((r) => r.contacts.size > 0)) return postContacts(item) || introducedName(item) !== undefined ? [item] : [];
      // (Its records without a contact, 'Bonjour, voici mes adresses :', are its words around them.)
      return g !== undefined && isGroup(g, colonCompanies) ? recordElements(g.records.filter((r) => r.contacts.size > 0)) : [item];
    });
  }
  if (items.length < 2) return [...items];
  // (Read in turn, and no further once too few entries are left for half of them to be groups: most pages have none.)
  const needed = Math.max(2, Math.ceil(items.length / 2));
  const read: (Grouped | undefined)[] = [];
  let candidates = 0;
  let groupsSeen = 0;
  // (Entries led by a pictogram before their name are all read: one of them may hold two, see ledEntries.)
  let led = false;
  for (let i = 0; i < items.length; i++) {
    const g = groupOf(items[i]);
    read.push(g);
    if (g !== undefined && isGroup(g)) groupsSeen++;
    if (g !== undefined && (isGroup(g) || isHeadedSingle(g))) candidates++;
    if (g !== undefined && leadOf(g) !== undefined) led = true;
    if (led) continue;
    if (candidates + (items.length - i - 1) < needed) return namedAlikeEntries(items, read);
    // A long list whose first entries hold no group is a list of single entries: a page's entries share a shape,
    // and reading half of them to be sure cost a tenth of a 100 KB page's reading.
    if (i === GROUP_SAMPLE - 1 && groupsSeen === 0 && items.length > 2 * GROUP_SAMPLE) return [...items];
  }
  if (candidates < needed) return led ? ledEntries(items, read) : namedAlikeEntries(items, read);
  // Words before a colon that open lines in two or more entries are a field's label there ('Commune :', 'Gérant :'):
  // an entry read with one as a name is a card of labelled fields, not a group.
  const colonNames = new Map<string, number>();
  for (const g of read) for (const key of new Set(g?.records.filter((r) => r.colon).map((r) => r.name.toLowerCase()))) colonNames.set(key, (colonNames.get(key) ?? 0) + 1);
  read.forEach((g, i) => {
    if (g?.records.some((r) => r.colon && (colonNames.get(r.name.toLowerCase()) ?? 0) >= 2)) read[i] = undefined;
  });
  // (Sections of a single company count with the groups: a roll grouped by town, most towns holding one member.)
  const groups = read.filter((g) => g !== undefined && isGroup(g)).length;
  const singles = read.filter((g) => g !== undefined && !isGroup(g) && isHeadedSingle(g)).length;
  if (groups < 2 || groups + singles < needed) return led ? ledEntries(items, read) : namedAlikeEntries(items, read);
  const out: HTMLElement[] = [];
  items.forEach((item, i) => {
    const g = read[i];
    const withContacts = g ? g.records.filter((r) => r.contacts.size > 0).length : 0;
    if (g && (isGroup(g) || (g.headed && withContacts >= 1))) out.push(...recordElements(g.records));
    else out.push(item);
  });
  return out;
}

/** Fewest entries of a page led alike that tell how its entries are written. */
const LED_ENTRIES = 3;

/**
 * A page's entries with those that hold several entries written as the others are replaced by
 * them: a channel's post announcing two companies, each opening with the pictogram and the bold
 * name every post opens with ('🏭 <b>Name</b>'). When at least three entries, and half of them,
 * open (their first record with contacts) with one lead before a name set apart, an entry that is a group ({@link isGroup}) whose
 * records with contacts all open with that lead is its records; a card with a branch in bold,
 * not led so, stays one company.
 */
function ledEntries(items: readonly HTMLElement[], read: readonly (Grouped | undefined)[]): HTMLElement[] {
  const leads = new Map<string, number>();
  for (const g of read) {
    const lead = g && leadOf(g);
    if (lead !== undefined) leads.set(lead, (leads.get(lead) ?? 0) + 1);
  }
  const out: HTMLElement[] = [];
  let split = false;
  items.forEach((item, i) => {
    const g = read[i];
    const lead = g && leadOf(g);
    const count = lead === undefined ? 0 : leads.get(lead)!;
    if (g && count >= LED_ENTRIES && count * 2 >= items.length && isGroup(g) && g.records.every((r) => r.contacts.size === 0 || r.lead === lead)) {
      out.push(...recordElements(g.records.filter((r) => r.contacts.size > 0)));
      split = true;
    } else out.push(item);
  });
  return split ? out : [...items];
}

/** A person's civility before a name: 'M.', 'Mme', 'Mlle', 'Monsieur', 'Madame', 'Mr', 'Mrs', 'السيد', 'السيدة'. */
const CIVILITY = /^(?:m\.|mr\.?|mrs\.?|mme\.?|mlle\.?|monsieur|madame|mademoiselle|السيد|السيدة)(?:\s|$)/iu;
/** Most entries a page may have for {@link namedAlikeEntries} to read them all. */
const MAX_ALIKE_ENTRIES = 40;

/**
 * A page's entries with those that hold several entries written as the others are replaced by
 * them: members typed into a site builder's text blocks, one a block, but two in a few
 * (`<p><strong>Name</strong></p><p>activity</p><p>Tél …</p>`, then the next member's bold name in
 * the same block). When at least three entries, and half of them, are each one record with
 * contacts named by a mark opening a block, an entry that is a group ({@link isGroup}) whose
 * records with contacts are all named so, each with lines of its own, is those records. Read
 * whole only on pages of at most {@link MAX_ALIKE_ENTRIES} entries (a long list was sampled).
 */
function namedAlikeEntries(items: readonly HTMLElement[], read: (Grouped | undefined)[]): HTMLElement[] {
  if (items.length < LED_ENTRIES || items.length > MAX_ALIKE_ENTRIES) return [...items];
  for (let i = read.length; i < items.length; i++) read.push(groupOf(items[i]));
  // (A person named in bold in a member's block, 'M. Karim Benali, gérant', is its contact, never another member.)
  const named = (r: Rec) => r.markOpens === true && r.lines.length > 0 && !CIVILITY.test(r.name);
  let singles = 0;
  for (const g of read) {
    const withContacts = g?.records.filter((r) => r.contacts.size > 0) ?? [];
    if (withContacts.length === 1 && withContacts[0] === g!.records[0] && named(withContacts[0])) singles++;
  }
  if (singles < LED_ENTRIES || singles * 2 < items.length) return [...items];
  const out: HTMLElement[] = [];
  let split = false;
  items.forEach((item, i) => {
    const g = read[i];
    if (g && isGroup(g) && g.records.every((r) => r.contacts.size === 0 || named(r))) {
      out.push(...recordElements(g.records.filter((r) => r.contacts.size > 0)));
      split = true;
    } else out.push(item);
  });
  return split ? out : [...items];
}

/** The lead of an entry's first record with contacts (an author's line, a date link before it name none). */
function leadOf(g: Grouped): string | undefined {
  return g.records.find((r) => r.contacts.size > 0)?.lead;
}

/** A heading alone over a single record with contacts: a section of one company. */
function isHeadedSingle(g: Grouped): boolean {
  return g.headed && g.records.filter((r) => r.contacts.size > 0).length === 1;
}

/**
 * Two or more records with contacts, none sharing a contact with another; not a card whose name
 * set apart (a heading, bold) has contacts of its own and whose other records are all named by
 * words before a colon on lines after a `<br>` of the same block: those are its labelled fields
 * ('Siège social : …<br>HSE : Mme X 0770 …'), even where no other entry of the page repeats the
 * label (a section's '<li>Name : 0778 …</li>' after a company in bold is a company).
 */
function isGroup(g: Grouped, colonCompanies = false): boolean {
  const withContacts = g.records.filter((r) => r.contacts.size > 0);
  if (withContacts.length < 2) return false;
  const [first, ...others] = withContacts;
  // (In a forum topic whose posts list companies so, only lines of that shape are companies after a name set apart, not a department's.)
  if (first === g.records[0] && first.written === undefined && others.every((r) => r.colon && r.inline) && !(colonCompanies && others.every(isListedColonCompany))) return false;
  if (isOfficesOfOne(withContacts)) return false;
  const seen = new Set<string>();
  for (const r of withContacts) {
    for (const c of r.contacts) if (seen.has(c)) return false;
    for (const c of r.contacts) seen.add(c);
  }
  return true;
}

/** A contact's label opening what follows a name's colon ('Tel 025 …', 'TEL. 025 …', 'Téléphone …', 'Port. 0550 …', 'E-Mail : …'). */
const CONTACT_AFTER_COLON = /^[:：][ \t]*(?:t[ée]l[ée]?(?:phone)?|tel|phone|mob(?:ile)?|gsm|portable|port[ \t]?[.:]|fixe|e-?mail|courriel|mail)(?![\p{L}])/iu;
/** A name led by a person's title or a company's department or service ('M. Rachid', 'Mme Samia', 'Service après-vente', 'Atelier mécanique', 'Fax commercial'): no company's. */
const TITLE_OR_DEPARTMENT = /^(?:(?:m|mme|mlle|mr|dr|pr|me)\.?(?=[ \t])|(?:monsieur|madame|mademoiselle|docteur|service|atelier|magasin|standard|accueil|fax|t[ée]l[ée]copie|direction|directeur|directrice|commercial|commerciale|comptabilit[ée]|secr[ée]tariat|d[ée]partement|bureau|sav|responsable|g[ée]rant|contact|r[ée]ception|livraisons?|ventes?|achats?|administration|urgences?|d[ée]p[ôo]t|agence|showroom)(?![\p{L}]))/iu;

/**
 * A forum member's line listing a company, '- GARAGE X : Tél 025 …': named before a colon on a
 * line after a `<br>`, led by a bullet or a dash, a contact's label right after the colon, the name
 * led by no title (M., Mme, Dr) nor department or service word (Service, Atelier, Standard, Fax …).
 */
function isListedColonCompany(r: Rec): boolean {
  if (!r.colon || !r.inline || r.written === undefined || TITLE_OR_DEPARTMENT.test(r.name)) return false;
  const text = r.written.map((u) => u.text).join('').trimStart();
  const lead = BULLETS.exec(text);
  if (!lead || !/[-–—•·*>»▪►◦]/u.test(lead[0])) return false;
  const at = text.indexOf(r.name, lead[0].length);
  return at >= 0 && CONTACT_AFTER_COLON.test(text.slice(at + r.name.length).trimStart());
}

/** A name that is a firm's head office alone, no company's: 'Siège social', 'Siège', 'Head office', 'المقر الاجتماعي'. */
const HEAD_OFFICE = /^(?:si[èe]ge(?:\s(?:social|central|administratif))?|head\soffice|headquarters|المقر(?:\s(?:الاجتماعي|الرئيسي))?)(?:$|[\s:,(–—-])/iu;
/** A name that is a firm's branch named by its place alone: 'Bureau de Telagh', "Agence d'Arzew", 'Succursale du Port', 'فرع وهران'. */
const BRANCH_OFFICE = /^(?:(?:agence|bureau|succursale|antenne|annexe|point\sde\svente|showroom|d[ée]p[ôo]t|magasin|usine|branch|office)(?:$|\s(?:de\s|du\s|des\s|à\s|of\s|in\s)|\sd['’])|(?:وكالة|فرع|مكتب)\s)/iu;

/**
 * Records that are one firm's offices, not companies: each named by an office's designation alone
 * ('Siège social', 'Bureau de Telagh', 'Agence de Sfisef': words no company is named by), one of
 * them its head office. A member's card listing its head office and branches, each under a heading
 * with its own numbers, is one company holding them all (the card's name is the firm's).
 */
function isOfficesOfOne(records: readonly Rec[]): boolean {
  let head = false;
  for (const r of records) {
    const name = r.name.slice(0, MAX_NAME).trim();
    if (HEAD_OFFICE.test(name)) head = true;
    else if (!BRANCH_OFFICE.test(name)) return false;
  }
  return head;
}

/**
 * Whether a record's name may be a company's: not a person's (a civility, a title), nor a firm's
 * office, department or service ('Agence Oran', 'Bureau de Telagh', 'Usine', 'Siège social',
 * 'Standard', 'Service commercial', 'Gérant'), names of a company's own contacts.
 */
function isCompanyName(name: string): boolean {
  const n = name.slice(0, MAX_NAME).trim();
  return !CIVILITY.test(n) && !TITLE_OR_DEPARTMENT.test(n) && !HEAD_OFFICE.test(n) && !BRANCH_OFFICE.test(n) && !OFFICE_ALONE.test(n);
}

/** A name that is an office's designation alone: 'Usine', 'Siège', 'Entrepôt', 'Atelier', 'Showroom'. */
const OFFICE_ALONE = /^(?:usine|entrep[ôo]t|unit[ée]|si[èe]ge|showroom|magasin|d[ée]p[ôo]t|atelier|bureau|agence|annexe|antenne|succursale)$/iu;

/**
 * The records of a block ({@link linesOf}, then {@link recordsOf}); undefined for a block too
 * large to read, and for a table row (read by its columns, under its header row) unless it is a
 * group's label beside its records ({@link labelledRowGroup}).
 */
export function groupOf(el: HTMLElement, post = false): Grouped | undefined {
  if (el.tagName === 'TR') return labelledRowGroup(el);
  const lines = linesOf(el);
  return lines === undefined ? undefined : recordsOf(lines, post);
}

/** Longest text of a row's label cell ({@link labelledRowGroup}). */
const MAX_ROW_LABEL = 40;

/**
 * A table row of two cells that is a group's label beside the group's companies (a zone's plot,
 * 'Îlot A', a commune, a category, then one cell writing its tenants in a run, '<b>X</b> — Tél … ;
 * <b>Y</b> — Tél …'): the records of the second cell when it is a group ({@link isGroup}: two or
 * more records with contacts, none shared, no one firm's offices) and opens with its first record's
 * name, the first cell a short text without contact, link or line break. Undefined otherwise: a
 * company's row (its name, then its fields, a person or an office in bold among them after its
 * first contact) stays one row read by its columns.
 */
function labelledRowGroup(row: HTMLElement): Grouped | undefined {
  const cells = row.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && ((c as HTMLElement).tagName === 'TD' || (c as HTMLElement).tagName === 'TH'));
  if (cells.length !== 2) return undefined;
  const [label, body] = cells;
  const labelText = clean(label.text);
  if (labelText === '' || labelText.length > MAX_ROW_LABEL || hasContact(labelText) || label.querySelector('a, br, img') !== null) return undefined;
  // (A label, not a company's name: no legal form, 'SARL Omega Assurances' beside its agencies is the row's company.)
  if (words(labelText).some((w) => LEGAL_FORMS.has(w))) return undefined;
  const lines = linesOf(body);
  if (lines === undefined) return undefined;
  const g = recordsOf(lines);
  if (g.headed || g.records.length === 0 || !isGroup(g)) return undefined;
  // (Companies, not the row company's offices, people or departments: '<b>Agence Oran</b> Tél … ; <b>Agence Sétif</b> …',
  // '<b>M. Karim</b> 0661 …', '<b>Urgences</b> 031 … ; <b>Standard</b> …' are its contacts.)
  if (g.records.some((r) => r.contacts.size > 0 && !isCompanyName(r.name))) return undefined;
  // (The cell opens with its first record's name: no contact stands before it that would be the row's own.)
  if (!clean(body.text).startsWith(g.records[0].name)) return undefined;
  return g;
}

/** Each record as an element `<div class="grouped-record"><b>name</b>…<br>…</div>` (`data-numbered` when a numbered list's line opened it). */
function recordElements(records: readonly Rec[]): HTMLElement[] {
  const html = records.map((r) => `<div class="grouped-record"${r.numbered === true ? ' data-numbered="1"' : ''}><b>${escapeHtml(r.name)}</b>${typeof r.rest === 'string' ? escapeHtml(r.rest) : htmlOf(r.rest)}${r.lines.map((l) => `<br>${htmlOf(l)}`).join('')}</div>`).join('');
  return parseHtml(`<div>${html}</div>`).querySelectorAll('div.grouped-record');
}

/** Units as written (a name marked around a block of its own in bold). */
function htmlOf(units: readonly Unit[]): string {
  return units.map((u) => (u.node.nodeType !== 3 ? u.node.toString() : u.mark !== undefined ? `<b>${u.node.rawText}</b>` : u.node.rawText)).join('');
}

/**
 * A block as lines of inline units (text, and inline elements that hold no line break, kept as
 * written): a line ends at a `<br>`, at the start and end of a block element, and before a name
 * mark that follows a contact on the same line (an unclosed `<p>`'s second entry). One walk with
 * an explicit stack; undefined past {@link MAX_NODES} nodes.
 */
function linesOf(el: HTMLElement): Line[] | undefined {
  const lines: Line[] = [];
  let line: Line = { units: [], block: true, heading: false };
  let lineContact = false;
  const rows: HTMLElement[] = [];
  const targets = disclosedIds(el);
  // (The parts of the block its own action controls show or hide, being walked.)
  const disclosing = new Set<Node>();
  const flush = (block: boolean, heading: boolean) => {
    if (line.units.some((u) => u.text.trim() !== '')) {
      lines.push(line);
      line = { units: [], block, heading };
    } else line = { units: [], block: block || line.block, heading };
    if (rows.length > 0) line.row = rows[rows.length - 1];
    lineContact = false;
  };
  // Nodes to visit; an element pushed a second time (in `exits`) is a block being left.
  const stack: Node[] = [...el.childNodes].reverse();
  const exits = new Set<Node>();
  let nodes = 0;
  let pendingMark: string | undefined;
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (exits.has(n)) {
      exits.delete(n);
      disclosing.delete(n);
      if (rows[rows.length - 1] === n) rows.pop();
      flush(true, false);
      continue;
    }
    if (++nodes > MAX_NODES) return undefined;
    if (n.nodeType === 3) {
      const text = n.text;
      if (text !== '') {
        const mark = pendingMark !== undefined && clean(text) === pendingMark ? pendingMark : undefined;
        if (text.trim() !== '') pendingMark = undefined;
        line.units.push(mark === undefined ? { node: n, text } : { node: n, text, mark });
        if (disclosing.size > 0) line.disclosed = true;
        if (!lineContact && hasContact(text)) lineContact = true;
      }
      continue;
    }
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    const tag = e.tagName;
    // (An accordion's title is a heading's button, `<h3><button aria-expanded>Dellys (3)</button></h3>`: its text is the heading's.)
    if (tag === 'BUTTON' && line.heading) {
      for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
      continue;
    }
    if (SKIP_TAGS.has(tag)) continue;
    if (tag === 'BR' || tag === 'HR') {
      // (A second `<br>` after a line's end leaves an empty line: the next line is set apart from the one before.)
      const blank = lines.length > 0 && !line.units.some((u) => u.text.trim() !== '');
      flush(tag === 'HR', false);
      if (blank) line.gap = true;
      continue;
    }
    if (BLOCK_TAGS.has(tag)) {
      if (tag === 'TR') rows.push(e);
      // (An accordion's title written as a block of its own, the toggle opening the entry, `<div role="button">Daïra (3)</div>`
      // (Shortcodes Ultimate's spoiler title): a heading, as `<h3><button>` is. Only as the entry's first line: a
      // button further down a card, 'Afficher le numéro', heads nothing.)
      const opensEntry = lines.length === 0 && !line.units.some((u) => u.text.trim() !== '');
      flush(true, HEADING_TAGS.has(tag) || (opensEntry && isToggle(e)));
      if (targets !== undefined && e.id !== '' && targets.has(e.id)) disclosing.add(e);
      exits.add(e);
      stack.push(e);
      for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
      continue;
    }
    const breaks = breaksLine(e);
    if (breaks === undefined) return undefined;
    // (An inline element around a run of entries on one line, FrontPage's `<font face="Arial"><b>X</b> — Tél … ;
    // <b>Y</b> — Tél …</font>`, is read through too: its names set apart after a contact open entries.)
    if (breaks || runOfMarks(e)) {
      // (An inline element around lines, `<font size="2">activity<br>Tél …</font>`: its lines are read. One that sets
      // a name apart around a block of that name alone, `<u><div>Name</div></u>`, marks its text.)
      pendingMark = markOf(e);
      for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
      continue;
    }
    const mark = markOf(e);
    // A name set apart after a contact on the same line begins another entry (the entries of an unclosed <p>).
    if (mark !== undefined && lineContact) flush(false, false);
    const text = e.text;
    const unit: Unit = mark === undefined ? { node: e, text } : { node: e, text, mark };
    const links = contactLinks(e);
    if (links.length > 0) unit.links = links;
    line.units.push(unit);
    if (disclosing.size > 0) line.disclosed = true;
    if (!lineContact && (links.length > 0 || hasContact(text))) lineContact = true;
  }
  flush(true, false);
  return lines;
}

/** Longest attribute value of an action control read as the id of the part it shows or hides. */
const MAX_TARGET = 100;
/** The attributes where a control names the part it shows or hides (`href` only as a fragment, `#details-3`). */
const TARGET_ATTRS = ['data-div-id', 'aria-controls', 'data-target', 'data-bs-target', 'href'];
/**
 * A control's text that shows or hides an entry's own part, its notes, bio, details, profile or
 * description ('Show Notes', 'Show Bio', 'Afficher les détails'): not one that continues a list
 * ('Voir la suite', 'Voir tout', 'Show more').
 */
const DISCLOSES_PART = /^(?:(?:show|hide|view|read|toggle)[ \t](?:the[ \t])?(?:notes?|bio(?:graphy)?|details?|profile|info(?:rmations?)?|description)|(?:afficher|masquer|voir|lire)[ \t](?:les?[ \t]|la[ \t]|sa[ \t]|ses[ \t])?(?:notes?|bio(?:graphie)?|d[ée]tails?|infos?|informations?|profil|description|pr[ée]sentation))$/iu;
/** An element id, as a control's attribute names it ('note-block-97', '#details-3'). */
const TARGET_ID = /^#?([\w:.-]{1,100})$/;

/**
 * The ids of the parts of a block that its own action controls show or hide: the values of the
 * attributes of a link or button of the block whose text shows or hides a part ({@link DISCLOSES_PART}: 'Show
 * Notes', 'Show Bio', 'Afficher les détails'), `data-div-id="note-block-97"`, `aria-controls`,
 * `data-target`, `data-bs-target`, `href="#details-3"`. Such a part (a directory plugin's hidden notes and bio
 * under its card) is more of the entry the control belongs to. One bounded walk; undefined when
 * the block has no such control.
 */
function disclosedIds(el: HTMLElement): Set<string> | undefined {
  let ids: Set<string> | undefined;
  const stack: Node[] = [...el.childNodes];
  for (let steps = 0; stack.length > 0 && steps < MAX_NODES; steps++) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    if ((e.tagName === 'A' || e.tagName === 'BUTTON') && e.rawAttrs !== '' && DISCLOSES_PART.test(clean(e.text).slice(0, MAX_NAME))) {
      for (const name of TARGET_ATTRS) {
        const v = e.attributes[name]?.trim();
        if (v === undefined || (name === 'href' && !v.startsWith('#'))) continue;
        const id = v.length <= MAX_TARGET ? TARGET_ID.exec(v)?.[1] : undefined;
        if (id !== undefined) (ids ??= new Set()).add(id);
      }
      continue;
    }
    stack.push(...e.childNodes);
  }
  return ids;
}

/** A disclosure's toggle: an element acting as a button (`role="button"`) or saying whether it is open (`aria-expanded`). */
function isToggle(el: HTMLElement): boolean {
  return (el.getAttribute('role') ?? '').trim().toLowerCase() === 'button' || hasAttr(el, 'aria-expanded');
}

/** Most child nodes of an inline element looked at for a run of entries ({@link runOfMarks}). */
const MAX_RUN_CHILDREN = 200;

/**
 * Whether an inline element, no name set apart itself, holds among its children a name set apart
 * ({@link markOf}) after a contact written after an earlier one: a run of entries on one line
 * ('<b>X</b> — Tél … ; <b>Y</b> — Tél …'), read through rather than as one unit. That name must
 * be a company's ({@link isCompanyName}: no office, department or person) and not a label's value
 * ('Directeur : <b>Name</b>'): a company's offices and people after its phone keep it one unit.
 */
function runOfMarks(el: HTMLElement): boolean {
  const kids = el.childNodes;
  if (kids.length < 3 || kids.length > MAX_RUN_CHILDREN || markOf(el) !== undefined) return false;
  let marked = false;
  let contact = false;
  let before = '';
  for (const k of kids) {
    if (k.nodeType === 3) {
      if (marked && !contact && hasContact(k.text)) contact = true;
      before = k.text;
    } else if (k.nodeType === 1) {
      const mark = markOf(k as HTMLElement);
      // (A company's name only: not its office, department, manager or person ('<b>Agence Oran</b>', '<b>Usine</b>',
      // '<b>Gérant</b>', '<b>M. Karim</b>'), nor a label's value ('Directeur : <b>Karim Bensalem</b>'): the company's contacts.)
      if (mark !== undefined && contact && isCompanyName(mark) && !/[:：][ \t]*$/u.test(before)) return true;
      if (mark !== undefined) marked = true;
      before = '';
    }
  }
  return false;
}

/** Whether an inline element holds a line break or a block (read through, not as one unit); undefined when too large. */
function breaksLine(el: HTMLElement): boolean | undefined {
  const stack: Node[] = [...el.childNodes];
  let steps = 0;
  while (stack.length > 0) {
    if (++steps > MAX_NODES) return undefined;
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const tag = (n as HTMLElement).tagName;
    if (tag === 'BR' || tag === 'HR' || BLOCK_TAGS.has(tag)) return true;
    stack.push(...n.childNodes);
  }
  return false;
}

/**
 * The name an inline element sets apart: bold (`<b>`, `<strong>`, an inline bold style),
 * underlined, a `<font color>`, a link (not mailto:/tel:, nor a Cloudflare-protected e-mail), itself or through single wrappers;
 * its text when it can be a name ({@link nameLike}).
 */
function markOf(el: HTMLElement): string | undefined {
  let e: HTMLElement = el;
  for (let depth = 0; depth < 4; depth++) {
    if (isMark(e)) {
      const text = clean(el.text);
      return nameLike(text) && !(e.tagName === 'A' && LINK_NOT_NAME.test(text)) ? text : undefined;
    }
    const kids = e.childNodes.filter((k) => k.nodeType === 1 || k.text.trim() !== '');
    if (kids.length !== 1 || kids[0].nodeType !== 1) return undefined;
    e = kids[0] as HTMLElement;
  }
  return undefined;
}

function isMark(e: HTMLElement): boolean {
  const tag = e.tagName;
  if (tag === 'A') {
    const href = (e.getAttribute('href') ?? '').trim().toLowerCase();
    // (A Cloudflare-protected address, '/cdn-cgi/l/email-protection#…', is a mailto: link rewritten.)
    return href !== '' && !href.startsWith('mailto:') && !href.startsWith('tel:') && !href.startsWith('javascript:') && !href.includes('email-protection');
  }
  return MARK_TAGS.has(tag) || (tag === 'FONT' && e.getAttribute('color') !== undefined) || isInlineBold(e);
}

/** Text a record's name can be: a short line with two letters, few digits, no e-mail, not a field's label nor a question. */
function nameLike(text: string): boolean {
  if (text.length < 2 || text.length > MAX_NAME || !/\p{L}{2}/u.test(text) || text.includes('@') || /[:：?؟]$/u.test(text)) return false;
  let digits = 0;
  for (let i = 0; i < text.length; i++) if (isDigit(text.charCodeAt(i)) && ++digits >= 6) return false;
  return !FIELD_LABEL.test(text);
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Most words of a line ending in a colon read as a field's label ('Adresse du siège social :'), a sentence's punctuation aside. */
const MAX_LABEL_WORDS = 5;

/**
 * The records of a block's lines. A record opens at a line that is not a field and either begins
 * with a name set apart (not followed by a colon: 'Gérant :' is a label) or is a heading, or,
 * once the record before has its contacts (or there is none, or it is a heading alone), begins
 * with a name written before a separator or a contact, on a line that opens a block or holds a
 * contact (a line without contact only when its name ends at a separator: 'Name (activity)').
 * Other lines belong to the record before (lines before the first record are not any
 * company's). Kept: records that show more than their name (a contact, more text on their line,
 * another line); a name alone is a heading, none.
 */
function recordsOf(lines: readonly Line[], post = false): Grouped {
  const records: Rec[] = [];
  let cur: Rec | undefined;
  // (A line that is a field's label alone, 'Adresse', 'Téléphone :', is followed by its value: never a record's name.)
  let afterLabel = false;
  // (In a forum post, a few words ending in a colon that name no field, 'Je rajoute :', 'Pour la clim :', announce the list.)
  let announced = false;
  const numbered = numberedLines(lines);
  let numberedRefused = false;
  for (const line of lines) {
    const text = clean(line.units.map((u) => u.text).join('').slice(0, MAX_LINE));
    const contacts = contactsOf(text, line.units);
    // A line of a numbered list ('3- Name', '4) Name ☎️ 049 …'), its number the next of the block's run, opens a record.
    // (A numbered line whose words are no company's name, a step 'Prenez rendez-vous', a department 'Service
    // Commercial', or no name at all, makes the block no numbered list of companies: it is never a record's line.)
    if (numbered.has(line)) {
      const opened = numberedRecord(line, text, contacts);
      if (opened) {
        afterLabel = false;
        cur = opened;
        records.push(cur);
        continue;
      }
      numberedRefused = true;
    }
    const label = FIELD_LABEL.exec(text.replace(BULLETS, ''));
    // (A part of the block that a control of the entry shows, its notes under its card's fields, is more of that entry.)
    // (After a post's announcing words, a name set apart alone on its line opens the first record: it is no field's value;
    // so does one with only its town in brackets after it, '<b>X</b> (El Hamma)', while no record is open yet: inside a
    // record, 'Spécialité :', 'Marques :', 'Propriétaire :' then '<b>Injection</b> (toutes marques)' is that record's field.)
    const held = afterLabel && !(announced && (isMarkAlone(line) || (cur === undefined && isMarkWithPlace(line))));
    const opened = label || held || numbered.has(line) || (line.disclosed && cur !== undefined && cur.contacts.size > 0) ? undefined : openRecord(line, text, contacts, cur);
    // (A sentence ending in a colon, 'je confirme, très sérieux. Et aussi :', 'Bonjour, voici mes adresses :', announces
    // what follows: no field's label.)
    const colonLine = /[:：]$/u.test(text) && text.split(' ').length <= MAX_LABEL_WORDS && !/[,;!]|\.\s/u.test(text);
    afterLabel = colonLine || (label !== null && !/[\p{L}\p{N}@]/u.test(text.replace(BULLETS, '').slice(label[0].length)));
    announced = post && colonLine && label === null && !line.units.some((u) => u.mark !== undefined);
    if (opened) {
      cur = opened;
      records.push(cur);
      continue;
    }
    if (!cur) continue;
    cur.lines.push(line.units);
    cur.shows = true;
    for (const c of contacts) cur.contacts.add(c);
  }
  const headed = records.length > 0 && isHeadingAlone(records[0]);
  // A name alone followed by a single record named by its first words, before the next name alone, is an entry's
  // name over its fields ('<dt>Name</dt><dd>Zone d'activités, Koléa — Tél …</dd>'): that record is its first line.
  for (let i = 0; i + 1 < records.length; i++) {
    const [alone, next] = [records[i], records[i + 1]];
    if (!isHeadingAlone(alone) || next.written === undefined || (i + 2 < records.length && !isHeadingAlone(records[i + 2]))) continue;
    alone.lines.push(next.written, ...next.lines);
    for (const c of next.contacts) alone.contacts.add(c);
    alone.shows = true;
    records.splice(i + 1, 1);
  }
  // A line written after a record set apart (a heading, bold), without a contact in it or after it, and an item of the
  // same list as that record's lines, is that record's last line, not a company: 'Installateur certifié X – formation
  // 2025' closing an installer's icon list under its <h4> (a name in a list of its own is one: 'Atelier Rym (couture)').
  for (let i = 1; i < records.length; i++) {
    const [before, r] = [records[i - 1], records[i]];
    if (r.written === undefined || r.contacts.size > 0 || before.written !== undefined || before.contacts.size === 0 || before.lines.length === 0) continue;
    const list = listOf(r.written);
    if (list === undefined || list !== listOf(before.lines[before.lines.length - 1])) continue;
    before.lines.push(r.written, ...r.lines);
    records.splice(i--, 1);
  }
  return { records: records.filter((r) => !isHeadingAlone(r)), headed, ...(numberedRefused ? { numberedRefused } : {}) };
}

/** A list number written before a name at the start of a line ('12- ', '3) ', '4. '): its digits. */
const LIST_NUMBER = /^[\s\u00a0]{0,4}(?:\p{Extended_Pictographic}\ufe0f?[ \t\u00a0]{0,2})?(\d{1,3})[ \t\u00a0]?[-–—.)][ \t\u00a0]{1,3}(?=[\p{L}\p{N}«"“‘'(])/u;
/** A list number alone in a mark ('<b>1-</b>'). */
const BOLD_NUMBER = /^\s*\d{1,3}\s?[-–—.)]\s*$/;
/** Fewest lines numbered in a run for the numbers to open records. */
const MIN_NUMBERED = 3;

/**
 * The lines of a block that open with a list number continuing a run (1, 2, 3 …, each the one
 * before plus one, as a post or a pasted list numbers its entries 'N- Name' over `<br>` lines):
 * when three or more do. A number out of the run ('2019. Bilan', a '3-' inside a record) is none.
 */
function numberedLines(lines: readonly Line[]): Set<Line> {
  const found = new Set<Line>();
  let next = -1;
  for (const line of lines) {
    const first = line.units.find((u) => u.text.trim() !== '');
    // (A number set in bold, '<b>1-</b> Name', is one: the line's text is read.)
    if (first === undefined || (first.mark !== undefined && !BOLD_NUMBER.test(first.text))) continue;
    const m = LIST_NUMBER.exec(line.units.map((u) => u.text).join('').slice(0, 24));
    if (m === null) continue;
    const n = Number(m[1]);
    if (next === -1 ? n > 1 : n !== next) continue;
    found.add(line);
    next = n + 1;
  }
  return found.size >= MIN_NUMBERED ? found : new Set();
}

/**
 * The record a numbered line opens ({@link numberedLines}): named by the words after its number, up
 * to a separator, a contact's label, a number or the line's end, pictograms before the number
 * ('☎️') left out; undefined when they are no name (a sentence, a lower-case start).
 */
function numberedRecord(line: Line, text: string, contacts: Set<string>): Rec | undefined {
  const m = LIST_NUMBER.exec(text.slice(0, 24));
  if (m === null) return undefined;
  // (A name quoted '« Bati Plus »', typed in lower case 'sarl bati plus' or opening with a digit '2M Informatique' is one all the same.)
  const after = text.slice(m[0].length).replace(OPENING_QUOTE, '');
  const written = writtenName(after.charAt(0).toUpperCase() + after.slice(1));
  if (written === undefined) return undefined;
  const name = (written.name.startsWith(after.charAt(0).toUpperCase()) ? after.charAt(0) + written.name.slice(1) : written.name).replace(TRAILING_PICTOGRAMS, '').trim();
  if (!nameLike(name) || NUMBERED_DEPARTMENT.test(name) || isStep(name)) return undefined;
  const record: Rec = { name, rest: written.rest === '' ? '' : ` ${written.rest}`, lines: [], contacts, shows: written.rest !== '' || contacts.size > 0, heading: false, written: line.units, numbered: true };
  if (!line.block) record.inline = true;
  return record;
}

/** A quotation mark opening a numbered line's name ('4- « Bati Plus »'). */
const OPENING_QUOTE = /^[«"“‘']\s*/u;
/**
 * A company's own department or site opening a numbered line ('1- Service Commercial', '2- Siège
 * Social', '3- Dépôt El Eulma'): the numbered list is one company's, no list of companies. (The
 * trade words of {@link TITLE_OR_DEPARTMENT}, 'Atelier', 'Magasin', 'Agence', and titles, 'Dr', name companies in a list.)
 */
const NUMBERED_DEPARTMENT = /^(?:service|standard|accueil|fax|t[ée]l[ée]copie|direction|directeur|directrice|commercial|commerciale|comptabilit[ée]|secr[ée]tariat|d[ée]partement|sav|responsable|g[ée]rant|contact|r[ée]ception|livraisons?|ventes?|achats?|administration|urgences?|d[ée]p[ôo]t|si[èe]ge|succursale)(?![\p{L}])/iu;

/** Whether a numbered line's words are a step of a procedure, opening with a verb in the imperative ('Prenez rendez-vous', 'Déposez le dossier'). */
function isStep(name: string): boolean {
  const first = /^\p{L}+/u.exec(name)?.[0].toLowerCase() ?? '';
  return first.length >= 5 && first.endsWith('ez') && first !== 'chez';
}

/** Pictograms and symbols ending a name written before its number ('X ☎️'). Bounded by the name's length. */
const TRAILING_PICTOGRAMS = /[^\p{L}\p{N}).'’]{1,8}$/u;

/** The list (`<ul>`, `<ol>`, `<dl>`) a line's first unit is an item of, a few levels up at most. */
function listOf(units: readonly Unit[]): HTMLElement | undefined {
  let e = units[0]?.node.parentNode;
  for (let depth = 0; e && depth < 4; depth++, e = e.parentNode) if (e.tagName === 'UL' || e.tagName === 'OL' || e.tagName === 'DL') return e;
  return undefined;
}

/** Whether a line is a name set apart alone: its one shown unit a name mark (bold, a link …), nothing beside it. */
function isMarkAlone(line: Line): boolean {
  const shown = line.units.filter((u) => u.text.trim() !== '');
  return shown.length === 1 && shown[0].mark !== undefined;
}

/** Whether a line is a name set apart first, then only a short text in brackets ('<b>Garage X</b> (El Hamma)'). */
function isMarkWithPlace(line: Line): boolean {
  const shown = line.units.filter((u) => u.text.trim() !== '');
  if (shown.length < 2 || shown[0].mark === undefined) return false;
  const rest = clean(shown.slice(1).map((u) => u.text).join('').slice(0, MAX_LINE));
  return /^\([^()\d@]{2,40}\)$/u.test(rest);
}

/** A record that is a name alone: nothing on its line after the name, no other line, no contact. */
function isHeadingAlone(r: Rec): boolean {
  return !r.shows && r.contacts.size === 0;
}

/** The record a line opens ({@link recordsOf}), or undefined when it continues the one before. */
function openRecord(line: Line, text: string, contacts: Set<string>, cur: Rec | undefined): Rec | undefined {
  let at = line.units.findIndex((u) => u.text.trim() !== '');
  if (at === -1) return undefined;
  // A pictogram or a bullet written before a name set apart ('🏭 <b>Name</b>', '► <b>Name</b>') is its lead, not its name.
  let lead: string | undefined;
  const symbols = line.units[at].text.trim();
  if (line.units[at].mark === undefined && PICTOGRAM_LEAD.test(symbols)) {
    const next = line.units.findIndex((u, i) => i > at && u.text.trim() !== '');
    if (next !== -1 && line.units[next].mark !== undefined) [lead, at] = [symbols, next];
  }
  const first = line.units[at];
  // A line made only of contact links ('Envoyer un e-mail', 'Appeler' on a mailto: or tel: link): the link's label, never a name.
  if (line.units.every((u) => u.text.trim() === '' || (u.links !== undefined && u.links.length > 0))) return undefined;
  // A bold label of two kinds of number joined by a slash before its number ('<b>Urgences / Mobile</b> 0661 …'): a field of the
  // record before, when no empty line sets it apart from that record (after one, '<b>Flexy / Mobile</b> 0661 …' is a shop).
  if (first.mark !== undefined && !line.gap && isLabelPair(clean(first.mark)) && /\d/.test(clean(line.units.slice(at + 1).map((u) => u.text).join('')))) return undefined;
  // (So is one whose colon is inside the bold, '<b>Urgences / Mobile :</b> 0786 …': no name mark, a label and its number.)
  const pair = first.mark === undefined && !line.gap ? /^([^:：\d]{3,40})[:：]/u.exec(text) : null;
  if (pair !== null && isLabelPair(pair[1].trim()) && /\d/.test(text.slice(pair[0].length, pair[0].length + 40))) return undefined;
  if (first.mark !== undefined || line.heading) {
    const name = first.mark ?? (nameLike(text) ? text : undefined);
    if (name !== undefined) {
      const after = first.mark !== undefined ? line.units.slice(line.units.indexOf(first) + 1) : [];
      const restText = clean(after.map((u) => u.text).join(''));
      // 'Gérant : M. X', '<b>Adresse</b> : …': a bold label, not a name.
      if (restText.startsWith(':') || restText.startsWith('：')) return undefined;
      const rest = after;
      const record: Rec = { name, rest, lines: [], contacts, shows: /[\p{L}\p{N}]/u.test(restText) || contacts.size > 0, heading: line.heading };
      if (line.row) record.row = line.row;
      if (lead !== undefined) record.lead = lead;
      if (first.mark !== undefined && line.block && lead === undefined && !line.heading) record.markOpens = true;
      return record;
    }
  }
  // (After a name alone, a heading or bold in a block of its own, only a line with its own contacts opens the section's
  // first entry: '<strong>Daïra de X</strong>' then '<div>• Name — Tél …</div>'; not an address line, not the fields
  // cell beside a name cell.)
  if (cur !== undefined && cur.contacts.size === 0 && !(isHeadingAlone(cur) && contacts.size > 0 && (cur.heading || (line.block && (cur.row === undefined || cur.row !== line.row))))) return undefined;
  if ((!line.block && contacts.size === 0) || !hasLeadingLetters(text)) return undefined;
  const written = writtenName(text);
  // (A line without contact opens a record only at a separator: 'Name (activity)', not 'RC 16/00-…' nor a sentence.)
  if (written === undefined || (contacts.size === 0 && written.end !== 'separator')) return undefined;
  // (A line opening with an action link, 'Show Notes | Show Bio', 'Voir la fiche – …', is the entry's controls: no name before its separator.)
  if (opensWithAction(line.units)) return undefined;
  // A contact no separator set apart ('x [at] gmail [dot] com', 'x (arobase) gmail.com') is not a name, nor part of one.
  if (contacts.size > 0 && (written.end === 'line' || [...contacts].some((c) => c.includes(written.name.toLowerCase())))) return undefined;
  // A sentence leading to a name set apart ('Moi je vais chez <b>X</b>, depuis 5 ans. Appelez le …'): the name is what it sets apart.
  const named = nameInSentence(line.units, written.name);
  const record: Rec = { name: named ?? written.name, rest: written.rest === '' ? '' : ` ${written.rest}`, lines: [], contacts, shows: written.rest !== '' || contacts.size > 0, heading: false, written: line.units };
  if (written.colon) record.colon = true;
  if (!line.block) record.inline = true;
  return record;
}

/** A label word for a kind of number or address, whole ('Mobile', 'Tél.', 'Fax', 'E-mail'). */
const NUMBER_KIND = /^(?:t[ée]l[ée]?(?:phone)?\.?|mobile|portable|fixe|fax|t[ée]l[ée]copie|whatsapp|e-?mail|courriel|الهاتف|الفاكس|النقال|الجوال)$/iu;

/** An advertiser's slot's word ('Publicité / WhatsApp' is an ad's line, no field of the record before). */
const AD_WORD = /^(?:publicit[ée]s?|pub|annonces?|sponsoris[ée]e?s?|sponsors?|partenaires?|إعلان|اعلان)$/iu;

/**
 * A label of two kinds of number joined by a slash ('Urgences / Mobile', 'Standard / Tél.', 'Bureau / Fax'):
 * short, two parts, the first of one or two words, the second all a number's kind ({@link NUMBER_KIND}).
 * A name with a slash keeps other words after it ('Import / Export', 'Réparation TV / GSM').
 */
function isLabelPair(text: string): boolean {
  if (text.length > 40 || !text.includes('/')) return false;
  const parts = text.split('/');
  if (parts.length !== 2) return false;
  const head = parts[0].trim();
  return head !== '' && head.split(' ').length <= 2 && !AD_WORD.test(head) && NUMBER_KIND.test(parts[1].trim().replace(/[ \t]?[:：]$/u, ''));
}

/** Small words inside a name between its capitalized ones ('Société de X', 'Garage des Frères'): no sentence's. */
const IN_NAME_WORD = /^(?:de|des|du|d['’]|la|le|les|l['’]|el|et|à|au|aux|en|sur|ben|bou|ou|of|the|and|y)$/iu;

/**
 * The name a line's opening sentence sets apart: the text of a name mark (bold, a link …) that ends
 * the name written before the separator, after words of a sentence ('Moi je vais chez <b>X</b>, …',
 * 'On a été très bien reçus chez <b>X</b> :'): the words before it end with one in lower case and
 * hold one in lower case that is no name's joining word ('Société de <b>X</b>' is a name). Undefined otherwise.
 */
function nameInSentence(units: readonly Unit[], written: string): string | undefined {
  const mark = units.find((u) => u.mark !== undefined);
  if (mark === undefined || mark.mark === undefined) return undefined;
  const name = clean(mark.mark);
  if (!written.endsWith(name) || written.length === name.length || !nameLike(name)) return undefined;
  const before = written.slice(0, written.length - name.length).trim().split(' ').slice(-12);
  if (before.length === 0 || !/^\p{Ll}/u.test(before[before.length - 1])) return undefined;
  return before.some((w) => /^\p{Ll}/u.test(w) && !IN_NAME_WORD.test(w)) ? name : undefined;
}

/** Whether a line's first unit is a link (itself or through single wrappers) whose text is an action ({@link LINK_NOT_NAME}). */
function opensWithAction(units: readonly Unit[]): boolean {
  const first = units.find((u) => u.text.trim() !== '');
  if (first === undefined || first.node.nodeType !== 1) return false;
  let e = first.node as HTMLElement;
  for (let depth = 0; depth < 4; depth++) {
    if (e.tagName === 'A') return LINK_NOT_NAME.test(clean(e.text).slice(0, MAX_NAME));
    const kids = e.childNodes.filter((k) => k.nodeType === 1 || k.text.trim() !== '');
    if (kids.length !== 1 || kids[0].nodeType !== 1) return false;
    e = kids[0] as HTMLElement;
  }
  return false;
}

/**
 * The name a line begins with when no markup sets it apart: its text after a bullet or a dash,
 * up to a separator ({@link NAME_END}), a contact label or a number; with the rest of the line.
 */
function writtenName(text: string): { name: string; rest: string; end: 'separator' | 'label' | 'number' | 'line'; colon: boolean } | undefined {
  const t = text.replace(BULLETS, '');
  let end = t.length;
  let how: 'separator' | 'label' | 'number' | 'line' = 'line';
  const sep = NAME_END.exec(t);
  if (sep) [end, how] = [sep.index, 'separator'];
  const label = LABEL_IN_LINE.exec(t);
  if (label && label.index < end) [end, how] = [label.index, 'label'];
  const number = numberStart(t);
  if (number !== -1 && number < end) [end, how] = [number, 'number'];
  const name = t.slice(0, end).replace(/[\s.,;:–—-]+$/u, '').trim();
  // (Words that begin in lower case go on with a sentence, 'ou bien 0699 …', 'je confirme, …': a name begins with a capital.)
  if (!nameLike(name) || name.split(' ').length > 10 || /^\p{Ll}/u.test(name)) return undefined;
  return { name, rest: t.slice(end).trim(), end: how, colon: how === 'separator' && LABEL_END.test(t.slice(end)) };
}

/** Whether the line has two letters before its first digit or '@' (else it is a number or an address alone). */
function hasLeadingLetters(text: string): boolean {
  let letters = 0;
  for (const ch of text) {
    if (ch === '@' || (ch >= '0' && ch <= '9')) return false;
    if (/\p{L}/u.test(ch) && ++letters >= 2) return true;
  }
  return false;
}

function isDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9);
}

/** Characters written inside a phone number: spaces, dots, dashes, brackets, a plus (not a slash: '0661 … / 0770 …' are two). */
function inNumber(code: number): boolean {
  return code === 32 || code === 46 || code === 45 || code === 40 || code === 41 || code === 43 || code === 0xa0 || code === 9;
}

/** Fewest digits of a run read as a phone number. */
const PHONE_DIGITS = 8;

/** Where the first phone-like run of digits begins (eight or more digits with separators), or -1. */
function numberStart(text: string): number {
  let start = -1;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isDigit(code)) {
      if (digits === 0) start = i;
      if (++digits >= PHONE_DIGITS) return start;
    } else if (!(digits > 0 && inNumber(code))) digits = 0;
  }
  return -1;
}

/** Longest post text looked at for a contact. */
const MAX_POST_TEXT = 20_000;

/** Whether a forum post shows a contact: an e-mail or a phone number in its text, a mailto: or tel: link. */
function postContacts(post: HTMLElement): boolean {
  const text = post.text.slice(0, MAX_POST_TEXT);
  if (findEmails(text).length > 0) return true;
  if (numberStart(text) !== -1) {
    const { phones, faxes } = findPhonesAndFaxes(text);
    if (phones.length + faxes.length > 0) return true;
  }
  return post.querySelectorAll('a').some((a) => /^(?:mailto|tel):/i.test((a.getAttribute('href') ?? '').trim()));
}

/** A line's contacts: its e-mails and phone and fax numbers (as the entry's reading will find them), with those of its mailto: and tel: links. */
function contactsOf(text: string, units: readonly Unit[]): Set<string> {
  const found = new Set<string>(findEmails(text));
  if (numberStart(text) !== -1) {
    const { phones, faxes } = findPhonesAndFaxes(text);
    for (const n of [...phones, ...faxes]) found.add(n);
  }
  for (const link of units.flatMap((u) => u.links ?? [])) {
    if (/^mailto:/i.test(link)) for (const e of findEmails(link)) found.add(e);
    else for (const n of findPhonesAndFaxes(link.slice(4, 60)).phones) found.add(n);
  }
  return found;
}

/** The mailto: and tel: hrefs of an inline element and of the links inside it. */
function contactLinks(el: HTMLElement): string[] {
  const out: string[] = [];
  const stack: Node[] = [el];
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_NODES) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    const href = e.tagName === 'A' && /mailto:|tel:/i.test(e.rawAttrs) ? (e.getAttribute('href') ?? '').trim() : '';
    if (/^(?:mailto|tel):/i.test(href)) out.push(href);
    stack.push(...e.childNodes);
  }
  return out;
}

function hasContact(text: string): boolean {
  return text.includes('@') || numberStart(text) !== -1;
}
