/**
 * Finding the company entries of a listing page when the sources file gives no item selector,
 * the way list-extraction tools do: data the page ships (embedded JSON state), then repeated
 * structure (sibling blocks of one shape that carry a name and contact-like content, table
 * rows under a header). schema.org data comes first and is read by extract.ts.
 *
 * Everything here runs on text the directory controls, in a worker thread with a budget
 * (pages.ts), and still keeps to linear time: the tree is walked once, bottom-up, to count
 * what each element holds (no element's text is computed twice), JSON is located with one
 * string-aware bracket scan per candidate and parsed with JSON.parse, and JSON trees are walked
 * with a bound on nodes and depth.
 */
import { HTMLElement as HTMLElementClass, type HTMLElement, type Node } from 'node-html-parser';
import { findEmails, normalizePhone, readNumbers } from '../platform/contacts';
import { attrOf, blockText, classAndId, classText, contactAttr, descendants, escapeHtml, hasAttr, hasDataAttrs, isInlineNameLabel, isNameLabelCell, keep, parseHtml, spanningRowAbove, type Kept } from './parse';
import { isInlineBold, saysWhatItShows } from './labels';
import { collapseSpaces, isMaskedNumber, isRelativeTime, isSpace, shortText } from './nodeText';
import { isRecordRow, nestedRecords } from './tables';
import { isEscapedTransferState, typedContact, unescapeTransferState } from './embeddedState';
import { olderEntriesNext, scrollSentinelNext } from './cursor';
import { ajaxActionRequest } from './ajaxMore';
import { inForumPost } from './forumPosts';
import { isPaginationText, livewirePageNext, nextTab, numberedPageUrl, pageOfText, steppedPageLink } from './pagination';
import { flightRecords, flightText, isFlightScript } from './flight';
import { eachLinksOwnPage, isCountedEntry, listingLead, otherTiers, recordTiers } from './tiers';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// JSON state

/** Longest script text searched for JSON state, and most JSON nodes walked per page. */
const MAX_SCRIPT = 4_000_000;
const MAX_NODES = 200_000;
const MAX_DEPTH = 40;

/** A company-like object of embedded or fetched JSON, with the fields read from it. */
export interface JsonItem {
  name: string;
  phones: string[];
  faxes: string[];
  emails: string[];
  activity?: string;
  /** A link to its own page, as written (relative or absolute). */
  url?: string;
  /** Marked sponsored / advertisement by the data itself. */
  advertisement: boolean;
  /** Neither a contact nor a link: a company only beside others that have some. */
  bare?: boolean;
  /** Its link calls or writes to it (`url: 'tel:…'`, `mailto:`, a WhatsApp chat): a link-in-bio page's button. */
  calledByLink?: boolean;
}

/** Object keys, folded (lower case, letters and digits only), and what they hold. */
const NAME_KEYS = new Set(['name', 'nom', 'raisonsociale', 'raison', 'company', 'companyname', 'entreprise', 'nomentreprise', 'societe', 'société', 'denomination', 'businessname', 'title', 'titre', 'label', 'libelle', 'enseigne', 'displayname', 'store', 'storename', 'cabinet']);
const PHONE_KEYS = new Set(['phone', 'phones', 'telephone', 'telephones', 'tel', 'tels', 'mobiles', 'numeros', 'tél', 'téléphone', 'mobile', 'gsm', 'portable', 'fixe', 'phonenumber', 'phonenumbers', 'cell', 'cellphone', 'whatsapp', 'contactphone', 'numero', 'numtel', 'hatif', 'هاتف']);
const FAX_KEYS = new Set(['fax', 'faxes', 'faxs', 'faxnumber', 'telecopie', 'télécopie', 'فاكس']);
const EMAIL_KEYS = new Set(['email', 'emails', 'mail', 'courriel', 'contactemail', 'emailaddress', 'adressemail', 'adresseemail']);
const ACTIVITY_KEYS = new Set(['activity', 'activite', 'activité', 'secteur', 'sector', 'category', 'categorie', 'catégorie', 'industry', 'rubrique', 'metier', 'métier', 'specialite']);
const URL_KEYS = new Set(['url', 'link', 'href', 'permalink', 'detailurl', 'profileurl', 'ficheurl', 'path', 'slugurl']);
const AD_KEYS = new Set(['sponsored', 'issponsored', 'promoted', 'ispromoted', 'isad', 'ad', 'advertisement', 'isadvertisement', 'featuredad', 'sponsorise', 'sponsorisé', 'sponsorisee', 'promo', 'ispromo', 'publicite', 'publicité']);
/**
 * Numbered and qualified keys: tel1, telephone_2, tel_fixe, phone_mobile, mobile2, email1, fax2
 * (folded); and a number named for the desk that answers it, as a brand's dealer API writes
 * them (phoneSales, phoneService, phone_sav, tel_reservation, mobileWhatsapp); either in the plural,
 * a list of such numbers (fixes, portables, telephonesFixes, phonesMobiles: a record's fixed lines
 * beside its mobiles).
 */
const PHONE_KEY = /^(?:tel|tél|telephone|téléphone|phone|mobile|gsm|portable|fixe|cell|numtel|numerotel|numerotelephone)s?(?:\d|fixe|mobile|portable|gsm|bureau|pro|principal|secondaire|number|numero|sales|service|services|support|sav|vente|ventes|commercial|atelier|parts|pieces|pièces|reservation|réservation|accueil|standard|direction|office|work|main|other|alt|secondary|primary|fixed|landline|whatsapp|hotline)*s?$/u;
const FAX_KEY = /^(?:fax|telecopie|télécopie)(?:\d|number|numero)*$/u;
/**
 * An e-mail key with any qualifier after it (email1, email_pro, email_reservation, courriel_inscriptions,
 * mailDirection), or a second one's before it (secondaryEmail, other_email, autreCourriel): its value is read as e-mails only when it holds one.
 */
const EMAIL_KEY = /^(?:secondary|second|other|alt|alternate|additional|autre)?(?:e?mail|courriel|adresseemail|adressemail)[\p{L}\d]{0,30}$/u;
/**
 * Keys of an entry's free text (a store locator's `description` HTML, a map point's markdown
 * `description`, an info window's `popupContent`): the numbers and e-mails written in it are the
 * entry's, each by its label (a 'Fax' line's number is a fax).
 */
const DESCRIPTION_KEYS = new Set(['description', 'desc', 'descr', 'popup', 'popupcontent', 'infowindow']);
/** Longest free text read for contacts. */
const MAX_DESCRIPTION = 4_000;
/** GeoJSON geometries that are a place (a company's point); a line or an area is none unless it shows a contact. */
const POINT_GEOMETRIES = new Set(['Point', 'MultiPoint']);

/** Keys under which a company keeps its contacts in a nested object ({contact: {phone, email}}). */
const NESTED_KEYS = new Set(['contact', 'contacts', 'coord', 'coords', 'coordonnees', 'coordonnées', 'contactinfo', 'contactinformation', 'details', 'info', 'infos', 'attributes', 'fields', 'properties']);

/** A contact holder's one-letter keys ({coord: {t, m, f, e}}), the initials business cards print: what each holds. */
const CONTACT_INITIALS: Record<string, 'phones' | 'faxes' | 'emails' | undefined> = { t: 'phones', m: 'phones', f: 'faxes', e: 'emails' };

/**
 * Keys of an entry's free text (folded): a description, remarks, notes, a presentation, where a
 * directory's editor writes more numbers in prose ('Astreinte : 0661 …', 'Fax : …').
 */
const PROSE_KEYS = new Set(['description', 'desc', 'descriptif', 'precisions', 'précisions', 'presentation', 'présentation', 'apropos', 'about', 'remarques', 'remarque', 'observations', 'observation', 'notes', 'note', 'commentaire', 'commentaires', 'complement', 'complements', 'complément', 'compléments', 'informationscomplementaires', 'infoscomplementaires', 'body', 'contenu', 'content', 'excerpt', 'extrait', 'resume', 'résumé', 'summary', 'bio']);
/** Keys of a rich-text holder's own text ({rendered}, {raw}, {html}, Gatsby's {childMarkdownRemark: {rawMarkdownBody}}). */
const PROSE_TEXT_KEYS = new Set(['rendered', 'raw', 'html', 'markdown', 'text', 'value', 'rawmarkdownbody', 'plaintext', 'content']);
/** Longest free text read for contacts. */
const MAX_PROSE = 5_000;

/**
 * The text of an entry's free-text field: a string, or a rich-text holder's text: WordPress's
 * `{rendered}`, `{raw}` / `{html}` / `{markdown}`, gatsby-source-strapi's `{data: {field: text}}`,
 * Gatsby's `{childMarkdownRemark: {html}}` (two levels at most). HTML is read as its text, its
 * mailto: links kept. Undefined when there is none; bounded.
 */
function proseText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') {
    const text = value.length > MAX_PROSE ? value.slice(0, MAX_PROSE) : value;
    if (!/<[a-z][^>]{0,200}>/i.test(text)) return text;
    const root = parseHtml(text);
    const mailtos = descendants(root).flatMap((el) => (el.tagName === 'A' && /^mailto:/i.test(attrOf(el, 'href') ?? '') ? [attrOf(el, 'href')!.slice(7)] : []));
    return [blockText(root), ...mailtos].join('\n');
  }
  if (!isJson(value) || depth >= 2) return undefined;
  let n = 0;
  for (const [k, v] of Object.entries(value)) {
    if (++n > 10) break;
    const key = foldKey(k);
    if (PROSE_TEXT_KEYS.has(key) || PROSE_KEYS.has(key) || key === 'data' || key === 'childmarkdownremark') {
      const text = proseText(v, depth + 1);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** Keys of an entry's contact person, an object of his own (his name, his role, his mobile). */
const PERSON_KEYS = new Set(['responsable', 'gerant', 'gérant', 'dirigeant', 'directeur', 'manager', 'contactperson', 'personnecontact', 'interlocuteur', 'representant', 'représentant', 'referent', 'référent', 'owner', 'proprietaire', 'propriétaire']);

/** Nested objects that hold an entry's own fields (JSON:API `attributes`, GeoJSON `properties`, `fields`). */
const ATTRIBUTE_KEYS = new Set(['attributes', 'properties', 'fields']);

/**
 * What a name field is qualified by when the base's editors typed it ('Nom du centre', 'Nom de
 * l'école', 'Store name', folded): the kind of business its rows are. Only such words: a
 * person's, a place's or a course's name field ('Nom du gérant', 'Nom de la commune', 'Contact
 * name') names no company.
 */
const NAMED_KINDS = /^(?:l|la|le|les|the)?(?:centre|center|cabinet|ecole|school|institut|institute|entreprise|enterprise|company|societe|etablissement|structure|organisme|organisation|organization|business|commerce|magasin|boutique|shop|store|agence|agency|officine|pharmacie|pharmacy|clinique|clinic|hotel|restaurant|cooperative|association|concession|concessionnaire|garage|revendeur|dealer|fournisseur|supplier|prestataire|provider|etude|bureau|office|laboratoire|atelier|usine|firme|firm|vendeur|vendor|partenaire|partner|membre|member|adherent|exposant|exhibitor|annonceur|grossiste|distributeur|distributor|transporteur|importateur|exportateur|fabricant|manufacturer|producteur|pepiniere|ferme|farm|academie|academy|lycee|creche|studio|salon)s?$/;

/**
 * Whether a folded key is a name field qualified by the kind of business ({@link NAMED_KINDS}):
 * 'nomducentre', 'nomdelecole', 'nometablissement', 'storename', 'centername'.
 */
function isQualifiedNameKey(key: string): boolean {
  if (key.length > 40) return false;
  const bare = key.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const m = /^(?:nom|name)(?:d[eu]|des|of)?([a-z]{3,30})$/.exec(bare) ?? /^([a-z]{3,30})(?:name|nom)$/.exec(bare);
  return m !== null && NAMED_KINDS.test(m[1]);
}

/**
 * A name field written per language, as a bilingual site's data keeps each script apart (`nom_ar`,
 * `nom_fr`, `name_en`, `nomAr`, folded 'nomar'): a name key and a language code. The record's first
 * such key in its order is its name (the one its card prints first).
 */
const LANGUAGE_NAME_KEY = /^(?:nom|name|raisonsociale|denomination|title|titre|libelle)(?:ar|fr|en|es|de|it|pt|nl|tr|ber|kab|tzm)$/;

function isNameKey(key: string): boolean {
  return NAME_KEYS.has(key) || isQualifiedNameKey(key) || LANGUAGE_NAME_KEY.test(key);
}

/** A folded key without a CMS's field prefix (Drupal's `field_telephone`, ACF's `acf_email`). */
function unprefixed(key: string): string {
  // ('fields' itself, Airtable's record fields, is no prefixed key.)
  return key.length > 6 && key.startsWith('field') ? key.slice(5) : key.length > 3 && key.startsWith('acf') ? key.slice(3) : key;
}

/**
 * A key folded: lower case, letters and digits only. A Salesforce custom field's suffix is dropped
 * first (its API names end `__c`: `Mobile__c`, `Secondary_Email__c` in an Apex answer's records).
 */
function foldKey(key: string): string {
  return (key.length > 3 && key.endsWith('__c') ? key.slice(0, -3) : key).toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The company entries of a JSON value: the array (anywhere in it) holding the most company-like
 * objects with a contact, else the most with a link, at least two (a name and a contact or a link of their own; `min`, default 2: one
 * for a JSON answer that is itself a page of results), each read into a {@link JsonItem}. A
 * lone company-like object (a detail page's state) is one entry when `single` is set. Empty
 * when there is none.
 */
export function jsonItems(value: unknown, single = false, min = 2): JsonItem[] {
  return jsonList(value, single, min).items;
}

/** A node of the JSON walk of {@link jsonList}, with the node that holds it. */
interface Walked {
  v: unknown;
  depth: number;
  up?: Walked;
  /** The key it stands under in the object holding it. */
  key?: string;
}

/**
 * Keys under which a state keeps the site's navigation, never a list of companies: a breadcrumb's
 * trail (PrestaShop's `var prestashop = {breadcrumb: {links: [{title, url}], count}}` on every
 * page), a menu's links (`menu`, `mainMenu`, `navigation: {items: […]}`). Read as words, camel case
 * and separators cut ({@link navigationKey}).
 */
const NAVIGATION_KEYS = new Set(['breadcrumb', 'breadcrumbs', 'menu', 'menus', 'nav', 'navigation', 'navbar']);

/** Whether a JSON key names the site's navigation ({@link NAVIGATION_KEYS}): 'breadcrumb', 'mainMenu', 'nav_links'. */
function navigationKey(key: string | undefined): boolean {
  if (key === undefined || key.length > 60) return false;
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => NAVIGATION_KEYS.has(w));
}

/**
 * The company entries of a JSON value ({@link jsonItems}) and the objects that hold their array,
 * nearest first (`{entreprises: {items: [...], meta}}`: the `entreprises` object, then the root):
 * where a state keeps the pagination of its list ({@link stateNext}). No holder for a lone entry.
 */
export function jsonList(value: unknown, single = false, min = 2, columns: readonly (readonly string[])[] = []): { items: JsonItem[]; holders: Json[] } {
  let best: JsonItem[] = [];
  let bestAt: Walked | undefined;
  let bestContacts = 0;
  let lone: JsonItem | undefined;
  let nodes = 0;
  // A normalized store's entries, once resolved, are shared (an Apollo cache: many references to
  // one record): each object is walked once and read as a company once, so sharing costs no more
  // than the JSON's own size.
  const walked = new Set<object>();
  const read = new Map<object, JsonItem | undefined>();
  const companyOnce = (x: Json): JsonItem | undefined => {
    if (read.has(x)) return read.get(x);
    const item = companyOf(x);
    read.set(x, item);
    return item;
  };
  const stack: Walked[] = [{ v: value, depth: 0 }];
  while (stack.length > 0 && nodes < MAX_NODES) {
    const node = stack.pop()!;
    const { v, depth } = node;
    nodes++;
    if (depth > MAX_DEPTH) continue;
    if (typeof v === 'object' && v !== null) {
      if (walked.has(v)) continue;
      walked.add(v);
    }
    if (Array.isArray(v)) {
      // A breadcrumb's or a menu's links, under its key or its holder's ('breadcrumb': {links: […]}), list no company.
      if (navigationKey(node.key) || navigationKey(node.up?.key)) continue;
      // Objects (a GraphQL edge's node among them), or tuples: a map locator's [name, lat, lng, info HTML].
      const named = v.map((x) => (isJson(x) ? companyOnce(nodeOf(x)) : Array.isArray(x) ? tupleOf(x, columns) : undefined)).filter((x): x is JsonItem => x !== undefined);
      const items = named.filter((x) => !x.bare);
      // The array with the most entries that carry a contact wins (a menu of links is longer than a page of companies).
      const contacts = items.filter((x) => x.phones.length + x.emails.length + x.faxes.length > 0).length;
      if (items.length >= min && (contacts > bestContacts || (contacts === bestContacts && items.length > best.length))) {
        // Beside entries with contacts, a named entry without any is a company that shows none.
        best = contacts > 0 ? named : items;
        bestAt = node;
        bestContacts = contacts;
      }
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, up: node });
    } else if (isJson(v)) {
      if (single && lone === undefined) {
        const one = companyOf(v);
        if (one && !one.bare) lone = one;
      }
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i][1], depth: depth + 1, up: node, key: entries[i][0] });
    }
  }
  if (best.length > 0) {
    const holders: Json[] = [];
    for (let at = bestAt?.up; at !== undefined; at = at.up) if (isJson(at.v)) holders.push(at.v);
    return { items: best, holders };
  }
  return { items: single && lone ? [lone] : [], holders: [] };
}

/** A GraphQL connection's edge (`{node: {...}, cursor}`, Gatsby's and Relay's lists) stands for its node. */
function nodeOf(obj: Json): Json {
  const node = obj.node;
  return isJson(node) && Object.keys(obj).every((k) => k === 'node' || k === 'cursor' || k === '__typename') ? node : obj;
}

/** Longest tuple, and longest string of one, read as a record. */
const MAX_TUPLE = 20;
const MAX_TUPLE_TEXT = 4_000;
/** Elements that hold the name in an info window's HTML. */
const TUPLE_NAME_TAGS = new Set(['B', 'STRONG', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * An unkeyed record (`["Name", 36.7, 3.05, "<b>Name</b><br>Tél : 021 …<br>Fax : …", 2]`, a map
 * locator's `locations` array) read as a company: its name is its first string that reads as a
 * name (letters, no '@', fewer than six digits, no link), else the first bold text or heading of
 * its HTML; its contacts are read from its other strings (HTML fragments as text, with their
 * labels: a number labelled fax is a fax; tel: and mailto: links), its link is a path or URL
 * string or a fragment's link. Undefined unless it has a name and a contact. Drawn into an empty
 * table (`columns`: the header cells of the page's tables without data cells, jQuery DataTables'
 * `data: rows`), its plain cells are read labelled by their column's header ('Fax : 038 …'),
 * when exactly one such header has the tuple's width.
 */
function tupleOf(tuple: unknown[], columns: readonly (readonly string[])[] = []): JsonItem | undefined {
  if (tuple.length < 2 || tuple.length > MAX_TUPLE) return undefined;
  // The header of the empty table the rows are drawn into, when exactly one has their width.
  const widths = columns.filter((c) => c.length === tuple.length);
  const header = widths.length === 1 ? widths[0] : undefined;
  let name: string | undefined;
  let htmlName: string | undefined;
  let url: string | undefined;
  const texts: string[] = [];
  const markup: string[] = [];
  const tels: string[] = [];
  for (const [i, value] of tuple.entries()) {
    if (typeof value !== 'string' || value.length > MAX_TUPLE_TEXT || value.trim() === '') continue;
    if (!value.includes('<')) {
      if (name === undefined && isTupleName(value)) name = value.trim();
      else if (url === undefined && /^(?:https?:\/)?\/[^\s<>"']*$/i.test(value)) url = value;
      // A cell read under its column's header, as a label ('Fax : 038 …'), on a line of its own.
      else texts.push(header?.[i] ? `${header[i]} : ${value}` : value);
      continue;
    }
    const root = parseHtml(value);
    texts.push(blockText(root));
    markup.push(value);
    for (const el of descendants(root)) {
      if (htmlName === undefined && TUPLE_NAME_TAGS.has(el.tagName)) htmlName = blockText(el) || undefined;
      const href = el.tagName === 'A' ? attrOf(el, 'href')?.trim() : undefined;
      if (!href) continue;
      if (/^tel:/i.test(href)) tels.push(href.slice(4));
      else if (url === undefined && !/^(?:mailto:|javascript:|#)/i.test(href)) url = href;
    }
  }
  name ??= htmlName;
  if (name === undefined) return undefined;
  // The fragments' text (with their labels) for numbers; text and markup (mailto: links) for e-mails.
  const numbers = readNumbers(texts.join('\n'));
  const phones = [...new Set([...tels.map((t) => normalizePhone(t)).filter((p): p is string => p !== undefined), ...numbers.phones])];
  const item: JsonItem = { name, phones, faxes: numbers.faxes, emails: findEmails([...texts, ...markup].join('\n')), advertisement: false };
  if (url !== undefined) item.url = url;
  return item.phones.length + item.faxes.length + item.emails.length > 0 ? item : undefined;
}

/** Whether a tuple's string reads as a name: letters, no '@', fewer than six digits, not a path or URL. */
function isTupleName(s: string): boolean {
  const t = s.trim();
  if (t.length < 2 || t.length > 200 || t.includes('@') || /^(?:https?:|\/)/i.test(t) || !/\p{L}/u.test(t)) return false;
  let digits = 0;
  for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) digits++;
  return digits < 6;
}

/** The typed contacts of a list ({@link typedContact}) added to an item; false when the list holds none. */
function typedContactsInto(item: JsonItem, list: unknown[]): boolean {
  let found = false;
  for (const x of list.slice(0, 30)) {
    const c = isJson(x) ? typedContact(x) : undefined;
    if (!c) continue;
    (c.kind === 'fax' ? item.faxes : c.kind === 'email' ? item.emails : item.phones).push(c.value);
    found = true;
  }
  return found;
}

/**
 * A WhatsApp click-to-chat link's number (`https://wa.me/213661…`, `api.whatsapp.com/send?phone=…`):
 * the chat is opened on that phone number, so it is one, as a tel: link's is.
 */
export const WHATSAPP_LINK = /^(?:https?:)?\/\/(?:wa\.me\/|(?:api|web)\.whatsapp\.com\/send\/?\?(?:[^#&]{0,200}&){0,5}phone=)\+?(\d{6,15})(?![\d])/i;

/** A record's link that is a contact (`tel:`, `mailto:`, a WhatsApp chat): added to its phones or e-mails; false for any other link. */
function linkContactInto(item: JsonItem, link: string): boolean {
  const h = link.trim();
  if (h.length > 400) return false;
  if (/^tel:/i.test(h)) item.phones.push(safeUriDecode(h.slice(4)).split('?')[0]);
  else if (/^mailto:/i.test(h)) item.emails.push(safeUriDecode(h.slice(7)).split('?')[0]);
  else {
    const m = WHATSAPP_LINK.exec(h);
    if (!m) return false;
    item.phones.push(`+${m[1]}`);
  }
  item.calledByLink = true;
  return true;
}

/** A seat named as such ('Siège de la direction', 'مقر المديرية'): a place of the page's own body, no company's name. */
const SEAT_LINE = /^(?:si[èe]ge|مقر)\s/iu;
/** Most characters of pictograms and marks before a button's words ('📍 ', '✉️ '). */
const MAX_BUTTON_MARKS = 6;

/**
 * A button of a link-in-bio page that is the page owner's own contact line, no company: its words
 * (after a pictogram) open with a contact's label ('✉️ البريد الإلكتروني للمديرية', 'E-mail de la
 * mairie') or name a seat ('📍 مقر المديرية', 'Siège de la direction').
 */
export function isOwnContactButton(name: string): boolean {
  const text = name.slice(0, 200);
  const lead = /^[^\p{L}\p{N}]*/u.exec(text)![0];
  if (lead.length > MAX_BUTTON_MARKS) return false;
  const words = text.slice(lead.length);
  return leadsWithLabel(words) || SEAT_LINE.test(words);
}

/** A URI component decoded, or as it is when it is no valid escape ('50%'). */
export function safeUriDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Bubble.io's things: a Bubble app keeps each data type's things as objects whose built-in fields
 * are `_id` (`1752631485447x550970338118885533`: a time in ms, 'x', a random number) and
 * `Created Date`, and whose own fields are keyed by the field's name with every character outside
 * a-z and 0-9 written `_`, then the field's type (`nom_text`, `t_l_phone_text` for 'Téléphone',
 * `e_mail_text`, `note_number`, `commune_option_communes`, `photos_list_image`).
 */
const BUBBLE_ID = /^\d{13}x\d{1,25}$/;
const BUBBLE_TYPE = /_(?:text|number|boolean|date|image|file|geographic_address|date_range|number_range|user|(?:option|custom|list)_[a-z0-9_]{1,60})$/;
/** Known keys holding a letter outside a-z, as a Bubble key writes them ('téléphone' -> 't_l_phone'). */
const BUBBLE_ACCENTED = new Map(
  [...NAME_KEYS, ...PHONE_KEYS, ...FAX_KEYS, ...EMAIL_KEYS, ...ACTIVITY_KEYS].filter((k) => /[^a-z0-9]/.test(k)).map((k) => [k.replace(/[^a-z0-9]/g, '_'), k]),
);

function isBubbleThing(obj: Json): boolean {
  return typeof obj._id === 'string' && BUBBLE_ID.test(obj._id) && 'Created Date' in obj;
}

/** A Bubble field's key as its field was named: its type taken off, a known name's letters outside a-z given back ('t_l_phone_text' -> 'téléphone'). */
function bubbleField(key: string): string {
  const m = BUBBLE_TYPE.exec(key);
  if (m === null || m.index === 0) return key;
  const field = key.slice(0, m.index);
  return BUBBLE_ACCENTED.get(field) ?? field;
}

/** An object read as a company, or undefined unless it has a name and a contact or a link. */
function companyOf(obj: Json): JsonItem | undefined {
  // A FooTable row (`{options: {classes}, value: {col: cell, …}}`, the rows Ninja Tables and other
  // FooTable tables are fed): its cells are the record.
  // (Unwrapped once: a row whose value is itself such a wrapper is none, however deep it nests.)
  if (isJson(obj.value) && Object.keys(obj).every((k) => k === 'value' || k === 'options') && !Object.keys(obj.value).every((k) => k === 'value' || k === 'options')) return companyOf(obj.value);
  const bubble = isBubbleThing(obj);
  // A typed contact ({label: 'Tél', value: '…'}) is a field of a company, never one.
  if (Object.keys(obj).length <= 4 && typedContact(obj) !== undefined) return undefined;
  let name: string | undefined;
  let selfUrl: string | undefined;
  const item: JsonItem = { name: '', phones: [], faxes: [], emails: [], advertisement: false };
  // `own`: the object itself, or its attributes object (JSON:API `attributes`, GeoJSON `properties`): its name, activity, link, ad mark.
  const read = (o: Json, depth: number, own: boolean) => {
    for (const [rawKey, value] of Object.entries(o)) {
      // A typed list ({type: 'tel' | 'fax' | 'email', valeur}), under any key: each by its type.
      if (Array.isArray(value) && typedContactsInto(item, value)) continue;
      // Its own resource, as a hypermedia API links it (HAL's `_links.self.href`, JSON:API's `links.self`);
      // the links are read on below as any object is (a `links: {whatsapp: …}` holds contacts).
      if (own && (rawKey === '_links' || rawKey === 'links')) selfUrl ??= selfLink(value);
      const key = unprefixed(foldKey(bubble && own ? bubbleField(rawKey) : rawKey));
      if (own && name === undefined && isNameKey(key) && typeof value === 'string' && value.trim().length >= 2) name = value;
      else if (own && name === undefined && (NAME_KEYS.has(key) || NAME_HOLDER_KEYS.has(key)) && isJson(value) && heldName(value) !== undefined) {
        // The company as an object of its own ({societe: {denomination, forme}}): its name, and its contacts if any.
        name = heldName(value);
        if (depth < 2) read(value, depth + 1, false);
      }
      // Inside a contact holder ({coord: {t, m, f, e}}), initials as business cards write them: T(él), M(obile), F(ax), E(-mail).
      else if (!own && depth > 0 && key.length === 1 && CONTACT_INITIALS[key] !== undefined) item[CONTACT_INITIALS[key]].push(...strings(value));
      else if (FAX_KEYS.has(key) || FAX_KEY.test(key)) item.faxes.push(...strings(value));
      else if (PHONE_KEYS.has(key) || PHONE_KEY.test(key)) item.phones.push(...strings(value));
      else if (EMAIL_KEYS.has(key) || EMAIL_KEY.test(key)) item.emails.push(...strings(value));
      else if (own && DESCRIPTION_KEYS.has(key) && typeof value === 'string' && value.length <= MAX_DESCRIPTION && descriptions.length < 3) descriptions.push(value);
      else if (own && ACTIVITY_KEYS.has(key) && item.activity === undefined) item.activity = strings(value).find(Boolean) ?? (isJson(value) ? strings(value.name ?? value.nom ?? value.label).find(Boolean) : undefined);
      // A link that calls or writes to the record (a link-in-bio page's buttons, `{title, url: 'tel:029…'}`): its contact, no page of its own.
      else if (own && URL_KEYS.has(key) && typeof value === 'string' && linkContactInto(item, value)) continue;
      else if (own && URL_KEYS.has(key) && typeof value === 'string' && item.url === undefined) item.url = value;
      else if (own && AD_KEYS.has(key) && (value === true || value === 1 || value === 'true')) item.advertisement = true;
      else if (own && (key === 'type' || key === 'kind') && typeof value === 'string' && /^(?:ad|ads|advert|advertisement|sponsored|promoted|annonce|pub)$/i.test(value)) item.advertisement = true;
      else if (depth < 2 && NESTED_KEYS.has(key)) {
        for (const nested of ([] as unknown[]).concat(value)) if (isJson(nested)) read(nested, depth + 1, depth === 0 && ATTRIBUTE_KEYS.has(key));
      }
      // The company's contact person ({responsable: {nom, fonction, mobile}}): his numbers and e-mail are the company's, his name is not.
      else if (depth === 0 && PERSON_KEYS.has(key) && isJson(value)) read(value, depth + 1, false);
      // Its free text ({description: 'Astreinte : 0661 …'}, {precisions: {data: {precisions: '…'}}}): the numbers and e-mails written in it.
      else if (own && PROSE_KEYS.has(key)) {
        const text = proseText(value);
        if (text !== undefined && (text.includes('@') || /\d/.test(text))) {
          const numbers = readNumbers(text);
          item.phones.push(...numbers.phones);
          item.faxes.push(...numbers.faxes);
          item.emails.push(...findEmails(text));
        }
      }
      // Its contacts under a key of the site's own ({joindre: {telephones, courriel}}, {moyens: [{fixe}]}): a holder without a name of its own.
      else if (own && depth < 2 && typeof value === 'object' && value !== null) for (const nested of contactHolders(value) ?? []) read(nested, depth + 1, false);
    }
  };
  const descriptions: string[] = [];
  read(obj, 0, true);
  if (name === undefined) return undefined;
  item.name = name;
  // (A link written for its page, `url`, `permalink`, comes first: the resource is the API's.)
  if (item.url === undefined && selfUrl !== undefined) item.url = selfUrl;
  for (const d of descriptions) {
    const text = d.includes('<') ? blockText(parseHtml(d)) : d;
    const numbers = readNumbers(text);
    item.phones.push(...numbers.phones);
    item.faxes.push(...numbers.faxes);
    item.emails.push(...findEmails(d.includes('<') ? `${text}\n${d}` : text));
  }
  // A GeoJSON feature that is a line or an area (a perimeter, a route) is no company unless it shows a contact.
  const geometry = isJson(obj.geometry) ? obj.geometry.type : undefined;
  if (obj.type === 'Feature' && typeof geometry === 'string' && !POINT_GEOMETRIES.has(geometry) && item.phones.length + item.emails.length + item.faxes.length === 0) return undefined;
  if (item.phones.length + item.emails.length + item.faxes.length === 0 && item.url === undefined) item.bare = true;
  return item;
}

/**
 * The URL of a record's own resource in its hypermedia links: HAL's `_links: {self: {href}}`,
 * JSON:API's `links: {self: "…"}` (or `{href}`). What the API serves there is the whole record,
 * its typed fields, read as the company's own page.
 */
function selfLink(links: unknown): string | undefined {
  if (!isJson(links)) return undefined;
  const self = links.self;
  const href = isJson(self) ? self.href : self;
  return typeof href === 'string' && /^(?:https?:\/)?\/[^\s<>"']*$/i.test(href.trim()) ? href.trim() : undefined;
}

/** The keys an object's contacts are under (folded, without a CMS prefix). */
function isContactKey(key: string): boolean {
  return FAX_KEYS.has(key) || FAX_KEY.test(key) || PHONE_KEYS.has(key) || PHONE_KEY.test(key) || EMAIL_KEYS.has(key) || EMAIL_KEY.test(key);
}

/**
 * The objects of a value that hold contacts and nothing that names them (an object or a list of at
 * most five): a company's contacts under a key of the site's own (`joindre`, `moyens`,
 * `nous_contacter`). An object with a name is another entity (a head office, a group, a related
 * company) whose contacts are its own. Undefined when the value is no such holder.
 */
function contactHolders(value: unknown): Json[] | undefined {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > 5) return undefined;
  let contacts = false;
  for (const x of list) {
    if (!isJson(x)) return undefined;
    for (const k of Object.keys(x)) {
      const key = unprefixed(foldKey(k));
      if (isNameKey(key)) return undefined;
      if (isContactKey(key)) contacts = true;
    }
  }
  return contacts ? (list as Json[]) : undefined;
}

/** Keys of an object that is the company itself, beside the name keys ({etablissement: {nom}}). */
const NAME_HOLDER_KEYS = new Set(['etablissement', 'établissement', 'organisation', 'organization', 'business', 'firm', 'firme', 'structure', 'annonceur']);
/** Keys of a name's own text in an object ({title: {rendered}}, {nom: {fr}}). */
const NAME_TEXT_KEYS = new Set(['rendered', 'value', 'text', 'fr', 'default']);

/** The name an object held under a name key gives: its own name key's text, or its rendered text. */
function heldName(obj: Json): string | undefined {
  for (const [k, v] of Object.entries(obj)) {
    const key = foldKey(k);
    if ((NAME_KEYS.has(key) || NAME_TEXT_KEYS.has(key)) && typeof v === 'string' && v.trim().length >= 2) return v;
  }
  return undefined;
}

/** The strings (and numbers) of a value: itself, an array's, an object's `number`/`value`/`email`. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.slice(0, 20).flatMap(strings);
  if (isJson(value)) return strings(value.number ?? value.value ?? value.numero ?? value.email ?? value.address);
  return [];
}

/**
 * The JSON values embedded in a page's scripts: `<script type="application/json">` blocks
 * (Next.js `__NEXT_DATA__`, Nuxt, hydration data) and object or array literals assigned in
 * plain scripts (`window.__INITIAL_STATE__ = {...}`, `var data = [...]`) or passed to
 * `JSON.parse('...')`, when they are valid JSON. JSON-LD is not included (see extract.ts).
 */
export function embeddedJson(scripts: readonly HTMLElement[]): unknown[] {
  const out: unknown[] = [];
  for (const script of scripts) {
    const type = (script.getAttribute('type') ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'application/ld+json') continue;
    const text = script.rawText.length > MAX_SCRIPT ? script.rawText.slice(0, MAX_SCRIPT) : script.rawText;
    // Ember FastBoot's shoebox (`<script type="fastboot/shoebox" id="shoebox-…">`) is the JSON its
    // server-side render fetched (a JSON:API document, `<` written `\u003c`), the page's data.
    if (type === 'application/json' || type === 'fastboot/shoebox') {
      // Angular's old TransferState escapes its JSON (&q; for '"'): read back first.
      const value = tryJson(isEscapedTransferState(text) ? unescapeTransferState(text) : text);
      if (value !== undefined) out.push(isDevalue(value) ? fromDevalue(value) : value);
      // SvelteKit inlines the responses fetched while rendering ({status, headers, body}): the body is JSON as a string.
      const body = isJson(value) && script.rawAttrs.includes('sveltekit-fetched') && typeof value.body === 'string' ? tryJson(value.body) : undefined;
      if (body !== undefined) out.push(body);
      continue;
    }
    if (type === 'qwik/json') {
      // Qwik's paused state: its objs array revived ({@link fromQwik}).
      const value = tryJson(text);
      if (isJson(value) && Array.isArray(value.objs)) out.push(fromQwik(value.objs));
      continue;
    }
    if (type !== '' && !/javascript|ecmascript|module/.test(type)) continue;
    if (!isFlightScript(text)) out.push(...returnedLiterals(text), ...assignedLiterals(text), ...svelteKitNodes(text));
  }
  // Next.js App Router: the client components' props in the RSC flight data.
  const flight = flightText(scripts);
  if (flight !== '') out.push(flightRecords(flight));
  return out.map((v) => {
    const resolved = withRefsResolved(v);
    // (A Vue 2 data option keeps its mark, for the page to tell whether its HTML shows its own list: see vueDataTarget.)
    const target = typeof v === 'object' && v !== null ? VUE_DATA.get(v) : undefined;
    if (target !== undefined && typeof resolved === 'object' && resolved !== null) VUE_DATA.set(resolved, target);
    return resolved;
  });
}

/** An HTTP answer's status line, written before its headers ('HTTP 200 OK', 'HTTP/1.1 200 OK'). */
const HTTP_STATUS_LINE = /^HTTP(?:\/\d(?:\.\d)?)? \d{3}\b/;

/**
 * The JSON documents a page shows as its text: a `<pre>` (outside the page's chrome) whose text
 * is one JSON object or array, after the status and header lines of the HTTP answer it shows
 * when it starts with one (a REST framework's browsable API, Django REST Framework's page of an
 * endpoint: `HTTP 200 OK`, `Allow: …`, a blank line, then the answer's JSON pretty-printed with
 * highlighting spans; the records the page publishes), or a bare JSON document that is most of its
 * page's text. A `<pre>` that does not start with `{` or `[` (or with a
 * status line) is never parsed.
 */
export function preJson(pres: readonly HTMLElement[]): unknown[] {
  const out: unknown[] = [];
  // (A bare JSON document is read only when it is most of the page's text: a JSON example inside a
  // page of its own, an API's documentation beside the listing, a forum's code block, is no data.)
  let pageLength: number | undefined;
  for (const pre of pres) {
    if (isInsideChrome(pre)) continue;
    // (A <pre> is kept as raw text when parsed: its highlighting spans are parsed here, once the start of what it shows is JSON's or an answer's.)
    const raw = pre.rawText;
    const head = raw.slice(0, 300).replace(/<[^<>]*>/g, '').trimStart();
    if (head[0] !== '{' && head[0] !== '[' && !HTTP_STATUS_LINE.test(head)) continue;
    let text = (raw.includes('<') || raw.includes('&') ? parseHtml(raw.slice(0, MAX_SCRIPT)).text : raw.slice(0, MAX_SCRIPT)).trimStart();
    if (HTTP_STATUS_LINE.test(text)) {
      const blank = text.search(/\n[ \t]*\r?\n/);
      if (blank < 0) continue;
      text = text.slice(blank).trimStart();
    } else if (text.length * 5 < (pageLength ??= pageTextLength(pre)) * 4) continue;
    if (text[0] !== '{' && text[0] !== '[') continue;
    const value = tryJson(text);
    if (typeof value === 'object' && value !== null) out.push(value);
  }
  return out;
}

/** The length of the text of the page an element is in (its body's). */
function pageTextLength(el: HTMLElement): number {
  let root: HTMLElement = el;
  while (root.parentNode) root = root.parentNode;
  return (root.querySelector('body') ?? root).text.length;
}

/** Most nodes of one embedded value walked looking for a normalized cache. */
const MAX_CACHE_WALK = 200_000;
/** Most entries of one object looked at to tell a normalized cache. */
const MAX_CACHE_PROBE = 50;

/** Sets an own property, a `__proto__` key included (as JSON.parse does). */
function ownSet(obj: Json, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The key a reference object (`{__ref: "Entreprise:12"}`, Apollo's and Relay's) names, else undefined. */
function refOf(v: unknown): string | undefined {
  if (!isJson(v) || typeof v.__ref !== 'string') return undefined;
  for (const k in v) if (k !== '__ref') return undefined;
  return v.__ref;
}

/**
 * Whether an object is a normalized GraphQL cache (Apollo Client's `__APOLLO_STATE__`, Relay's
 * and urql's stores): among its first entries, one whose value holds (as a field, or in a list
 * field) a `{__ref: key}` naming a key of the object itself.
 */
function isRefStore(obj: Json): boolean {
  let probed = 0;
  for (const k in obj) {
    if (++probed > MAX_CACHE_PROBE) return false;
    const entry = obj[k];
    if (!isJson(entry)) continue;
    for (const f in entry) {
      const field = entry[f];
      const refs = Array.isArray(field) ? field.slice(0, 5) : [field];
      for (const r of refs) {
        const key = refOf(r);
        if (key !== undefined && Object.prototype.hasOwnProperty.call(obj, key)) return true;
      }
    }
  }
  return false;
}

/**
 * A normalized cache with its references resolved: each `{__ref: key}` is replaced by the entry
 * it names, so that a company entry holds its contact entries (`coordonnees: [{type: 'FAX',
 * valeur}]`) as a denormalized record would. Each entry is revived once (shared entries are
 * shared, a cycle gives null); a ref naming no entry stays as it is. Linear in the cache.
 */
function resolvedStore(store: Json): Json {
  const done = new Map<string, unknown>();
  const busy = new Set<string>();
  const revive = (v: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH * 4) return null;
    if (Array.isArray(v)) return v.map((x) => revive(x, depth + 1));
    if (!isJson(v)) return v;
    const ref = refOf(v);
    if (ref !== undefined) {
      if (!Object.prototype.hasOwnProperty.call(store, ref)) return v;
      if (done.has(ref)) return done.get(ref);
      if (busy.has(ref)) return null;
      busy.add(ref);
      const out = revive(store[ref], depth + 1);
      busy.delete(ref);
      done.set(ref, out);
      return out;
    }
    const out: Json = {};
    for (const [k, x] of Object.entries(v)) ownSet(out, k, revive(x, depth + 1));
    return out;
  };
  const out: Json = {};
  for (const k of Object.keys(store)) ownSet(out, k, revive({ __ref: k }, 0));
  return out;
}

/**
 * An embedded value with every normalized cache in it ({@link isRefStore}; Next.js puts Apollo's
 * under `props.pageProps`) resolved in place ({@link resolvedStore}); at most
 * {@link MAX_CACHE_WALK} nodes, {@link MAX_DEPTH} deep, are walked.
 */
function withRefsResolved(value: unknown): unknown {
  let budget = MAX_CACHE_WALK;
  const walk = (v: unknown, depth: number): unknown => {
    if (--budget < 0 || depth > MAX_DEPTH || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length && budget > 0; i++) v[i] = walk(v[i], depth + 1);
      return v;
    }
    const obj = v as Json;
    if (isRefStore(obj)) return resolvedStore(obj);
    for (const k of Object.keys(obj)) {
      if (budget <= 0) break;
      obj[k] = walk(obj[k], depth + 1);
    }
    return obj;
  };
  return walk(value, 0);
}

/** Wrappers of devalue's payloads (Nuxt 3): `["ShallowReactive", i]` is the value at i. */
const DEVALUE_WRAPPERS = new Set(['Reactive', 'ShallowReactive', 'Ref', 'ShallowRef', 'EmptyRef', 'EmptyShallowRef', 'NuxtError', 'Object']);
/** Most entries of a devalue payload revived. */
const MAX_DEVALUE = 200_000;

/**
 * Whether a JSON value is a devalue payload (Nuxt 3's `__NUXT_DATA__`): a flat array whose first
 * entry (the root) is a wrapper `["ShallowReactive", 1]` or an object whose values are indexes
 * into the array.
 */
function isDevalue(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length < 2 || value.length > MAX_DEVALUE) return false;
  const root = value[0];
  if (Array.isArray(root)) return root.length === 2 && typeof root[0] === 'string' && DEVALUE_WRAPPERS.has(root[0]) && Number.isInteger(root[1]);
  if (!isJson(root)) return false;
  const refs = Object.values(root);
  return refs.length > 0 && refs.every((v) => Number.isInteger(v) && (v as number) >= -7 && (v as number) < value.length);
}

/**
 * A devalue payload revived into the value it stands for: objects and arrays hold indexes into
 * the flat array (negative ones are undefined, NaN, infinities, -0), `[type, …]` arrays are
 * wrappers (reactive refs: their value; Date, Set, Map, BigInt …: their plain content). Each
 * entry is revived once (shared entries are shared, a cycle gives null): linear in the payload.
 */
function fromDevalue(flat: unknown[]): unknown {
  const done = new Map<number, unknown>();
  const busy = new Set<number>();
  const revive = (i: unknown, depth: number): unknown => {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= flat.length || depth > MAX_DEPTH * 4) return null;
    if (done.has(i)) return done.get(i);
    if (busy.has(i)) return null;
    busy.add(i);
    const v = flat[i];
    let out: unknown = v;
    if (Array.isArray(v)) {
      if (typeof v[0] === 'string') {
        const [type, ...rest] = v as [string, ...unknown[]];
        out = DEVALUE_WRAPPERS.has(type) ? revive(rest[0], depth + 1) : type === 'Set' || type === 'Map' ? rest.map((x) => revive(x, depth + 1)) : typeof rest[0] === 'string' ? rest[0] : null;
      } else out = v.map((x) => revive(x, depth + 1));
    } else if (isJson(v)) {
      const obj: Json = {};
      for (const [k, x] of Object.entries(v)) obj[k] = revive(x, depth + 1);
      out = obj;
    }
    busy.delete(i);
    done.set(i, out);
    return out;
  };
  return revive(0, 0);
}

/** A Qwik reference: a base-36 index into `objs`, after an optional type prefix character. */
const QWIK_REF = /^[\u0000-\u001f]?([0-9a-z]{1,6})$/;

/**
 * Qwik's serialised state (`<script type="qwik/json">{refs, ctx, objs, subs}`) revived: in
 * `objs`, a flat array, the values of an object or an array are strings holding base-36 indexes
 * of other entries (an index past the end is a string as written); an entry of its own is
 * itself, a string's leading type character removed. Each entry is revived once (a cycle gives
 * null): linear in the state. The entries no other entry refers to are its roots (the
 * components' props and stores), given as one array.
 */
function fromQwik(objs: unknown[]): unknown {
  const flat = objs.length > MAX_DEVALUE ? objs.slice(0, MAX_DEVALUE) : objs;
  const done = new Map<number, unknown>();
  const busy = new Set<number>();
  const referred = new Set<number>();
  const indexOf = (x: unknown): number | undefined => {
    if (typeof x !== 'string') return undefined;
    const m = QWIK_REF.exec(x);
    const i = m ? parseInt(m[1], 36) : NaN;
    return i >= 0 && i < flat.length ? i : undefined;
  };
  const primitive = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.charCodeAt(0) < 0x20 ? v.slice(1) : v);
  const revive = (i: number, depth: number): unknown => {
    if (done.has(i)) return done.get(i);
    if (busy.has(i) || depth > MAX_DEPTH * 4) return null;
    busy.add(i);
    const v = flat[i];
    const ref = (x: unknown) => {
      const j = indexOf(x);
      if (j === undefined) return primitive(x);
      referred.add(j);
      return revive(j, depth + 1);
    };
    let out: unknown = primitive(v);
    if (Array.isArray(v)) out = v.map(ref);
    else if (isJson(v)) {
      const obj: Json = {};
      for (const [k, x] of Object.entries(v)) ownSet(obj, k, ref(x));
      out = obj;
    }
    busy.delete(i);
    done.set(i, out);
    return out;
  };
  for (let i = 0; i < flat.length; i++) if (typeof flat[i] === 'object' && flat[i] !== null) revive(i, 0);
  const roots: unknown[] = [];
  for (let i = 0; i < flat.length; i++) if (typeof flat[i] === 'object' && flat[i] !== null && !referred.has(i)) roots.push(done.get(i));
  return roots;
}

/** Attributes that carry a component's props as JSON (Astro islands, hydrated widgets). */
const PROPS_ATTRS = ['props', 'data-props', 'data-react-props', 'data-vue-props'];
/** Deepest level an Astro-serialised value is decoded to. */
const MAX_PROPS_DEPTH = 64;

/**
 * The JSON values of elements' props attributes (`<astro-island props="{&quot;…">`, `data-props`),
 * entities decoded by the parser; an astro-island's values are decoded from Astro's
 * `[type, value]` encoding (0: a value or object of encoded values, 1: an array of encoded values).
 */
export function attributeJson(elements: readonly HTMLElement[]): unknown[] {
  const out: unknown[] = [];
  for (const el of elements) {
    if (el.rawAttrs.includes('-data') || el.rawAttrs.includes('v-scope')) out.push(...componentStates(el));
    if (!el.rawAttrs.includes('props')) continue;
    for (const attr of PROPS_ATTRS) {
      const raw = el.getAttribute(attr);
      if (!raw || raw.length > MAX_SCRIPT) continue;
      const value = tryJson(raw);
      if (value === undefined) continue;
      out.push(el.tagName === 'ASTRO-ISLAND' ? fromAstro(value, 0) : value);
    }
  }
  return out;
}

/** Attributes holding a component's initial state as a JavaScript expression (Alpine.js, petite-vue). */
const STATE_ATTRS = ['x-data', 'v-scope'];

/**
 * The literals of an element's Alpine `x-data` (or petite-vue `v-scope`) expression: the object
 * itself (`x-data="{ open: false, items: [...] }"`) or the literals passed to a component
 * function (`x-data="shops({ items: [...] })"`), read as JavaScript literals (unquoted keys,
 * single-quoted strings) without running anything; bounded like a script's.
 */
function componentStates(el: HTMLElement): unknown[] {
  const out: unknown[] = [];
  for (const attr of STATE_ATTRS) {
    const raw = el.getAttribute(attr)?.trim();
    if (!raw || raw.length > MAX_SCRIPT) continue;
    out.push(...assignedLiterals(raw[0] === '{' || raw[0] === '[' ? `=${raw}` : raw));
  }
  return out;
}

/** Most Alpine.js components whose state is read per page, and the longest `x-data` read. */
const MAX_ALPINE_COMPONENTS = 500;
const MAX_ALPINE_STATE = 5_000;

/**
 * The records of an Alpine.js page's components: each card's `x-data` attribute holds its state
 * as an object literal (`x-data="{ nom: 'X', mobile: '0661 …', fax: '…', revele: false }"`), which
 * the card shows only through its bindings (`x-text="mobile"`, `:href="'tel:' + mobile"`), often
 * after a click ('Afficher les coordonnées'), the markup holding a masked number or nothing. The
 * literals, read as data and never run ({@link jsLiteral}: a state with a method, a call or a
 * variable, `dropdown()`, `{ ok: localStorage.getItem(…) }`, is none), as one array, two or more:
 * the page's records, joined to its cards by name as `data-*` records are (a menu's `{ ouvert:
 * false }`, a footer's `{ tel: … }` name no company and are no records).
 */
export function alpineRecords(elements: readonly HTMLElement[]): unknown[] {
  const states: unknown[] = [];
  let seen = 0;
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw.length < 12 || !raw.includes('x-data')) continue;
    if (++seen > MAX_ALPINE_COMPONENTS) break;
    const value = el.getAttribute('x-data');
    if (!value || value.length > MAX_ALPINE_STATE || value.trimStart()[0] !== '{') continue;
    const state = jsLiteral(value.trim());
    if (typeof state === 'object' && state !== null && !Array.isArray(state)) states.push(state);
  }
  return states.length >= 2 ? [states] : [];
}

function fromAstro(v: unknown, depth: number): unknown {
  if (depth > MAX_PROPS_DEPTH) return undefined;
  if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number') {
    const [type, value] = v;
    if (type === 1 && Array.isArray(value)) return value.map((x) => fromAstro(x, depth + 1));
    if (type === 0) return fromAstro(value, depth + 1);
    return value;
  }
  if (isJson(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromAstro(x, depth + 1)]));
  return v;
}

/** A script making a Vue 2 instance from its options (`new Vue({…})`). */
const VUE2_INSTANCE = /\bnew\s{1,5}Vue\s{0,5}\(\s{0,40}\{/g;
/** The `el:` option of a Vue 2 instance's options ('#app'). */
const VUE2_EL = /\bel\s{0,5}:\s{0,40}(['"])([^'"\n]{1,100})\1/;

/**
 * The literals read from a Vue 2 instance's `data:` option, each with the selector of the element
 * the instance renders into (its `el:` option, '' when none is given): {@link vueDataTarget}.
 */
const VUE_DATA = new WeakMap<object, string>();

/**
 * For a value read from the `data:` option of `new Vue({…})`, the selector of the element the
 * instance renders into ('' when unknown); undefined for any other value. The page tells from it
 * whether its data is the page's list or a widget's beside a list already in the HTML.
 */
export function vueDataTarget(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? VUE_DATA.get(value) : undefined;
}

/** The options objects of a script's `new Vue({…})` calls, as [start, end] of their braces, and each one's `el:` selector. */
function vueOptions(text: string): { start: number; end: number; el: string }[] {
  const out: { start: number; end: number; el: string }[] = [];
  VUE2_INSTANCE.lastIndex = 0;
  for (let m = VUE2_INSTANCE.exec(text); m !== null && out.length < 10; m = VUE2_INSTANCE.exec(text)) {
    const start = m.index + m[0].length - 1;
    const end = matchingBracket(text, start);
    if (end === -1) break;
    out.push({ start, end, el: vueOwnKey(text, start, end, VUE2_EL)?.[2] ?? '' });
    VUE2_INSTANCE.lastIndex = end + 1;
  }
  return out;
}

/** Whether `at` is at the top level of the object literal whose braces are at `start` and `end` (one of its own keys, not a nested object's). */
function atTopLevel(text: string, start: number, end: number, at: number): boolean {
  if (at <= start || at >= end) return false;
  for (let i = start + 1; i < at; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const close = stringEnd(text, i);
      if (close === -1 || close >= at) return false;
      i = close;
    } else if (c === '{' || c === '[' || c === '(') {
      const close = c === '(' ? matchingBracket(text, i, '(', ')') : matchingBracket(text, i);
      if (close === -1 || close >= at) return false;
      i = close;
    }
  }
  return true;
}


/** The first match of `pattern` that is one of the options object's own keys. */
function vueOwnKey(text: string, start: number, end: number, pattern: RegExp): RegExpExecArray | undefined {
  const re = new RegExp(pattern.source, 'g');
  re.lastIndex = start + 1;
  for (let m = re.exec(text); m !== null && m.index < end; m = re.exec(text)) if (atTopLevel(text, start, end, m.index)) return m;
  return undefined;
}

/**
 * The JSON literals of a script: each '{' or '[' that follows '=', '(' or, in a script that makes a Vue 2 instance, a `data:` key (spaces aside) is
 * scanned to its matching bracket (strings respected) and parsed; `JSON.parse("...")` string
 * arguments are unescaped and parsed. The scan never revisits text inside a literal it parsed,
 * and stops after scanning four times the script's length in all (failed candidates).
 */
function assignedLiterals(text: string): unknown[] {
  const out: unknown[] = [];
  let budget = text.length * 4;
  // (Also, in a script that makes a Vue 2 instance, a `data:` option's literal: `new Vue({el, data: {…},
  // methods: {…}})`, whose options object, holding functions, is no literal; scanned inside once it fails.
  // Not any `data:` key: a chart's `draw({el, data: […]})` is no page state.)
  // (Only the `data:` key of the call's own options, not one of an object inside its methods: `$.ajax({data: {…}})`.)
  const vues = text.includes('Vue') ? vueOptions(text) : [];
  const opener = vues.length > 0 ? /[=(]\s{0,40}([{[]|'|"|`)|\bdata\s{0,5}:\s{0,40}[{[]/g : /[=(]\s{0,40}([{[]|'|"|`)/g;
  for (let m = opener.exec(text); m !== null && budget > 0; m = opener.exec(text)) {
    const start = m.index + m[0].length - 1;
    const ch = text[start];
    const vue = m[0].startsWith('data') ? vues.find((v) => atTopLevel(text, v.start, v.end, m!.index)) : undefined;
    if (m[0].startsWith('data') && vue === undefined) continue;
    if (ch === '{' || ch === '[') {
      const end = matchingBracket(text, start);
      budget -= (end === -1 ? text.length : end) - start;
      if (end === -1) continue;
      const literal = end - start > 20 ? text.slice(start, end + 1) : undefined;
      const value = literal === undefined ? undefined : tryJson(literal) ?? jsLiteral(literal);
      if (value !== undefined) {
        if (vue !== undefined && typeof value === 'object' && value !== null) VUE_DATA.set(value, vue.el);
        out.push(value);
        opener.lastIndex = end + 1;
      }
    } else if (/JSON\s{0,5}\.\s{0,5}parse\s{0,5}\($/.test(text.slice(Math.max(0, m.index - 20), m.index + 1))) {
      const end = stringEnd(text, start);
      if (end === -1) continue;
      budget -= end - start;
      // The JS string read as JS reads it (its escapes \' \xHH \uHHHH, a template literal's), then its JSON.
      const literal = jsLiteral(text.slice(start, end + 1));
      const value = typeof literal === 'string' ? tryJson(literal) : undefined;
      if (value !== undefined) out.push(value);
      opener.lastIndex = end + 1;
    } else if (text[m.index] === '=' && text[m.index - 1] !== '=' && text[m.index - 1] !== '!' && (text[start + 1] === '[' || text[start + 1] === '{')) {
      // A state serialised twice, JSON in a string assigned to a variable (Google My Maps' viewer,
      // `var _pageData = "[[\"mid\",…]]"`): its placemarks' property lists, as records.
      const end = stringEnd(text, start);
      if (end === -1) continue;
      budget -= end - start;
      const literal = end - start > 20 ? jsLiteral(text.slice(start, end + 1)) : undefined;
      const value = typeof literal === 'string' ? tryJson(literal) : undefined;
      const records = value === undefined ? [] : propertyListRecords(value);
      if (records.length >= 2) out.push(records);
      opener.lastIndex = end + 1;
    }
  }
  return out;
}

/** Most nodes of a serialised state walked for property lists, and the deepest level walked. */
const MAX_PROPERTY_WALK = 200_000;
const MAX_PROPERTY_DEPTH = 40;
/** Keys of a property list that name its record ({@link propertyListRecords}). */
const PROPERTY_NAME_KEYS = new Set(['name', 'nom', 'title', 'titre']);

/**
 * The records of a state written as nested arrays without keys, each record a list of
 * `[key, [value, …], …]` pairs (Google My Maps' placemarks: `[["name", ["Hôtel X"], 1],
 * ["description", ["Tél : 034 …\nFax : …"], 1]]`, wherever its layers nest them): every such list
 * holding a name key, read as the object `{name: "Hôtel X", description: "…"}`, in the state's
 * order. Bounded walk.
 */
function propertyListRecords(value: unknown): Json[] {
  const out: Json[] = [];
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  for (let n = 0; stack.length > 0 && n < MAX_PROPERTY_WALK; n++) {
    const { v, depth } = stack.pop()!;
    if (!Array.isArray(v) || depth > MAX_PROPERTY_DEPTH) continue;
    const record = propertyList(v);
    if (record !== undefined) {
      out.push(record);
      continue;
    }
    for (let i = v.length - 1; i >= 0; i--) if (Array.isArray(v[i])) stack.push({ v: v[i], depth: depth + 1 });
  }
  return out;
}

/** An array of `[key, [value, …], …]` pairs holding a name key, as an object; undefined for any other array. */
function propertyList(list: unknown[]): Json | undefined {
  if (list.length === 0 || list.length > 50) return undefined;
  const obj: Json = {};
  let named = false;
  for (const pair of list) {
    if (!Array.isArray(pair) || pair.length < 2 || pair.length > 4 || typeof pair[0] !== 'string' || pair[0].length > 40 || !Array.isArray(pair[1]) || pair[1].length === 0 || pair[1].length > 5) return undefined;
    const values = pair[1].filter((x): x is string | number => typeof x === 'string' || typeof x === 'number');
    if (values.length !== pair[1].length) return undefined;
    const key = pair[0];
    if (PROPERTY_NAME_KEYS.has(key.toLowerCase()) && typeof values[0] === 'string') named = true;
    ownSet(obj, key, values.length === 1 ? values[0] : values.join('\n'));
  }
  return named ? obj : undefined;
}

/** Most `data:` arrays of one SvelteKit script read, and most nodes of one. */
const MAX_KIT_ARRAYS = 8;
const MAX_KIT_NODES = 50;

/**
 * The page nodes of a SvelteKit page's hydration data: the `data: [...]` array of the options
 * passed to `kit.start(app, element, {node_ids, data, form, error})` (SvelteKit 2) or under
 * `hydrate:` of `start({…})` (SvelteKit 1), each node (`{type:"data", data:{…}, uses:{…}}`, or
 * null) written by devalue's `uneval`. The call around it holds code (`document.querySelector`,
 * `new URL`), so the array is read by itself, node by node: a node that is no literal (a
 * `new Date(…)` inside it) is skipped, the others read. Only scripts naming SvelteKit
 * (`__sveltekit_…`, `data-sveltekit-hydrate`) are read this way; one pass over each array.
 */
function svelteKitNodes(text: string): unknown[] {
  const out: unknown[] = [];
  if (!text.includes('sveltekit') && !text.includes('kit.start(')) return out;
  const opener = /(?<![\w$.])data\s{0,5}:\s{0,5}\[/g;
  let arrays = 0;
  for (let m = opener.exec(text); m !== null && arrays < MAX_KIT_ARRAYS; m = opener.exec(text)) {
    arrays++;
    let i = m.index + m[0].length;
    for (let n = 0; n < MAX_KIT_NODES; n++) {
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      if (text[i] === ']' || i >= text.length) break;
      const read = jsValueAt(text, i);
      const end = read === undefined ? elementEnd(text, i) : read.end;
      if (end === -1) break;
      if (read !== undefined && isJson(read.value)) out.push(read.value);
      i = end;
      if (text[i] === ',') i++;
      else if (text[i] !== ']') break;
    }
    opener.lastIndex = Math.max(opener.lastIndex, i);
  }
  return out;
}

/**
 * Where the array element that starts at `start` ends: the first ',' or ']' outside its own
 * brackets and strings, or -1 (an unclosed bracket or string). One pass.
 */
function elementEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end;
    } else if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      if (depth === 0) return c === ']' ? i : -1;
      depth--;
    } else if (c === ',' && depth === 0) return i;
  }
  return -1;
}

/** Most parameters of a function whose returned literal is read as state, and their text's length. */
const MAX_PARAMS = 50_000;
const MAX_PARAM_TEXT = 400_000;

/**
 * The literals returned by immediately invoked functions of parameters, read without running
 * them: Nuxt 2's `window.__NUXT__=(function(a,b,…){return {…}}(x,y,…))` (or `})(x,y,…)`), where
 * devalue passes repeated values as arguments. The arguments are literals (or `Array(n)`,
 * `Object.create(null)`: empty, then filled), the body holds only `a.key=…` / `a["key"]=…` /
 * `a[i]=…` statements on parameters (in order: an array is filled from its start) and
 * `return …`; the literals read with the parameters in scope, a cycle cut (null). Anything else
 * gives nothing from that function. Each function is scanned once; failed candidates stop after
 * four times the script's length in all.
 */
function returnedLiterals(text: string): unknown[] {
  const out: unknown[] = [];
  if (!text.includes('function')) return out;
  let budget = text.length * 4;
  const opener = new RegExp(`\\(\\s{0,20}function\\s{0,20}\\(([\\w$,\\s]{0,${MAX_PARAM_TEXT}})\\)\\s{0,20}\\{`, 'g');
  for (let m = opener.exec(text); m !== null && budget > 0; m = opener.exec(text)) {
    const bodyStart = m.index + m[0].length - 1;
    const params = m[1].trim() === '' ? [] : m[1].split(',').map((p) => p.trim());
    if (params.length > MAX_PARAMS || !params.every((p) => /^[A-Za-z_$][\w$]{0,30}$/.test(p))) continue;
    // Cheap test first: the body opens on `return` or a statement on a parameter.
    const first = /^\s{0,20}(?:return(?![\w$])|([A-Za-z_$][\w$]{0,30})\s{0,5}[.[])/.exec(text.slice(bodyStart + 1, bodyStart + 60));
    if (!first || (first[1] !== undefined && !params.includes(first[1]))) continue;
    const bodyEnd = matchingBracket(text, bodyStart);
    budget -= (bodyEnd === -1 ? text.length : bodyEnd) - bodyStart;
    if (bodyEnd === -1) continue;
    const call = invocation(text, bodyEnd + 1, params);
    if (call === undefined) continue;
    budget -= call.end - bodyEnd;
    const value = functionBody(text, bodyStart + 1, bodyEnd, call.scope);
    if (value === undefined) continue;
    out.push(acyclic(value));
    opener.lastIndex = call.end;
  }
  return out;
}

/**
 * The arguments a function is invoked with, after its body's closing brace at `from`: `}(…))` or
 * `})(…)`; each a literal, `Array(n)` or `Object.create(null)` (empty, filled by the body), bound
 * to the parameter of its place (missing ones null). Undefined when anything else is there.
 */
function invocation(text: string, from: number, params: readonly string[]): { scope: Map<string, unknown>; end: number } | undefined {
  const head = /^\s{0,20}(\)?)\s{0,20}\(/.exec(text.slice(from, from + 50));
  if (!head) return undefined;
  const wrapped = head[1] === '';
  let i = from + head[0].length;
  const args: unknown[] = [];
  const spaces = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  spaces();
  while (text[i] !== ')') {
    if (args.length >= params.length) return undefined;
    const empty = /^(?:Array\(\s{0,5}\d{1,7}\s{0,5}\)|Object\.create\(\s{0,5}null\s{0,5}\))/.exec(text.slice(i, i + 40));
    if (empty) {
      args.push(empty[0].startsWith('Array') ? [] : {});
      i += empty[0].length;
      spaces();
    } else {
      const arg = jsValueAt(text, i);
      if (arg === undefined) return undefined;
      args.push(arg.value);
      i = arg.end;
    }
    if (text[i] === ',') {
      i++;
      spaces();
    } else if (text[i] !== ')') return undefined;
  }
  i++;
  if (wrapped) {
    spaces();
    if (text[i] !== ')') return undefined;
    i++;
  }
  return { scope: new Map(params.map((p, k) => [p, k < args.length ? args[k] : null])), end: i };
}

/**
 * What a function's body (between `from` and the closing brace at `end`) returns, its statements
 * on parameters applied; undefined when it holds anything else.
 */
function functionBody(text: string, from: number, end: number, scope: ReadonlyMap<string, unknown>): unknown {
  let i = from;
  const skip = () => {
    while (i < end && (text[i] === ';' || /\s/.test(text[i]))) i++;
  };
  for (skip(); i < end; skip()) {
    const ret = /^return(?![\w$])/.exec(text.slice(i, i + 7));
    if (ret) {
      const read = jsValueAt(text, i + 6, scope);
      if (read === undefined) return undefined;
      i = read.end;
      skip();
      return i === end ? read.value : undefined;
    }
    // A statement `p.key = value`, `p["key"] = value` or `p[i] = value` on a parameter p.
    const target = /^([A-Za-z_$][\w$]{0,30})\s{0,5}(?:\.\s{0,5}([A-Za-z_$][\w$]{0,200})|\[)/.exec(text.slice(i, i + 240));
    if (!target || !scope.has(target[1])) return undefined;
    const holder = scope.get(target[1]);
    if (typeof holder !== 'object' || holder === null) return undefined;
    i += target[0].length;
    let key: string | number;
    if (target[2] !== undefined) key = target[2];
    else {
      const read = jsValueAt(text, i);
      if (read === undefined || text[read.end] !== ']' || (typeof read.value !== 'string' && typeof read.value !== 'number')) return undefined;
      key = read.value;
      i = read.end + 1;
    }
    const eq = /^\s{0,5}=(?!=)/.exec(text.slice(i, i + 8));
    if (!eq) return undefined;
    const read = jsValueAt(text, i + eq[0].length, scope);
    if (read === undefined || read.end > end) return undefined;
    i = read.end;
    if (text[i] !== ';' && i !== end) return undefined;
    if (Array.isArray(holder)) {
      // devalue fills an array from its start: a hole or a key past its end is not state.
      if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key > holder.length) return undefined;
      holder[key] = read.value;
    } else Object.defineProperty(holder, String(key), { value: read.value, enumerable: true, writable: true, configurable: true });
  }
  return undefined;
}

/** A value whose references back to an object holding it are cut (null), walked at most {@link MAX_DEPTH} * 4 deep. */
function acyclic(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const busy = new Set<object>();
  const done = new Set<object>();
  const walk = (obj: Record<string, unknown>, depth: number): void => {
    busy.add(obj);
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (typeof v !== 'object' || v === null || done.has(v)) continue;
      if (busy.has(v) || depth >= MAX_DEPTH * 4) obj[k] = null;
      else walk(v as Record<string, unknown>, depth + 1);
    }
    busy.delete(obj);
    done.add(obj);
  };
  walk(value as Record<string, unknown>, 0);
  return value;
}

/**
 * The index of the bracket closing the one at `start` (strings and escapes respected), or -1: braces and
 * square brackets counted together, or, given `open` and `close`, those alone (a call's parentheses).
 */
function matchingBracket(text: string, start: number, open?: string, close?: string): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end;
    } else if (open === undefined ? c === '{' || c === '[' : c === open) depth++;
    else if (open === undefined ? c === '}' || c === ']' : c === close) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The index of the quote closing the string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (c === '\n' && quote !== '`') return -1;
  }
  return -1;
}

/**
 * A JavaScript literal that is not JSON, read as data without running it: single-quoted strings,
 * the escapes of JS strings (\', \xHH, \uHHHH, \u{…}, line continuations), unquoted keys, trailing commas,
 * `undefined`, minifiers' `!0` / `!1` / `void 0`; comments are skipped; a name of `scope` stands
 * for its value. Anything else (a call, another variable, an expression) makes the whole literal
 * unreadable: undefined. One pass over the text, nesting at most {@link MAX_DEPTH}.
 */
export function jsLiteral(text: string, scope?: ReadonlyMap<string, unknown>): unknown {
  const read = jsValueAt(text, 0, scope);
  return read !== undefined && read.end === text.length ? read.value : undefined;
}

/**
 * The JS literal that starts at `start` (spaces and comments before it skipped) read as
 * {@link jsLiteral} reads it, and where it ends (spaces after it skipped), or undefined; a name
 * of `scope` stands for its value (a function's parameter).
 */
function jsValueAt(text: string, start: number, scope?: ReadonlyMap<string, unknown>): { value: unknown; end: number } | undefined {
  let i = start;
  const fail = (): never => {
    throw new SyntaxError(`not a literal at ${i}`);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029) i++;
      else if (c === 47 && text[i + 1] === '/') {
        const end = text.indexOf('\n', i);
        i = end === -1 ? text.length : end + 1;
      } else if (c === 47 && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end === -1) fail();
        i = end + 2;
      } else return;
    }
  };
  const hex = (from: number, to: number) => {
    const digits = text.slice(from, to);
    if (digits.length === 0 || !/^[0-9a-f]+$/i.test(digits)) fail();
    return parseInt(digits, 16);
  };
  const string = (): string => {
    const quote = text[i++];
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i];
      if (c === quote) {
        out += text.slice(from, i++);
        return out;
      }
      if ((c === '\n' || c === '\r') && quote !== '`') fail();
      // A template literal's substitution is code: not data.
      if (quote === '`' && c === '$' && text[i + 1] === '{') fail();
      if (c !== '\\') {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      i += 2;
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'b') out += '\b';
      else if (e === 'f') out += '\f';
      else if (e === 'v') out += '\v';
      else if (e === '0' && !/[0-9]/.test(text[i] ?? '')) out += '\0';
      else if (e === 'x') {
        out += String.fromCharCode(hex(i, i + 2));
        i += 2;
      } else if (e === 'u' && text[i] === '{') {
        const end = text.indexOf('}', i);
        if (end === -1 || end - i > 7) fail();
        const code = hex(i + 1, end);
        if (code > 0x10ffff) fail();
        out += String.fromCodePoint(code);
        i = end + 1;
      } else if (e === 'u') {
        out += String.fromCharCode(hex(i, i + 4));
        i += 4;
      } else if (e === '\r') {
        if (text[i] === '\n') i++;
      } else if (e === '\n' || e === '\u2028' || e === '\u2029') {
        // A line continuation: nothing.
      } else if (e === undefined || /[1-9]/.test(e)) fail();
      else out += e;
      from = i;
    }
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail();
    space();
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') return string();
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      for (;;) {
        space();
        if (text[i] === ']') {
          i++;
          return out;
        }
        out.push(value(depth + 1));
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') fail();
      }
    }
    if (c === '{') {
      i++;
      const out: Json = {};
      for (;;) {
        space();
        if (text[i] === '}') {
          i++;
          return out;
        }
        let key: string;
        if (text[i] === '"' || text[i] === "'") key = string();
        else {
          const m = /^(?:[\p{L}_$][\p{L}\p{N}_$]{0,200}|\d{1,20})/u.exec(text.slice(i, i + 202));
          if (!m) fail();
          key = m![0];
          i += key.length;
        }
        space();
        if (text[i++] !== ':') fail();
        Object.defineProperty(out, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail();
      }
    }
    // Minified literals: !0 and !1 are true and false, void 0 is undefined.
    const short = /^(?:!0|!1|void 0)(?![\w$.])/.exec(text.slice(i, i + 8));
    if (short) {
      i += short[0].length;
      return short[0] === '!0' ? true : short[0] === '!1' ? false : null;
    }
    const name = scope === undefined ? null : /^[A-Za-z_$][\w$]{0,30}(?![\w$])/.exec(text.slice(i, i + 32));
    if (name && scope!.has(name[0])) {
      i += name[0].length;
      return scope!.get(name[0]);
    }
    const m = /^(?:-?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})(?:[eE][+-]?\d{1,4})?|true|false|null|undefined)/.exec(text.slice(i, i + 80));
    if (!m) fail();
    i += m![0].length;
    const word = m![0];
    if (/[\w$]/.test(text[i] ?? '')) fail();
    return word === 'true' ? true : word === 'false' ? false : word === 'null' || word === 'undefined' ? null : Number(word);
  };
  // (A text that is no literal throws, and the error is dropped: no stack trace is captured for it.)
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const out = value(0);
    space();
    return { value: out, end: i };
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function tryJson(text: string): unknown {
  // (Most texts tried are JS, not JSON: the error is dropped, so no stack trace is captured for it.)
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The next page a JSON answer names (`next`, `next_page_url`, `links.next`, `pagination.next` ...), as written. */
export function jsonNext(value: unknown): string | number | undefined {
  if (!isJson(value)) return undefined;
  // Gatsby's page-data.json keeps its pagination in result.pageContext (nextPagePath: gatsby-awesome-pagination).
  const gatsby = isJson(value.result) ? value.result.pageContext : undefined;
  // HAL writes its links under _links; CKAN's datastore_search its batch under result, with result._links.next.
  const result = isJson(value.result) ? value.result : undefined;
  const holders = [value, value.links, value._links, value.pagination, value.meta, value.paging, value.page_info, value.pageInfo, gatsby, result, result?._links].filter(isJson);
  for (const h of holders) {
    for (const [k, v] of Object.entries(h)) {
      const key = foldKey(k);
      if (!['next', 'nextpage', 'nextpageurl', 'nexturl', 'nextlink', 'nextpagepath', 'suivant', 'loadmore', 'loadmoreurl', 'more'].includes(key)) continue;
      // JSON:API writes a link as an object: links.next.href.
      const link = isJson(v) && typeof v.href === 'string' ? v.href : v;
      if ((typeof link === 'string' || typeof link === 'number') && link !== '') return link;
    }
  }
  return undefined;
}

/** An HTML fragment a JSON answer carries (`html`, `content`, `items_html` ...), for load-more endpoints that send markup. */
export function jsonHtml(value: unknown): string | undefined {
  if (!isJson(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (/^(?:html|content|items?html|markup|results?|rendered|data)$/i.test(k.replace(/[_-]/g, '')) && typeof v === 'string' && /<[a-z][^>]{0,200}>/i.test(v)) return v;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Repeated structure

/** What an element holds, counted once for the whole page (see {@link repeatedItems}). */
interface Counts {
  /** Digits in its text. */
  digits: number;
  /** Runs of 9 or more digits written as phone numbers are (spaces, dots, dashes, brackets): not dates, not prices. */
  numbers: number;
  /** '@' in its text, mailto: links, data-email attributes. */
  ats: number;
  /** tel: links and data-phone-like attributes. */
  tels: number;
  /** Links (a[href]) other than mailto:/tel:. */
  links: number;
  /** Headings, bold text, links and elements whose class says name/title: where a name is. */
  names: number;
  /** h1 elements (a page's title). */
  h1s: number;
  /** Non-empty text nodes. */
  texts: number;
  /** Element children counted (those outside the chrome). */
  kids: number;
}

const ZERO: Counts = { digits: 0, numbers: 0, ats: 0, tels: 0, links: 0, names: 0, texts: 0, h1s: 0, kids: 0 };
const NAME_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'B', 'A', 'DT', 'SUMMARY']);
/** Class or id words of page chrome that is not part of a page's own content. */
const CHROME_WORDS = new Set(['footer', 'header', 'sidebar', 'navbar', 'nav', 'menu', 'breadcrumb', 'breadcrumbs', 'cookie', 'cookies', 'newsletter', 'copyright', 'widget', 'topbar', 'share', 'sharing', 'social', 'modal', 'popup', 'masthead', 'pagination', 'pager', 'pied', 'colophon', 'entete', 'bandeau']);
/** Class or id words that mark an advertisement or a paid placement. */
const AD_WORDS = new Set(['partenaire', 'partner', 'ad', 'ads', 'advert', 'adverts', 'advertisement', 'advertising', 'adsense', 'adslot', 'adsbygoogle', 'sponsored', 'sponsor', 'sponsorise', 'sponsorisee', 'sponsorisé', 'sponsorisée', 'promoted', 'promo', 'publicite', 'publicité', 'pub', 'banner', 'banniere', 'dfp', 'annonce']);
/**
 * The whole text of a badge that marks an advertisement, its separators removed: a word
 * ('Sponsorisé', 'Publicité'), or the slot's name in two ('Espace publicitaire', 'Encart
 * publicitaire', 'Espace pub', 'Contenu sponsorisé', 'Lien sponsorisé', 'Annonce publicitaire',
 * 'مساحة إعلانية'), a site builder's ad cell labelled by its text only; a sponsor's slot ('Sponsor
 * officiel': the event's or the site's paying sponsor, shown among the entries; a 'Partenaire
 * officiel' is as often a brand's certified dealer, one of the list).
 */
const AD_BADGE = /^(?:sponsoris[ée]e?s?|sponsored|annonce|publicit[ée]|pub|ad|ads|advertisement|promoted|promotion|(?:espace|encart)(?:pub|publicitaire)|annonce(?:publicitaire|sponsoris[ée]e)|contenusponsoris[ée]|liens?sponsoris[ée]s?|sponsoredcontent|sponsorofficiel|إعلان|ممول|مساحةإعلانية)$/iu;
/**
 * Words ('annonce', 'ad') that a site may use for all its listings (a classifieds site's every
 * entry is an 'ad-item'): an ad marker only when most siblings lack it.
 */
const WEAK_AD_WORDS = new Set(['annonce', 'ad', 'ads', 'promo', 'banner', 'partenaire', 'partner', 'advert', 'adverts']);
/**
 * Of the weak words, those a classifieds plugin names all its parts by (WPAdverts, a widespread
 * WordPress classifieds plugin: its list `adverts-list`, each entry `advert-item`, an ad page's
 * author box `adverts-single-author` and hidden contact box `adverts-contact-box`): weak among a
 * list's entries, and on a classified ad's own page ({@link isAdBlock}'s `adPage`); elsewhere a
 * block classed so alone (a theme's `<div class="advert">` header banner) is an ad.
 */
const PLUGIN_AD_WORDS = new Set(['advert', 'adverts']);

/**
 * The words of an element's class and id ('card listing-item--sponsored' -> card, listing, item,
 * sponsored). A class that says what the block has beside it ('has-footer', 'has-sidebar',
 * 'with-sidebar': themes and site builders mark a content wrapper so for their layout) describes
 * its surroundings, not the block: none of its words is the block's; one that says what it is not
 * loses the words from the negation on ('wsite-not-footer': 'wsite').
 */
export function classWords(el: HTMLElement): readonly string[] {
  const raw = classAndId(el);
  if (raw === '') return NO_WORDS;
  const kept = el as Kept;
  let words = kept.keptClassWords;
  if (words === undefined) {
    const bounded = raw.length > 1000 ? raw.slice(0, 1000) : raw;
    words = (STATE_HINT.test(bounded) || MEASURE_HINT.test(bounded) ? bounded.split(/\s+/).map(withoutState).join(' ') : bounded).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    kept.keptClassWords = words;
  }
  return words;
}
const NO_WORDS: readonly string[] = [];
/**
 * A class token saying what a block has beside it ('has-footer', 'with_sidebar', 'avec-sidebar') or what it is not
 * or has not (Weebly's 'wsite-not-footer' on its whole content, 'non-sidebar', a theme's 'site-footer-not-fixed',
 * JNews's `entry-content no-share` on a post body shown without share buttons): the words from the state word on are
 * a layout state, not the block's; those before it are ('wsite'; 'site', 'footer') ({@link classWords}).
 */
const STATE_CLASS = /^(?:has|with|avec)[-_]|(?:^|[-_])(?:not|non|no|without|sans)[-_]/;

/** A class token without its layout state ({@link STATE_CLASS}): the words before it; none of a measure of the chrome beside it ({@link MEASURE_CLASS}). */
function withoutState(token: string): string {
  if (MEASURE_CLASS.test(token)) return '';
  const m = STATE_CLASS.exec(token);
  return m ? token.slice(0, m.index) : token;
}
/**
 * A class token that measures or places a block by the chrome beside it: the header's height as
 * its top padding (Listable's `js-header-height-padding-top`), a `header-offset`, `navbar-offset`,
 * `below-header`, `after-nav`: a layout state of a content wrapper, none of whose words is the
 * block's. A header's own parts (`header-top`, `header-inner`) are not measures.
 */
const MEASURE_CLASS = /(?:^|[-_])(?:header|masthead|navbar|topbar)[-_](?:height|offset|padding|margin|spacing|space|gap)(?=$|[-_])|(?:^|[-_])(?:below|after|under|beneath)[-_](?:header|masthead|navbar|topbar)(?=$|[-_])/;
/** A quick test for {@link MEASURE_CLASS} before class tokens are looked at one by one. */
const MEASURE_HINT = /(?:header|masthead|navbar|topbar)[-_](?:height|offset|padding|margin|spacing|space|gap)|(?:below|after|under|beneath)[-_](?:header|masthead|navbar|topbar)/;
/** A quick test before class tokens are looked at one by one for {@link STATE_CLASS}. */
const STATE_HINT = /(?:^|\s)(?:has|with|avec)[-_]|(?:^|[\s_-])(?:not|non|no|without|sans)[-_]/;

/**
 * Whether an element is page chrome by its tag, role, or class/id words (header, footer,
 * sidebar, cookie banner ...). Where it stands matters: a header or footer element inside a
 * sectioning element (`sectioned`: article, section, main, aside) is that section's, and inside
 * an entry (`inEntry`: an article or a list item) a header/footer class is the entry's own
 * ('card-header', 'listing-footer' holding its name or its phone).
 */
export function isChromeBlock(el: HTMLElement, where: { sectioned?: boolean; inEntry?: boolean; inBody?: boolean } = {}): boolean {
  const tag = el.tagName;
  // (The page's frame, as isPageFrame tells it, with the role read once.)
  if (tag === 'BODY' || tag === 'HTML' || tag === 'MAIN') return false;
  const role = (attrOf(el, 'role') ?? '').toLowerCase();
  if (role === 'main') return false;
  // (A panel a control discloses, a member's modal, is content: see disclosure.ts.)
  if ((el as Kept).keptDisclosed === true) return false;
  if (tag === 'NAV' || tag === 'ASIDE') return true;
  if (tag === 'HEADER' || tag === 'FOOTER') return !where.sectioned && !inRepeatedBlock(el);
  if (role === 'banner' || role === 'contentinfo' || role === 'navigation' || role === 'complementary') return true;
  const raw = classAndId(el);
  if (raw === '' || !CHROME_HINT.test(raw)) return false;
  // (A widget holding the panels its controls open, Avada's tabs classed 'nav-not-justified', is content.)
  if (isComponentPart(el) || (el as Kept).keptHoldsDisclosed === true) return false;
  const words = classWords(el);
  return (
    words.some(
      (w) =>
        CHROME_WORDS.has(w) &&
        !(where.inEntry && ENTRY_PART_WORDS.has(w)) &&
        !(where.inEntry && ENTRY_CONTACT_WORDS.has(w) && holdsContact(el)) &&
        (w !== 'widget' || (!where.inBody && sidebarWidget(raw) && !holdsPostBody(el) && !isPageSection(el) && !isListedWidget(el))) &&
        (w !== 'menu' || !words.some((v) => LISTED_WORDS.has(v))) &&
        ((w !== 'pagination' && w !== 'pager') || !holdsHeadings(el)),
    ) && !holdsMainContent(el)
  );
}

/** Most elements looked at under a block classed as chrome for the page's main content ({@link holdsMainContent}). */
const MAX_MAIN_WALK = 2_000;
/** Blocks classed as chrome known to hold the page's main content, or not. */
const mainHolders = new WeakMap<HTMLElement, boolean>();

/**
 * Whether a block classed as chrome holds the page's main content (a `<main>`, an element with
 * `role="main"`, an `<h1>` in an `<article>`): a theme's content wrapper classed with its layout, The7's `<div id="main"
 * class="sidebar-none">` or `sidebar-right` around `<div id="content" role="main">`, or SmartMag's `<div class="main right-sidebar">`
 * around the post's `<article>` and its `<h1>` (a sidebar's widgets never hold the page's title), is the
 * page, not its sidebar. A bounded walk, breadth first (the content sits a few wrappers down,
 * a sidebar beside it), its answer kept for the page.
 */
export function holdsMainContent(el: HTMLElement): boolean {
  const known = mainHolders.get(el);
  if (known !== undefined) return known;
  const queue: HTMLElement[] = [el];
  let found = false;
  for (let i = 0; i < queue.length && i < MAX_MAIN_WALK && !found; i++) {
    for (const c of queue[i].childNodes) {
      if (c.nodeType !== 1) continue;
      const e = c as HTMLElement;
      if (e.tagName === 'MAIN' || (e.rawAttrs.includes('main') && (attrOf(e, 'role') ?? '').toLowerCase() === 'main') || (e.tagName === 'H1' && insideArticle(e, el))) {
        found = true;
        break;
      }
      if (queue.length < MAX_MAIN_WALK) queue.push(e);
    }
  }
  mainHolders.set(el, found);
  return found;
}

/** Whether `el` stands in an `<article>` below `top`. */
function insideArticle(el: HTMLElement, top: HTMLElement): boolean {
  for (let a = el.parentNode; a && a !== top; a = a.parentNode) if (a.tagName === 'ARTICLE') return true;
  return false;
}

/** Elements looked at, at most, for headings under a block classed as a pager ({@link holdsHeadings}). */
const MAX_PAGER_WALK = 2_000;
/** Headings that make a block classed as a pager the paged content: more than a pager's own title. */
const MIN_PAGED_HEADINGS = 2;
/** Blocks classed as a pager known to hold the paged content, or not. */
const pagedContent = new WeakMap<HTMLElement, boolean>();

/**
 * Whether a block classed as a pager holds what is paged: two headings or more (a table's column
 * headings, `<th>`, included), or a heading and a `tel:` or `mailto:` link. Divi's blog module wraps
 * its posts in `et_pb_ajax_pagination_container`, Web 2.0 Directory classes each listing
 * `w2dc-listing-pagination-N`, Ninja Tables the table it pages client-side in
 * `ninja_table_pagination_wrapper`; a pager holds numbers and
 * 'Suivant', a heading of its own at most, never a contact. A bounded walk, its answer kept for the page.
 */
function holdsHeadings(el: HTMLElement): boolean {
  const known = pagedContent.get(el);
  if (known !== undefined) return known;
  const stack: Node[] = [...el.childNodes];
  let steps = 0;
  let headings = 0;
  let contacts = 0;
  const paged = (): boolean => headings >= MIN_PAGED_HEADINGS || (headings >= 1 && contacts >= 1);
  while (stack.length > 0 && ++steps <= MAX_PAGER_WALK && !paged()) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    // (A table's column headings are headings: Ninja Tables wraps the table it pages in `ninja_table_pagination_wrapper`.)
    if (/^H[1-6]$/.test(e.tagName) || e.tagName === 'TH') headings++;
    else if (e.tagName === 'A' && /^\s{0,3}(?:tel|mailto):/i.test(e.getAttribute('href') ?? '')) contacts++;
    else for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
  }
  pagedContent.set(el, paged());
  return paged();
}

/**
 * Chrome words that, on a block inside an entry holding a contact, name the entry's own contact
 * block: a card's 'card-social' or 'contact-share' links, its 'popup-phone', its 'contact-menu'
 * list, its 'fiche-bandeau-contact'. The page's own such blocks stand outside any entry.
 */
const ENTRY_CONTACT_WORDS = new Set(['social', 'share', 'sharing', 'popup', 'modal', 'bandeau', 'menu', 'topbar']);
/** Elements looked at, at most, for a contact in a block ({@link holdsContact}). */
const MAX_CONTACT_WALK = 300;
/** Longest text node looked at for a number or an e-mail. */
const MAX_CONTACT_TEXT = 300;
/** A number as phones are written (nine digits or more with spaces, dots, dashes), or an e-mail's '@' between letters. */
const CONTACT_TEXT = /\d(?:[ .-]?\d){8}|\w@\w/;
/** Blocks known to hold a contact, or not. */
const contactBlocks = new WeakMap<HTMLElement, boolean>();

/**
 * Whether a block holds a contact: a `tel:`, `mailto:` or WhatsApp link, a contact `data-*`
 * attribute, or a text with a phone number or an e-mail. A bounded walk, its answer kept.
 */
export function holdsContact(el: HTMLElement): boolean {
  const known = contactBlocks.get(el);
  if (known !== undefined) return known;
  let found = false;
  const stack: Node[] = [el];
  for (let steps = 0; stack.length > 0 && steps < MAX_CONTACT_WALK && !found; steps++) {
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      const text = n.rawText;
      found = CONTACT_TEXT.test(text.length > MAX_CONTACT_TEXT ? text.slice(0, MAX_CONTACT_TEXT) : text);
      continue;
    }
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    if (e.rawAttrs !== '') {
      const href = e.tagName === 'A' ? (e.getAttribute('href') ?? '').trim().toLowerCase() : '';
      if (/^(?:tel:|mailto:[^?]|https?:\/\/(?:wa\.me|api\.whatsapp\.com)\/)/.test(href)) found = true;
      else if (hasDataAttrs(e.rawAttrs) && Object.keys(e.attributes).some((a) => contactAttr(a, e) !== undefined)) found = true;
    }
    for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
  }
  contactBlocks.set(el, found);
  return found;
}

/** Siblings looked at, at most, around a header's or footer's parent ({@link inRepeatedBlock}). */
const MAX_FRAME_SIBLINGS = 300;
/** Blocks known to be, or not to be, one of several blocks of one shape each with its own header or footer, per path down to it. */
const repeatedFrames = new WeakMap<HTMLElement, Map<string, boolean>>();
/** Levels looked up from a header or footer for the entry it belongs to ({@link inRepeatedBlock}). */
const MAX_FRAME_DEPTH = 4;

/**
 * Whether a `<header>` or `<footer>` is one of a list's entries' own: one of its nearest
 * ancestors (its parent, or up to {@link MAX_FRAME_DEPTH} levels up) is one of two or more sibling
 * blocks of the same tag and class that each hold a header or footer at the same place
 * (hand-written HTML5 cards, `<div class="entreprise"><header><h3>…</h3></header>…<footer>…`; a
 * WordPress theme's card link `<a class="card"><div class="card__content">…<footer class="card__footer">`).
 * The page's own header is never repeated beside itself. Its answer kept per block and path.
 */
export function inRepeatedBlock(el: HTMLElement): boolean {
  const path = [el.tagName];
  for (let block = el.parentNode, depth = 0; depth < MAX_FRAME_DEPTH && block; block = block.parentNode, depth++) {
    if (block.tagName === 'BODY' || block.tagName === 'HTML' || !block.parentNode) return false;
    const key = path.join(' ');
    let known = repeatedFrames.get(block);
    if (known === undefined) repeatedFrames.set(block, (known = new Map()));
    let repeated = known.get(key);
    if (repeated === undefined) {
      repeated = repeatedAround(block, path);
      known.set(key, repeated);
    }
    if (repeated) return true;
    path.unshift(block.tagName);
  }
  return false;
}

/** Whether a block shows text outside one of its descendants (bounded: the first {@link MAX_CARD_TEXT} characters of each are compared). */
function textBeside(block: HTMLElement, inner: HTMLElement): boolean {
  return block.text.slice(0, MAX_CARD_TEXT).replace(/\s+/g, '').length > inner.text.slice(0, MAX_CARD_TEXT).replace(/\s+/g, '').length;
}
/** Characters of a card and of its header or footer compared by {@link textBeside}. */
const MAX_CARD_TEXT = 2_000;

/** Whether two or more siblings of `block` of its tag and class (itself included) hold an element at the end of `path` (child tags, in order). */
function repeatedAround(block: HTMLElement, path: readonly string[]): boolean {
  const cls = block.getAttribute('class') ?? '';
  let framed = 0;
  let seen = 0;
  for (const sib of block.parentNode?.childNodes ?? []) {
    if (sib.nodeType !== 1) continue;
    if (++seen > MAX_FRAME_SIBLINGS || framed >= 2) break;
    const s = sib as HTMLElement;
    if (s.tagName !== block.tagName || (s.getAttribute('class') ?? '') !== cls) continue;
    let at: HTMLElement | undefined = s;
    for (const tag of path) at = at?.childNodes.find((c): c is HTMLElement => c.nodeType === 1 && (c as HTMLElement).tagName === tag);
    // (Above the header's or footer's parent, a card holds more than it: its name, its text. Wrappers holding only a page's
    // footer each, `<div class="section"><div class="inner"><footer>`, are no cards.)
    if (at !== undefined && (path.length === 1 || textBeside(s, at))) framed++;
  }
  return framed >= 2;
}

/**
 * Class words naming a list of the page's own content. A box classed 'menu' that also says it
 * lists articles or entries is the page's list, not its navigation: SPIP's dist templates box a
 * section's articles as `<div class="menu articles">` (1.9) or `menu menu_articles` (2.x), its
 * sub-sections as `menu rubriques`, its news as `menu breves`.
 */
const LISTED_WORDS = new Set(['articles', 'rubriques', 'breves', 'entreprises', 'societes', 'annuaire', 'fiches', 'listings', 'resultats', 'results', 'membres', 'adherents']);

/** Elements looked at, at most, for a post's body under a widget ({@link holdsPostBody}). */
const MAX_POST_BODY_WALK = 2_000;

/**
 * Whether a widget holds a post's body: an element classed `entry-content` (hAtom's content of an
 * entry) or `post-body`, or marked `itemprop="articleBody"`. A blog engine's main column is a
 * widget too (Blogger's `widget Blog` holds the post; its sidebar widgets hold no body): the page's
 * content, not chrome. A bounded walk in document order (the body comes early in its widget).
 */
function holdsPostBody(el: HTMLElement): boolean {
  if (bodyHolders.has(el)) return true;
  const stack: Node[] = [...el.childNodes].reverse();
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_POST_BODY_WALK) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    if (e.rawAttrs !== '' && isPostBody(e)) {
      // (The widgets nested between them hold it too: known without a walk of their own.)
      for (let a = e.parentNode; a && a !== el; a = a.parentNode) bodyHolders.add(a);
      return true;
    }
    for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
  }
  return false;
}
/** Elements known to hold a post's body (between a widget and the body it holds). */
const bodyHolders = new WeakSet<HTMLElement>();
const POST_BODY_CLASSES = new Set(['entry-content', 'post-body']);

/** What a post body's attributes hold, whatever the case (a cheap test before its class words are read). */
const POST_BODY_HINT = /entry-content|post-body|articlebody/i;

/** Whether an element is a post's body: classed `entry-content` or `post-body`, or marked `itemprop="articleBody"`. */
function isPostBody(e: HTMLElement): boolean {
  if (!POST_BODY_HINT.test(e.rawAttrs)) return false;
  return isArticleBody(e) || classText(e).split(' ').some((c) => POST_BODY_CLASSES.has(c.toLowerCase()));
}

/** Whether an element is marked as an article's body (`itemprop="articleBody"`, among other properties). */
function isArticleBody(e: HTMLElement): boolean {
  return e.rawAttrs.includes('articleBody') && (attrOf(e, 'itemprop') ?? '').split(/\s+/).includes('articleBody');
}

/** Parents whose children standing between the page's header and its footer are known ({@link isPageSection}). */
const pageSections = new WeakMap<HTMLElement, WeakSet<HTMLElement>>();

/**
 * Whether an element is one of the page's stacked sections: a site builder that writes every
 * section of a page as a widget (GoDaddy Websites + Marketing: `widget widget-header`, `widget
 * widget-content`, `widget widget-footer`, one under the other) sets the page's content in
 * widgets standing between its header and its footer. A sidebar's widgets stand in a column of
 * their own, never beside the page's header and footer. The siblings are looked at once per parent
 * (at most {@link MAX_FRAME_SIBLINGS}): the first header, the last footer after it, those between.
 */
function isPageSection(el: HTMLElement): boolean {
  const parent = el.parentNode;
  if (!parent) return false;
  let between = pageSections.get(parent);
  if (between === undefined) {
    between = new WeakSet<HTMLElement>();
    const kids = parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1).slice(0, MAX_FRAME_SIBLINGS);
    const head = kids.findIndex((k) => isPageEnd(k, 'HEADER', 'banner', 'header'));
    let foot = -1;
    for (let i = kids.length - 1; i > head + 1 && head !== -1; i--) {
      if (isPageEnd(kids[i], 'FOOTER', 'contentinfo', 'footer')) {
        foot = i;
        break;
      }
    }
    for (let i = head + 1; head !== -1 && i < foot; i++) between.add(kids[i]);
    pageSections.set(parent, between);
  }
  return between.has(el);
}

/** Whether an element is the page's header or footer by its tag, its role or a class word ('widget-header', 'site-footer'). */
function isPageEnd(el: HTMLElement, tag: string, role: string, word: string): boolean {
  if (el.tagName === tag) return true;
  if (el.rawAttrs === '') return false;
  return (attrOf(el, 'role') ?? '').toLowerCase() === role || (classAndId(el).includes(word) && classWords(el).includes(word));
}

/**
 * Whether 'widget' in a class or id is a sidebar widget's ('widget', 'widget_text',
 * 'widget-area'): a class that begins with it. Page builders name every block of the page's
 * content '<builder>-widget' ('elementor-widget-heading', 'bx-widget-iconlist'): not chrome.
 */
function sidebarWidget(raw: string): boolean {
  return raw.split(/\s+/).some((token) => {
    const t = token.toLowerCase();
    return t.startsWith('widget') && !HUBSPOT_GRID_CELL.test(t);
  });
}
/**
 * Whether a block classed as a widget is one of a list's entries drawn by a page builder's widget
 * (Kentico Xperience's page builder, whose widgets the site's views class as they like:
 * `<div class="member-card widget-member-card">`): its class names the component first, the
 * widget after, and it is one of several cards of one shape (each in its own column, as
 * {@link inRepeatedBlock} tells). A sidebar's widget is classed a widget first (`widget
 * widget_text`) and stands alone in its column.
 */
function isListedWidget(el: HTMLElement): boolean {
  const first = (el.getAttribute('class') ?? '').trim().split(/\s+/, 1)[0].toLowerCase();
  return first !== '' && !first.startsWith('widget') && inRepeatedBlock(el);
}
/**
 * HubSpot CMS's drag-and-drop grid names every cell of a page's layout, its content's columns as
 * its header's and footer's, `span4 widget-span widget-type-custom_widget` (`widget-type-cell`,
 * `widget-type-rich_text` …): a place in the grid, no sidebar widget.
 */
const HUBSPOT_GRID_CELL = /^widget-(?:span|type-[a-z_]{1,40})$/;

/**
 * The members of groups of two or more sibling elements of one shape (same tag and main class
 * word, see {@link signature}), layout wrappers ('container', 'row') aside: the entries of a
 * list, whatever their tags. A header/footer class inside one ('card-footer' holding a card's
 * phone) is the entry's own, not the page's; the page's own header and footer are never
 * repeated beside themselves. Asked of an element, its parent's children are grouped, once per
 * parent: the few elements a caller asks about cost their parents' groups, not a walk of the page.
 */
export function repeatedMemberTest(): (el: HTMLElement) => boolean {
  const members = new Set<HTMLElement>();
  const grouped = new Set<HTMLElement>();
  return (el) => {
    const parent = el.parentNode;
    if (!parent) return false;
    if (!grouped.has(parent)) {
      grouped.add(parent);
      addMembers(parent, members);
    }
    return members.has(el);
  };
}

/** Adds to `members` the children of `el` that are members of a group of one shape ({@link repeatedMembers}). */
function addMembers(el: HTMLElement, members: Set<HTMLElement>): void {
  // (Fewer than two children with classes: no group, and no map made for them.)
  let classed = 0;
  for (const child of el.childNodes) if (child.nodeType === 1 && (child as HTMLElement).classList.length > 0) classed++;
  if (classed >= 2) addGroupMembers(el, members);
}

/** {@link addMembers} for an element with two or more children with classes. */
function addGroupMembers(el: HTMLElement, members: Set<HTMLElement>): void {
  // Most lists are of one shape: one signature among the children with classes, and no map made.
  let first: string | undefined;
  let one = true;
  for (const child of el.childNodes) {
    if (child.nodeType !== 1 || (child as HTMLElement).classList.length === 0) continue;
    const sig = signature(child as HTMLElement);
    if (first === undefined) first = sig;
    else if (sig !== first) {
      one = false;
      break;
    }
  }
  if (one) {
    if (!isGroupShape(first!)) return;
    for (const child of el.childNodes) if (child.nodeType === 1 && (child as HTMLElement).classList.length > 0) members.add(child as HTMLElement);
    return;
  }
  const bySignature = new Map<string, HTMLElement[]>();
  for (const child of el.childNodes) {
    if (child.nodeType !== 1) continue;
    const kid = child as HTMLElement;
    if (kid.classList.length === 0) continue;
    const sig = signature(kid);
    if (!isGroupShape(sig)) continue;
    const list = bySignature.get(sig);
    if (list) list.push(kid);
    else bySignature.set(sig, [kid]);
  }
  for (const list of bySignature.values()) if (list.length >= 2) for (const m of list) members.add(m);
}

/** Whether siblings of a shape ({@link signature}) can be a list's members: a main class word, not a layout wrapper's. */
function isGroupShape(sig: string): boolean {
  return !sig.endsWith('.') && !LAYOUT_WORDS.has(sig.slice(sig.indexOf('.') + 1));
}

/** Main class words of layout wrappers, repeated without being entries. */
const LAYOUT_WORDS = new Set(['container', 'container-fluid', 'wrapper', 'wrap', 'row', 'section', 'inner', 'clearfix', 'clear']);

/** Chrome words that, inside an entry, name the entry's own parts. */
const ENTRY_PART_WORDS = new Set(['header', 'footer', 'entete', 'pied']);
/**
 * A UI component's own header or footer class (Bootstrap's `panel-heading`, `panel-footer`,
 * `card-header`, `card-footer`, AdminLTE's `box-footer`, a `listing-footer`): a part of that
 * card, holding its title, its phone or its e-mail, never the page's header or footer.
 */
const COMPONENT_PART = /^(?:card|panel|box|tile|media|item|entry|listing|product|shop|store|vendor|seller|profile|fiche)[-_](?:header|footer|heading|entete|pied)$/;

/**
 * The hash CSS Modules append to a component's local class (`[name]_[local]__[hash:base64:5]`, the
 * default of create-react-app and Next.js: `listing_footer__1PzMC`, `Card_footer__x7Yq2`): without
 * it the token is the component's part it names ({@link isComponentPart}). A hash has a capital or a
 * digit: a BEM element (`card_footer__inner`) is no hash.
 */
const HASHED_CLASS = /(?<=[\p{L}\p{N}])__(?=[a-z_-]{0,7}[A-Z0-9])[A-Za-z0-9_-]{5,8}$/u;

/**
 * Whether an element's only chrome words are those of a UI component's part ({@link COMPONENT_PART}):
 * `<div class="panel-footer shop-phone">` is a card's footer, `<div class="panel-footer site-footer">` the page's.
 */
export function isComponentPart(el: HTMLElement): boolean {
  const raw = classAndId(el);
  if (raw === '') return false;
  let part = false;
  for (const token of raw.split(/\s+/)) {
    if (COMPONENT_PART.test(token) || (HASHED_CLASS.test(token) && COMPONENT_PART.test(token.replace(HASHED_CLASS, '').toLowerCase()))) part = true;
    else if (token !== '' && token.split(/[^\p{L}\p{N}]+/u).some((w) => CHROME_WORDS.has(w))) return false;
  }
  return part;
}
/** Elements under which a header/footer is a section's or an entry's, not the page's: sectioning elements, and a list item (a theme's card `<li><header>name, phone</header><footer>…</footer></li>`). Shared with extract.ts's chrome walks. */
export const SECTIONING_TAGS: ReadonlySet<string> = new Set(['ARTICLE', 'SECTION', 'MAIN', 'ASIDE', 'LI']);
/** Elements that hold one entry. */
const ENTRY_TAGS = new Set(['ARTICLE', 'LI']);

/**
 * Whether an element is the page's frame or main content (html, body, main, role=main): never
 * chrome, whatever its classes say (WordPress themes put 'footer-top-visible' or
 * 'ast-right-sidebar' on the body, which would hide the whole page).
 */
export function isPageFrame(el: HTMLElement): boolean {
  const tag = el.tagName;
  return tag === 'BODY' || tag === 'HTML' || tag === 'MAIN' || (attrOf(el, 'role') ?? '').toLowerCase() === 'main';
}

/** A quick test before {@link CHROME_WORDS} are looked for word by word. */
const CHROME_HINT = /footer|header|sidebar|nav|menu|breadcrumb|cookie|newsletter|copyright|widget|topbar|shar|social|modal|popup|masthead|pag|pied|colophon|entete|bandeau/;

/** Class words of a partner's box ({@link adMarks}'s `inner`: a promoted member's card is no ad by its 'promo' or 'banner' words). */
const PARTNER_WORDS = new Set(['partenaire', 'partner']);

/**
 * Ad markers of an element itself: strong ones (sponsored, advert ...) and weak ones (annonce,
 * partenaire); and, `inner`, a partner's word on the only card it wraps. A classifieds plugin's
 * words ({@link PLUGIN_AD_WORDS}) are strong only when `entry` is false: an entry among a list's
 * (the default) or a block of a classified ad's own page ({@link isAdBlock}'s `adPage`) has them
 * as weak ones; a block elsewhere classed so alone is an ad.
 */
function adMarks(el: HTMLElement, entry = true): { strong: boolean; weak: boolean; inner: boolean } {
  const words = classWords(el);
  // (An entry's wrapper, a grid column, may leave the mark to its only child, the card, through a
  // few single wrappers: its flag, `data-sponsor="1"`, or a partner's word of its class, Flatsome's
  // `col > col-inner > bloc-partenaire`. A strong word is the element's own: Drupal classes a node
  // promoted to the front page `node--promoted`.)
  const chain = [el];
  for (let e = el, depth = 0; depth < 4; depth++) {
    const kids = e.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
    if (kids.length !== 1) break;
    e = kids[0];
    chain.push(e);
  }
  const flagged = chain.some((e) => e.rawAttrs.includes('data-') && AD_FLAGS.some((a) => isSet(attrOf(e, a))));
  const strong = words.some((w) => AD_WORDS.has(w) && (!WEAK_AD_WORDS.has(w) || (!entry && PLUGIN_AD_WORDS.has(w))) && !(w === 'promoted' && promotedNodeOnly(el))) || hasAttr(el, 'data-ad') || hasAttr(el, 'data-ad-slot') || flagged;
  const inner = chain.some((e, i) => i > 0 && classWords(e).some((w) => PARTNER_WORDS.has(w)));
  return { strong, weak: words.some((w) => WEAK_AD_WORDS.has(w)), inner };
}

/**
 * Drupal's publishing flag on a node, `node-promoted` (Drupal 7) or `node--promoted` (8 and later):
 * the node is promoted to the front page, a state of the content, never a paid placement.
 */
const PROMOTED_NODE = /(?:^|\s)node-{1,2}promoted(?=\s|$)/g;

/** Whether the only 'promoted' of a block's class and id is Drupal's node flag ({@link PROMOTED_NODE}). */
function promotedNodeOnly(el: HTMLElement): boolean {
  const raw = classAndId(el);
  return raw.length <= 1000 && !/promoted/i.test(raw.replace(PROMOTED_NODE, ' '));
}

/**
 * Whether a block is an advertisement by its own marks: a strong ad word in its class or id
 * ('pub', 'sponsored', 'banniere'), a `data-ad` / `data-sponsored` flag, or a first element whose
 * whole text is an ad badge ('Publicité', 'Sponsorisé') as its label. On a classified ad's own
 * page (`adPage`), a classifieds plugin's class words ({@link PLUGIN_AD_WORDS}) name the ad's own
 * parts, not an advertisement.
 */
export function isAdBlock(el: HTMLElement, adPage = false): boolean {
  if (adMarks(el, adPage).strong) return true;
  const first = el.childNodes.find((c): c is HTMLElement => c.nodeType === 1);
  const text = first !== undefined && BADGE_TAGS.has(first.tagName) && first.childNodes.length <= 3 ? shortText(first, 40) : undefined;
  return text !== undefined && mayBeAdBadge(text) && AD_BADGE.test(text.replace(/[\s()[\]·•|-]+/g, ''));
}

/** Data attributes that mark an entry sponsored when set ('1', 'true', '' — not '0' or 'false'). */
const AD_FLAGS = ['data-sponsored', 'data-sponsor', 'data-sponsorise', 'data-promoted', 'data-promo', 'data-advert', 'data-advertisement', 'data-pub'];

function isSet(value: string | undefined): boolean {
  return value !== undefined && !/^\s*(?:0|false|no|non)\s*$/i.test(value);
}

/** Whether an entry carries an ad badge: a short element whose whole text is 'Sponsorisé', 'Annonce', 'Publicité' ... */
function hasAdBadge(el: HTMLElement): boolean {
  // The elements under it in document order, walked without listing them first (most entries have no badge: all are seen).
  const stack: Node[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    const child = node as HTMLElement;
    for (let i = child.childNodes.length - 1; i >= 0; i--) stack.push(child.childNodes[i]);
    // A badge is a short element: a text, perhaps beside an icon.
    if (!BADGE_TAGS.has(child.tagName) || child.childNodes.length > 3 || !mayBeginAdBadge(child)) continue;
    const text = shortText(child, 40);
    if (text !== undefined && mayBeAdBadge(text) && AD_BADGE.test(text.replace(/[\s()[\]·•|-]+/g, ''))) return true;
  }
  return false;
}

/**
 * Whether a text can be an ad badge ({@link AD_BADGE}, once its separators are removed): its first
 * character other than a separator begins one of the badge words ('s' or the long 'ſ' that
 * /iu reads as 's', 'a', 'p', 'e', 'c', 'l', either case; 'إ', 'م'). Most short texts of an entry are not, and
 * skip the rewriting.
 */
function mayBeAdBadge(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isBadgeSeparator(c)) return isBadgeInitial(c);
  }
  return false;
}

/**
 * Whether an element's text may be an ad badge, by its first character other than a separator
 * ({@link mayBeAdBadge}), read in place in its first text nodes before its whole text is made: the
 * same answer {@link mayBeAdBadge} gives on its {@link shortText}, or true when a text holds an
 * entity (decoded, it could be any character). At most 40 nodes are looked at, as shortText does.
 */
function mayBeginAdBadge(el: HTMLElement): boolean {
  const stack: Node[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  let nodes = 0;
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > 40) return false;
    if (n.nodeType === 1) {
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
      continue;
    }
    if (n.nodeType !== 3) continue;
    const text = n.rawText;
    if (text.includes('&')) return true;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (!isBadgeSeparator(c)) return isBadgeInitial(c);
    }
  }
  return false;
}

/** Characters a badge's text is read without ({@link AD_BADGE} is tested once they are removed): whitespace, ( ) [ ] · • | -. */
function isBadgeSeparator(c: number): boolean {
  return isSpace(c) || c === 0x28 || c === 0x29 || c === 0x5b || c === 0x5d || c === 0xb7 || c === 0x2022 || c === 0x7c || c === 0x2d;
}

/** First characters of the badge words: 's' (or the long 'ſ' that /iu reads as 's'), 'a', 'p', 'e', 'c', 'l', either case; 'إ', 'م'. */
function isBadgeInitial(c: number): boolean {
  return c === 0x73 || c === 0x53 || c === 0x17f || c === 0x61 || c === 0x41 || c === 0x70 || c === 0x50 || c === 0x65 || c === 0x45 || c === 0x63 || c === 0x43 || c === 0x6c || c === 0x4c || c === 0x625 || c === 0x645;
}

const BADGE_TAGS = new Set(['SPAN', 'SMALL', 'EM', 'I', 'DIV', 'P', 'LABEL', 'MARK', 'B', 'STRONG']);

/**
 * Whether an element is a field's label ('Téléphone :', 'Adresse:', 'E-mail'), not a name: its
 * short text ends with a colon or is a contact word alone. Bounded (see {@link shortText}).
 */
function isFieldLabel(el: HTMLElement): boolean {
  const text = shortText(el, 40);
  return text !== undefined && (text.endsWith(':') || FIELD_WORDS.test(text));
}
const FIELD_WORDS = /^(?:t[ée]l[ée]?(?:phone)?\.?|mobile|fax|e-?mail|courriel|adresse|address|site web|website|web|horaires|الهاتف|الفاكس|العنوان)$/iu;

/** Entries found by repeated structure: the entries kept, and those dropped as advertisements. */
export interface RepeatedItems {
  items: HTMLElement[];
  advertisements: HTMLElement[];
}

/**
 * The entries of a listing page by its repeated structure: among every element's children,
 * groups of siblings of one shape (same tag and main class word; ad words aside, so a
 * 'card promoted' is in the 'card' group) are scored by how many members hold a name (a
 * heading, bold text, a link, a name/title class) and more than one piece of text, together
 * with contact-like content (8+ digits, an '@', a tel:/mailto: link, a data-phone attribute)
 * or a link; the best group wins (contacts count double; on a tie, the smaller members), with
 * the other groups of the same shape, under a container of the same shape as its own (a grid's
 * other rows; not a top bar and a cookie banner under <body> that share the cards' utility class),
 * that are not inside it, and the listing's other tiers, groups of other shapes whose entries
 * link to pages of the same template (see tiers.ts). At least two members must
 * qualify, and half the group. Members marked as ads (class/id words, data-ad attributes, a
 * 'Sponsorisé' / 'Annonce' badge) are returned apart. Page chrome (header, footer, nav,
 * aside, sidebar/cookie/breadcrumb classes) is never searched. Table rows are members like
 * any other block (their header row does not qualify). `base` is the page's URL, that its
 * links resolve against (without it, only its relative links are known to be the site's own).
 */
export function repeatedItems(root: HTMLElement, base?: string): RepeatedItems {
  const outer = mainClasses;
  mainClasses ??= new Map();
  try {
    wrapNamedTerms(root);
    const found = repeatedGroups(root, base);
    // Entries led by a term or heading (runs of <dt>/<h3> siblings, or of sibling blocks whose first
    // holds only a name) are looked for too: the richer in contacts wins (a classless page's banner and
    // menu side by side, a sidebar of three featured companies, against a <dl> of every company).
    if (!wrapLedEntries(root, found.counts)) return strip(found);
    const led = repeatedGroups(root, base);
    return strip(found.items.length + found.advertisements.length === 0 || led.withContacts > found.withContacts || (led.withContacts === found.withContacts && namedByRuns(found, led)) ? led : found);
  } finally {
    mainClasses = outer;
  }
}

/**
 * Whether the runs found by {@link wrapLedEntries} name the blocks found without them: every block
 * found is inside a run (or is a sibling of the runs above the first of them or under the last:
 * a post's introduction, its closing words), and most of those holding a contact have no name of their own (no
 * heading, bold text, link other than to the company's page on a social network: only a first
 * line, which is then their activity or address, the name being the block before them).
 */
function namedByRuns(found: RepeatedItems & { counts: Map<HTMLElement, Counts> }, led: RepeatedItems): boolean {
  const runs = new Set(led.items);
  let intro: Set<HTMLElement> | undefined;
  let withContact = 0;
  let unnamed = 0;
  for (const m of found.items) {
    if (!insideAny(m, runs)) {
      intro ??= introductions(led.items);
      if (intro.has(m)) continue;
      return false;
    }
    const c = found.counts.get(m) ?? ZERO;
    if (c.numbers + c.ats + c.tels === 0) continue;
    withContact++;
    if (c.names === 0 || !namesItself(m)) unnamed++;
  }
  return withContact > 0 && unnamed * 2 > withContact;
}

/**
 * The element siblings before the first run and after the last one under each parent of runs: a
 * post's introduction, written above its entries, and its closing words under them.
 */
function introductions(runs: readonly HTMLElement[]): Set<HTMLElement> {
  const out = new Set<HTMLElement>();
  const seen = new Set<HTMLElement>();
  const set = new Set(runs);
  for (const run of runs) {
    const parent = run.parentNode;
    if (!parent || seen.has(parent)) continue;
    seen.add(parent);
    const kids = parent.childNodes;
    let first = 0;
    while (first < kids.length && !set.has(kids[first] as HTMLElement)) first++;
    let last = kids.length - 1;
    while (last > first && !set.has(kids[last] as HTMLElement)) last--;
    kids.forEach((k, i) => {
      if (k.nodeType === 1 && (i < first || i > last)) out.add(k as HTMLElement);
    });
  }
  return out;
}

/**
 * Whether an element is classed as a name or a title (`company-name`, `card-title`, `nom`,
 * `raison-sociale`, microformats' `fn` / `org`): it names its block as a heading would.
 */
function classedAsName(el: HTMLElement): boolean {
  return el.classList.length > 0 && (/name|title|nom|titre|raison/i.test(classText(el)) || el.classList.contains('fn') || el.classList.contains('org'));
}

/** Most elements of a block looked at for a name of its own ({@link namesItself}). */
const MAX_OWN_NAME_WALK = 200;

/**
 * A link's text that names the company's page on a social network or a messaging app ('Page
 * Facebook', 'Instagram', 'Suivez-nous sur Facebook', 'WhatsApp'): where to find the company, not
 * its name. Tested on at most 60 characters; one alternation between word bounds: linear.
 */
const SOCIAL_LINK_TEXT = /\b(?:facebook|instagram|twitter|linkedin|youtube|tiktok|snapchat|whatsapp|telegram|messenger|pinterest)\b/i;

/**
 * Whether a block holds a name of its own: a heading, bold text, a term, or a link, other than a
 * link to the company's page on a social network ({@link SOCIAL_LINK_TEXT}) or one only asking to
 * see more (an e-mail or phone link names nothing either). Bounded walk.
 */
function namesItself(block: HTMLElement): boolean {
  const stack: HTMLElement[] = [block];
  for (let seen = 0; stack.length > 0 && seen < MAX_OWN_NAME_WALK; seen++) {
    const el = stack.pop() as HTMLElement;
    const tag = el.tagName;
    if (tag === 'A') {
      const href = (attrOf(el, 'href') ?? '').trim().toLowerCase();
      if (href.startsWith('mailto:') || href.startsWith('tel:')) continue;
      const text = shortText(el, 60);
      if (text === undefined || !(SOCIAL_LINK_TEXT.test(text) || MORE_LINK.test(text))) return true;
      continue;
    }
    // (An element classed as a name, `company-name`, `card-title`, names the block as a heading would: as countAll counts names.)
    if (NAME_TAGS.has(tag) || isInlineBold(el) || (el !== block && classedAsName(el) && !isFieldLabel(el))) return true;
    for (let i = el.childNodes.length - 1; i >= 0; i--) {
      const k = el.childNodes[i];
      if (k.nodeType === 1) stack.push(k as HTMLElement);
    }
  }
  // (A block too large to look through is taken as named: the blocks stay as found.)
  return stack.length > 0;
}

/** Longest text of a block read for a spacer's ({@link isSpacerText}). */
const MAX_SPACER_TEXT = 60;

/** Whether a block's only text is no-break spaces written as entities (`<p>&nbsp;</p>`, an editor's empty line). */
function isSpacerText(m: HTMLElement, c: Counts): boolean {
  if (c.texts !== 1 || c.digits + c.links + c.tels + c.ats > 0) return false;
  const raw = m.rawText;
  return raw.length <= MAX_SPACER_TEXT && raw.includes('&') && !NOT_SPACE.test(raw.replace(NBSP_ENTITY, ''));
}

/** Parents whose children are a table's rows. */
const TABLE_PARTS = new Set(['TABLE', 'TBODY', 'THEAD', 'TFOOT']);

/**
 * A link whose whole text only asks to see more ('voir', '» Voir la fiche', 'Détails', 'Lire la
 * suite', 'En savoir plus', 'Read more', 'المزيد'): it names nothing, so a block is not named by it
 * (a long table of small ads each closed by 'voir' is no list of named entries).
 */
const MORE_LINK = /^[\s»›>.…+-]{0,4}(?:voir(?: (?:la fiche|le d[ée]tail|les d[ée]tails|l['’]annonce|le profil|plus|\+))?|d[ée]tails?|plus(?: d['’]infos?| de d[ée]tails)?|en savoir plus|lire la suite|la suite|suite|afficher|read more|more|details|view|المزيد|التفاصيل|اقرأ المزيد)[\s»›>.…!+]{0,4}$/iu;

function isMoreLink(a: HTMLElement): boolean {
  const text = shortText(a, 40);
  return text !== undefined && MORE_LINK.test(text);
}

/** Tags that open an entry written as a run of siblings: a term of a definition list, a heading. */
const LEADERS = new Set(['DT', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * Entries written as runs of siblings rather than one element each (`<dt>name</dt><dd>…</dd>
 * <dd>…</dd>`, `<h3>name</h3><p>…</p><p>…</p>`): under a parent with at least two leaders of
 * one tag (dt, or one heading level), each leader and the siblings up to the next one are moved
 * into an element of their own, so that they are found as repeated blocks. Else, under a parent
 * of flat sibling blocks (a site builder's grid: a name block, a text block, an image block per
 * member, no wrapper per member), the runs of {@link nameBlockRuns}. Weighed against the repeated
 * blocks by the caller. One pass over the tree; true when anything was wrapped.
 */
function wrapLedEntries(root: HTMLElement, counts: Map<HTMLElement, Counts>): boolean {
  let wrapped = false;
  const elements = descendants(root);
  const topic: TopicShapes = { shapes: new Set(), lone: false };
  // (A forum post's body where no run was found: read again once the topic's shapes are known.)
  const unread: HTMLElement[] = [];
  for (let e = -1; e < elements.length; e++) {
    const parent = e === -1 ? root : elements[e];
    const kids = parent.childNodes;
    const tag = leaderTag(kids);
    // A table's rows are never runs of sibling blocks: a row holding only a name over the next
    // ones is a group's heading (a daïra, a category) or a company's title row, which the table
    // rules read; cutting the rows into runs of one period split companies spanning several rows.
    const flat = kids.length >= 6 && counts.has(parent) && !TABLE_PARTS.has(parent.tagName);
    // Headings over groups of name lines (a commune, then its companies each led by a bold line): the lines lead.
    // A post whose entries are written in several styles (headings of two levels, bold lines): every style leads.
    const mixed = flat ? mixedLineRuns(parent, counts) : undefined;
    if (mixed) {
      wrapNodeSpans(parent, mixed);
      wrapped = true;
      continue;
    }
    const groupedLines = tag && flat ? lineRuns(parent, counts, tag) : undefined;
    if (groupedLines) {
      wrapNodeSpans(parent, groupedLines);
      wrapped = true;
      continue;
    }
    if (tag) {
      wrapRuns(parent, tag);
      wrapped = true;
      continue;
    }
    const runs = flat ? nameBlockRuns(parent, counts) : undefined;
    if (runs !== undefined) {
      wrapSpans(parent, runs);
      wrapped = true;
      continue;
    }
    const lines = flat ? lineRuns(parent, counts, undefined, topic) : undefined;
    if (lines === undefined) {
      if (flat && inForumPost(parent)) unread.push(parent);
      continue;
    }
    wrapNodeSpans(parent, lines);
    wrapped = true;
  }
  // The topic's other posts, each a reply adding one entry in the shape of the list's names.
  if (topic.shapes.size > 0) {
    topic.lone = true;
    for (const parent of unread) {
      const lines = lineRuns(parent, counts, undefined, topic);
      if (lines === undefined) continue;
      wrapNodeSpans(parent, lines);
      wrapped = true;
    }
  }
  return wrapped;
}

/** The shapes of the name lines that lead runs in a forum topic's posts ({@link lineRuns}), and whether one such line now makes a post's entry. */
interface TopicShapes {
  shapes: Set<string>;
  lone: boolean;
}

/** A line of a rich-text body ({@link lineRuns}): its first and last child node, the one element holding all its text, and what it shows. */
interface TextLine {
  first: number;
  last: number;
  /** The one element holding all the line's text (a bold name, a paragraph), if one does. */
  holder: HTMLElement | undefined;
  /** Text (other than a line's lone holder's) outside any element, or in a second element. */
  mixed: boolean;
  shown: boolean;
  contact: boolean;
  /** Opened by a PDF table's record number cell, joined to the next by a no-break space ({@link NUMBER_CELL}). */
  numbered?: boolean;
  /** Such a row's name followed by a cell of its own (its address): a record of its own even with no line under it. */
  cell?: boolean;
}

/** A record number cell joined to the next cell by a no-break space, as plain pdftohtml writes a PDF table's row ('12&#160;'). Bounded by the caller. */
const NUMBER_CELL = /^\s*\d{1,4}(?:&(?:nbsp|#160|#xa0);|\u00a0)$/i;
/** The next cell of such a row, after the bold name: a no-break space, then text without markup. Bounded by the caller. */
const NEXT_CELL = /^(?:&(?:nbsp|#160|#xa0);|\u00a0)+[^\s&<]/i;

/** A next cell that is a bare page number (a table of contents' row, 'N&#160;<b>Chapter</b>&#160;12'): no address. Bounded by the caller. */
const PAGE_NUMBER_CELL = /^(?:&(?:nbsp|#160|#xa0);|\u00a0)+\d{1,4}\s*$/i;

/** Elements that flow inside a line of text; any other element (a div, a paragraph, a heading, a list) is a line of its own, and a <br> ends one. */
let lineInlineTags: ReadonlySet<string> | undefined;
/** A no-break space written as an entity (an editor's empty line: `&nbsp;<br>`). */
const NBSP_ENTITY = /&(?:nbsp|#160|#xa0);/gi;
const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/**
 * The lines of a parent's children as a reader sees them in a rich-text body (a blog post typed in
 * an editor): inline content up to a <br>, or a block child. Each line's nodes, whether one element
 * holds all its text, and whether it shows text and contacts (counted: an '@', a run of nine digits).
 */
function textLines(parent: HTMLElement, counts: Map<HTMLElement, Counts>): TextLine[] {
  const lines: TextLine[] = [];
  const kids = parent.childNodes;
  let line: TextLine | undefined;
  const close = () => {
    if (line) lines.push(line);
    line = undefined;
  };
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    lineInlineTags ??= new Set([...INLINE_TAGS, 'IMG', 'SUB', 'SUP', 'TIME', 'S', 'STRIKE', 'DEL', 'INS', 'CODE', 'KBD', 'WBR']);
    if (k.nodeType === 1 && !lineInlineTags.has((k as HTMLElement).tagName) && (k as HTMLElement).tagName !== 'BR') {
      // A block is a line of its own.
      close();
      const c = counts.get(k as HTMLElement);
      const shown = c !== undefined && c.texts + c.links + c.tels + c.ats > 0;
      lines.push({ first: i, last: i, holder: shown ? (k as HTMLElement) : undefined, mixed: false, shown, contact: c !== undefined && c.numbers + c.ats + c.tels > 0 });
      continue;
    }
    // (White space between two blocks, the source's line breaks, is no line: an empty line is a <br> or an empty block.)
    if (line === undefined && k.nodeType === 3 && !NOT_SPACE.test(k.rawText)) continue;
    line ??= { first: i, last: i, holder: undefined, mixed: false, shown: false, contact: false };
    line.last = i;
    if (k.nodeType === 3) {
      const raw = k.rawText;
      const bare = raw.includes('&') ? raw.replace(NBSP_ENTITY, '') : raw;
      if (!NOT_SPACE.test(bare)) continue;
      // A list number or bullet typed before the line's first element ('12) <b>Name</b>') is no text of the line's own.
      if (!line.shown && bare.length <= 16 && LINE_MARK.test(bare)) continue;
      // A PDF table's row as plain pdftohtml writes it, its cells joined by no-break spaces: the N° cell
      // before the bold name ('1&#160;<b>X</b>') is a record number, and the cell after it ('&#160;Temacine',
      // no contact) the next column's, no part of the line's own text.
      if (!line.shown && raw.length <= 24 && NUMBER_CELL.test(raw)) {
        line.numbered = true;
        continue;
      }
      if (line.numbered === true && line.holder !== undefined && !line.mixed && raw.length <= 80 && NEXT_CELL.test(raw) && !PAGE_NUMBER_CELL.test(raw) && !textHasContact(raw)) {
        line.cell = true;
        continue;
      }
      line.shown = true;
      line.mixed = true;
      if (!line.contact && textHasContact(raw)) line.contact = true;
    } else if (k.nodeType === 1) {
      const el = k as HTMLElement;
      if (el.tagName === 'BR') {
        close();
        continue;
      }
      const c = counts.get(el);
      if (c === undefined || c.texts + c.links + c.tels + c.ats === 0) continue;
      if (line.shown) line.mixed = true;
      else line.holder = el;
      line.shown = true;
      if (c.numbers + c.ats + c.tels > 0) line.contact = true;
    }
  }
  close();
  return lines;
}

/** A list number or bullet alone before a line's first element ('1)', '12.', '3 -', '•', '-'): bounded, short texts only. */
const LINE_MARK = /^\s*(?:\d{1,3}\s?[.)\-–—]|[•·*\-–—»▪►▸◦])\s*$/u;

/** Whether a text holds an '@' or a phone-like run of nine digits or more (spaces, dots, dashes inside). Bounded. */
function textHasContact(raw: string): boolean {
  const text = raw.length > 2_000 ? raw.slice(0, 2_000) : raw;
  if (text.includes('@')) return true;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 48 && code <= 57) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9)) {
      if (++run >= 9) return true;
    } else if (!(code === 32 || code === 46 || code === 45 || code === 40 || code === 41 || code === 43 || code === 0xa0)) run = 0;
  }
  return false;
}

/**
 * Entries written as runs of lines in one rich-text body (a blog post typed in its editor: a bold
 * name line, or a paragraph holding only a bold name, then its address and contact lines, until
 * the next name line; the lines cut by <br> or each a <div>/<p>): the name lines are the lines
 * whose whole text one bold element or heading holds ({@link isNameBlock}; not a sentence ending
 * in '.' or '!'), of the shape most of them share, at least three, each followed by something
 * shown before the next name line (else a group's heading, which ends the run before it). A
 * heading line of another shape (a commune over its companies) ends a run too; the last run is
 * at most as long as the longest other, and ends at its first empty line when no other entry
 * holds one between its lines. At least half the runs must hold a contact. With `tag`, the
 * parent's headings of that tag (met twice or more) must be such group headings: each followed
 * by a name line before anything else, and the name lines more numerous. The runs as
 * [first, last] child node indices, or undefined.
 */
function lineRuns(parent: HTMLElement, counts: Map<HTMLElement, Counts>, tag?: string, topic?: TopicShapes): [number, number][] | undefined {
  const kids = parent.childNodes;
  // A forum post's body is one member's list: two name lines make it one ('my two addresses'), as three do a page's;
  // and one, when another post of the topic leads its entries by name lines of that shape (a reply adding one entry to the list).
  const post = inForumPost(parent);
  const fewest = post && topic?.lone === true ? 1 : post ? 2 : 3;
  // (Three candidate names are needed: an element whose counts allow a name line.)
  let candidates = 0;
  for (const k of kids) if (k.nodeType === 1 && countsAllowNameBlock(counts.get(k as HTMLElement)) && ++candidates === fewest) break;
  if (candidates < fewest) return undefined;
  const lines = textLines(parent, counts);
  const named = lines.map((l) => (l.holder !== undefined && !l.mixed && isNameBlock(l.holder, counts, true) && !SENTENCE_END.test(shortText(l.holder, 100) ?? '') ? signature(l.holder) : undefined));
  const byShape = new Map<string, number>();
  for (const sig of named) if (sig !== undefined) byShape.set(sig, (byShape.get(sig) ?? 0) + 1);
  let shape: string | undefined;
  let most = fewest - 1;
  for (const [sig, n] of byShape) if (n > most && (fewest > 1 || topic?.shapes.has(sig) === true)) [shape, most] = [sig, n];
  if (shape === undefined) return undefined;
  // A name line followed by another name line (or nothing) before anything shown leads no entry: a group's heading.
  const isLeader = lines.map(() => false);
  const ends = lines.map((l, i) => named[i] !== undefined && named[i] !== shape && HEADING_TAGS.has(l.holder!.tagName));
  // A disclosure card among the lines, named by its own heading (a post's toggle card), is an entry of its own: it ends the run before it.
  const alone = lines.map((l, i) => named[i] !== shape && l.holder !== undefined && !l.mixed && isNamedDisclosure(l.holder));
  for (let i = 0; i < lines.length; i++) if (alone[i]) ends[i] = true;
  // A horizontal rule (a thematic break; a PDF's page break as pdftohtml writes it, the next page's
  // running header after it) ends the run before it: what follows up to the next name line is no entry's.
  const rules = lines.map((l) => l.holder === undefined && l.first === l.last && (kids[l.first] as HTMLElement).tagName === 'HR');
  // (But contact lines right after the rule, no running header before them, are the record's before it: cut by the page break.)
  for (let i = 0; i < lines.length; i++) {
    if (!rules[i]) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j].shown) j++;
    ends[i] = !(j < lines.length && lines[j].contact && named[j] === undefined);
  }
  for (let i = 0; i < lines.length; i++) {
    if (named[i] !== shape) continue;
    // (A PDF table's row whose name has a cell beside it, its address, is a record even with no line under it: a member without contacts.)
    if (lines[i].cell === true) isLeader[i] = true;
    for (let j = i + 1; j < lines.length && named[j] === undefined && !isLeader[i]; j++) {
      if (lines[j].shown) {
        isLeader[i] = true;
        break;
      }
    }
    if (!isLeader[i]) ends[i] = true;
  }
  let leaders = lines.flatMap((_, i) => (isLeader[i] ? [i] : []));
  if (leaders.length < fewest) return undefined;
  // (When most leaders are a PDF table's numbered rows, a name line that is none, the publisher's letterhead or the
  // document's title, leads no record: its lines are no member's.)
  const rows = leaders.filter((l) => lines[l].numbered === true).length;
  if (rows * 2 > leaders.length && rows < leaders.length) {
    for (const l of leaders) if (lines[l].numbered !== true) [isLeader[l], ends[l]] = [false, true];
    leaders = leaders.filter((l) => isLeader[l]);
    if (leaders.length < fewest) return undefined;
  }
  // (A rule inside every entry, the last one aside, is part of the entries' layout, no break: it ends none.)
  if (rules.includes(true)) {
    let ruled = 0;
    for (let n = 0; n + 1 < leaders.length; n++) if (rules.slice(leaders[n], leaders[n + 1]).includes(true)) ruled++;
    if (ruled >= 2 && ruled === leaders.length - 1) for (let i = 0; i < lines.length; i++) if (rules[i]) ends[i] = false;
  }
  // The first name line styled unlike all the others, leading no contact, is the list's title over it.
  if (listTitle(lines, leaders)) {
    isLeader[leaders[0]] = false;
    leaders.shift();
    if (leaders.length < fewest) return undefined;
  }
  if (tag !== undefined) {
    // The parent's headings of `tag` lead groups of these entries: each followed first by a name line.
    const headings = lines.flatMap((l, i) => (l.holder?.tagName === tag && named[i] !== shape ? [i] : []));
    if (headings.length >= leaders.length || headings.some((h) => { let j = h + 1; while (j < lines.length && !lines[j].shown) j++; return !isLeader[j]; })) return undefined;
  }
  const spans: [number, number][] = [];
  let longest = -1;
  let gapped = false;
  let withContacts = 0;
  // (The kinds of the empty lines that close the other runs, before the next name line: the list's breaks between entries.)
  const breakKind = (j: number): string => {
    const k = kids[lines[j].first];
    return lines[j].first === lines[j].last && k.nodeType === 1 && (k as HTMLElement).tagName !== 'BR' && !lineInlineTags!.has((k as HTMLElement).tagName) ? `${(k as HTMLElement).tagName}.${attrOf(k as HTMLElement, 'class') ?? ''}` : 'br';
  };
  const breaks = new Set<string>();
  leaders.forEach((l, n) => {
    let end = l + 1;
    const limit = n + 1 < leaders.length ? leaders[n + 1] : lines.length;
    while (end < limit && !ends[end]) end++;
    if (n + 1 < leaders.length) {
      let shown = 0;
      for (let j = l + 1; j < end; j++) if (lines[j].shown) shown++;
      longest = Math.max(longest, shown);
      // (Whether an empty line stands inside this entry, between shown lines.)
      let shownEnd = end;
      while (shownEnd > l + 1 && !lines[shownEnd - 1].shown) shownEnd--;
      for (let j = l + 1; j < shownEnd && !gapped; j++) if (!lines[j].shown) gapped = true;
      for (let j = shownEnd; j < end; j++) breaks.add(breakKind(j));
    } else if (longest >= 0) {
      // The last run ends where the longest other would, and at its first empty line when no other
      // holds one: the post's closing words ('Pour figurer dans la liste, appelez le …') are no entry's.
      // Only an empty line of a kind that closes the other runs is a break between entries (a <br>'s
      // empty line, a link page's break block): a textless block inside an entry (an ad, a figure, a
      // spacer, a map's iframe, an empty paragraph) is none.
      // (The longest other counted in shown lines: a textless block inside the last entry makes it no longer.)
      let shown = 0;
      for (let j = l + 1; j < end; j++) {
        if (lines[j].shown ? ++shown > longest : !gapped && breaks.has(breakKind(j))) end = j;
      }
    }
    spans.push([lines[l].first, lines[end - 1].last]);
    for (let j = l + 1; j < end; j++) {
      if (lines[j].contact) {
        withContacts++;
        break;
      }
    }
  });
  if (withContacts * 2 < leaders.length) return undefined;
  if (post && topic !== undefined && fewest > 1) topic.shapes.add(shape);
  if (!alone.includes(true)) return spans;
  // (The disclosure cards join the runs, in the page's order.)
  const cards = lines.flatMap((l, i): [number, number][] => (alone[i] ? [[l.first, l.last]] : []));
  return [...spans, ...cards].sort((a, b) => a[0] - b[0]);
}

/** Levels of single wrappers looked down a name line for its inner style ({@link innerStyle}). */
const MAX_STYLE_DEPTH = 6;

/**
 * The inner style of a name line: the chain of its single wrappers down to its text, each tag
 * with a `<font>`'s size and color ('FONT 4|STRONG'). Bounded.
 */
function innerStyle(el: HTMLElement): string {
  const parts: string[] = [];
  let e: HTMLElement | undefined = el;
  for (let depth = 0; e !== undefined && depth < MAX_STYLE_DEPTH; depth++) {
    const shown: Node[] = e.childNodes.filter((c) => c.nodeType === 1 || NOT_SPACE.test(c.rawText));
    e = shown.length === 1 && shown[0].nodeType === 1 ? (shown[0] as HTMLElement) : undefined;
    if (e !== undefined) parts.push(e.tagName === 'FONT' ? `FONT ${attrOf(e, 'size') ?? ''} ${attrOf(e, 'color') ?? ''}` : e.tagName);
  }
  return parts.join('|');
}

/**
 * Whether the first of the name lines leading runs is the title of the list under it, no entry: a
 * site builder writes the page's title and its entries' names as headings of one class (Weebly's
 * `wsite-content-title`, 'Nos adhérents' in `<font size="6">` over names each in `<font
 * size="4"><strong>`): styled unlike every other leader, which all share one style, three or more,
 * and with no contact in its run (an introduction under it).
 */
function listTitle(lines: readonly TextLine[], leaders: readonly number[]): boolean {
  if (leaders.length < 4) return false;
  const first = leaders[0];
  for (let j = first + 1; j < leaders[1]; j++) if (lines[j].contact) return false;
  const style = innerStyle(lines[leaders[1]].holder!);
  if (innerStyle(lines[first].holder!) === style) return false;
  return leaders.slice(2).every((l) => innerStyle(lines[l].holder!) === style);
}

/**
 * Entries of a post whose author wrote them in several styles, one after the other in one
 * rich-text body (a heading then one paragraph per line; a paragraph holding only a bold name;
 * a bold name followed in its paragraph by the activity and address, '<b>Name</b> — transport,
 * 12 rue …'; a smaller coloured heading): the name lines of every shape that leads entries. A
 * shape leads entries when two or more of its lines each lead a run (something shown before the
 * next name line) and at least half of those runs hold a contact; a name line followed by another
 * one at once (a section's heading) leads none and ends the run before it. Only when two or more
 * shapes lead entries, three entries in all, and every leading shape keeps contacts in at least
 * half of its runs (a sub-heading inside each entry, 'Coordonnées', would leave the entries' own
 * name lines without contacts); else undefined, and the one-shape rules read the body. The runs
 * as [first, last] child node indices.
 */
function mixedLineRuns(parent: HTMLElement, counts: Map<HTMLElement, Counts>): [number, number][] | undefined {
  const kids = parent.childNodes;
  let candidates = 0;
  for (const k of kids) if (k.nodeType === 1 && (counts.get(k as HTMLElement)?.names ?? 0) > 0 && ++candidates === 3) break;
  if (candidates < 3) return undefined;
  const lines = textLines(parent, counts);
  const named = lines.map((l): string | undefined => {
    if (l.holder === undefined || l.mixed) return undefined;
    if (isNameBlock(l.holder, counts, true) && !SENTENCE_END.test(shortText(l.holder, 100) ?? '')) return signature(l.holder);
    return boldLedLine(l.holder, counts) ? `lead|${signature(l.holder)}` : undefined;
  });
  const byShape = new Map<string, number>();
  for (const sig of named) if (sig !== undefined) byShape.set(sig, (byShape.get(sig) ?? 0) + 1);
  if ([...byShape.values()].filter((n) => n >= 2).length < 2) return undefined;
  // Each name line's run: up to the next name line; it leads an entry when something is shown in it.
  const runEnd = lines.map(() => 0);
  const leads = lines.map(() => false);
  const hasContact = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    if (named[i] === undefined) continue;
    let j = i + 1;
    for (; j < lines.length && named[j] === undefined; j++) {
      if (lines[j].shown) leads[i] = true;
      if (lines[j].contact) hasContact[i] = true;
    }
    runEnd[i] = j;
  }
  // (Each shape's leaders and those with contacts, counted in one pass over the lines.)
  const leadersOf = new Map<string, { leaders: number; withContacts: number }>();
  for (let i = 0; i < lines.length; i++) {
    const sig = named[i];
    if (sig === undefined || !leads[i] || byShape.get(sig)! < 2) continue;
    const n = leadersOf.get(sig) ?? { leaders: 0, withContacts: 0 };
    n.leaders++;
    if (hasContact[i]) n.withContacts++;
    leadersOf.set(sig, n);
  }
  const accepted = new Set<string>();
  for (const [sig, { leaders, withContacts }] of leadersOf) if (leaders >= 2 && withContacts * 2 >= leaders) accepted.add(sig);
  if (accepted.size < 2) return undefined;
  const spans: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (named[i] === undefined || !accepted.has(named[i]!) || !leads[i]) continue;
    // (The run's trailing empty lines are no part of it.)
    let end = runEnd[i];
    while (end > i + 1 && !lines[end - 1].shown) end--;
    spans.push([lines[i].first, lines[end - 1].last]);
  }
  return spans.length >= 3 ? spans : undefined;
}

/** Separators between a bold name and the rest of its line ('<b>Name</b> — activité, adresse'). */
const NAME_SEPARATOR = /^\s*[—–\-,|·•]\s*\S/u;

/**
 * A paragraph led by a bold name and continued by plain text after a separator ('<strong>Transit
 * Rizzi</strong> — transport frigorifique, 43, avenue de l'ALN'): the bold element is its first
 * shown child, a name ({@link isNameBlock}: not a label such as 'Lire aussi :'), the text after it
 * begins with a dash, comma or bar, and the paragraph holds no contact nor another element. Bounded.
 */
function boldLedLine(p: HTMLElement, counts: Map<HTMLElement, Counts>): boolean {
  if (p.tagName !== 'P' && p.tagName !== 'DIV') return false;
  const c = counts.get(p);
  if (c === undefined || c.numbers + c.ats + c.tels > 0 || p.childNodes.length > 6) return false;
  const shown = p.childNodes.filter((k) => k.nodeType === 1 || NOT_SPACE.test(k.rawText));
  if (shown.length !== 2 || shown[0].nodeType !== 1 || shown[1].nodeType !== 3) return false;
  const bold = shown[0] as HTMLElement;
  if (bold.tagName !== 'STRONG' && bold.tagName !== 'B' && !isInlineBold(bold)) return false;
  const name = shortText(bold, 100);
  if (name === undefined || name.length < 2 || !/\p{L}{2}/u.test(name) || /[:?]\s*$/.test(name) || leadsWithLabel(name) || isFieldLabel(bold)) return false;
  const rest = shown[1].rawText;
  return rest.length <= 300 && NAME_SEPARATOR.test(rest);
}

/** The end of a sentence (a bold greeting or title line over a post: 'Voici la liste.', 'Bonne lecture !'), not of a name ('Ets.', 'Cie.'). */
const SENTENCE_END = /\p{L}{3}\s?[.!]$/u;

/** Moves each run of `parent`'s child nodes ([first, last] indices among them, in order, apart) into a div of its own. */
function wrapNodeSpans(parent: HTMLElement, spans: readonly [number, number][]): void {
  const out: typeof parent.childNodes = [];
  let s = 0;
  let group: HTMLElement | undefined;
  parent.childNodes.forEach((k, i) => {
    while (s < spans.length && spans[s][1] < i) s++;
    if (s < spans.length && spans[s][0] === i) {
      group = new HTMLElementClass('div', { class: 'entry' }, 'class="entry"', parent, [-1, -1]);
      keep(group, 'DIV');
      out.push(group);
    } else if (s >= spans.length || i < spans[s][0]) group = undefined;
    // (An ad between two entries, last in a run, is the page's: the run ends before it.)
    else if (group && k.nodeType === 1 && closesSpan(parent.childNodes, i, spans[s][1]) && isAdBetweenEntries(k as HTMLElement)) group = undefined;
    if (group) {
      k.parentNode = group;
      group.childNodes.push(k);
    } else out.push(k);
  });
  parent.childNodes = out;
}

/** Whether only whitespace follows `kids[i]` up to `last` (a run's last node): the block closes its run. */
function closesSpan(kids: readonly Node[], i: number, last: number): boolean {
  for (let j = i + 1; j <= last && j < kids.length; j++) if (kids[j].nodeType === 1 || NOT_SPACE.test(kids[j].rawText)) return false;
  return true;
}

/**
 * Records written as runs of flat sibling blocks with a repeating period (a Wix or Squarespace
 * grid: [logo, name, text] [logo, name, text] …, no element per record): the leaders are the
 * parent's children of one shape that hold only a name (one short line in a heading or bold text;
 * not a field label, a contact, a number, the page's h1) and are followed by something shown
 * before the next (else a group's heading), at least three, spaced by one period
 * (two or more blocks) at least half the time, each followed by contacts in at least half of its
 * runs. A run is its leader with the blocks after it, one period long and never past the next
 * run, and with the empty blocks (a logo) that come right before every leader. The runs as
 * [first, last] element indices among the parent's element children, or undefined.
 */
function nameBlockRuns(parent: HTMLElement, counts: Map<HTMLElement, Counts>): [number, number][] | undefined {
  const blocks = parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
  if (blocks.length < 6) return undefined;
  // (Three leaders of one shape are needed: fewer blocks whose counts allow a name block, and none is looked at closer.)
  let candidates = 0;
  for (const b of blocks) if (countsAllowNameBlock(counts.get(b)) && ++candidates === 3) break;
  if (candidates < 3) return undefined;
  const byShape = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    if (!isNameBlock(b, counts) && !isHeadedNameBlock(b, counts)) return;
    const key = signature(b);
    const list = byShape.get(key);
    if (list) list.push(i);
    else byShape.set(key, [i]);
  });
  const shaped = [...byShape.values()].filter((l) => l.length >= 3).sort((a, b) => b.length - a.length)[0];
  if (shaped === undefined) return undefined;
  // A name block with nothing of its own before the next (a group's heading: 'Céréales', then its members) leads no record.
  const shown = (j: number) => {
    const c = counts.get(blocks[j]);
    return c !== undefined && c.texts + c.links + c.tels + c.ats > 0;
  };
  const leaders = shaped.filter((l, i) => {
    const end = i + 1 < shaped.length ? shaped[i + 1] : blocks.length;
    for (let j = l + 1; j < end; j++) if (shown(j)) return true;
    return false;
  });
  if (leaders.length < 3) return undefined;
  const gaps = new Map<number, number>();
  for (let i = 1; i < leaders.length; i++) gaps.set(leaders[i] - leaders[i - 1], (gaps.get(leaders[i] - leaders[i - 1]) ?? 0) + 1);
  const [period, times] = [...gaps].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  if (period < 2 || times * 2 < leaders.length - 1) return undefined;
  // Empty blocks (a logo, a divider) right before every leader open its run.
  const isLeader = new Set(leaders);
  let before = 0;
  while (before + 1 < period && leaders.every((l, i) => {
    const j = l - before - 1;
    const c = j >= 0 ? counts.get(blocks[j]) : undefined;
    return c !== undefined && !isLeader.has(j) && (i === 0 || j > leaders[i - 1]) && !shown(j) && signature(blocks[j]) === signature(blocks[leaders[0] - before - 1]);
  })) before++;
  const runs: [number, number][] = [];
  let withContacts = 0;
  leaders.forEach((l, i) => {
    const first = l - before;
    const bound = i + 1 < leaders.length ? leaders[i + 1] - before : blocks.length;
    let last = Math.min(first + period, bound) - 1;
    // (Past its period, the blocks that go on at once, each a contact behind a field's label ('Fax :', 'Mail :'), are its own: the entry with the most fields.)
    while (last + 1 < bound && labelledContact(blocks[last + 1], counts)) last++;
    runs.push([first, last]);
    for (let j = l + 1; j <= last; j++) {
      const c = counts.get(blocks[j]);
      if (c && c.numbers + c.ats + c.tels > 0) {
        withContacts++;
        break;
      }
    }
  });
  return withContacts * 2 >= leaders.length ? runs : undefined;
}

/** Whether a block holds a contact and its text begins with a field's label ({@link LEADING_LABEL}: 'Tél :', 'Fax :', 'Mail :'), read from its first 100 characters. */
function labelledContact(b: HTMLElement, counts: Map<HTMLElement, Counts>): boolean {
  if (!hasContacts(counts.get(b))) return false;
  const text = shortText(b, 100);
  return text !== undefined && (LEADING_LABEL.test(text) || SHORT_MAIL_LABEL.test(text));
}

/** 'Mail :', 'Mél :', 'WhatsApp :' before a contact: labels too short or too new for {@link LEADING_LABEL}, read only with their colon. */
const SHORT_MAIL_LABEL = /^(?:mail|m[ée]l|whats ?app)[ \u00a0]{0,2}:/i;

/** Tags of a name set apart in a block (a heading, bold text); a link alone is a button's. */
const NAME_BLOCK_TAGS = new Set(['H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'B']);

/**
 * A block that holds only a name: one short line (at most three text nodes, 100 characters, two
 * letters, fewer than six digits, no contact, not a field label, an ad badge or a question) of
 * which a heading or bold text holds all (`self`: the block itself may be it); not the page's h1.
 * Bounded (40 nodes).
 */
function isNameBlock(b: HTMLElement, counts: Map<HTMLElement, Counts>, self = false): boolean {
  if (!countsAllowNameBlock(counts.get(b))) return false;
  const text = shortText(b, 100);
  if (text === undefined || text.length < 2 || !/\p{L}{2}/u.test(text) || text.endsWith('?') || isFieldLabel(b) || leadsWithLabel(text) || AD_BADGE.test(text.replace(/[\s()[\]·•|-]+/g, ''))) return false;
  // (A rating written after the name, 'Villa Tassili ★★★', is no part of the line's name.)
  const rated = withoutRating(text);
  const stack: Node[] = self ? [b] : [...b.childNodes];
  let steps = 0;
  while (stack.length > 0 && ++steps <= 40) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (NAME_BLOCK_TAGS.has(el.tagName) || isInlineBold(el)) {
      const own = shortText(el, 100);
      if (own === text || (own === rated && rated !== text)) return true;
    }
    stack.push(...el.childNodes);
  }
  return false;
}

/** Stars of a rating ('★★★', '☆', '⭐', '*'). */
function isRatingStar(code: number): boolean {
  return code === 0x2605 || code === 0x2606 || (code >= 0x2729 && code <= 0x2730) || code === 0x2b50 || code === 42;
}

/**
 * A line's text without the rating written after its name ('Villa Tassili ★★★' -> 'Villa
 * Tassili': a hotel's stars, one to five, spaces around), else the text itself. One scan from the end.
 */
function withoutRating(text: string): string {
  let end = text.length;
  let stars = 0;
  while (end > 0) {
    const code = text.charCodeAt(end - 1);
    if (isRatingStar(code)) stars++;
    else if (!isSpace(code)) break;
    end--;
  }
  return stars >= 1 && stars <= 5 && end > 0 && end < text.length ? text.slice(0, end).trimEnd() : text;
}

/** Most wrappers (a builder's element, then its component) looked through to a block's content. */
const MAX_WRAPPERS = 6;

/**
 * A block that holds a name in a heading and one short line under it (a site builder's text box:
 * '<h3>Name</h3><p><em>Recyclage</em> · Bouira</p>', the member's activity and town set under the
 * name, the contacts in the next box): its content, under wrappers of one element, is a heading
 * (h2 to h6) that is a name ({@link isNameBlock}) then at most one paragraph, and no other text;
 * the counts as for a name block (no contact, three texts at most). Bounded.
 */
function isHeadedNameBlock(b: HTMLElement, counts: Map<HTMLElement, Counts>): boolean {
  if (!countsAllowNameBlock(counts.get(b))) return false;
  let inner = b;
  for (let depth = 0; depth < MAX_WRAPPERS; depth++) {
    const kids = inner.childNodes.filter((k) => k.nodeType === 1 || k.text.trim() !== '');
    if (kids.length !== 1 || kids[0].nodeType !== 1) break;
    inner = kids[0] as HTMLElement;
  }
  const kids = inner.childNodes.filter((k) => k.nodeType === 1 || k.text.trim() !== '');
  if (kids.length !== 2 || kids.some((k) => k.nodeType !== 1)) return false;
  const [head, line] = kids as HTMLElement[];
  const text = shortText(line, 80);
  return HEADING_TAGS.has(head.tagName) && head.tagName !== 'H1' && (line.tagName === 'P' || line.tagName === 'DIV') && text !== undefined && !LEADING_LABEL.test(text) && isNameBlock(head, counts, true);
}

/** Whether a block's counts allow it to be a name block ({@link isNameBlock}): a name, one to three texts, no contact, no h1. */
function countsAllowNameBlock(c: Counts | undefined): boolean {
  return c !== undefined && c.names > 0 && c.texts > 0 && c.texts <= 3 && c.digits < 6 && c.ats + c.tels + c.numbers + c.h1s === 0;
}

/** Moves each run of `parent`'s element children ([first, last] indices among them) into a div of its own, with the text between. */
function wrapSpans(parent: HTMLElement, runs: readonly [number, number][]): void {
  const out: typeof parent.childNodes = [];
  let element = -1;
  let r = 0;
  let group: HTMLElement | undefined;
  for (const k of parent.childNodes) {
    if (k.nodeType === 1) {
      element++;
      while (r < runs.length && runs[r][1] < element) r++;
      if (r < runs.length && runs[r][0] === element) {
        group = new HTMLElementClass('div', { class: 'entry' }, 'class="entry"', parent, [-1, -1]);
        keep(group, 'DIV');
        out.push(group);
      } else if (r >= runs.length || element < runs[r][0]) group = undefined;
    }
    if (group) {
      k.parentNode = group;
      group.childNodes.push(k);
    } else out.push(k);
  }
  parent.childNodes = out;
}

/**
 * The leader tag of a parent's children ({@link LEADERS}) met at least twice, the most often
 * met (of equals, the first met), or undefined. Most parents have no two leaders: counted
 * without building anything for them.
 */
function leaderTag(kids: readonly Node[]): string | undefined {
  let first: string | undefined;
  let leaders: Map<string, number> | undefined;
  for (const k of kids) {
    if (k.nodeType !== 1 || !LEADERS.has((k as HTMLElement).tagName)) continue;
    const tag = (k as HTMLElement).tagName;
    if (first === undefined) first = tag;
    else {
      leaders ??= new Map([[first, 1]]);
      leaders.set(tag, (leaders.get(tag) ?? 0) + 1);
    }
  }
  if (leaders === undefined) return undefined;
  let best: string | undefined;
  let most = 1;
  for (const [tag, n] of leaders) if (n > most) [best, most] = [tag, n];
  return best;
}

/**
 * A definition list holding several companies (`<dl>` per letter of a repertory, each `<dt>`
 * a name followed by its `<dd>` lines): each term and its descriptions wrapped into an entry of
 * its own, before repeated blocks are looked for (else the lists themselves are the entries, and
 * a list's companies one merged company). Only lists whose terms are mostly not field labels
 * ('Téléphone :', 'Fax': a company's own `<dl>` of fields stays whole), and only on a page where
 * one such list has two or more terms. True when anything was wrapped.
 */
function wrapNamedTerms(root: HTMLElement): boolean {
  const named: { dl: HTMLElement; terms: number }[] = [];
  for (const dl of descendants(root)) {
    if (dl.tagName !== 'DL') continue;
    const terms = dl.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && (c as HTMLElement).tagName === 'DT');
    if (terms.length === 0) continue;
    const names = terms.filter((t) => !isFieldLabel(t)).length;
    if (names * 2 > terms.length) named.push({ dl, terms: terms.length });
  }
  // (A letter with a single company is a list of one: wrapped too, once another list holds several.)
  if (!named.some((n) => n.terms >= 2)) return false;
  for (const { dl } of named) wrapRuns(dl, 'DT');
  return true;
}

/**
 * Moves each `tag` child of `parent` and the siblings up to the next one into a div of their own.
 * An ad slot that closes a run, right before the next leader (a post's in-article unit between
 * two entries, {@link isAdSlot}), is left out of it: it is the page's, no mark on the entry before
 * it. (One right under a leader, before the entry's text, and a bare 'Sponsorisé' block are the
 * entry's own sponsored mark.)
 */
function wrapRuns(parent: HTMLElement, tag: string): void {
  {
    const kids = parent.childNodes;
    const out: typeof kids = [];
    let group: HTMLElement | undefined;
    kids.forEach((k, i) => {
      if (k.nodeType === 1 && (k as HTMLElement).tagName === tag) {
        group = new HTMLElementClass('div', { class: 'entry' }, 'class="entry"', parent, [-1, -1]);
        keep(group, 'DIV');
        out.push(group);
      } else if (group && k.nodeType === 1 && beforeLeader(kids, i, tag) && isAdBetweenEntries(k as HTMLElement)) group = undefined;
      if (group) {
        k.parentNode = group;
        group.childNodes.push(k);
      } else out.push(k);
    });
    parent.childNodes = out;
  }
}

/** Most child elements of a disclosure card's head looked at ({@link isNamedDisclosure}). */
const MAX_DISCLOSURE_HEAD = 6;

/**
 * Whether a block standing among runs led by headings is a disclosure card of its own: a
 * `<details>` named by its `<summary>`, or a toggle card whose first element is its head, a heading
 * beside the button that opens the panel after it (Ghost's Koenig toggle card, `kg-toggle-card` >
 * `kg-toggle-heading` [`<h4>` name, `<button>`] + `kg-toggle-content`; the same head and panel in
 * other editors' toggle blocks), its heading a name (not a field label, not a question: an FAQ's
 * toggle), holding a contact. Such a card is an entry of its own, never the end of the run before it.
 */
function isNamedDisclosure(el: HTMLElement): boolean {
  const parts = el.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
  if (parts.length < 2) return false;
  let heading: HTMLElement | undefined;
  if (el.tagName === 'DETAILS') {
    if (parts[0].tagName === 'SUMMARY') heading = parts[0];
  } else if (el.tagName === 'DIV' || el.tagName === 'SECTION' || el.tagName === 'ASIDE') {
    const head = parts[0].childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
    if (head.length < 2 || head.length > MAX_DISCLOSURE_HEAD) return false;
    const h = head.find((c) => HEADING_TAGS.has(c.tagName));
    const toggle = head.some((c) => c.tagName === 'BUTTON' || (c !== h && ((c.getAttribute('role') ?? '').trim().toLowerCase() === 'button' || hasAttr(c, 'aria-expanded'))));
    if (h !== undefined && toggle) heading = h;
  }
  if (heading === undefined) return false;
  const name = shortText(heading, 120);
  if (name === undefined || !/\p{L}{2}/u.test(name) || /[:?]\s*$/.test(name) || isFieldLabel(heading) || saysWhatItShows(name)) return false;
  return holdsContact(el);
}

/** Whether the element siblings after `kids[i]` begin with a `tag` leader or are none (the block closes a run; whitespace skipped). */
function beforeLeader(kids: Node[], i: number, tag: string): boolean {
  for (let j = i + 1; j < kids.length; j++) {
    const k = kids[j];
    if (k.nodeType === 1) return (k as HTMLElement).tagName === tag;
    if (NOT_SPACE.test(k.rawText)) return false;
  }
  return true;
}

/** Most nodes of a block looked at for an ad network's unit ({@link isAdSlot}). */
const MAX_AD_SLOT_NODES = 200;
/** Longest text an ad slot shows beside its unit: a label ('Publicité', 'Advertisement'). */
const MAX_AD_SLOT_TEXT = 40;
/** Hosts of ad networks' frames (AdSense, Google Ad Manager, other exchanges). */
const AD_FRAME_HOST = /(?:^|\.)(?:googlesyndication\.com|doubleclick\.net|googleadservices\.com|adnxs\.com|amazon-adsystem\.com|criteo\.(?:com|net)|smartadserver\.com|adform\.net)$/;
/** Elements whose text is no page text. */
const NO_TEXT_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/**
 * Whether an element is an ad network's unit: AdSense's `<ins class="adsbygoogle">` (or any
 * element carrying `data-ad-slot` / `data-ad-client`), a Google Publisher Tag slot
 * (`div-gpt-ad-…`, its frame `google_ads_iframe_…`), or a frame served by an ad network.
 */
function isAdUnit(el: HTMLElement): boolean {
  const raw = el.rawAttrs;
  if (raw === '') return false;
  if (el.tagName === 'INS' && el.classList.contains('adsbygoogle')) return true;
  if (raw.includes('data-ad-') && (hasAttr(el, 'data-ad-slot') || hasAttr(el, 'data-ad-client'))) return true;
  const id = raw.includes('id') ? (el.getAttribute('id') ?? '') : '';
  if (id.startsWith('div-gpt-ad') || id.startsWith('google_ads_iframe')) return true;
  if (el.tagName !== 'IFRAME') return false;
  const src = (el.getAttribute('src') ?? '').trim().slice(0, 300);
  const host = /^(?:https?:)?\/\/([^/?#:]{1,100})/i.exec(src)?.[1];
  return host !== undefined && AD_FRAME_HOST.test(host.toLowerCase());
}

/**
 * A block between a list's entries that is only an ad slot: it holds an ad network's unit
 * ({@link isAdUnit}: a CMS's HTML card around an AdSense unit, a GPT slot) and no text but a
 * label ('Publicité'), and no contact. A block that only says 'Sponsorisé' is no slot: it is
 * the sponsored entry's own mark. A bounded walk.
 */
function isAdSlot(el: HTMLElement): boolean {
  let unit = false;
  let text = '';
  const stack: Node[] = [el];
  for (let steps = 0; stack.length > 0; steps++) {
    if (steps === MAX_AD_SLOT_NODES) return false;
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      if (!NOT_SPACE.test(n.rawText)) continue;
      text += ` ${n.text}`;
      if (text.length > MAX_AD_SLOT_TEXT) return false;
      continue;
    }
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    if (!unit && isAdUnit(e)) unit = true;
    if (NO_TEXT_TAGS.has(e.tagName)) continue;
    for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
  }
  const label = text.replace(/[\s()[\]·•|:-]+/g, '');
  return unit && (label === '' || AD_BADGE.test(label)) && !holdsContact(el);
}

/** Most single wrappers looked through for an ad's own mark ({@link isAdBetweenEntries}). */
const MAX_AD_WRAPPERS = 4;

/**
 * Whether a block closing a run of siblings, right before the next entry's leader, is the page's ad
 * between two entries rather than the entry's own mark: an ad network's slot ({@link isAdSlot}), or
 * a native ad, a block marked as an ad ({@link isAdBlock}: 'Publicité', 'Contenu sponsorisé', a
 * `data-sponsored` flag), itself or down its single wrappers (a theme's `jeg_ad > ads-wrapper >
 * ads_code`), that shows more than its badge: an advertiser's own words ('إعلان' then 'School X –
 * courses …, 0798 …'). A block that only says 'Sponsorisé' closes a sponsored entry and stays its mark.
 */
function isAdBetweenEntries(el: HTMLElement): boolean {
  if (isAdSlot(el)) return true;
  let marked = false;
  for (let e: HTMLElement | undefined = el, depth = 0; e !== undefined && depth <= MAX_AD_WRAPPERS && !marked; depth++) {
    marked = isAdBlock(e);
    // (A pictogram before the text, a callout's emoji, is no content of its own: the text beside it is the wrapper's one child.)
    const shown: Node[] = e.childNodes.filter((c) => (c.nodeType === 1 && !isPictogram(c as HTMLElement)) || (c.nodeType === 3 && NOT_SPACE.test(c.rawText)));
    e = shown.length === 1 && shown[0].nodeType === 1 ? (shown[0] as HTMLElement) : undefined;
  }
  return marked && shortText(el, MAX_AD_SLOT_TEXT) === undefined;
}

/** Longest text of a pictogram ({@link isPictogram}). */
const MAX_PICTOGRAM_TEXT = 8;

/**
 * Whether an element is a pictogram set before a block's text: an emoji or a symbol alone, no
 * letter nor digit (Ghost's callout card, `kg-callout-card` > `kg-callout-emoji` '📢' +
 * `kg-callout-text`; a notice's '⚠️'). No image, no empty element (an icon font's `<i>` is left as
 * it was read).
 */
function isPictogram(el: HTMLElement): boolean {
  if (el.childNodes.length > 3) return false;
  // (A text of a few characters is that of a few nodes: the walk for an image after it is bounded.)
  const text = shortText(el, MAX_PICTOGRAM_TEXT);
  if (text === undefined || text === '' || /[\p{L}\p{N}]/u.test(text)) return false;
  return !descendants(el).some((d) => d.tagName === 'IMG' || d.tagName === 'SVG');
}

function strip({ items, advertisements }: RepeatedItems & { withContacts: number }): RepeatedItems {
  return { items, advertisements };
}

/** The entries of {@link repeatedItems}, how many of them hold contacts, and the counts they were found with. */
function repeatedGroups(root: HTMLElement, base?: string): RepeatedItems & { withContacts: number; counts: Map<HTMLElement, Counts> } {
  const counts = countAll(root);
  rowSiblings = new WeakMap();
  type Group = { parent: HTMLElement; key: string; members: HTMLElement[]; score: number; size: number; qualified: number };
  const groups: Group[] = [];
  for (const [parent, held] of counts) {
    // (Most elements have fewer than two counted children: those are skipped before any list is made.)
    if (held.kids < 2) continue;
    const children = parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && counts.has(c as HTMLElement));
    const bySignature = new Map<string, HTMLElement[]>();
    for (const child of children) {
      const key = signature(child);
      const list = bySignature.get(key);
      if (list) list.push(child);
      else bySignature.set(key, [child]);
    }
    if (bySignature.size >= 2 && TABLE_PARTS.has(parent.tagName)) {
      joinStripes(children, bySignature);
      if (bySignature.size >= 2) joinRestyledRuns(children, bySignature, counts);
    }
    for (const [key, all] of bySignature) {
      // Members without any text or link are separators (a layout table's spacer rows), not entries;
      // so is an editor's empty paragraph between entries (`<p>&nbsp;</p>`: its one text an entity of whitespace).
      const members = all.length < 2 ? all : all.filter((m) => { const c = counts.get(m) ?? ZERO; return c.texts + c.links + c.tels + c.ats > 0 && !isSpacerText(m, c); });
      if (members.length < 2 || isCategoryMenu(members, counts)) continue;
      let score = 0;
      let qualified = 0;
      let size = 0;
      for (const m of members) {
        size += (counts.get(m) ?? ZERO).texts;
        const q = qualifies(m, counts);
        if (q > 0) {
          qualified++;
          score += q;
        }
      }
      // (A record written over two rows, its name alone in a row across the columns then its fields: those title rows are not entries short of contacts.)
      if (qualified >= 2 && qualified * 2 >= members.length - titleRows(members, counts)) groups.push({ parent, key, members, score, size: size / members.length, qualified });
    }
  }
  if (groups.length === 0) return { items: [], advertisements: [], withContacts: 0, counts };
  groups.sort((a, b) => b.score - a.score || a.size - b.size);
  // (A listing in several tiers, each a group of its own shape, is led by one of them: see listingLead.)
  let best = listingLead(groups, base);
  let chosen = [best, ...groups.filter((g) => g !== best && g.key === best.key && containerShape(g.parent) === containerShape(best.parent) && !insideAny(g.parent, best.members) && !best.members.some((m) => insideAny(m, g.members)))];
  // Records written several to a block (two companies per table row, a row of cards): when most of the
  // best group's members each hold a group of blocks that all qualify on their own, those blocks are the records.
  // (A site builder's section holds its row of text boxes behind wrappers of its own and an empty background layer: that row is the holder's.)
  const holders = new Set(chosen.flatMap((g) => g.members));
  const sponsored = new Set<HTMLElement>();
  const rows = new Map<HTMLElement, HTMLElement>();
  for (const holder of holders) rows.set(contentRow(holder, counts), holder);
  // (Looked for behind wrappers, the blocks must each be a record with contacts, or most of them, each
  // linking to a page of its own of one template: a card's layout table of a name row and a category
  // row is one record; a grid's row behind a theme's wrapper holds its columns' companies.)
  // (And a builder's section of several rows, its heading's row then rows of blurbs: groups a few levels
  // down a holder whose every block is a record with contacts are the records, the section none.)
  const rowsCache = new Map<HTMLElement, Map<string, { rows: number; contacts: number }>>();
  const inner = groups.filter((g) =>
    g.qualified === g.members.length &&
    (rows.has(g.parent)
      ? holders.has(g.parent) || g.members.every((m) => qualifies(m, counts) === 2) || (g.members.filter((m) => qualifies(m, counts) === 2).length * 2 >= g.members.length && eachLinksOwnPage(g.members, base))
      : sectionRecords(g, holders, counts, rowsCache)),
  );
  // (Holders without a contact, a group's heading alone in a section of its own, hold no record to split.)
  let withContacts = 0;
  for (const holder of holders) if (hasContacts(counts.get(holder))) withContacts++;
  if (inner.length > 0 && inner.length * 2 >= withContacts) {
    const keys = new Map<string, number>();
    for (const g of inner) keys.set(g.key, (keys.get(g.key) ?? 0) + 1);
    const key = [...keys].sort((a, b) => b[1] - a[1])[0][0];
    // Every holder's blocks of that shape, qualified or not (a record with no contact, a row's last lone record).
    const split: Group[] = [];
    const ofKey = (el: HTMLElement) => el.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && counts.has(c as HTMLElement) && signature(c as HTMLElement) === key);
    for (const holder of holders) {
      // (The nearest blocks of that shape down the holder's wrappers: a lone record is its row's only content, its inside no row of records.)
      let blocks: HTMLElement[] = [];
      contentRow(holder, counts, (el) => (blocks = ofKey(el)).length > 0);
      // (Else those of its rows, a section's: each row's blocks of that shape, in the page's order.)
      if (blocks.length === 0) blocks = blocksBelow(holder, key, counts);
      if (blocks.length > 0) split.push({ parent: holder, key, members: blocks, score: 0, size: 0, qualified: 0 });
    }
    chosen = split;
    best = split[0];
    // (A section of the page titled as its partners or sponsors, beside the sections of members: their blocks are advertisers'.)
    const sponsors = split.filter((g) => sponsorsSection(g.parent));
    if (sponsors.length > 0 && sponsors.length < split.length) for (const g of sponsors) for (const m of g.members) sponsored.add(m);
  } else {
    const wrapped = wrappedRecords(holders, counts);
    if (wrapped) {
      chosen = wrapped;
      best = wrapped[0];
    }
  }
  // Companies written as tables nested in the cells of a layout table: the inner tables are the entries.
  const members = nestedRecords(chosen.flatMap((g) => g.members), (m) => qualifies(m, counts) > 0);
  // A grid's last row often holds a single entry (no group of its own): an entry of the same shape, alone
  // in a later sibling of the same shape as a chosen group's container, is one of them. And a container of
  // that shape holding two or more such blocks, too few with a contact to be a group of their own (a
  // commune's <dl> of two notaries, one listed without a number), holds entries of the list when at least
  // half of them qualify, before the others or after (blocks of the list's shape, several, in a
  // container of the list's containers' shape: not a banner).
  // A container that is all its wrapper holds (an accordion's panel around its inner box, Bridge's
  // `accordion_content` > `accordion_content_inner`): the panels are those siblings, each read in its own inner box
  // of the container's shape (a commune's panel holding a single installer after the panels of several).
  // Each container's siblings are read once (one pass per distinct grand-parent, not per group).
  const parents = new Set(chosen.map((g) => panelOf(g.parent, counts)));
  const seen = new Set<HTMLElement>();
  let added = false;
  for (const g of chosen) {
    const panel = panelOf(g.parent, counts);
    const grand = panel.parentNode;
    if (!grand || seen.has(grand)) continue;
    seen.add(grand);
    const shape = containerShape(panel);
    const inner = containerShape(g.parent);
    // (A lone block only after the grid's rows: a block of that shape before them is the page's banner, not its last row.)
    let after = false;
    for (const sib of grand.childNodes) {
      if (parents.has(sib as HTMLElement)) after = true;
      if (sib.nodeType !== 1 || parents.has(sib as HTMLElement) || !counts.has(sib as HTMLElement) || containerShape(sib as HTMLElement) !== shape) continue;
      const box = panel === g.parent ? (sib as HTMLElement) : contentRow(sib as HTMLElement, counts, (el) => containerShape(el) === inner);
      if (containerShape(box) !== inner) continue;
      const blocks = box.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && counts.has(c as HTMLElement) && signature(c as HTMLElement) === best.key);
      if (blocks.length === 1 && !after) continue;
      parents.add(sib as HTMLElement);
      const qualified = blocks.filter((b) => qualifies(b, counts) > 0).length;
      if (qualified === 0 || qualified * 2 < blocks.length) continue;
      members.push(...blocks);
      // (The page's order kept: such a container may stand before the groups found.)
      if (blocks.length > 1) added = true;
    }
  }
  // A paragraph beside the groups' blocks, a bold name then a line break and its contacts, is an
  // entry left as the classic editor wrote it among a post's block groups: between two of them, or
  // just above the first (separators between).
  // (One set of the members, grown as paragraphs join them: never rebuilt per parent.)
  const own = new Set(members);
  for (const parent of new Set(chosen.map((g) => g.parent))) {
    let first = -1;
    let last = -1;
    const kids = parent.childNodes;
    if (kids.length > MAX_CLASSIC_KIDS) continue;
    kids.forEach((k, i) => {
      if (own.has(k as HTMLElement)) {
        if (first < 0) first = i;
        last = i;
      }
    });
    if (first < 0) continue;
    let opening = true;
    for (let i = first - 1; i >= 0 && opening; i--) {
      const k = kids[i] as HTMLElement;
      if (k.nodeType === 1 && classicRecord(k, counts)) {
        members.push(k);
        own.add(k);
        added = true;
        break;
      }
      if (k.nodeType === 1 ? !SEPARATORS.has(k.tagName) : k.text.trim() !== '') opening = false;
    }
    for (let i = first + 1; i < last; i++) {
      const k = kids[i] as HTMLElement;
      if (k.nodeType === 1 && !own.has(k) && classicRecord(k, counts)) {
        members.push(k);
        own.add(k);
        added = true;
      }
    }
  }
  // A forum topic's list in one post's body: the other posts' bodies (containers of its shape, down
  // other posts) holding one entry of the list's shape, a reply adding a company, hold entries of it.
  if (best !== undefined && chosen.length > 0 && inForumPost(best.parent)) {
    const inner = containerShape(best.parent);
    for (const el of descendants(root)) {
      if (parents.has(el) || chosen.some((g) => g.parent === el) || !counts.has(el) || containerShape(el) !== inner || !inForumPost(el)) continue;
      const blocks = el.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && counts.has(c as HTMLElement) && signature(c as HTMLElement) === best.key && !own.has(c as HTMLElement));
      if (blocks.length === 0 || !blocks.every((b) => qualifies(b, counts) > 0)) continue;
      members.push(...blocks);
      for (const b of blocks) own.add(b);
      added = true;
    }
  }
  if (added) {
    const order = new Map(descendants(root).map((el, i) => [el, i]));
    members.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  }
  // The listing's other tiers (premium cards above plainer rows and bare names, each a group of its own shape).
  const rest = groups.filter((g) => !chosen.includes(g));
  const tiers = otherTiers(members, rest, base);
  // (And, linking to no page of their own, the tiers whose every block is a name with a contact.)
  tiers.push(...recordTiers([...members, ...tiers], rest, { isRecord: (m) => qualifies(m, counts) === 2, firstLine: leadName }, base));
  if (tiers.length > 0) {
    const order = new Map(descendants(root).map((el, i) => [el, i]));
    members.push(...tiers);
    members.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  }
  // A block holding the page's title (an h1) is its heading, not an entry, unless most entries hold one.
  const titled = members.filter((m) => (counts.get(m) ?? ZERO).h1s > 0);
  if (titled.length > 0 && titled.length * 2 < members.length) {
    const drop = new Set(titled);
    for (let i = members.length - 1; i >= 0; i--) if (drop.has(members[i])) members.splice(i, 1);
  }
  // A block that is only a heading of a higher rank than the entries' names (a zone's h3 over agencies named by h4s) is a group's heading.
  dropRankedHeadings(members, counts);
  dropDataTables(members, counts);
  dropUnlikeBlocks(members, counts);
  // A block that is only a pagination ('Page suivante >>' written like the entries around it, an A-Z index above and below the list) is not an entry.
  for (let i = members.length - 1; i >= 0; i--) {
    const c = counts.get(members[i]) ?? ZERO;
    if (c.numbers + c.ats + c.tels > 0) continue;
    const text = shortText(members[i], 120);
    // (An index of 26 letters is more nodes than a short text: its whole text, read once, the members being disjoint.)
    if (text !== undefined ? isPaginationText(text) || isLetterIndex(text) : c.links >= MIN_INDEX_LETTERS && isLetterIndex(members[i].text)) members.splice(i, 1);
  }
  if (members.length === 0) return { items: [], advertisements: [], withContacts: 0, counts };
  // (A partner's badge leading a block, 'Partenaire officiel', marks it weakly: a sponsor's slot among exhibitors, a brand's certified dealers when most wear it.)
  const marked = members.map((m) => {
    const marks = adMarks(m);
    return marks.weak || !leadsWithPartnerBadge(m) ? marks : { ...marks, weak: true };
  });
  const weakShare = marked.filter((m) => m.weak).length / members.length;
  // A column whose only card is classed as a partner's is an advertisement when at most half the
  // entries beside it (its parent's) are (a bank's box beside a call to join); a row of them is a tier of members.
  const inRow = new Map<HTMLElement | null, { all: number; inner: number }>();
  members.forEach((m, i) => {
    const row = inRow.get(m.parentNode) ?? { all: 0, inner: 0 };
    row.all++;
    if (marked[i].inner) row.inner++;
    inRow.set(m.parentNode, row);
  });
  const items: HTMLElement[] = [];
  const advertisements: HTMLElement[] = [];
  members.forEach((m, i) => {
    const marks = marked[i];
    const row = inRow.get(m.parentNode) ?? { all: 1, inner: 1 };
    if (marks.strong || (marks.weak && weakShare < 0.5) || (marks.inner && !marks.weak && row.inner * 2 <= row.all) || hasAdBadge(m) || sponsored.has(m)) advertisements.push(m);
    else items.push(m);
  });
  return { items, advertisements, withContacts: items.filter((m) => qualifies(m, counts) === 2).length, counts };
}

/** A partner's badge: 'Partenaire officiel', 'Partenaire', 'Official partner'. */
const PARTNER_BADGE = /^(?:partenaire|official partner|partner)(?: officiel(?:le)?)?$/iu;

/** Whether a block's first element (through its first elements, three deep) is only a partner's badge ({@link PARTNER_BADGE}). */
function leadsWithPartnerBadge(el: HTMLElement): boolean {
  let e: HTMLElement | undefined = el;
  for (let depth = 0; depth < 3 && e; depth++) {
    const first: HTMLElement | undefined = e.childNodes.find((c): c is HTMLElement => c.nodeType === 1);
    if (!first) return false;
    const text = shortText(first, 40);
    if (text !== undefined && PARTNER_BADGE.test(text.trim())) return true;
    e = first;
  }
  return false;
}

/** Most elements walked in a block for its first heading ({@link firstHeading}). */
const MAX_HEADING_WALK = 200;

/** A block's first heading (or first element of `tags`), in document order, by a bounded walk; undefined without one. */
function firstHeadingElement(block: HTMLElement, tags: ReadonlySet<string> = HEADING_TAGS): HTMLElement | undefined {
  const stack: Node[] = [block];
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_HEADING_WALK) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (tags.has(el.tagName)) return el;
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  return undefined;
}

/** The rank (1 to 6) of a block's first heading ({@link firstHeadingElement}); undefined without one. */
function firstHeading(block: HTMLElement): number | undefined {
  const heading = firstHeadingElement(block);
  return heading === undefined ? undefined : Number(heading.tagName[1]);
}

/** Share of the members with contacts that must hold a part of one shape for it to be the entries' own. */
const COMMON_PART = 0.8;

/**
 * Removes from a list's members (four or more) a block without contact that holds none of the
 * parts the entries with contacts all share (their classed children: a photo, a practical
 * list, a contact line, in 80% of them or more): a closing section of prose under a heading of
 * the entries' rank ('Un peu d'histoire'), a notice written at the list's end. An entry without
 * contact written like the others holds some of those parts and stays; where the entries share
 * no classed part (plain paragraphs), nothing is removed, nor among table rows.
 */
function dropUnlikeBlocks(members: HTMLElement[], counts: Map<HTMLElement, Counts>): void {
  // (A table's rows are read by the table rules: a record's title row holds no contact and none of its fields row's parts.)
  if (members.length < 4 || members[0].tagName === 'TR') return;
  const shared = new Map<string, number>();
  let withContacts = 0;
  const partsOf = (m: HTMLElement): Set<string> => {
    const parts = new Set<string>();
    let n = 0;
    for (const c of partHolders(m)) {
      if (c.nodeType !== 1 || ++n > 60) continue;
      // (A part holding a contact, the contact line itself, is what an entry without contact lacks: not a shared part.)
      if (hasContacts(counts.get(c as HTMLElement))) continue;
      const sig = signature(c as HTMLElement);
      if (!sig.endsWith('.')) parts.add(sig);
    }
    return parts;
  };
  for (const m of members) {
    if (!hasContacts(counts.get(m))) continue;
    withContacts++;
    for (const p of partsOf(m)) shared.set(p, (shared.get(p) ?? 0) + 1);
  }
  if (withContacts < 3) return;
  const common = new Set([...shared].filter(([, n]) => n >= withContacts * COMMON_PART).map(([p]) => p));
  if (common.size === 0) return;
  for (let i = members.length - 1; i >= 0; i--) {
    const m = members[i];
    if (hasContacts(counts.get(m))) continue;
    let alike = false;
    for (const p of partsOf(m)) if (common.has(p)) alike = true;
    if (!alike) members.splice(i, 1);
  }
}

/**
 * The nodes an entry's parts are among ({@link dropUnlikeBlocks}): its children, or, for an entry
 * written as a layout table (a logo's cell, then a cell of its name and its parts), its cells'
 * children: the table's rows and cells are its layout, not parts. Bounded by {@link MAX_PART_NODES}.
 */
function partHolders(m: HTMLElement): readonly Node[] {
  if (m.tagName !== 'TABLE') return m.childNodes;
  const nodes: Node[] = [];
  const rows = m.childNodes.flatMap((c) => ((c as HTMLElement).tagName === 'TBODY' ? (c as HTMLElement).childNodes : [c]));
  for (const row of rows) {
    if ((row as HTMLElement).tagName !== 'TR') continue;
    for (const cell of row.childNodes) {
      if ((cell as HTMLElement).tagName !== 'TD' && (cell as HTMLElement).tagName !== 'TH') continue;
      for (const c of cell.childNodes) {
        if (nodes.length >= MAX_PART_NODES) return nodes;
        nodes.push(c);
      }
    }
  }
  return nodes;
}

/** Most nodes of a layout table's cells looked at for an entry's parts. */
const MAX_PART_NODES = 60;

/** Most children of a list's container looked through for classic editor's paragraphs ({@link classicRecord}). */
const MAX_CLASSIC_KIDS = 2_000;

/** Elements that only separate entries: a rule, a line break. */
const SEPARATORS = new Set(['HR', 'BR']);

/**
 * A paragraph written as a classic editor writes an entry: its first shown node a bold name
 * ({@link isNameBlock}), then a line break, and a contact in what follows. Bounded (the
 * paragraph's first nodes).
 */
function classicRecord(p: HTMLElement, counts: Map<HTMLElement, Counts>): boolean {
  if (p.tagName !== 'P' || !hasContacts(counts.get(p)) || qualifies(p, counts) !== 2) return false;
  const shown: Node[] = [];
  for (const k of p.childNodes) {
    if (k.nodeType === 1 || NOT_SPACE.test(k.rawText)) shown.push(k);
    if (shown.length >= 2) break;
  }
  if (shown.length < 2 || shown[0].nodeType !== 1 || (shown[1] as HTMLElement).tagName !== 'BR') return false;
  const bold = shown[0] as HTMLElement;
  return (bold.tagName === 'STRONG' || bold.tagName === 'B' || isInlineBold(bold)) && isNameBlock(bold, counts, true);
}

/** Fewest rows of one width, after a header row, that make a table a grid of records of its own. */
const GRID_ROWS = 3;

/**
 * Whether a table is a grid of records of its own: a first row of three or more cells, then at
 * least {@link GRID_ROWS} rows of that many cells (a tenders table, a price list). Bounded: the
 * table's own rows only (a tbody's too), at most 200.
 */
function isDataGrid(table: HTMLElement): boolean {
  if (table.tagName !== 'TABLE') return false;
  const rows: HTMLElement[] = [];
  for (const c of table.childNodes) {
    const el = c as HTMLElement;
    if (el.tagName === 'TR') rows.push(el);
    else if (TABLE_PARTS.has(el.tagName)) for (const r of el.childNodes) if ((r as HTMLElement).tagName === 'TR') rows.push(r as HTMLElement);
    if (rows.length > 200) break;
  }
  const width = rows.length > 0 ? rowWidth(rows[0]) : 0;
  return width >= 3 && rows.slice(1).filter((r) => rowWidth(r) === width).length >= GRID_ROWS;
}

/**
 * Removes from a list of tables, one record each, a table of another kind beside them: a grid of
 * rows under a header row (a tenders table under the members' tables) that shows no contact,
 * when no member with a contact is such a grid. It is another list, not a record of this one.
 */
function dropDataTables(members: HTMLElement[], counts: Map<HTMLElement, Counts>): void {
  if (members.length < 3 || members[0].tagName !== 'TABLE') return;
  for (const m of members) if (hasContacts(counts.get(m)) && isDataGrid(m)) return;
  for (let i = members.length - 1; i >= 0; i--) if (!hasContacts(counts.get(members[i])) && isDataGrid(members[i])) members.splice(i, 1);
}

/**
 * Removes from a list's members the blocks that hold only a heading (no contact, no link, its text
 * the heading's) of a higher rank than the heading that names most of the members with contacts:
 * a builder's grid gives a zone's title ('<h3>Constantine ville</h3>') a text box of the entries'
 * shape, above agencies named by `<h4>`s (or by bold text: any heading is above those). So do
 * the blocks holding only a bold line when the entries are named by headings (a theme's fancy
 * heading, `<strong class="title">`: an entry is written as the others are). An entry without
 * contacts, named at the entries' rank, stays.
 */
function dropRankedHeadings(members: HTMLElement[], counts: Map<HTMLElement, Counts>): void {
  const ranks = new Map<number, number>();
  let named = 0;
  for (const m of members) {
    if (!hasContacts(counts.get(m))) continue;
    // (Entries named by bold text, no heading: any heading is above them, a rank of 7.)
    const rank = firstHeading(m) ?? 7;
    named++;
    ranks.set(rank, (ranks.get(rank) ?? 0) + 1);
  }
  const [rank, most] = [...ranks].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (most < 2 || most * 2 < named) return;
  for (let i = members.length - 1; i >= 0; i--) {
    const m = members[i];
    const c = counts.get(m) ?? ZERO;
    if (hasContacts(c) || c.links > 0 || c.texts > 1) continue;
    const own = firstHeading(m);
    if (own !== undefined ? own < rank && soleHeading(m) : rank <= 6 && soleHeading(m, BOLD_TAGS)) members.splice(i, 1);
  }
}

const BOLD_TAGS = new Set(['STRONG', 'B']);

/** Whether a block's whole text is that of one heading (its first; or its first element of `tags`). Bounded. */
function soleHeading(block: HTMLElement, tags: ReadonlySet<string> = HEADING_TAGS): boolean {
  const text = shortText(block, 120);
  if (text === undefined) return false;
  const heading = firstHeadingElement(block, tags);
  return heading !== undefined && shortText(heading, 120) === text;
}

/** A section's title naming its partners or sponsors ('Nos partenaires', 'Partenaires officiels', 'Sponsors', 'شركاؤنا'). */
const SPONSORS_HEADING = /^(?:(?:nos|les)\s)?(?:partenaires|sponsors|m[ée]c[èe]nes)(?:\s(?:officiels|institutionnels|financiers|et sponsors))?\s?[.:]?$|^(?:شركاؤنا|الشركاء|الرعاة)$/iu;

/** Headings and bold text: a section's title is either. */
const TITLE_TAGS = new Set([...HEADING_TAGS, 'STRONG', 'B']);

/** Whether a block's first heading or bold text (a section's title) names it as its partners' or sponsors'. */
function sponsorsSection(block: HTMLElement): boolean {
  const heading = firstHeadingElement(block, TITLE_TAGS);
  const text = heading === undefined ? undefined : shortText(heading, 60);
  return text !== undefined && SPONSORS_HEADING.test(text.trim());
}

/** Levels looked down from a holder (a builder's section) to its rows' blocks: section, row, column. */
const MAX_SECTION_DEPTH = 3;

/**
 * Whether a group a few levels down a holder is a row of records of a builder's section (a Divi
 * section: its heading's row, then rows of blurbs): every block a record with contacts, each
 * named by its own heading, bold text or link (not by its first line: an address); its row one
 * of two or more rows of one shape in the holder (a card's single row of offices, a card's field
 * lines, are no section's rows); and no contact of the holder outside its rows (a card's e-mail
 * line under its offices is the card's own: the card is the record).
 */
function sectionRecords(g: { parent: HTMLElement; members: HTMLElement[] }, holders: ReadonlySet<HTMLElement>, counts: Map<HTMLElement, Counts>, rowsCache: Map<HTMLElement, Map<string, { rows: number; contacts: number }>>): boolean {
  // (The group's row must stand inside the holder: a group whose parent is the holder itself is its own row, not a section's.)
  const holder = holderAbove(g.parent, holders);
  const within = g.parent.parentNode;
  if (holder === undefined || holder === g.parent || within === null) return false;
  if (!g.members.every((m) => qualifies(m, counts) === 2 && (counts.get(m) ?? ZERO).names > 0)) return false;
  // (Each container's rows counted once per shape, however many groups it holds.)
  let shapes = rowsCache.get(within);
  if (shapes === undefined) {
    shapes = new Map();
    for (const c of within.childNodes) {
      if (c.nodeType !== 1) continue;
      const n = counts.get(c as HTMLElement) ?? ZERO;
      const sig = signature(c as HTMLElement);
      const seen = shapes.get(sig) ?? { rows: 0, contacts: 0 };
      seen.rows++;
      seen.contacts += n.numbers + n.ats + n.tels;
      shapes.set(sig, seen);
    }
    rowsCache.set(within, shapes);
  }
  const rows = shapes.get(signature(g.parent));
  const own = counts.get(holder) ?? ZERO;
  return rows !== undefined && rows.rows >= 2 && rows.contacts === own.numbers + own.ats + own.tels;
}

/** The holder among `holders` that `el` is, or is at most {@link MAX_SECTION_DEPTH} levels under. */
function holderAbove(el: HTMLElement, holders: ReadonlySet<HTMLElement>): HTMLElement | undefined {
  let e: HTMLElement | null = el;
  for (let up = 0; up <= MAX_SECTION_DEPTH && e; up++, e = e.parentNode) if (holders.has(e)) return e;
  return undefined;
}

/**
 * The blocks of shape `key` at most {@link MAX_SECTION_DEPTH} levels under `holder` (not inside one
 * another), in the page's order: a section's rows' columns. Bounded by the levels and
 * {@link MAX_SECTION_BLOCKS} elements looked at.
 */
function blocksBelow(holder: HTMLElement, key: string, counts: Map<HTMLElement, Counts>): HTMLElement[] {
  const found: HTMLElement[] = [];
  let looked = 0;
  const walk = (el: HTMLElement, depth: number): void => {
    for (const c of el.childNodes) {
      if (c.nodeType !== 1 || !counts.has(c as HTMLElement) || ++looked > MAX_SECTION_BLOCKS) continue;
      if (signature(c as HTMLElement) === key) found.push(c as HTMLElement);
      else if (depth < MAX_SECTION_DEPTH) walk(c as HTMLElement, depth + 1);
    }
  };
  walk(holder, 1);
  return found;
}

/** Most elements looked at under one holder by {@link blocksBelow}. */
const MAX_SECTION_BLOCKS = 2_000;

/** Most wrappers climbed from a list's container to the panel that holds it alone ({@link panelOf}). */
const MAX_PANEL_WRAPPERS = 2;
/** Most child nodes of a wrapper looked through by {@link panelOf} (whitespace, empty blocks and the container). */
const MAX_PANEL_SIBLINGS = 24;

/**
 * The panel a list's container is all of: up its wrappers while each holds nothing shown beside it
 * (no text, no other block with text, a link or a contact), at most {@link MAX_PANEL_WRAPPERS}
 * levels, never out of the page's read part nor out of a table; the container itself when its
 * parent holds more.
 */
function panelOf(container: HTMLElement, counts: Map<HTMLElement, Counts>): HTMLElement {
  let el = container;
  for (let depth = 0; depth < MAX_PANEL_WRAPPERS; depth++) {
    const up = el.parentNode;
    // (A parent of many children is no wrapper holding nothing beside the container: not scanned.)
    if (!up || !counts.has(up) || TABLE_PARTS.has(up.tagName) || TABLE_PARTS.has(el.tagName) || el.tagName === 'TR' || up.childNodes.length > MAX_PANEL_SIBLINGS) return el;
    for (const c of up.childNodes) {
      if (c === el) continue;
      if (c.nodeType !== 1) {
        if (c.text.trim() !== '') return el;
        continue;
      }
      const n = counts.get(c as HTMLElement);
      if (n !== undefined && n.texts + n.links + n.tels + n.ats > 0) return el;
    }
    el = up;
  }
  return el;
}

/** Most wrappers looked through from a block to the row of blocks it holds ({@link contentRow}). */
const MAX_ROW_WRAPPERS = 8;

/**
 * The element of a block that holds its content's blocks side by side: the block itself, or, when
 * all it shows is in one child (the others empty: a background layer, a spacer), that child's, and
 * so on down a few wrappers. A site builder's section is such a chain (section, background and
 * content layer, grid) over its row of text boxes. `stop`, when given, ends the descent at the
 * first element it accepts.
 */
function contentRow(block: HTMLElement, counts: Map<HTMLElement, Counts>, stop?: (el: HTMLElement) => boolean): HTMLElement {
  let el = block;
  for (let depth = 0; depth < MAX_ROW_WRAPPERS; depth++) {
    if (stop?.(el)) return el;
    let shown: HTMLElement | undefined;
    let several = false;
    for (const c of el.childNodes) {
      if (c.nodeType !== 1) {
        if (c.text.trim() !== '') return el;
        continue;
      }
      const n = counts.get(c as HTMLElement);
      if (n === undefined || n.texts + n.links + n.tels + n.ats === 0) continue;
      if (shown !== undefined) {
        several = true;
        break;
      }
      shown = c as HTMLElement;
    }
    if (several || shown === undefined) return el;
    el = shown;
  }
  stop?.(el);
  return el;
}

/**
 * A table's rows striped by two class lists whatever their words (a template's 'r1' / 'r2', a
 * GridView's RowStyle and AlternatingRowStyle classes, utility classes): rows of as many cells
 * whose two shapes alternate (A B A B, four rows or more) are one list. The second shape's rows
 * join the first's group (`bySignature` changed in place, the rows kept in the table's order).
 */
function joinStripes(children: readonly HTMLElement[], bySignature: Map<string, HTMLElement[]>): void {
  const rows = children.filter((c) => c.tagName === 'TR');
  const runs = new Map<string, number>();
  // (Four rows in a row A B A B: a row of another shape now and then, a member's tier, is no striping.)
  for (let i = 3; i < rows.length; i++) {
    const [a, b] = [signature(rows[i - 1]), signature(rows[i])];
    if (a === b || signature(rows[i - 2]) !== b || signature(rows[i - 3]) !== a) continue;
    const width = rowWidth(rows[i]);
    if (width < 2 || rows.slice(i - 3, i).some((r) => rowWidth(r) !== width)) continue;
    const pair = a < b ? `${a}\n${b}` : `${b}\n${a}`;
    runs.set(pair, (runs.get(pair) ?? 0) + 1);
  }
  const order = new Map(children.map((c, i) => [c, i]));
  for (const pair of runs.keys()) {
    const [a, b] = pair.split('\n');
    const first = bySignature.get(a);
    const second = bySignature.get(b);
    if (!first || !second) continue;
    bySignature.set(a, [...first, ...second].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0)));
    bySignature.delete(b);
  }
  // Rows aligned cell for cell (the same cells, two or more, of the same shapes) are one list whatever
  // class some of them carry: a tier, a highlight, a utility site's background (an ad row is told
  // by its own marks, member by member). Header rows (th cells) and rows across the columns differ.
  const byCells = new Map<string, string[]>();
  for (const [key, list] of bySignature) {
    if (list[0].tagName !== 'TR') continue;
    // (A header row of th cells shares the plain rows' shape: it is not what they are compared by.)
    const shapes = list.map(cellShape).filter((c) => c === undefined || !c.includes('TH'));
    const cells = shapes[0];
    if (cells === undefined || shapes.some((c) => c !== cells)) continue;
    const keys = byCells.get(cells);
    if (keys) keys.push(key);
    else byCells.set(cells, [key]);
  }
  for (const keys of byCells.values()) {
    if (keys.length < 2) continue;
    keys.sort((x, y) => bySignature.get(y)!.length - bySignature.get(x)!.length);
    const joined = keys.flatMap((k) => bySignature.get(k)!).sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
    for (const k of keys.slice(1)) bySignature.delete(k);
    bySignature.set(keys[0], joined);
  }
}

/**
 * A table's rows written in two styles, one run after the other (a list retyped in part by a later
 * editor: plain `<td><font>` rows, then rows and cells with classes): two runs of rows of one shape
 * each, as many cells (three or more) in every row, the contacts of both in the same columns, are
 * one list, a row of either left without contact included. Runs whose rows interleave are stripes
 * or tiers, read above. The smaller run joins the larger (`bySignature` changed in place, the rows
 * kept in the table's order).
 */
function joinRestyledRuns(children: readonly HTMLElement[], bySignature: Map<string, HTMLElement[]>, counts: Map<HTMLElement, Counts>): void {
  const order = new Map(children.map((c, i) => [c, i]));
  const runs = new Map<string, string[]>();
  for (const [key, list] of bySignature) {
    if (list.length < 2 || list[0].tagName !== 'TR') continue;
    const width = rowWidth(list[0]);
    if (width < 3 || list.some((r) => rowWidth(r) !== width)) continue;
    // (The columns holding contacts, over the run: a header row or a row without contact adds none.)
    const columns = new Set<number>();
    for (const row of list) {
      let i = 0;
      for (const c of row.childNodes) {
        const cell = c as HTMLElement;
        if (cell.tagName !== 'TD' && cell.tagName !== 'TH') continue;
        if (hasContacts(counts.get(cell))) columns.add(i);
        i++;
      }
    }
    if (columns.size === 0) continue;
    const shape = `${width}|${[...columns].sort((a, b) => a - b).join(',')}`;
    const keys = runs.get(shape);
    if (keys) keys.push(key);
    else runs.set(shape, [key]);
  }
  for (const keys of runs.values()) {
    if (keys.length !== 2) continue;
    const [a, b] = keys.map((k) => bySignature.get(k)!);
    const span = (l: HTMLElement[]) => [order.get(l[0]) ?? 0, order.get(l[l.length - 1]) ?? 0];
    const [[a0, a1], [b0, b1]] = [span(a), span(b)];
    if (!(a1 < b0 || b1 < a0)) continue;
    const [big, small] = b.length > a.length ? [keys[1], keys[0]] : [keys[0], keys[1]];
    bySignature.set(big, (a1 < b0 ? [...a, ...b] : [...b, ...a]));
    bySignature.delete(small);
  }
}

/** A table row's cells, their tags and shapes in order ('TD.|TD.num|TD.'), when it has two or more and spans none; else undefined. */
function cellShape(row: HTMLElement): string | undefined {
  const shapes: string[] = [];
  for (const c of row.childNodes) {
    const cell = c as HTMLElement;
    if (cell.tagName !== 'TD' && cell.tagName !== 'TH') continue;
    if (cell.rawAttrs.includes('colspan') && (attrOf(cell, 'colspan') ?? '1').trim() !== '1') return undefined;
    shapes.push(signature(cell));
  }
  return shapes.length >= 2 ? shapes.join('|') : undefined;
}

/** A group of {@link repeatedGroups}, as {@link wrappedRecords} returns it. */
type WrappedGroup = { parent: HTMLElement; key: string; members: HTMLElement[]; score: number; size: number; qualified: number };

/**
 * Records listed under group headings that stand outside their blocks (a specialty's `<h2>` then a
 * `<div>` of its doctors, a commune's `<h3>` then a `<ul>` of its agencies): the group containers
 * then win as the repeated blocks, most of them holding a single record, so the rule above (most
 * holders hold several) does not split them and a group of two or three is read as one entry (its
 * first name, every member's contacts). The holders are only wrappers when each holds nothing of
 * its own beside its blocks of one shape (no name, link or contact outside them: the heading is
 * their sibling), every such block is named, half of them qualify, some holder holds two or more,
 * and some holder holds a single one that is a whole record (a name and a contact: what a block of
 * that shape is): those blocks are the records. A card whose name stands above sub-blocks (a
 * company and its branches) has a name of its own and is kept whole; a record written over a
 * table's rows (its title row, then its fields) is left to the table rules. Undefined when the
 * holders are not wrappers.
 */
function wrappedRecords(holders: ReadonlySet<HTMLElement>, counts: Map<HTMLElement, Counts>): WrappedGroup[] | undefined {
  if (holders.size < 2) return undefined;
  let key: string | undefined;
  let several = false;
  let whole = false;
  let blocks = 0;
  let qualified = 0;
  const split: WrappedGroup[] = [];
  for (const holder of wrappedLists(holders, counts)) {
    const own = counts.get(holder) ?? ZERO;
    const members: HTMLElement[] = [];
    let names = 0;
    let links = 0;
    let contacts = 0;
    for (const child of holder.childNodes) {
      if (child.nodeType !== 1) continue;
      const c = counts.get(child as HTMLElement);
      if (c === undefined || c.texts + c.links + c.tels + c.ats === 0) continue;
      // (A table's rows are one record's lines, its title row then its fields: the table rules read them.)
      if ((child as HTMLElement).tagName === 'TR') return undefined;
      const shape = signature(child as HTMLElement);
      if (key === undefined) key = shape;
      else if (shape !== key) return undefined;
      if (c.names === 0) return undefined;
      members.push(child as HTMLElement);
      names += c.names;
      links += c.links;
      contacts += c.numbers + c.ats + c.tels;
      if (qualifies(child as HTMLElement, counts) > 0) qualified++;
    }
    if (members.length === 0 || own.names !== names || own.links !== links || own.numbers + own.ats + own.tels !== contacts) return undefined;
    if (members.length >= 2) several = true;
    else if (qualifies(members[0], counts) === 2) whole = true;
    blocks += members.length;
    split.push({ parent: holder, key: key!, members, score: 0, size: 0, qualified: 0 });
  }
  return several && whole && qualified * 2 >= blocks ? split : undefined;
}

/**
 * The holders of {@link wrappedRecords}, or what each wraps alone, level after level, while every
 * holder holds a single block of one shape (a builder's `<div>` around each group's `<ul>`): the
 * level where some hold several blocks is the lists'. At most four levels.
 */
function wrappedLists(holders: ReadonlySet<HTMLElement>, counts: Map<HTMLElement, Counts>): HTMLElement[] {
  let level = [...holders];
  for (let depth = 0; depth < 4; depth++) {
    const next: HTMLElement[] = [];
    let shape: string | undefined;
    for (const el of level) {
      let only: HTMLElement | undefined;
      for (const child of el.childNodes) {
        if (child.nodeType !== 1) continue;
        const c = counts.get(child as HTMLElement);
        if (c === undefined || c.texts + c.links + c.tels + c.ats === 0) continue;
        if (only !== undefined) return level;
        only = child as HTMLElement;
      }
      if (only === undefined || only.tagName === 'TR') return level;
      const sig = signature(only);
      if (shape === undefined) shape = sig;
      else if (sig !== shape) return level;
      next.push(only);
    }
    level = next;
  }
  return level;
}

/**
 * 2 when a block looks like an entry with contacts (a name, two texts, a number, e-mail or tel), 1
 * with only a link, else 0. Its name may be its first line of text ({@link leadName}) when it has
 * contacts and nothing else sets a name apart (a card of plain paragraphs whose classes say nothing).
 */
function qualifies(m: HTMLElement, counts: Map<HTMLElement, Counts>): number {
  const c = counts.get(m) ?? ZERO;
  // A row of a table of label/value rows is a field of one record, not an entry.
  if (m.tagName === 'TR' && isRecordRow(m)) return 0;
  const contact = c.numbers > 0 || c.ats > 0 || c.tels > 0;
  // (A details row's texts are its record's: the row spanning down onto it holds the name and the other fields.)
  const above = contact ? rowSpannedFrom(m) : undefined;
  if (above) return (counts.get(above) ?? ZERO).texts + c.texts >= 2 ? 2 : 0;
  const named = c.names > 0 || (m.tagName === 'TR' ? m.childNodes.filter((n) => (n as HTMLElement).tagName === 'TD').length >= 2 || (contact && titleRowBefore(m, counts) !== undefined) : contact && c.texts >= 2 && leadName(m) !== undefined);
  if (!named || c.texts < 2) return 0;
  return contact ? 2 : c.links > 0 ? 1 : 0;
}

/**
 * Whether a group is a menu of categories with their counts ('Agriculture (12)', 'BTP [7]'), a
 * link directory's or a portal's column of sections: no member shows a contact, and at least half
 * of them are only a link's text and a count in brackets. Such a menu is no list of companies,
 * however long it is beside the entries.
 */
function isCategoryMenu(members: readonly HTMLElement[], counts: Map<HTMLElement, Counts>): boolean {
  let counted = 0;
  for (const m of members) {
    const c = counts.get(m) ?? ZERO;
    if (hasContacts(c)) return false;
    // (A count is a few digits and a link's text: the text is read only then.)
    // (A category's link is its name and its count, two or three texts with an icon: a card of four or
    // more, a name, a town, an activity, a line ending with the wilaya's code in brackets, is an entry.)
    if (c.links > 0 && c.digits > 0 && c.digits <= 6 && c.texts <= 3 && isCountedEntry(m)) counted++;
  }
  return counted * 2 >= members.length;
}

/**
 * How many of a group's table rows are a record's title row, its fields below: a single cell
 * followed by a row of several, or a single cell of a name set apart followed by a single cell (a
 * one-column layout table: a bold name row, then a row of labelled lines, contacts or not).
 */
function titleRows(members: readonly HTMLElement[], counts: Map<HTMLElement, Counts>): number {
  if (members[0].tagName !== 'TR') return 0;
  let titles = 0;
  for (let i = 0; i + 1 < members.length; i++) {
    if (rowWidth(members[i]) !== 1) continue;
    const next = members[i + 1];
    if (rowWidth(next) >= 2) titles++;
    else if (titleRowBefore(next, counts) === members[i]) titles++;
  }
  return titles;
}

function hasContacts(c: Counts | undefined): boolean {
  return c !== undefined && c.numbers + c.ats + c.tels > 0;
}

/** The element children of the table parts looked at by {@link titleRowBefore}, with their positions (renewed for each reading of a page's groups). */
let rowSiblings = new WeakMap<HTMLElement, { list: HTMLElement[]; at: Map<HTMLElement, number> }>();

/** Most rows looked back over (spacer rows) for a record's title row. */
const MAX_SPACER_ROWS = 3;

/**
 * The title row of a one-cell record row (an old layout table: a coloured row holding only a bold
 * name, then the row of the record's labelled lines): the row before it, empty spacer rows aside,
 * when it is one cell holding a name set apart (bold, a heading, a link) and short text, no contact.
 */
function titleRowBefore(row: HTMLElement, counts: Map<HTMLElement, Counts>): HTMLElement | undefined {
  const parent = row.parentNode;
  if (!parent || rowWidth(row) !== 1) return undefined;
  // (The parent's element children and their positions, once per parent while the page is read.)
  let sib = rowSiblings.get(parent);
  if (!sib) {
    const list = parent.childNodes.filter((n): n is HTMLElement => n.nodeType === 1);
    sib = { list, at: new Map(list.map((r, i) => [r, i])) };
    rowSiblings.set(parent, sib);
  }
  let i = (sib.at.get(row) ?? 0) - 1;
  for (let skipped = 0; i >= 0 && skipped < MAX_SPACER_ROWS; skipped++, i--) {
    const c = counts.get(sib.list[i]);
    if (c === undefined || c.texts + c.links + c.tels + c.ats > 0) break;
  }
  const prev = i >= 0 ? sib.list[i] : undefined;
  if (!prev || prev.tagName !== 'TR' || rowWidth(prev) !== 1) return undefined;
  const c = counts.get(prev);
  if (c === undefined || c.names === 0 || hasContacts(c) || c.texts > 4) return undefined;
  const text = shortText(prev, 120);
  return text !== undefined && /\p{L}{2}/u.test(text) ? prev : undefined;
}

/** The element children of a row's parent and the row's position among them (kept per parent while the page's groups are read). */
function siblingRows(row: HTMLElement): { list: HTMLElement[]; at: number } | undefined {
  const parent = row.parentNode;
  if (!parent) return undefined;
  let sib = rowSiblings.get(parent);
  if (!sib) {
    const list = parent.childNodes.filter((n): n is HTMLElement => n.nodeType === 1);
    sib = { list, at: new Map(list.map((r, i) => [r, i])) };
    rowSiblings.set(parent, sib);
  }
  return { list: sib.list, at: sib.at.get(row) ?? 0 };
}

/**
 * The record row above a details row (one cell across the columns) that a cell of it spans down
 * onto: the details row holds that record's contacts, so it is named by it, as a title row names
 * the row below it ({@link spanningRowAbove}).
 */
function rowSpannedFrom(row: HTMLElement): HTMLElement | undefined {
  if (row.tagName !== 'TR' || rowWidth(row) !== 1) return undefined;
  const sib = siblingRows(row);
  return sib ? spanningRowAbove(sib.list, sib.at) : undefined;
}

/** A table row's cells. */
function rowWidth(row: HTMLElement): number {
  let n = 0;
  for (const c of row.childNodes) if ((c as HTMLElement).tagName === 'TD' || (c as HTMLElement).tagName === 'TH') n++;
  return n;
}

/** Inline elements a first line of text may be written in. */
const INLINE_TAGS = new Set(['SPAN', 'A', 'EM', 'STRONG', 'B', 'SMALL', 'I', 'FONT', 'U', 'MARK', 'ABBR', 'CITE', 'BDI', 'BDO', 'Q']);
/** Elements whose text is never a first line: scripts, icons, controls, footnotes, labels and header cells. */
const NO_LEAD_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'BUTTON', 'SVG', 'SUP', 'SELECT', 'OPTION', 'LABEL', 'TH']);

/**
 * An entry's first line of text, when it can be a name: what a reader takes as the title of a card
 * whose markup sets nothing apart (plain `<p>`s, classes that mean nothing). The first text in
 * document order, with the inline elements around it; not a field's label ('Tél :'), a contact,
 * a number (masked too: '038 47 XX XX'), a post's age ('16 sem.'), an ad badge or a long sentence. A bounded walk: it stops at the first text.
 */
export function leadName(m: HTMLElement): string | undefined {
  const stack = [...m.childNodes].reverse();
  let steps = 0;
  while (stack.length > 0 && ++steps < 200) {
    const n = stack.pop()!;
    if (n.nodeType === 1) {
      const el = n as HTMLElement;
      if (NO_LEAD_TAGS.has(el.tagName)) continue;
      for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
      continue;
    }
    if (n.nodeType !== 3 || n.rawText.trim() === '') continue;
    let line = n.parentNode;
    while (line && line !== m && INLINE_TAGS.has(line.tagName) && line.parentNode && line.parentNode !== m && INLINE_TAGS.has(line.parentNode.tagName)) line = line.parentNode;
    const text = (line && line !== m ? shortText(line, 100) : n.text.replace(/\s+/g, ' ').trim()) ?? '';
    if (text.length < 2 || text.length > 100 || !/\p{L}{2}/u.test(text) || text.includes('@') || (text.match(/\d/g) ?? []).length >= 6) return undefined;
    if (/[:：]\s*$/.test(text) || FIELD_WORDS.test(text) || LEADING_LABEL.test(text) || AD_BADGE.test(text.replace(/[\s()[\]·•|-]+/g, '')) || isMaskedNumber(text) || isRelativeTime(text)) return undefined;
    return text;
  }
  return undefined;
}

/** A line that begins with a field's label ('Tél : …', 'Adresse: …', 'E-mail …'). */
const LEADING_LABEL = /^(?:t[ée]l[ée]?(?:phone)?\.?|mobile|portable|gsm|fixe|fax|t[ée]l[ée]copie|e-?mail|courriel|adresse|address|site(?: web)?|horaires?|الهاتف|الفاكس|العنوان|البريد)(?![\p{L}\p{N}])\s*[:.]?/iu;
/** A shop's name whose first word is a phone label's ('Mobile Store …', 'GSM Center …', 'Portable Service …'): a word, not a colon nor a number, after it. */
const DEVICE_NAME = /^(?:mobile|portable|gsm)[ \u00a0]{1,3}\p{L}/iu;

/** Whether a bold line or block, set apart as a name would be, begins with a field's label ({@link LEADING_LABEL}) rather than a shop's name ({@link DEVICE_NAME}). */
function leadsWithLabel(text: string): boolean {
  return LEADING_LABEL.test(text) && !DEVICE_NAME.test(text);
}

/**
 * A child's shape: its tag and its first class word that is not an ad word (nor a number); or its
 * tag and ARIA role when that role names a list's entry (`role="article"` in a feed, `listitem`,
 * `row`): the role is written by the template once for every entry, while a page styled with
 * atomic CSS (one class per declaration, `x1n2onr6 x1lliihq …`) gives each entry whatever class
 * list its styles add up to, in any order, so that no class word is shared by all of them.
 */
function signature(el: HTMLElement): string {
  const kept = el as Kept;
  const known = kept.keptShape;
  if (known !== undefined) return known;
  let sig: string;
  const role = el.rawAttrs.includes('role') ? attrOf(el, 'role')?.trim().toLowerCase() : undefined;
  const held = boxlessWrapped(el);
  if (held !== undefined) sig = `${el.tagName}>${signature(held)}`;
  else if (role !== undefined && ENTRY_ROLES.has(role)) sig = `${el.tagName}[${role}]`;
  else if (el.classList.length === 0) sig = `${el.tagName}.`;
  else {
    const classes = classText(el);
    let main = mainClasses?.get(classes);
    if (main === undefined) {
      main = mainClass(withoutOwnId(el));
      mainClasses?.set(classes, main);
    }
    sig = `${el.tagName}.${main}`;
  }
  kept.keptShape = sig;
  return sig;
}

/**
 * A grid column's span class (Bootstrap's `col-lg-8`, `col-4`, `span8`, Foundation's `large-8`,
 * Tailwind's `md:col-span-2`): the column's width, not a number given to an entry.
 */
const GRID_SPAN = /^(?:col(?:-(?:xs|sm|md|lg|xl|xxl))?-\d{1,2}|span\d{1,2}|(?:small|medium|large)-\d{1,2}|(?:[a-z]{2,3}:)?col-span-\d{1,2})$/i;

/**
 * The shape of a container of entries: its {@link signature} and its grid span classes. A page's
 * main column (`col-lg-8`) and its sidebar column (`col-lg-4`) both lose their numbered class
 * from their signature, yet are not two parts of one list: the sidebar's cards of the list's
 * shape (an adviser's card, categories) are no entries.
 */
function containerShape(el: HTMLElement): string {
  const sig = signature(el);
  const classes = el.classList.value;
  if (classes.length === 0 || classes.length > 30) return sig;
  const spans = classes.filter((w) => w.length <= 20 && GRID_SPAN.test(w));
  return spans.length === 0 ? sig : `${sig}|${spans.map((w) => w.toLowerCase()).sort().join(' ')}`;
}

/** An inline style that takes an element's own box away: its children are laid out as its parent's. */
const DISPLAY_CONTENTS = /display[ \t]{0,3}:[ \t]{0,3}contents/i;

/**
 * The one element a box-less wrapper holds: an element styled `display: contents` (no box of its
 * own, its child laid out as its parent's) with a single element child and no text beside it. A
 * site builder's CMS list (Framer) wraps each item so, under a class generated for that item
 * alone: the list's shape is the cards', not the wrappers' classes. Undefined for any other element.
 */
function boxlessWrapped(el: HTMLElement): HTMLElement | undefined {
  const raw = el.rawAttrs;
  if (raw.length < 16 || !raw.includes('contents') || !DISPLAY_CONTENTS.test((el.getAttribute('style') ?? '').slice(0, 400))) return undefined;
  let only: HTMLElement | undefined;
  for (const c of el.childNodes) {
    if (c.nodeType === 1) {
      if (only !== undefined) return undefined;
      only = c as HTMLElement;
    } else if (c.text.trim() !== '') return undefined;
  }
  return only;
}

/**
 * An element's class words without the one that repeats its own id: a site builder that styles
 * each component by its generated id writes that id as a class too (Wix's `id="comp-x1y2z3"
 * class="comp-x1y2z3 wixui-box"`, Webflow / Elementor templates that do the same). A word that
 * names one element alone is no shape of a list ({@link signature}); the words after it are.
 */
function withoutOwnId(el: HTMLElement): string[] {
  const classes = el.classList.value;
  if (!el.rawAttrs.includes('id=')) return classes;
  const id = el.id;
  if (id === '' || !classes.includes(id)) return classes;
  return classes.filter((w) => w !== id);
}

/** ARIA roles of a list's entries ({@link signature}). */
const ENTRY_ROLES = new Set(['article', 'listitem', 'row']);

/**
 * While {@link repeatedItems} reads a page: the main class word of each class list met (its
 * entries share a few class lists). Each element keeps its shape (`keptShape`: elements are
 * grouped several times; their tags and classes never change while the page is read).
 */
let mainClasses: Map<string, string> | undefined;

function mainClass(classes: string[]): string {
  // Zebra classes ('row-alternate', 'odd', 'even') vary between entries of one list.
  const cls = entryWords(classes);
  return cls.find((w) => !w.split(/[^\p{L}\p{N}]+/u).some((p) => AD_WORDS.has(p) && !WEAK_AD_WORDS.has(p))) ?? '';
}

/**
 * An entry's class words that say what it is, lower case: without those that vary from entry to
 * entry of one list (zebra striping, 'odd' / 'even', a first or last marker, a number, a tier).
 */
export function entryClassWords(el: HTMLElement): string[] {
  return entryWords(el.classList.value.slice(0, 30));
}

/** Class words without those that vary from entry to entry of one list ({@link entryClassWords}), lower case. */
function entryWords(classes: string[]): string[] {
  const words = classes
    .map((w) => withoutZebraPart(w).toLowerCase().replace(ZEBRA_SUFFIX, ''))
    .filter((w) => w !== '' && !PER_ENTRY_WORD.test(w) && !ZEBRA_WORDS.has(w) && !POSITION_WORD.test(w) && !TIER_WORDS.has(w));
  // A tier written into a word beside the entry's others ('featured-link' beside 'link-item', 'card
  // card--premium'): dropped. Alone ('listing-premium' among 'listing' entries) it stays: such a
  // block is as often the directory's upsell box ('Devenez membre Premium') as a paying member's entry.
  if (!words.some(hasTierPart)) return words;
  const plain = words.filter((w) => !hasTierPart(w));
  return plain.length > 0 ? plain : words;
}

/** A class word joining a tier word to others by dashes or underscores ('featured-link', 'card--premium', 'vip_item'). */
function hasTierPart(word: string): boolean {
  return word.length <= 60 && /[-_]/.test(word) && word.split(/[-_]+/).some((p) => TIER_WORDS.has(p));
}

/**
 * A class word that numbers its entry or its row ('listing-200', 'post_12', 'row0', '42'): its only
 * digits end it. Not the shape of a list. Digits inside a word are the class's own: a CSS-modules
 * or CSS-in-JS hash ('Card_title__x7Gh2', 'css-1x2y3z'), shared by every entry.
 */
const PER_ENTRY_WORD = /^\D*\d+$/;

/**
 * Class words of a member's tier ('premium', 'vip', 'featured'): a paying member's entry is an entry
 * of the list like the others (its row class-less but for that word), not a list of its own.
 */
const TIER_WORDS = new Set(['premium', 'vip', 'featured', 'gold', 'silver', 'platinum', 'highlight', 'highlighted', 'vedette', 'abonne', 'verified', 'verifie']);

/**
 * A class word without the part that alternates from row to row, written in camel case or between
 * dashes as ASP.NET and other templates name their striped rows ('gvAltRow' beside 'gvRow',
 * 'GridAlternatingRow', 'odd-row', 'row_even_item'): 'gvRow', 'GridRow', 'row', 'row_item'.
 */
function withoutZebraPart(word: string): string {
  if (word.length > 60) return word;
  const parts = word.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[-_])|(?=[-_])/);
  if (parts.length < 2) return word;
  const kept = parts.filter((p) => !ZEBRA_PARTS.has(p.toLowerCase()));
  if (kept.length === parts.length) return word;
  return kept.join('').replace(/^[-_]+|[-_]+$/g, '').replace(/([-_])[-_]+/g, '$1');
}

/** Parts of a class word that alternate between striped rows ('Alt' of 'gvAltRow', 'odd' of 'odd-row'). */
const ZEBRA_PARTS = new Set(['odd', 'even', 'alt', 'alternate', 'alternating', 'pair', 'paire', 'impair', 'impaire']);

/** Class words and suffixes of alternating entries (zebra striping, first/last markers). */
const ZEBRA_WORDS = new Set(['odd', 'even', 'alt', 'alternate', 'first', 'last', 'pair', 'paire', 'impair', 'impaire', 'pairs', 'impairs']);
const ZEBRA_SUFFIX = /[-_](?:odd|even|alt|alternate|pair|paire|impair|impaire)$/;
/** A class word marking the first or last entry of a list ('views-row-first', 'item_last'): never the list's shape. */
const POSITION_WORD = /[-_](?:first|last)$/;

function insideAny(el: HTMLElement, ancestors: HTMLElement[] | ReadonlySet<HTMLElement>): boolean {
  const set = ancestors instanceof Set ? ancestors : new Set(ancestors);
  for (let a: HTMLElement | null = el; a; a = a.parentNode) if (set.has(a)) return true;
  return false;
}

/**
 * Counts for every element outside the chrome, in one post-order walk (an explicit stack, so a
 * page nested 40,000 deep costs what 40,000 siblings cost).
 */
const DONE = 1;
const SECTIONED = 2;
const IN_ENTRY = 4;
/** Inside a post's body ({@link isPostBody}): a widget there is the author's content (a page builder's panel), no sidebar's. */
const IN_BODY = 8;
/** What {@link countAll} counts in a text: a digit (ASCII, Arabic-Indic, extended Arabic-Indic) or an '@'. */
const DIGIT_OR_AT = /[0-9@\u0660-\u0669\u06f0-\u06f9]/;
/** Anything but whitespace (isSpace's characters are those of /\s/). */
const NOT_SPACE = /\S/;

function countAll(root: HTMLElement): Map<HTMLElement, Counts> {
  const counts = new Map<HTMLElement, Counts>();
  // The members of repeated groups ({@link repeatedMembers}) of the elements counted: each element's
  // children grouped when it is reached, before they are (no walk of its own, chrome never grouped).
  const members = new Set<HTMLElement>();
  // The stack: elements, and beside each its flags (DONE: its children counted; SECTIONED, IN_ENTRY: where it stands).
  const stack: HTMLElement[] = [root];
  const flags: number[] = [0];
  const where = { sectioned: false, inEntry: false, inBody: false };
  while (stack.length > 0) {
    const el = stack.pop()!;
    const f = flags.pop()!;
    if ((f & DONE) === 0) {
      where.sectioned = (f & SECTIONED) !== 0;
      where.inEntry = (f & IN_ENTRY) !== 0;
      where.inBody = (f & IN_BODY) !== 0;
      if (el !== root && isChromeBlock(el, where)) continue;
      stack.push(el);
      flags.push(DONE);
      const sectioned = where.sectioned || SECTIONING_TAGS.has(el.tagName);
      const inEntry = where.inEntry || ENTRY_TAGS.has(el.tagName) || members.has(el);
      const inBody = where.inBody || (el.rawAttrs !== '' && isPostBody(el));
      const inner = (sectioned ? SECTIONED : 0) | (inEntry ? IN_ENTRY : 0) | (inBody ? IN_BODY : 0);
      let classed = 0;
      for (const child of el.childNodes) {
        if (child.nodeType !== 1) continue;
        stack.push(child as HTMLElement);
        flags.push(inner);
        if ((child as HTMLElement).classList.length > 0) classed++;
      }
      if (classed >= 2) addGroupMembers(el, members);
      continue;
    }
    const c: Counts = { digits: 0, numbers: 0, ats: 0, tels: 0, links: 0, names: 0, texts: 0, h1s: 0, kids: 0 };
    const tag = el.tagName;
    const href = tag === 'A' ? (attrOf(el, 'href') ?? '').trim().toLowerCase() : '';
    // (A Cloudflare-protected address, '/cdn-cgi/l/email-protection#…', is a mailto: link rewritten.)
    if (href.startsWith('mailto:') || href.includes('email-protection')) c.ats++;
    else if (href.startsWith('tel:')) c.tels++;
    else if (href !== '' && !href.startsWith('javascript:') && !href.startsWith('#')) c.links++;
    // An htmx control that loads a page or fragment (a card's 'Détails' button) links like an href.
    else if (href === '' && el.rawAttrs.includes('hx-get') && (el.getAttribute('hx-get') ?? el.getAttribute('data-hx-get') ?? '').trim() !== '') c.links++;
    if (hasDataAttrs(el.rawAttrs)) {
      for (const a of Object.keys(el.attributes)) {
        const kind = contactAttr(a, el);
        if (kind === 'data-contact') {
          // A vaguely named attribute counts when its value looks like a contact (an '@', eight digits).
          const v = el.attributes[a] ?? '';
          if (v.includes('@')) c.ats++;
          else if ((v.match(/\d/g) ?? []).length >= 8) c.tels++;
        } else if (kind) kind.includes('mail') ? c.ats++ : c.tels++;
      }
    }
    if (tag === 'H1') c.h1s = 1;
    const nameLike = ((NAME_TAGS.has(tag) && !href.startsWith('mailto:') && !href.startsWith('tel:') && !href.includes('email-protection')) || isInlineBold(el) || classedAsName(el)) && !isFieldLabel(el) && !(tag === 'A' && isMoreLink(el));
    for (const child of el.childNodes) {
      if (child.nodeType === 3) {
        const text = child.rawText;
        // Most texts hold no digit and no '@' (a description, a label, the spaces between tags): only
        // whether they are more than whitespace matters, and a native scan tells it.
        if (!DIGIT_OR_AT.test(text)) {
          if (NOT_SPACE.test(text)) c.texts++;
          continue;
        }
        let run = 0;
        let solid = false;
        let digits = 0;
        let numbers = 0;
        let ats = 0;
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          if ((code >= 48 && code <= 57) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9)) {
            digits++;
            run++;
            solid = true;
            continue;
          }
          // Separators inside a number: space (a line break or tab too: HTML renders any as one space), . - ( ) +, no-break space.
          if (code === 32 || code === 46 || code === 45 || code === 40 || code === 41 || code === 43 || code === 0xa0 || code === 10 || code === 13 || code === 9) {
            if (code === 46 || code === 45 || code === 40 || code === 41 || code === 43) solid = true;
            continue;
          }
          if (run >= 9) numbers++;
          run = 0;
          if (code === 64) ats++;
          if (!solid && !isSpace(code)) solid = true;
        }
        // (The text's end ends a number too.)
        if (run >= 9) numbers++;
        c.digits += digits;
        c.numbers += numbers;
        c.ats += ats;
        // (A text of anything but whitespace: what /\S/ finds.)
        if (solid) c.texts++;
      } else if (child.nodeType === 1) {
        const cc = counts.get(child as HTMLElement);
        if (!cc) continue;
        c.kids++;
        c.digits += cc.digits;
        c.numbers += cc.numbers;
        c.ats += cc.ats;
        c.tels += cc.tels;
        c.links += cc.links;
        c.names += cc.names;
        c.texts += cc.texts;
        c.h1s += cc.h1s;
      }
    }
    // (A bold number or address, a field's value set in bold, is not a name.)
    if (nameLike && c.digits < 6 && c.ats === 0) c.names++;
    // A record table's name label cell ('Raison sociale' | 'SARL X'): the record names itself beside it.
    else if (tag === 'TD' && isNameLabelCell(el)) c.names++;
    // So is a record of labelled fields' name label set inline before its value ('<strong>Raison sociale :</strong> X').
    else if (tag !== 'TD' && c.texts === 1 && isInlineNameLabel(el)) c.names++;
    counts.set(el, c);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Pagination

/** Texts of a "next page" link, folded (lower case, no accents, spaces collapsed). */
const NEXT_TEXTS = new Set(['suivant', 'suivante', 'page suivante', 'next', 'next page', '»', '›', '>', '>>', '→', 'suivant »', 'suivant ›', 'suivant >', 'next »', 'next ›', 'التالي', 'الصفحة التالية', 'التالية']);
/**
 * Other wordings of a next page: WordPress's older posts ('← Articles plus anciens', 'Older
 * posts': the next page of an archive), and a repertory's 'Suite', 'Suite du répertoire', a site
 * builder's button 'Voir la suite de l'annuaire →' (a bare 'Voir la suite' is an entry's 'read more').
 * Tested on a folded label of at most 40 characters.
 */
const OLDER_OR_MORE = /^(?:[←<«‹]+ ?)?(?:(?:articles|publications|entrees|annonces|messages) plus ancien(?:ne)?s|older (?:posts|entries|articles)|suite(?: (?:d[eu] (?:la )?|de l['’] ?)(?:liste|repertoire|annuaire|classement))?|voir la suite (?:d[eu] (?:la )?|de l['’] ?)(?:liste|repertoire|annuaire|classement))(?: ?[»›>→]+)?$/;
/**
 * A button continuing a list under its name, folded: 'Suite de la liste des membres →', 'Voir la
 * suite de la liste des exposants', 'Suite du répertoire de nos partenaires »' (a site builder's
 * list split over two pages). The list's word (liste, répertoire, annuaire, classement) is
 * required: a bare 'Voir la suite' or 'Lire la suite de l'article' is an entry's 'read more'.
 * Anchored, words bounded and each after a space: linear; tested on at most 120 characters.
 */
const LIST_CONTINUED = /^(?:(?:voir|afficher|lire) )?(?:la )?suite (?:d[eu] (?:la )?|de l['’] ?)(?:liste|repertoire|annuaire|classement)(?: (?:(?:des|de nos|de la|du) |d['’] ?|de l['’] ?)[\p{L}-]{2,24}(?: [\p{L}-]{2,24}){0,2})?(?: ?[»›>→]+)?$/u;
/** Texts and classes of a "load more" control. */
const LOAD_MORE = /\bvoir plus|afficher plus|charger plus|plus de r[ée]sultats|load more|show more|more results|see more|المزيد|عرض المزيد|load-?more|loadmore|voir-plus|\bmore\b/i;
/**
 * Classes and ids of a "load more" control. A bare 'more' is not one: an entry's
 * 'company-more' / 'read-more' link leads to its own page, not to the next entries.
 */
const LOAD_MORE_CLASS = /load-?more|loadmore|show-?more|see-?more|voir-?plus|charger-?plus|afficher-?plus|(?:btn|button)[-_]more\b|\bmore[-_](?:results|items|entries|listings|companies|btn|button)\b/i;
const LOAD_MORE_TAGS = new Set(['BUTTON', 'A', 'DIV', 'SPAN', 'LI']);
/**
 * A link to a page about something ('Learn more', 'Read more', 'Find out more', 'More info'; Arabic 'اقرأ المزيد',
 * 'read more', an entry's link to its own page in Drupal's and WordPress's Arabic themes), never to more entries.
 */
const ABOUT_MORE = /^\W{0,3}(?:(?:learn|read|find out|know|discover|more info(?:rmation)?|more about|more details)\b|(?:اقرأ|إقرأ|اقرا|إقرا) المزيد)/i;
/** Ids of a consent banner or a newsletter box, as written in one word ('cookieConsent', 'CybotCookiebotDialog', 'gdprBanner'). */
const CONSENT_ID = /cookie|consent|gdpr|rgpd|newsletter/i;
const LOAD_MORE_ATTRS = ['data-url', 'data-next', 'data-href', 'data-next-url', 'data-load-more', 'data-source', 'data-endpoint', 'data-ajax-url', 'data-link', 'href'];

/**
 * The next listing page of a page without a next-page selector, as written (not resolved): a
 * link whose text, title or aria-label says next ('Suivant', 'Next', '»', 'التالي'), or such a
 * control that is no link and carries its URL ({@link nextControl}), or a Livewire paginator's
 * buttons (`wire:click="nextPage('page')"`: {@link livewirePageNext}), else the
 * numbered link to the current page + 1 (the current page read from the URL's page parameter
 * or path, or from the pagination's current/active element), else a "load more" control's URL
 * (`data-url`, `data-next`, an href). `rel=next` is looked for first by the caller.
 */
export function findNextPage(root: HTMLElement, pageUrl: string, elements: readonly HTMLElement[] = descendants(root)): string | undefined {
  const anchors = elements.filter((el) => el.tagName === 'A' && hasAttr(el, 'href'));
  for (const a of anchors) {
    if (saysNext(a)) {
      const href = a.getAttribute('href');
      if (href && !href.startsWith('#') && !href.toLowerCase().startsWith('javascript:')) return arrowToLast(a, href, anchors, elements, pageUrl) ?? href;
    }
  }
  // A bare 'Voir la suite' whose URL is this page's with a number after it ('/nos-distributeurs' ->
  // '/nos-distributeurs-1', '/membres/2'): a site builder's list split over numbered pages.
  for (const a of anchors) {
    const href = a.getAttribute('href')?.trim();
    if (href && SEQUEL_WORDS.test(foldText(shortText(a, 80) ?? '')) && isSequel(pageUrl, href, baseHref(elements, pageUrl))) return href;
  }
  const control = nextControl(elements);
  if (control !== undefined) return control;
  // A Livewire paginator's buttons (wire:click="nextPage('page')"): the page's URL with the next page number.
  const livewire = livewirePageNext(elements, pageUrl);
  if (livewire !== undefined) return livewire;
  // A page that says which page it is ('Page 3 sur 7', 'الصفحة 3 من 7'): none after the last.
  const told = toldPage(elements);
  if (told && told.current >= told.last) return undefined;
  const current = currentPage(elements, pageUrl, told?.current);
  const wanted = String(current + 1);
  const numberedLinks: { n: number; href: string }[] = [];
  for (const a of anchors) {
    const text = shortText(a, 8)?.trim();
    const href = text !== undefined && /^\d{1,5}$/.test(text) ? a.getAttribute('href') : undefined;
    if (!href || href.startsWith('#')) continue;
    if (text === wanted) return href;
    numberedLinks.push({ n: Number(text), href });
  }
  // The next page's number written with its word ('page 2 →', 'Page 3'), alone in its link: the same as a bare '2'.
  for (const a of anchors) {
    const m = PAGE_WORD_NUMBER.exec(foldText(shortText(a, 16) ?? ''));
    const href = m !== null && m[1] === wanted ? a.getAttribute('href') : undefined;
    if (href && !href.startsWith('#') && !href.toLowerCase().startsWith('javascript:')) return href;
  }
  // An article in parts whose title says which part it is ('… (partie 1/2)'): the link naming the next part of as many.
  const part = nextArticlePart(anchors, elements, pageUrl);
  if (part !== undefined) return part;
  // The next page not among the numbered links shown ('1 2 … 9'): built from their URL pattern.
  if (told) {
    const built = numberedPageUrl(numberedLinks, pageUrl, told.current + 1, baseHref(elements, pageUrl));
    if (built !== undefined) return built;
  }
  const fromSelect = selectedPageNext(elements, current, pageUrl);
  if (fromSelect !== undefined) return fromSelect;
  const afterCurrent = linkAfterCurrent(elements, pageUrl) ?? nextLetterRange(elements, pageUrl) ?? nextPartLink(anchors, elements, pageUrl);
  if (afterCurrent !== undefined) return afterCurrent;
  // A list split over tabs that are links of their own (Bootstrap's nav-tabs, role="tablist"), the
  // current one a link marked active: the next tab, when the tabs are pages of this path.
  const tab = nextTab(elements, pageUrl, baseHref(elements, pageUrl), true);
  if (tab !== undefined) return tab;
  // The link that is this page's URL with the next page number, whatever it says ('Articles plus anciens', an icon).
  const stepped = steppedPageLink(anchors, pageUrl, baseHref(elements, pageUrl));
  if (stepped !== undefined) return stepped;
  const otherAreas = otherAreasLink(anchors, baseHref(elements, pageUrl));
  if (otherAreas !== undefined) return otherAreas;
  // Elements inside a cookie banner, a newsletter box, a pop-up or the footer (asked only of the few
  // controls that say 'load more', each answer kept for the elements inside it).
  const outside = new Map<HTMLElement, boolean>();
  const isOutside = (el: HTMLElement | null): boolean => {
    if (!el?.tagName) return false;
    let known = outside.get(el);
    if (known === undefined) {
      known = el.tagName === 'FOOTER' || isComplementary(el) || classWords(el).some((w) => NOT_LISTING_WORDS.has(w)) || CONSENT_ID.test(el.id) || isOutside(el.parentNode);
      outside.set(el, known);
    }
    return known;
  };
  for (const el of elements) {
    if (!LOAD_MORE_TAGS.has(el.tagName)) continue;
    const words = classAndId(el);
    const text = shortText(el, 60) ?? '';
    if ((!LOAD_MORE_CLASS.test(words) && (!LOAD_MORE.test(text) || ABOUT_MORE.test(text))) || isOutside(el)) continue;
    // A button naming an AJAX action (WordPress's admin-ajax): the request its script would send.
    const ajax = ajaxActionRequest(el, elements, pageUrl);
    if (ajax !== undefined) return ajax;
    for (const attr of LOAD_MORE_ATTRS) {
      const v = attrOf(el, attr);
      // (A cookie banner's "En savoir plus" or a footer's "More" is not the listing's: skipped above.)
      if (v && !v.startsWith('#') && !v.toLowerCase().startsWith('javascript:') && /[/?]/.test(v)) return v;
    }
  }
  // An infinite scroll's sentinel (no button, no link): its next batch or endpoint; else, in a list read newest first, its older entries.
  return scrollSentinelNext(elements) ?? olderEntriesNext(elements, pageUrl, isOutside);
}

/**
 * A part's number among a series' count as a title writes it, folded: 'partie 1/2', 'part 2 of 3',
 * 'volet 1 sur 2', 'الجزء 2 من 3'. Unanchored, its quantifiers bounded: linear.
 */
const PART_OF = /(?:^|[^\p{L}])(?:partie|part|volet|الجزء)[ ]{0,2}(\d{1,2})[ ]{0,2}(?:\/|sur|of|de|من)[ ]{0,2}(\d{1,2})(?!\d)/u;

/** Longest title and link text read for a part's number ({@link nextPartLink}). */
const MAX_PART_TEXT = 200;

/**
 * The link to an article's next part: the page's title (its `<h1>`, else its `<title>`) says it
 * is part k of n ('Les meilleures cliniques … (partie 1/2)'), and a link's text names part k + 1 of
 * the same n ('La suite : <a>… (partie 2/2)</a>', wherever the author wrote it in the prose). Medium,
 * a blog: a list published in parts, each linking the next, no pager. None after the last part.
 */
function nextArticlePart(anchors: readonly HTMLElement[], elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  const title = elements.find((el) => el.tagName === 'H1') ?? elements.find((el) => el.tagName === 'TITLE');
  const titleText = title ? foldText(shortText(title, MAX_PART_TEXT) ?? '') : '';
  const own = PART_OF.exec(titleText);
  if (own === null) return undefined;
  const [k, n] = [Number(own[1]), Number(own[2])];
  if (k < 1 || k >= n) return undefined;
  const ownWords = new Set(titleText.slice(0, own.index).match(PART_WORD) ?? []);
  for (const a of anchors) {
    const text = foldText(shortText(a, MAX_PART_TEXT) ?? '');
    const m = PART_OF.exec(text);
    if (m === null || Number(m[1]) !== k + 1 || Number(m[2]) !== n) continue;
    // (The same article's words before its part: another series' part 2 ('Créer sa SARL (partie 2/3)') is none.)
    const words = text.slice(0, m.index).match(PART_WORD) ?? [];
    if (words.filter((w) => ownWords.has(w)).length * 2 < words.length) continue;
    const href = a.getAttribute('href')?.trim();
    if (!href || href.startsWith('#') || href.toLowerCase().startsWith('javascript:')) continue;
    if (!/^https?:/i.test(href) || href.startsWith('/')) return href;
    try {
      if (new URL(href).host === new URL(pageUrl).host) return href;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** A word of an article's title, four letters or more (folded). */
const PART_WORD = /\p{L}{4,}/gu;

/** A link's whole text that is a page's number after the word page, an arrow after it or not ('page 2 →', 'Page 3'), folded. Anchored, bounded: linear. */
const PAGE_WORD_NUMBER = /^page (\d{1,5})(?: ?[»›>→]{1,3})?$/;

/** A next link's text that is only an arrow ('»', '>>', '›'): first / last in some pagers, previous / next in others. */
const ARROW_ONLY = /^[»›>→]{1,3}$/;
/** Most numbered links of a pager looked at for {@link arrowToLast}. */
const MAX_PAGER_NUMBERS = 200;

/**
 * The numbered link after the current page when a pager's bare arrow ('»', '>>') leads to a
 * numbered page further on: '« 1 2 3 »' as Spring/Thymeleaf templates, Kaminari, django-bootstrap
 * and many hand-written pagers write it, '«' the first page and '»' the last, so following the
 * arrow would skip the pages between. The current page is the numbered link to this very URL,
 * else the numbered item marked current (`aria-current`, an active / current class, on it or on
 * its `<li>`). Undefined (the arrow is followed) when the arrow is worded, leads to the page after
 * the current one, to a page no number shows (the next block, '1 … 5 »' to 6), or when the
 * current page or the link after it is not shown.
 */
function arrowToLast(arrow: HTMLElement, href: string, anchors: readonly HTMLElement[], elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  if (!ARROW_ONLY.test(foldText(shortText(arrow, 8) ?? ''))) return undefined;
  const base = baseHref(elements, pageUrl);
  const resolve = (h: string): string | undefined => {
    try {
      const u = new URL(h, base);
      return `${u.origin}${u.pathname}${u.search}`;
    } catch {
      return undefined;
    }
  };
  const target = resolve(href);
  const here = resolve(pageUrl);
  if (target === undefined || here === undefined) return undefined;
  const numbered = new Map<number, { href: string; url: string }>();
  let current: number | undefined;
  let led: number | undefined;
  let seen = 0;
  for (const a of anchors) {
    const text = shortText(a, 8)?.trim();
    if (text === undefined || !/^\d{1,5}$/.test(text)) continue;
    if (++seen > MAX_PAGER_NUMBERS) break;
    const h = a.getAttribute('href');
    const url = h && !h.startsWith('#') ? resolve(h) : undefined;
    if (h === undefined || url === undefined) continue;
    const n = Number(text);
    if (!numbered.has(n)) numbered.set(n, { href: h, url });
    if (url === here) current ??= n;
    if (url === target) led ??= n;
  }
  if (led === undefined) return undefined;
  current ??= markedPageNumber(elements);
  if (current === undefined || led <= current + 1) return undefined;
  const after = numbered.get(current + 1);
  return after !== undefined && after.url !== target ? after.href : undefined;
}

/** Classes that mark a pager's or an index's current item. */
const CURRENT_CLASSES = ['active', 'current', 'courant', 'courante', 'selected', 'is-active'];

/** Whether an element is classed as the current item ({@link CURRENT_CLASSES}). */
function hasCurrentClass(el: HTMLElement): boolean {
  return CURRENT_CLASSES.some((c) => el.classList.contains(c));
}

/** The number of the pagination item marked current (`aria-current`, an active / current class on it or its parent), or undefined. */
function markedPageNumber(elements: readonly HTMLElement[]): number | undefined {
  const marked = (el: HTMLElement | null): boolean => el !== null && ((attrOf(el, 'aria-current') ?? '') !== '' || hasCurrentClass(el));
  for (const el of elements) {
    if (el.childNodes.length !== 1 || el.childNodes[0].nodeType !== 3) continue;
    if (!marked(el) && !marked(el.parentNode)) continue;
    const text = shortText(el, 8)?.trim();
    if (text !== undefined && /^\d{1,5}$/.test(text)) return Number(text);
  }
  return undefined;
}

/** A link's words for the rest of a listing split by area ('Distributeurs des autres wilayas', 'Voir les autres régions'), folded. */
const OTHER_AREAS = /\bautres (?:wilayas|regions|villes|departements|provinces|communes|dairas|zones|secteurs geographiques)\b|\bother (?:regions|cities|areas|states|provinces)\b/;

/**
 * The next page of a listing split by area: a dealer or branch list whose first page holds the
 * home region and whose button leads to 'the other wilayas / regions' below the listing's own
 * path (/nos-distributeurs/ → /nos-distributeurs/autres-wilayas/). Only below that path: a
 * menu's or a blog's 'autres régions' elsewhere is another page of the site, and the sub-page's
 * link back up is no next page.
 */
function otherAreasLink(anchors: readonly HTMLElement[], base: string): string | undefined {
  let page: URL;
  try {
    page = new URL(base);
  } catch {
    return undefined;
  }
  const own = page.pathname.endsWith('/') ? page.pathname : `${page.pathname}/`;
  for (const a of anchors) {
    const text = shortText(a, 80);
    if (text === undefined || !OTHER_AREAS.test(foldText(text))) continue;
    const href = a.getAttribute('href');
    if (!href || href.startsWith('#')) continue;
    try {
      const url = new URL(href, page);
      if (url.origin === page.origin && url.pathname.startsWith(own) && url.pathname.length > own.length) return href;
    } catch {
      // (an unreadable href leads nowhere)
    }
  }
  return undefined;
}

/**
 * A serial's link to its previous issue, folded: a newsletter's 'Lire le numéro précédent',
 * 'Bulletin précédent', 'Previous issue', 'العدد السابق'. Its issues announce their members or
 * listings newest first, so the previous issue continues the list. Its archive of all past issues
 * ('Voir les numéros précédents') is a page of links, not one; an A-Z list's 'Lettre précédente'
 * and a fair's 'Édition précédente' (last year's exhibitors) lead back, not on.
 */
const PREVIOUS_ISSUE = /^(?:[←<«‹]+ ?)?(?:(?:lire|voir|consulter|read|see|view) )?(?:(?:le|la|the) |l['’] ?)?(?:(?:numero|bulletin|newsletter|parution) precedente?|previous (?:issue|newsletter|number))(?: ?[»›>→]+)?$|^(?:(?:اقرأ|تصفح) )?العدد السابق$/u;

/** A link's text that begins 'Page suivante :' / 'Next page:' / 'الصفحة التالية :' then says what that page holds (bounded). */
const NEXT_PAGE_TITLED = /^(?:page suivante|partie suivante|next page|الصفحة التالية)[ \u00a0]{0,3}[:：–—-]/u;

/** A link's text that continues something, bare ('Voir la suite', 'La suite (Aïn Touta, Arris…)', 'Suite →'); never an article's 'Lire la suite'. */
const SEQUEL_WORDS = /^(?:(?:voir|afficher) )?(?:la )?suite\b/;

/**
 * Whether a URL is the page's own followed by a page number: its path the page's path, then a
 * dash, an underscore or 'page' and one to three digits ('/liste' -> '/liste-1', '/liste/page2',
 * '/liste/page/2'), or the page's path with its last number one higher ('/liste-1' -> '/liste-2').
 */
function isSequel(pageUrl: string, href: string, base: string): boolean {
  let from: URL;
  let to: URL;
  try {
    from = new URL(pageUrl);
    to = new URL(href, base);
  } catch {
    return false;
  }
  if (from.origin !== to.origin) return false;
  const a = from.pathname.replace(/\/+$/, '').replace(/\.html?$/, '');
  const b = to.pathname.replace(/\/+$/, '').replace(/\.html?$/, '');
  if (a.length > 200 || b.length > 200) return false;
  // (Not '/' and a number alone: that is an item under the page's path, Joomla's '/avocats-mila/101'.)
  if (b.length > a.length && b.startsWith(a) && /^(?:[-_]|[-_/]?page[-_/]?)\d{1,3}$/.test(b.slice(a.length))) return true;
  const m = /^(.*\D)(\d{1,3})$/.exec(a);
  const n = /^(.*\D)(\d{1,3})$/.exec(b);
  return m !== null && n !== null && m[1] === n[1] && Number(n[2]) === Number(m[2]) + 1;
}

/** Whether a link or control says it leads to the next page ('Suivant', 'Next', '»', 'التالي', a printed list's 'Partie suivante'), by its text, else its aria-label or title. */
function saysNext(el: HTMLElement): boolean {
  const long = foldText(shortText(el, 120) ?? '');
  // An article split in pages names what its next page holds: 'Page suivante : les agences de … »', 'Next page: …'.
  if (long.length > 40 && NEXT_PAGE_TITLED.test(long)) return true;
  if (LIST_CONTINUED.test(long)) return true;
  const label = foldText(shortText(el, 40) ?? '') || foldText(el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '') || iconLabel(el);
  if (label.length <= 40 && PREVIOUS_ISSUE.test(label)) return true;
  if (isNextLabel(label)) return true;
  const sub = pagerSublabel(el);
  return sub !== undefined && isNextLabel(sub);
}

/**
 * What the lone icon of a link that shows nothing else says: the folded `title` or `aria-label` of
 * its one element child, itself empty (Font Awesome's `<i class="fa fa-chevron-right"
 * title="Suivant">`, a Dolibarr pager's next link), else ''.
 */
function iconLabel(el: HTMLElement): string {
  let icon: HTMLElement | undefined;
  for (const k of el.childNodes) {
    if (k.nodeType === 3 && k.rawText.trim() !== '') return '';
    if (k.nodeType !== 1) continue;
    if (icon !== undefined) return '';
    icon = k as HTMLElement;
  }
  if (icon === undefined || icon.childNodes.some((k) => k.nodeType === 1 || k.rawText.trim() !== '')) return '';
  // (Only in a pager: a slider's, a gallery's or a calendar's chevron titled 'Suivant' leads to no next page of the list.)
  if (!inPager(el)) return '';
  return foldText((icon.getAttribute('aria-label') ?? icon.getAttribute('title') ?? '').slice(0, 60));
}

/** Class or id words of a pager ('pagination', 'pager', 'paging', 'pagenav', WordPress's 'page-numbers'). */
const PAGER_WORDS = /pagin|pager|paging|pagenav|page-numbers/i;

/** Whether a link stands in a pager: an element at most four levels up classed or named as one, or a `<nav>` labelled so. */
function inPager(el: HTMLElement): boolean {
  let a: HTMLElement | null = el.parentNode;
  for (let up = 0; a && up < 4; a = a.parentNode, up++) {
    const words = `${(a.getAttribute('class') ?? '').slice(0, 200)} ${(a.getAttribute('id') ?? '').slice(0, 100)} ${a.tagName === 'NAV' ? (a.getAttribute('aria-label') ?? '').slice(0, 100) : ''}`;
    if (PAGER_WORDS.test(words) || (a.tagName === 'NAV' && /pag|صفح/i.test(words))) return true;
  }
  return false;
}

/**
 * Whether a link to the next page names the document it leads to, as a documentation generator's
 * pager does (it walks the whole documentation, a chapter after the other): a title that is no
 * next word on a `<link rel=next>` (Sphinx's `<link rel="next" title="Opérateurs : eaux">`), an aria-label 'Suivant: X'
 * (MkDocs Material), or a direction over the next page's title in blocks of their own
 * ({@link pagerSublabel}: Docusaurus, VitePress).
 */
export function namesNextDocument(el: HTMLElement): boolean {
  // (A head's `<link rel=next>` only: a pager link's title, 'Voir les entreprises suivantes', 'Go to next page', says next in its own words.)
  const title = el.tagName === 'LINK' ? foldText((attrOf(el, 'title') ?? '').slice(0, 120)).trim() : '';
  if (title !== '' && !isNextLabel(title) && !/\d/.test(title)) return true;
  const aria = foldText((attrOf(el, 'aria-label') ?? '').slice(0, 120)).trim();
  if (/^(?:suivante?|next|page suivante|next page) ?[:：–—-] ?\p{L}/u.test(aria)) return true;
  const sub = el.tagName === 'A' ? pagerSublabel(el) : undefined;
  return sub !== undefined && isNextLabel(sub);
}

/** Whether a folded label of at most 40 characters says next ({@link saysNext}). */
function isNextLabel(label: string): boolean {
  return label.length <= 40 && (NEXT_TEXTS.has(label) || /^(?:page |partie |section )?suivante?\b|^next\b|التالي/.test(label) || OLDER_OR_MORE.test(label)) && !/pr[ée]c[ée]dent|prev|السابق/.test(label);
}

/**
 * The direction a documentation generator's pager link writes in a block of its own above the
 * next page's title (Docusaurus's `pagination-nav__sublabel` 'Suivant' over `pagination-nav__label`,
 * MkDocs Material's `md-footer__direction`, VitePress's `desc` 'Page suivante' over `title`): the
 * folded text of the link's first element child, in words (not an arrow), when the link holds two or more and no text of
 * its own beside them. Undefined otherwise.
 */
function pagerSublabel(el: HTMLElement): string | undefined {
  const kids = el.childNodes;
  if (kids.length > 8) return undefined;
  let first: HTMLElement | undefined;
  let blocks = 0;
  for (const k of kids) {
    if (k.nodeType === 1) {
      // (An icon before the words, Font Awesome's empty `<i>` or `<span>`, is no block; a long block, a card's, is no pager's.)
      const shown = shortText(k as HTMLElement, 80);
      if (shown === undefined) return undefined;
      if (shown.trim() === '') continue;
      first ??= k as HTMLElement;
      blocks++;
    } else if (k.nodeType === 3 && k.rawText.trim() !== '') return undefined;
  }
  if (first === undefined || blocks < 2) return undefined;
  // (Words, not an arrow: a menu's item drawn as '→' beside its title is no pager's.)
  const sub = foldText(shortText(first, 40) ?? '');
  return /\p{L}{2}/u.test(sub) ? sub : undefined;
}

/** Attributes where a control that is no link keeps the URL its script opens. */
const CONTROL_URL_ATTRS = ['data-href', 'data-url', 'data-link', 'data-next', 'data-next-url', 'data-page-url'];

/**
 * The next page of a "Suivant" control that is no link: a `<span role="link" data-href="…">` or a
 * button whose script opens the URL it carries (`onclick="location.href=this.dataset.href"`), as
 * sites do to keep crawlers off their pages. Its words are a next link's; a disabled one (on the
 * last page) leads nowhere.
 */
function nextControl(elements: readonly HTMLElement[]): string | undefined {
  for (const el of elements) {
    if (el.tagName === 'A' || !el.rawAttrs.includes('data-')) continue;
    let url: string | undefined;
    for (const attr of CONTROL_URL_ATTRS) {
      const v = attrOf(el, attr)?.trim();
      if (v && !v.startsWith('#') && !v.toLowerCase().startsWith('javascript:') && /[/?]/.test(v)) {
        url = v;
        break;
      }
    }
    if (url === undefined || hasAttr(el, 'disabled') || attrOf(el, 'aria-disabled') === 'true' || classWords(el).some((w) => DISABLED_WORDS.test(w))) continue;
    if (saysNext(el)) return url;
  }
  return undefined;
}

/** The URL relative links of a page resolve against: its <base href>, else the page's own. */
function baseHref(elements: readonly HTMLElement[], pageUrl: string): string {
  const href = elements.find((el) => el.tagName === 'BASE' && hasAttr(el, 'href'))?.getAttribute('href');
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).toString();
  } catch {
    return pageUrl;
  }
}

/** Tags that show the current page of a pagination as text (not a link). */
const CURRENT_TAGS = new Set(['STRONG', 'B', 'SPAN', 'EM', 'LI', 'MARK']);

/**
 * The next page of a pagination that is not numbered (letter ranges 'A–C · D–H · I–Z', date
 * ranges): the current page written as text (a bold element, one marked aria-current / current /
 * active, or the only item of the run that is not a link) among links to pages of the same path
 * and parameters, and the link right after it. Needs two such links beside it (a pagination, not a label and its link).
 */
function linkAfterCurrent(elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  const page = new URL(pageUrl);
  const pageKeys = [...new Set(page.searchParams.keys())].sort().join('&');
  const samePath = (a: HTMLElement | undefined): string | undefined => {
    const href = a?.getAttribute('href');
    if (!a || !href || href.startsWith('#') || (shortText(a, 16) ?? '').trim() === '') return undefined;
    try {
      const url = new URL(href, pageUrl);
      // Another page of the same list: the same path and the same parameters with other values ('?de=g&a=m' after '?de=a&a=f').
      const keys = [...new Set(url.searchParams.keys())].sort().join('&');
      return url.host === page.host && url.pathname === page.pathname && url.search !== page.search && (pageKeys === '' || keys === pageKeys) ? href : undefined;
    } catch {
      return undefined;
    }
  };
  const linkOf = (el: HTMLElement | undefined): HTMLElement | undefined => (el === undefined ? undefined : el.tagName === 'A' ? el : el.tagName === 'LI' ? el.childNodes.find((c): c is HTMLElement => (c as HTMLElement).tagName === 'A') : undefined);
  const unlinked = (el: HTMLElement): boolean => CURRENT_TAGS.has(el.tagName) && !el.childNodes.some((c) => (c as HTMLElement).tagName === 'A');
  // The page's own values ('a' of '?lettre=a', 'f' of '/lettre/f/'), folded: the item that shows one of them is this page.
  const own = new Set([...page.searchParams.values(), ...page.pathname.split('/')].map((v) => foldText(v)).filter((v) => v !== '' && v.length <= 16));
  // How surely an item is the current page: 3 marked (aria-current, an active class), 2 showing
  // this page's own value, 1 unmarked but the one item among the links that is not one (or unlike
  // the other unlinked ones: letters without entries greyed alike) or in bold; 0 not.
  const currentRank = (el: HTMLElement, odd: HTMLElement | undefined): number => {
    if (!unlinked(el)) return 0;
    const text = shortText(el, 16)?.trim();
    if (!text || text.endsWith(':')) return 0;
    if ((attrOf(el, 'aria-current') ?? '') !== '' || hasCurrentClass(el)) return 3;
    if (own.has(foldText(text))) return 2;
    return el === odd || el.tagName === 'STRONG' || el.tagName === 'B' ? 1 : 0;
  };
  // Each parent's children once (a sibling lookup per element would be quadratic on a wide page).
  for (const parent of elements) {
    if (parent.tagName === 'A' || !mayShowPages(parent)) continue;
    const kids = parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
    const links = kids.map((k) => samePath(linkOf(k)));
    if (links.filter((l) => l !== undefined).length < 2) continue;
    const odd = oddOneOut(kids.filter(unlinked));
    // The surest current item (a greyed letter in bold does not outrank the marked one).
    let at = -1;
    let best = 0;
    for (let i = 0; i + 1 < kids.length; i++) {
      const rank = links[i] === undefined ? currentRank(kids[i], odd) : 0;
      if (rank > best) [at, best] = [i, rank];
    }
    if (at < 0) continue;
    // The next link after it, past items that are not links (letters without entries, greyed; an ellipsis).
    let j = at + 1;
    while (j < kids.length && links[j] === undefined && unlinked(kids[j])) j++;
    if (j < kids.length && links[j] !== undefined) return links[j];
  }
  return undefined;
}

/** A title's words, folded, its punctuation and arrows as spaces (a bounded text: linear). */
function titleWords(text: string): string {
  return foldText(text.replace(/[^\p{L}\p{N}]+/gu, ' ')).trim();
}

/** A list's part named last in its title: one letter or a number ('Hall A', 'Liste 2', 'Lettre B'). */
const PART_TITLE = /^(.{3,60}) (\p{L}|\d{1,3})$/u;

/** The page's one `<h1>`'s words cut before the letter or number that ends it (see {@link nextPartLink}), else undefined. */
function titledPart(elements: readonly HTMLElement[]): RegExpExecArray | undefined {
  let h1: HTMLElement | undefined;
  for (const el of elements) {
    if (el.tagName !== 'H1') continue;
    if (h1 !== undefined) return undefined;
    h1 = el;
  }
  return (h1 && PART_TITLE.exec(titleWords(shortText(h1, 80) ?? ''))) ?? undefined;
}

/**
 * Whether a text is the title of another part of the list this page is a part of ('← Exposants Hall
 * A' on 'Exposants — Hall B'): the page's `<h1>` with another letter or number at its end. A link
 * back to the previous part, or on to the next, written as an entry.
 */
export function otherPartTitle(elements: readonly HTMLElement[]): (text: string) => boolean {
  const part = titledPart(elements);
  if (part === undefined) return () => false;
  return (text) => {
    if (text.length > 80) return false;
    const m = PART_TITLE.exec(titleWords(text));
    return m !== null && m[1] === part[1] && m[2] !== part[2];
  };
}

/**
 * The next part of a list split over pages named by a letter or a number ('Exposants — Hall A' then
 * 'Hall B', 'Annuaire — lettre C' then 'lettre D', 'Liste 1' then 'Liste 2'), linked by a button that
 * writes the next part's title in full ('Exposants Hall B →'): the page's one `<h1>` ending with a
 * letter or a number, and a link on the page's host, to another page, whose words are the same
 * title with the next letter or number (case, accents, dashes and arrows aside). The previous
 * part's link ('← Hall A') is none.
 */
function nextPartLink(anchors: readonly HTMLElement[], elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  const part = titledPart(elements);
  if (part === undefined) return undefined;
  const last = part[2];
  let following: string;
  if (/^\d+$/.test(last)) following = String(Number(last) + 1);
  else if (/^[a-y]$/.test(last)) following = String.fromCharCode(last.charCodeAt(0) + 1);
  else return undefined;
  const wanted = `${part[1]} ${following}`;
  const page = new URL(pageUrl);
  // (A page linking three parts or more of the same title is in a menu of them, 'Wilaya 15', 'Wilaya 17', …: other lists, no next part.)
  const parts = new Set<string>();
  let found: HTMLElement | undefined;
  for (const a of anchors) {
    const text = shortText(a, 80);
    const words = text === undefined || text.length > 80 ? undefined : titleWords(text);
    if (words === undefined || !words.startsWith(`${part[1]} `) || !/^[\p{L}\d]{1,4}$/u.test(words.slice(part[1].length + 1))) continue;
    parts.add(words);
    // (The button to the next part says it leads on, 'Exposants Hall B →'; a menu's link to another part does not.)
    if (words === wanted && FORWARD_CUE.test(text!)) found ??= a;
  }
  if (found === undefined || parts.size >= 3) return undefined;
  for (const a of [found]) {
    const href = a.getAttribute('href')?.trim();
    if (!href || href.startsWith('#')) continue;
    try {
      const url = new URL(href, baseHref(elements, pageUrl));
      if (url.host === page.host && (url.protocol === 'http:' || url.protocol === 'https:') && url.href.split('#')[0] !== pageUrl.split('#')[0]) return href;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** A link's words saying it leads on: an arrow, 'suivant(e)', 'suite', 'next'. */
const FORWARD_CUE = /[→»›>⟶➜➔]|\bsuivant|\bsuite\b|\bnext\b/iu;

/** A range of initials ('A à K', 'L–Z', 'A - F'), the whole text of a pagination's item. */
const LETTER_RANGE = /^(\p{L})\s{0,3}(?:à|a|au|-|–|—|\/)\s{0,3}(\p{L})$/iu;

/**
 * The next range of a list split in letter ranges, two of them shown ('Nom : <strong>A à K</strong>
 * | <a>L à Z</a>', too few links for {@link linkAfterCurrent}): the current range written as text
 * (bold or marked) followed by a link to the same path whose text is the range starting after it.
 */
function nextLetterRange(elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  const page = new URL(pageUrl);
  for (const el of elements) {
    if (!CURRENT_TAGS.has(el.tagName) || el.tagName === 'LI') continue;
    const current = LETTER_RANGE.exec((shortText(el, 16) ?? '').trim());
    if (!current || el.childNodes.some((c) => (c as HTMLElement).tagName === 'A')) continue;
    // The next element sibling: its link, or itself a link.
    let next = el.nextElementSibling;
    if (next && next.tagName !== 'A') next = next.tagName === 'LI' ? next.childNodes.find((c): c is HTMLElement => (c as HTMLElement).tagName === 'A') ?? null : null;
    const range = next ? LETTER_RANGE.exec((shortText(next, 16) ?? '').trim()) : null;
    const href = next?.getAttribute('href');
    if (!range || !href || href.startsWith('#')) continue;
    if (foldText(range[1]) <= foldText(current[2])) continue;
    try {
      const url = new URL(href, pageUrl);
      if (url.host === page.host && url.pathname === page.pathname && url.search !== page.search) return href;
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Whether an element has three child elements or more, one of them of {@link CURRENT_TAGS}: what a
 * pagination's parent has. Read in place (most elements of a page have fewer: no list of them is made).
 */
function mayShowPages(parent: HTMLElement): boolean {
  let elements = 0;
  let current = false;
  for (const c of parent.childNodes) {
    if (c.nodeType !== 1) continue;
    elements++;
    if (!current && CURRENT_TAGS.has((c as HTMLElement).tagName)) current = true;
  }
  return elements >= 3 && current;
}

/** Least letters of an alphabetical index. */
const MIN_INDEX_LETTERS = 5;

/** Whether a text is an alphabetical index ('A B C D … Z', 'A | B | C …'): five or more words, each a single letter or digit. */
function isLetterIndex(text: string): boolean {
  if (text.length > 400) return false;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length >= MIN_INDEX_LETTERS && words.every((w) => w.length === 1);
}

/** Greyed items of a pagination: marked disabled (a letter without entries, a first page's 'Précédent'). */
const DISABLED_WORDS = /^(?:disabled|is-disabled|inactive|empty|vide|off|grey|gray|muted|unavailable)$/;

/**
 * The one item unlike the others among a pagination's unlinked items: the only one, else the
 * only one not marked disabled, else the only one whose tags and classes (its own and its
 * child's) no other has while the others share theirs (the current letter beside greyed letters).
 */
function oddOneOut(items: readonly HTMLElement[]): HTMLElement | undefined {
  if (items.length === 1) return items[0];
  const greyed = (el: HTMLElement): boolean => {
    if ((attrOf(el, 'aria-disabled') ?? '') === 'true') return true;
    const inner = el.childNodes.find((c): c is HTMLElement => c.nodeType === 1);
    return [...classWords(el), ...(inner ? classWords(inner) : [])].some((w) => DISABLED_WORDS.test(w));
  };
  const live = items.filter((el) => !greyed(el));
  if (live.length === 1) return live[0];
  if (live.length === 0 || live.length < items.length) return undefined;
  const shape = (el: HTMLElement): string => {
    const inner = el.childNodes.find((c): c is HTMLElement => c.nodeType === 1);
    return `${el.tagName}.${classText(el)}>${inner ? `${inner.tagName}.${classText(inner)}` : ''}`;
  };
  const counts = new Map<string, number>();
  for (const el of items) counts.set(shape(el), (counts.get(shape(el)) ?? 0) + 1);
  const alone = items.filter((el) => counts.get(shape(el)) === 1);
  return alone.length === 1 && items.length - 1 >= 2 ? alone[0] : undefined;
}

/** An option's text that names a page: '2', 'Page 2', 'Page 2 / 3', 'p. 2 sur 3', 'الصفحة 2'. */
const PAGE_OPTION = /^(?:page|p\.?|pg|الصفحة)? ?\d{1,5}(?: ?(?:\/|sur|of|de|من) ?\d{1,5})?$/u;
/** Most options a page select is read for. */
const MAX_PAGE_OPTIONS = 500;

/**
 * The next page of a pagination written as a `<select>` (changing it loads the page): a select
 * whose options all name pages ('Page 2 / 3') and whose values are URLs or queries ('?p=2',
 * '/liste/page/2'), or page numbers when the select has a name (then the page URL with its
 * `name` parameter set to N). The next page is the option after the selected one (or after the current page's).
 */
function selectedPageNext(elements: readonly HTMLElement[], current: number, pageUrl: string): string | undefined {
  for (const select of elements) {
    if (select.tagName !== 'SELECT') continue;
    const options = select.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && (c as HTMLElement).tagName === 'OPTION');
    if (options.length < 2 || options.length > MAX_PAGE_OPTIONS) continue;
    if (!options.every((o) => PAGE_OPTION.test(foldText(shortText(o, 40) ?? '')))) continue;
    let at = options.findIndex((o) => hasAttr(o, 'selected'));
    if (at < 0) at = options.findIndex((o) => (foldText(shortText(o, 40) ?? '').match(/\d{1,5}/)?.[0] ?? '') === String(current));
    const next = options[(at < 0 ? 0 : at) + 1];
    const value = next === undefined ? undefined : (attrOf(next, 'value') ?? '').trim();
    if (!value || value.startsWith('#') || value.toLowerCase().startsWith('javascript:')) continue;
    if (/[/?]/.test(value)) return value;
    const name = attrOf(select, 'name');
    if (name && /^\d{1,5}$/.test(value)) {
      const url = new URL(pageUrl);
      url.searchParams.set(name, value);
      return url.toString();
    }
  }
  return undefined;
}

/** The current page number: the URL's page parameter (page, p, pg, paged, pagina) or /page/N (/page,N), else the pagination's active element, else the numbered link to the page itself, else 1. */
function currentPage(elements: readonly HTMLElement[], pageUrl: string, told?: number): number {
  const url = new URL(pageUrl);
  for (const name of ['page', 'p', 'pg', 'paged', 'pagina', 'pageno', 'page_no', 'num']) {
    const v = url.searchParams.get(name);
    // A zero-based number ('?page=0' shown as '1': Spring Data, Drupal): the numbered link to this very page shows the page.
    if (v && /^\d{1,5}$/.test(v)) return numberLinkedHere(elements, url) ?? Number(v);
  }
  const path = /\/(?:page|p)[/,](\d{1,5})\/?$/.exec(url.pathname);
  if (path) return Number(path[1]);
  const active = elements.find((el) => (attrOf(el, 'aria-current') ?? '') === 'page' || hasCurrentClass(el));
  const n = active ? shortText(active, 8)?.trim() : undefined;
  if (n && /^\d{1,5}$/.test(n)) return Number(n);
  // The page's own words: 'Page 3 sur 7'.
  if (told !== undefined) return told;
  // Unmarked: the numbered link to this very page, else the number written as text between the pager's numbered links.
  return numberLinkedHere(elements, url) ?? unlinkedPageNumber(elements) ?? 1;
}

/** A pager's number as an element's whole text ('3'), bounded. */
function pagerNumber(el: HTMLElement | undefined): number | undefined {
  if (el === undefined) return undefined;
  const link = el.tagName === 'A' ? el : el.tagName === 'LI' ? el.childNodes.find((c): c is HTMLElement => (c as HTMLElement).tagName === 'A') : undefined;
  if (link === undefined || !hasAttr(link, 'href')) return undefined;
  const t = shortText(link, 8)?.trim();
  return t !== undefined && /^\d{1,5}$/.test(t) ? Number(t) : undefined;
}

/**
 * The current page of a pager that marks it only by writing it as text, no link, among its
 * numbered links ('1 2 <b>3</b> 4', ColdFusion's and classic PHP pagers over offset URLs,
 * `&startrow=11`, that the URL does not number): an element of {@link CURRENT_TAGS} without a link
 * whose whole text is a number, beside a numbered link to the page before or after it. Undefined
 * when none (a bold count '<b>20</b>' beside '1 2' is not one).
 */
function unlinkedPageNumber(elements: readonly HTMLElement[]): number | undefined {
  // Each parent's element children walked once (a sibling lookup per element would search the parent each time: quadratic on a wide page).
  for (const parent of elements) {
    if (parent.tagName === 'A') continue;
    let kids: HTMLElement[] | undefined;
    // (`at`: the element's place among the parent's element children.)
    for (let i = 0, at = -1; i < parent.childNodes.length; i++) {
      const el = parent.childNodes[i] as HTMLElement;
      if (el.nodeType !== 1) continue;
      at++;
      if (!CURRENT_TAGS.has(el.tagName) || el.childNodes.some((c) => (c as HTMLElement).tagName === 'A')) continue;
      const t = shortText(el, 8)?.trim();
      if (t === undefined || !/^\d{1,5}$/.test(t)) continue;
      kids ??= parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
      const n = Number(t);
      // (An `<li>` item's siblings are items holding their links; a bold number's, the links beside it.)
      if (pagerNumber(kids[at - 1]) === n - 1 || pagerNumber(kids[at + 1]) === n + 1) return n;
    }
  }
  return undefined;
}

/** The number shown by a numbered link to this very page (its query and path, the fragment aside), or undefined. */
function numberLinkedHere(elements: readonly HTMLElement[], url: URL): number | undefined {
  const here = `${url.origin}${url.pathname}${url.search}`;
  for (const el of elements) {
    if (el.tagName !== 'A') continue;
    const t = shortText(el, 8)?.trim();
    const href = t && /^\d{1,5}$/.test(t) ? attrOf(el, 'href') : undefined;
    if (href === undefined) continue;
    try {
      const u = new URL(href, url);
      if (`${u.origin}${u.pathname}${u.search}` === here) return Number(t);
    } catch {
      // not a URL: not this page
    }
  }
  return undefined;
}

/**
 * The current and last page the page says in its own words ('Page 3 sur 7', 'Page 3 / 7',
 * 'الصفحة 3 من 7'): the first element outside links and scripts whose own text says 'page' /
 * 'الصفحة' and whose short text (80 characters at most) is read so by {@link pageOfText}.
 */
function toldPage(elements: readonly HTMLElement[]): { current: number; last: number } | undefined {
  for (const el of elements) {
    if (el.tagName === 'A' || el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'OPTION') continue;
    if (!el.childNodes.some((c) => c.nodeType === 3 && /page|الصفحة/i.test(c.rawText))) continue;
    const text = shortText(el, 80);
    const told = text === undefined ? undefined : pageOfText(text);
    if (told) return told;
  }
  return undefined;
}

/**
 * Whether a block is the page's complementary region (an `<aside>`, `role="complementary"`: Drupal's
 * featured-bottom region, a sidebar): its 'More' ('المزيد' under a news block) opens another list, never the listing's next page.
 */
function isComplementary(el: HTMLElement): boolean {
  return el.tagName === 'ASIDE' || (el.rawAttrs.includes('complementary') && (attrOf(el, 'role') ?? '').toLowerCase() === 'complementary');
}

/** Blocks whose "En savoir plus" / "More" is never the listing's: cookie and consent banners, newsletters, pop-ups, the footer. */
const NOT_LISTING_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr', 'rgpd', 'newsletter', 'modal', 'popup', 'footer']);

function foldText(s: string): string {
  // (ASCII text has no accents: decomposing it and removing marks changes nothing.)
  if (/^[\x00-\x7f]*$/.test(s)) return collapseSpaces(s.toLowerCase());
  return collapseSpaces(s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Text listings in <pre> (a PDF list pasted into a page)

/** Longest <pre> text read, and most lines of one record. */
const MAX_PRE = 2_000_000;
const MAX_RECORD_LINES = 12;
/** A line that only separates (rules of '=', '-', '_', '*'). */
const RULE_LINE = /^[\s=\-_*~#.]{5,}$/;
/** A record number before its name: 'N° 012', '012 -', '12.', '(12)'. */
const RECORD_NUMBER = /^(?:n[°ºo]\s?|no\.?\s?|#\s?)?\(?\d{1,5}\)?(?:\s?[-–.):]\s?|\s{2})\s*/iu;
/** A line that starts with a field label is a field, not a name. */
const FIELD_LINE = /^(?:t[ée]l|tel\b|t[ée]l[ée]phone|mob|mobile|gsm|portable|fixe|fax|t[ée]l[ée]copie|e-?mail|courriel|adresse|site|web|rc\b|nif\b|activit|الهاتف|الفاكس|البريد|العنوان)/iu;

/**
 * The records of text listings written in a `<pre>` (a PDF list converted to text): the text
 * is cut into blocks at blank lines, form feeds and rule lines; a block is a record when its
 * first line is a name (letters, not a field label: a record number before it removed, columns
 * after three spaces cut off) and its other lines are indented deeper than the name (the
 * layout of every such list), or, when no block is indented so, when it has a contact line. A
 * first line found in several blocks is a running page header, never a record. Each record is
 * returned as an element `<div><b>name</b><br>line<br>…</div>`, read like any entry. Empty
 * unless two records are found. `<pre>` in the page chrome is not read. Linear in the text.
 */
export function preRecords(pres: readonly HTMLElement[]): HTMLElement[] {
  type Block = { name: string; indent: number; lines: { text: string; indent: number }[] };
  const blocks: Block[] = [];
  for (const pre of pres) {
    if (isInsideChrome(pre)) continue;
    const text = pre.text.slice(0, MAX_PRE);
    let current: Block | undefined;
    for (const raw of text.split(/\r\n|\r|\n|\f/)) {
      const line = raw.replace(/\t/g, '    ').trimEnd();
      if (line.trim() === '' || RULE_LINE.test(line)) {
        current = undefined;
        continue;
      }
      const indent = line.length - line.trimStart().length;
      if (current === undefined) {
        const name = line.trim().replace(RECORD_NUMBER, '').split(/\s{3,}/)[0].trim();
        current = { name, indent, lines: [] };
        blocks.push(current);
      } else if (current.lines.length < MAX_RECORD_LINES) current.lines.push({ text: line.trim(), indent });
    }
  }
  const firsts = new Map<string, number>();
  for (const b of blocks) firsts.set(b.name, (firsts.get(b.name) ?? 0) + 1);
  const named = blocks.filter((b) => /\p{L}{2}/u.test(b.name) && !FIELD_LINE.test(b.name) && !b.name.includes('@') && (firsts.get(b.name) ?? 0) === 1 && b.lines.length > 0);
  const indented = named.filter((b) => b.lines.every((l) => l.indent > b.indent));
  const contactLine = (l: { text: string }) => l.text.includes('@') || /\(at\)|\[at\]|arobase/i.test(l.text) || (l.text.match(/\d/g) ?? []).length >= 8;
  const records = indented.length >= 2 ? indented : named.filter((b) => b.lines.some(contactLine));
  if (records.length < 2) return [];
  const html = records.map((r) => `<div class="pre-record"><b>${escapeHtml(r.name)}</b><br>${r.lines.map((l) => escapeHtml(l.text)).join('<br>')}</div>`).join('');
  return parseHtml(`<div>${html}</div>`).querySelectorAll('div.pre-record');
}

/** Whether an element is inside the page's header, footer, nav or a chrome block. */
function isInsideChrome(el: HTMLElement): boolean {
  for (let a: HTMLElement | null = el; a; a = a.parentNode) {
    if (a.tagName === 'HEADER' || a.tagName === 'FOOTER' || a.tagName === 'NAV' || a.tagName === 'ASIDE') return true;
  }
  return false;
}
