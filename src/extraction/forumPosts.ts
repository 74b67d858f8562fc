/**
 * The forum posts found on the pages read ({@link markForumPosts}, by `stripForumFurniture` in
 * `forum.ts`), asked about by the rules that read a post's body its own way (`items.ts`). Kept
 * apart so that neither module imports the other.
 */
import type { HTMLElement } from 'node-html-parser';

/** The posts found, on any page read (a weak set: a page's elements go with it). */
const FORUM_POSTS = new WeakSet<HTMLElement>();
/** Most ancestors climbed looking for a forum post. */
const MAX_POST_DEPTH = 12;

/** Records a page's forum posts. */
export function markForumPosts(posts: Iterable<HTMLElement>): void {
  for (const post of posts) FORUM_POSTS.add(post);
}

/** Whether an element is inside a forum post found on its page (the text a member typed). Bounded climb. */
export function inForumPost(el: HTMLElement): boolean {
  let up: HTMLElement | null = el;
  for (let depth = 0; up !== null && depth <= MAX_POST_DEPTH; depth++, up = up.parentNode) if (FORUM_POSTS.has(up)) return true;
  return false;
}
