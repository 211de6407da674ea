import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { event } from '../db/schema.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import { recordId } from './record-id.ts';

/** What a chat app or social site shows for a shared link (Open Graph and Twitter cards). */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute address of the picture. */
  image: string;
  /** Absolute address of the page. */
  url: string;
  siteName: string;
}

/** Text for an HTML attribute or element: the five characters HTML gives meaning to, escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** About what previews show (Facebook and Slack cut near 200): a whole word, then an ellipsis. */
const DESCRIPTION_CHARS = 200;

export function shorten(text: string, max = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * index.html with the preview's tags: its <title> replaced (so the tab reads as the page will), and
 * Open Graph and Twitter card tags added at the end of <head>, every value escaped.
 */
export function withPreview(indexHtml: string, preview: PagePreview): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', preview.siteName),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:image', preview.image),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image),
  ].join('\n    ');
  const title = `<title>${escapeHtml(`${preview.title} · ${preview.siteName}`)}</title>`;
  // Functions as replacements: a `$&` in a title stays text.
  const titled = /<title>[\s\S]*?<\/title>/.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => title)
    : indexHtml.replace('</head>', () => `${title}\n  </head>`);
  return titled.replace('</head>', () => `  ${tags}\n  </head>`);
}

const eventPagePath = /^\/eventDetails\/([^/?#]+)\/?(?:[?#].*)?$/;

/**
 * The HTML of /eventDetails/{id} with the event's preview, so a shared link shows its title, words
 * and banner in chat apps (which do not run the page's JavaScript). Null for any other page or an
 * unknown event: the caller sends the page as it is.
 */
export function eventPreviewPages(db: Database, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, '');
  return async (url: string, pageHtml: string): Promise<string | null> => {
    const match = eventPagePath.exec(url);
    const id = match?.[1] && recordId(match[1]);
    if (!id) return null;
    const [row] = await db
      .select({ id: event.id, title: event.title, desc: event.desc, banner: event.banner })
      .from(event)
      .where(eq(event.id, id))
      .limit(1);
    if (!row) return null;
    const settings = await readSiteSettings(db);
    return withPreview(pageHtml, {
      title: row.title,
      description: shorten(row.desc),
      image: /^https?:\/\//i.test(row.banner) ? row.banner : `${origin}${row.banner}`,
      url: `${origin}/eventDetails/${row.id}`,
      siteName: settings.name,
    });
  };
}
