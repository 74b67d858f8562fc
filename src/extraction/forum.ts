/**
 * Forum topics (phpBB, vBulletin, XenForo, Discourse, SMF, MyBB, Invision, Flarum, FluxBB): a
 * topic is a list of posts, and the companies are in the posts' text, never in a post's furniture:
 * its author (the profile beside the post, 'par <strong>Sarah_Tolga</strong> » 05/09/2026'), its
 * title ('Re: Liste des grossistes …', a link to the post itself), its signature, its buttons, nor
 * a quote's attribution ('OuledDjellal_Pro a écrit :'). That furniture is removed before the page
 * is read, so each post is read as the text its member typed.
 */
import type { HTMLElement } from 'node-html-parser';
import { attrOf, classText, type ParsedPage } from './parse';
import { classWords } from './items';
import { markForumPosts } from './forumPosts';

/** A post's id as forum engines write it: phpBB `p51234`, vBulletin `post_123`, SMF `msg123`, XenForo `js-post-123`, Invision `elComment_123`. */
const POST_ID = /^(?:p|post|post[-_]|msg|js-post-|elComment_|comment-)\d{1,12}$/i;

/** Class words of a forum post's block (vBulletin's `postcontainer`, XenForo's `message`, Flarum's `Post`, phpBB's `post`). */
const POST_WORDS = new Set(['post', 'postcontainer', 'postbit', 'postbitlegacy', 'message', 'topic', 'cpost']);

/**
 * A link to a member's profile: phpBB `memberlist.php?mode=viewprofile&u=300`, vBulletin
 * `member.php?u=1`, SMF `index.php?action=profile;u=1`, XenForo `/members/x.1/`, Discourse `/u/x`,
 * Invision `/profile/1-x/`, MyBB `member.php?action=profile&uid=1`, FluxBB `profile.php?id=1`.
 */
const MEMBER_LINK = /(?:memberlist\.php\?[^#]{0,200}mode=viewprofile|member\.php\?|[?&;]action=profile|profile\.php\?|showuser=|\/members?\/[^/?#]|\/u\/[^/?#]|\/users?\/[^/?#]|\/profile\/\d)/i;

/**
 * Class words of a post's furniture: its author's block and name (`postprofile`, `author`,
 * `username`, `poster`, `userinfo`, XenForo's `message-userDetails`, Discourse's `names`), its
 * head and meta line (`posthead`, `postinfo`, `keyinfo`, `topic-meta-data`), its signature, its
 * foot and buttons (`postfoot`, `post-buttons`, `back2top`), a quote's attribution
 * (`bbcode_postedby`, `bbCodeBlock-title`).
 */
const FURNITURE_WORDS = new Set([
  'postprofile', 'author', 'username', 'postauthor', 'poster', 'userinfo', 'userdetails', 'usertitle', 'names', 'avatar', 'cauthorpane',
  'postuser', 'postmeta', 'posthead', 'postheader', 'postinfo', 'postdetails', 'keyinfo', 'attribution', 'signature', 'postfoot',
  'postfooter', 'back2top', 'buttons', 'postedby', 'profile',
]);

/** Class words of a post's body, the text its member typed (vBulletin's `postbody` / `postcontent`, phpBB's `postbody` / `content`, XenForo's `message-body`). */
const BODY_WORDS = new Set(['postbody', 'postcontent', 'postmessage', 'posttext', 'messagebody', 'messagecontent', 'bbwrapper']);

/** Elements looked at, at most, in one post. */
const MAX_POST_ELEMENTS = 3_000;
/** Posts looked at, at most, on one page. */
const MAX_POSTS = 500;

/**
 * A WordPress post's type class (`post_class()` writes `type-post`, `type-page`, `type-gd_place` …):
 * an article of a blog or a directory plugin, no forum post, though its id is `post-123` and its
 * byline links its author's member page. bbPress's topics and replies (`type-topic`, `type-reply`)
 * are a forum's.
 */
const WP_POST_TYPE = /(?:^|\s)type-(?!(?:topic|reply|forum)(?:\s|$))[a-z0-9_-]{1,40}(?:\s|$)/i;

/** Whether an element is a forum post's block: a post's id, or a post's class word (`data-post-id` too); never a WordPress article ({@link WP_POST_TYPE}). */
function isPostBlock(el: HTMLElement): boolean {
  if (el.classList.length > 0 && WP_POST_TYPE.test(classText(el))) return false;
  if (el.id !== '' && POST_ID.test(el.id)) return true;
  if (el.rawAttrs.includes('data-post-id')) return true;
  return classWords(el).some((w) => POST_WORDS.has(w.toLowerCase()));
}

/** A post and the elements inside it, in document order, at most `MAX_POST_ELEMENTS`. */
function postParts(post: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  const stack: HTMLElement[] = [post];
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_POST_ELEMENTS) {
    const e = stack.pop()!;
    out.push(e);
    for (let i = e.childNodes.length - 1; i >= 0; i--) {
      const c = e.childNodes[i];
      if (c.nodeType === 1) stack.push(c as HTMLElement);
    }
  }
  return out;
}

/** Whether a word of an element's class or id names a post's furniture ('message-userDetails' -> userdetails). */
function isFurniture(el: HTMLElement): boolean {
  if (el.tagName === 'CITE') return true;
  // The post's author as schema.org microdata marks him (Discourse's view without scripts: `span.creator[itemprop=author]`).
  // A quote's title naming the quoted member, beside the quoted text (Discourse's `aside.quote[data-username]` > `div.title` 'x:' + `blockquote`).
  const up = el.parentNode;
  if (up !== null && el.tagName !== 'BLOCKQUOTE' && up.tagName === 'ASIDE' && up.rawAttrs.includes('data-username')) return true;
  if (el.rawAttrs.includes('itemprop') && /(?:^|\s)itemprop\s{0,3}=\s{0,3}["']?author["'\s>]/i.test(` ${el.rawAttrs}>`)) return true;
  return classWords(el).some((w) => FURNITURE_WORDS.has(w.toLowerCase()));
}

/** Most ancestors climbed from a post's part to its post ({@link inSignature}). */
const MAX_PART_DEPTH = 40;

/**
 * Whether a part of a post stands in its signature: XenForo renders a signature's BB code in the
 * same `bbWrapper` as the post's body (`aside.message-signature > div.bbWrapper`), which makes it
 * no body (the signature goes with the rest of the furniture). Bounded climb.
 */
function inSignature(el: HTMLElement, post: HTMLElement): boolean {
  let up: HTMLElement | null = el;
  for (let depth = 0; up !== null && up !== post && depth <= MAX_PART_DEPTH; depth++, up = up.parentNode) if (classWords(up).some((w) => w.toLowerCase() === 'signature')) return true;
  return false;
}

/** Longest text of a quote's attribution ({@link isQuoteTitle}). */
const MAX_QUOTE_TITLE = 120;

/**
 * Whether an element is a quote's attribution line, the first element of a quote block (a
 * `<blockquote>`, or a block classed as a quote) whose short text ends in a colon: XenForo's
 * `blockquote.bbCodeBlock--quote > div.bbCodeBlock-title` 'Wassila a dit :', 'X wrote:',
 * 'Citation de X :'. The quoted text follows it; the line itself names no company.
 */
function isQuoteTitle(el: HTMLElement): boolean {
  const up = el.parentNode;
  if (up === null || (up.tagName !== 'BLOCKQUOTE' && !classWords(up).some((w) => /quote$/i.test(w)))) return false;
  if (up.childNodes.find((c) => c.nodeType === 1 || (c.nodeType === 3 && c.text.trim() !== '')) !== el) return false;
  const text = el.text;
  return text.length <= MAX_QUOTE_TITLE && /:\s*$/.test(text);
}

/** Whether a heading is a post's title: a link to the post itself (`#p51234`), or a reply's 'Re: …'. */
function isPostTitle(el: HTMLElement, post: HTMLElement): boolean {
  if (!/^H[1-6]$/.test(el.tagName)) return false;
  if (/^\s*re\s?:/i.test(el.text)) return true;
  if (post.id === '') return false;
  return el.querySelectorAll('a').some((a) => (attrOf(a, 'href') ?? '').endsWith(`#${post.id}`));
}

/** A post's number in its topic as forums write it on its permalink: '#3', '# 12', 'N° 4' (never a company's name). */
const POST_NUMBER = /^(?:#|n[°º])\s?\d{1,6}$/iu;

/**
 * Whether a link of a post is the post's number, its permalink ('#3' linking
 * `showthread.php?tid=1&pid=88412#pid88412`): its whole text a number after '#' or 'N°', and its
 * address a page (not a `mailto:` nor `tel:`). Text read only when short.
 */
function isPostNumber(a: HTMLElement): boolean {
  const raw = a.rawText;
  if (raw.length > 40) return false;
  const href = (attrOf(a, 'href') ?? '').trim().toLowerCase();
  return !href.startsWith('mailto:') && !href.startsWith('tel:') && POST_NUMBER.test(a.text.trim());
}

/**
 * A post's action link by its address: a reaction ('J'aime', 'Like': XenForo's `/posts/1/react?reaction_id=1`,
 * vBulletin's `do=like`), a reply quoting it (`reply?quote=1`, phpBB's `posting.php?mode=quote`), a report.
 */
const POST_ACTION = /(?:[?&;](?:quote=|reaction_id=|do=(?:like|reply|quote|report)|mode=(?:quote|reply|report)\b)|\/(?:react|reply|report|like|quote)(?:[/?#]|$))/i;

/** The host of an absolute or protocol-relative href ('https://x.test/…', '//x.test/…'); undefined for a relative one. */
function hostOf(href: string): string | undefined {
  const m = /^(?:[a-z][a-z0-9+.-]{0,20}:)?\/\/([^/?#\s]{1,253})/i.exec(href.trim());
  return m === null ? undefined : m[1].toLowerCase();
}

/**
 * Whether a link of a post is one of its action buttons ({@link POST_ACTION}): a short text, no contact in it, and
 * the forum's own (a relative href, or one on the host of the post's member links): a company's own site in the post,
 * 'https://batimetal.test/quote', a page's 'https://www.facebook.com/garage.nour/like', names that company.
 */
function isPostAction(a: HTMLElement, forumHosts: ReadonlySet<string>): boolean {
  const href = attrOf(a, 'href') ?? '';
  if (href.length > 300 || a.rawText.length > 60 || /^(?:mailto|tel):/i.test(href.trim())) return false;
  const host = hostOf(href);
  if (host !== undefined && !forumHosts.has(host)) return false;
  const text = a.text.slice(0, 60);
  return POST_ACTION.test(href) && !text.includes('@') && (text.match(/\d/g)?.length ?? 0) < 6;
}

/**
 * Removes the furniture of a page's forum posts (see the module's comment): a post is a block with
 * a post's id or class that holds a link to a member's profile (its author's) and a part its
 * template names as furniture (`postprofile`, `author`, `signature` …); the outermost such blocks
 * only, two at least. A page without such posts is left as it is. Returns the posts.
 */
export function stripForumFurniture(page: ParsedPage): Set<HTMLElement> {
  const posts: HTMLElement[] = [];
  // (A post holds a link to a member's profile: a page without any has none, and its elements are not looked at.)
  if (!page.byTag('A').some((a) => MEMBER_LINK.test(attrOf(a, 'href') ?? ''))) return new Set();
  const inPost = new Set<HTMLElement>();
  for (const el of page.elements) {
    if (posts.length >= MAX_POSTS) break;
    if (el.parentNode !== null && inPost.has(el.parentNode)) {
      inPost.add(el);
      continue;
    }
    if (!isPostBlock(el)) continue;
    const parts = postParts(el);
    // (A forum's template marks the post's parts too: a card linking a member's page is no post without them.)
    if (!parts.some((a) => a.tagName === 'A' && MEMBER_LINK.test(attrOf(a, 'href') ?? '')) || !parts.some((e) => e !== el && isFurniture(e) && e.tagName !== 'CITE')) continue;
    posts.push(el);
    inPost.add(el);
  }
  // (Two posts at least: a topic, not one block of a page that links its author.)
  if (posts.length < 2) return new Set();
  for (const post of posts) {
    const parts = postParts(post);
    // (The forum's host, as its member links write it when absolute: an action link elsewhere is no action of the forum's.)
    const forumHosts = new Set<string>();
    for (const e of parts) {
      const host = e.tagName === 'A' && MEMBER_LINK.test(attrOf(e, 'href') ?? '') ? hostOf(attrOf(e, 'href')!) : undefined;
      if (host !== undefined) forumHosts.add(host);
    }
    // The blocks around the post's body: no furniture, though named so (vBulletin 4's postbit
    // `postdetails` holds both the author's `userinfo` and the `postbody`); the furniture inside goes.
    const aroundBody = new Set<HTMLElement>();
    for (const e of parts) {
      if (e === post || !classWords(e).some((w) => BODY_WORDS.has(w.toLowerCase())) || inSignature(e, post)) continue;
      for (let up = e.parentNode; up !== null && up !== post && !aroundBody.has(up); up = up.parentNode) aroundBody.add(up);
    }
    for (const e of parts) {
      if (e === post || e.parentNode === null) continue;
      if ((isFurniture(e) && !aroundBody.has(e)) || isPostTitle(e, post) || isQuoteTitle(e)) {
        e.remove();
        continue;
      }
      // A member's name linked to the profile: the largest block around it holding only it ('<dt><a>X</a></dt>').
      // (And the post's number in the topic, '#3', a link to the post itself: MyBB's `post_head`, vBulletin's `postcounter`.)
      // A post's action link ('J'aime', 'Répondre', 'Signaler') names nothing.
      if (e.tagName === 'A' && isPostAction(e, forumHosts)) {
        e.remove();
        continue;
      }
      if (e.tagName === 'A' && (MEMBER_LINK.test(attrOf(e, 'href') ?? '') || isPostNumber(e))) {
        const name = e.text.trim();
        let top = e;
        while (top.parentNode !== null && top.parentNode !== post && top.parentNode.text.trim() === name) top = top.parentNode;
        top.remove();
      }
    }
  }
  markForumPosts(posts);
  return new Set(posts);
}

/** Characters of an entry's opening text looked at for a company introduced in a sentence. */
const MAX_INTRO = 300;

/**
 * The words a member writes before his company's name when he introduces it in a sentence (a forum
 * reply, a comment): 'je travaille chez X', 'je suis le gérant de X', 'notre entreprise : X', 'je
 * vous présente notre société X', 'nous sommes X', 'I work at X'. The name is what follows, from a
 * capital up to a bracket or a punctuation mark ('… chez SARL Multiservices Guelma (Héliopolis), on …').
 */
const INTRODUCED_NAME = /(?:^|[\s,.;!])(?:[Jj]e travaille (?:chez|pour|au sein de)|[Nn]ous sommes|[Jj]e suis (?:le |la )?(?:g[ée]rante?|directeur|directrice|responsable|propri[ée]taire|patron)(?: de| du| chez)|(?:[Jj]e vous pr[ée]sente |[Vv]oici )?(?:[Nn]otre|[Mm]on|[Mm]a) (?:entreprise|soci[ée]t[ée]|agence|bo[iî]te|cabinet)(?: s['’]appelle| se nomme| est)?|[Jj]e vous pr[ée]sente|I work (?:at|for)|[Ww]e are)[ \t]?:?[ \t](\p{Lu}[^(),.;:!?\n]{1,80})/u;

/**
 * A company introduced in a sentence of the entry's opening text ({@link INTRODUCED_NAME}): a
 * forum reply whose member names his company in what he writes, no line or mark setting it apart.
 */
export function introducedName(el: HTMLElement): string | undefined {
  const m = INTRODUCED_NAME.exec(el.text.slice(0, MAX_INTRO));
  const name = m ? m[1].replace(/\s+/g, ' ').trim() : '';
  return name.length >= 2 && /\p{L}{2}/u.test(name) ? name : undefined;
}
