/**
 * Hard cases met on holdout-72: a chat channel's web preview whose older posts are reached only
 * through a text-less 'load more' link with no rel. Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("a channel preview's older posts behind a text-less loader link", () => {
  const post = (name: string, phone: string) =>
    `<div class="msg_wrap"><div class="msg"><div class="msg_text">🛒 <b>${name}</b><br>📍 Adrar<br>☎️ ${phone}</div></div></div>`;
  const feed = (more: string) =>
    `<html><head><title>Canal</title></head><body><section class="channel_history">${more}${post('SARL Un', '049 41 20 10')}${post('SARL Deux', '049 41 20 11')}${post('SARL Trois', '049 41 20 12')}</section></body></html>`;

  test("a link whose class says it loads more, to this path with a 'before' cursor and no rel, gives the older posts' page", () => {
    const page = readListing(feed('<div class="centered"><a href="/s/canal?before=88" class="messages_more js-messages_more" data-before="88"></a></div>'), 'https://t.test/s/canal');
    expect(page.next).toBe('https://t.test/s/canal?before=88');
    expect(read(feed(''), 'https://t.test/s/canal')).toEqual({
      'SARL Un': { phones: ['+21349412010'], emails: [] },
      'SARL Deux': { phones: ['+21349412011'], emails: [] },
      'SARL Trois': { phones: ['+21349412012'], emails: [] },
    });
  });

  test("a cursor link to another path, or one whose class says nothing of loading, is no next page", () => {
    expect(readListing(feed('<a href="/s/autre_canal?before=88" class="messages_more"></a>'), 'https://t.test/s/canal').next).toBeUndefined();
    expect(readListing(feed('<a href="/s/canal?before=88" class="share_link"></a>'), 'https://t.test/s/canal').next).toBeUndefined();
  });
});
