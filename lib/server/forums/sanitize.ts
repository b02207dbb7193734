import "server-only";
import sanitizeHtml from "sanitize-html";
import { type ImageSourceOptions, judgeImageSource } from "@/lib/image-url";
import { judgeLinkHref } from "@/lib/link-url";
import { MAX_ID } from "@/lib/schemas/ids";
import { EMPTY_CONTENT_MESSAGE, STORED_CONTENT_MAX } from "@/lib/schemas/forums";
import { AppError } from "../errors";

// The one gate for user HTML (forum posts, news; docs/forums.md, The HTML allowlist): an allowlist of what the editor
// makes, nothing else. Stored copies are always this function's output, and pages render only
// stored copies. Everything not listed is dropped: scripts and their text, event handlers,
// style beyond text alignment, javascript:/data: and relative URLs, SVG, frames, forms. Images
// follow the one rule of lib/image-url.ts (judgeImageSource): another site's http(s) image, or
// one of this site's image paths; every other <img> is dropped. Links follow lib/link-url.ts
// (judgeLinkHref): http(s), or a path on this site. Two structures of the editor carry ids, and
// are kept exactly: a mention `<span data-mention="<id>">text</span>` (text only inside; every
// other span is dropped, its text kept) and a quote `<blockquote data-quote-post="<id>"
// data-quote-user="<id>">` (each attribute only with a positive id; the user only beside a post).

/** A positive id in an attribute: digits only, no sign or leading zero, in the columns' range. */
export function attributeId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

/**
 * A tag to drop with its text kept gets a fresh attribute object remembered here, and the
 * exclusive filter answers "excludeTag" for it. Not a rename to some unlisted tag: sanitize-html
 * forgets to clear a renamed tag that it then discards, and would close the next sibling kept at
 * that depth with the made-up name. (The attributes are filtered in place, so the object is the
 * one the filter sees.)
 */
type Dropped = WeakSet<sanitizeHtml.Attributes>;
const drop = (dropped: Dropped, tagName: string) => {
  const attribs: sanitizeHtml.Attributes = {};
  dropped.add(attribs);
  return { tagName, attribs };
};

/** `<a>`: its address judged by the link rule. Outside links open in a new tab, marked nofollow. */
function linkAttributes(href: string | undefined): sanitizeHtml.Attributes {
  const judged = judgeLinkHref(href ?? "");
  if (judged.kind === "site") return { href: judged.href };
  return { ...(judged.kind === "outside" ? { href: judged.href } : {}), rel: "nofollow ugc noopener noreferrer", target: "_blank" };
}

function quoteAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const post = attributeId(attribs["data-quote-post"]);
  if (post === null) return {};
  const user = attributeId(attribs["data-quote-user"]);
  return { "data-quote-post": String(post), ...(user === null ? {} : { "data-quote-user": String(user) }) };
}

const ALIGN = [/^(left|right|center|justify)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "h1", "h2", "ul", "ol", "li", "hr", "img", "a", "blockquote", "code", "pre", "span"],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    span: ["data-mention"],
    blockquote: ["data-quote-post", "data-quote-user"],
    img: ["src", "alt", "title"],
    p: ["style"],
    h1: ["style"],
    h2: ["style"],
  },
  allowedStyles: { p: { "text-align": ALIGN }, h1: { "text-align": ALIGN }, h2: { "text-align": ALIGN } },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Older spellings the editor understands, stored in the one form it makes.
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h3: "h2",
    h4: "h2",
    h5: "h2",
    h6: "h2",
    div: "p",
    a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs.href) }),
    blockquote: (tagName, attribs) => ({ tagName, attribs: quoteAttributes(attribs) }),
  },
};

/**
 * sanitize-html's options for one run. A mention span holds text only: any tag opened inside one
 * is dropped (its text kept), so the span is exactly `<span data-mention="<id>">text</span>`.
 * Depth is counted with the parser's open and close events (void tags close at once).
 */
function withMentions(options: sanitizeHtml.IOptions): sanitizeHtml.IOptions {
  let depth = 0;
  let mentionDepth: number | null = null;
  const dropped: Dropped = new WeakSet();
  const transforms = options.transformTags ?? {};
  const inMention = () => mentionDepth !== null && depth > mentionDepth;
  const wrap = Object.fromEntries(
    Object.entries(transforms).map(([name, t]) => [
      name,
      (tagName: string, attribs: sanitizeHtml.Attributes) => {
        if (inMention()) return drop(dropped, tagName);
        return typeof t === "string" ? { tagName: t, attribs } : t(tagName, attribs);
      },
    ]),
  );
  const inner = options.exclusiveFilter;
  return {
    ...options,
    exclusiveFilter: (frame) => (dropped.has(frame.attribs) ? "excludeTag" : (inner?.(frame) ?? false)),
    onOpenTag: () => {
      depth++;
    },
    onCloseTag: () => {
      if (mentionDepth === depth) mentionDepth = null;
      depth--;
    },
    transformTags: {
      ...wrap,
      "*": (tagName, attribs) => {
        if (inMention() || dropped.has(attribs)) return drop(dropped, tagName);
        if (tagName !== "span") return { tagName, attribs };
        const id = attributeId(attribs["data-mention"]);
        if (id === null) return drop(dropped, tagName);
        mentionDepth = depth;
        return { tagName, attribs: { "data-mention": String(id) } };
      },
    },
  };
}

/**
 * The image rule's settings. Writes go through prepareContent (lib/server/content/prepare-content.ts),
 * which passes this deployment's SITE_URL and IMAGE_PROXY_ALLOW_PRIVATE; without `site`, an absolute
 * address on this site's host is judged like any other site's.
 */
export type ImageOptions = ImageSourceOptions & {
  /** The stored address of each outside image (the image proxy's path); without it, the parsed address. */
  outside?: (url: string) => string;
};

/**
 * User HTML → the stored copy. Safe to run twice (the output is a fixed point). Each kept image
 * is stored in its checked form: a site image as judged, an outside image as `images.outside`
 * makes it (the image proxy's path) or else as the URL parser normalised it.
 */
export function sanitizePostHtml(raw: string, images: ImageOptions = {}): string {
  const rule: ImageSourceOptions = { site: images.site, allowPrivate: images.allowPrivate };
  const transformTags = {
    ...OPTIONS.transformTags,
    img: (tagName: string, attribs: sanitizeHtml.Attributes) => {
      const judged = judgeImageSource(attribs.src ?? "", rule);
      if (judged.kind === "refused") return { tagName, attribs }; // dropped by the filter below
      const src = judged.kind === "site" ? judged.src : images.outside ? images.outside(judged.url.href) : judged.url.href;
      return { tagName, attribs: { ...attribs, src } };
    },
  };
  // Judged again after the change above (and after the scheme check, which may have removed the
  // src): the stored forms are all kept by the rule, so the output is a fixed point.
  const exclusiveFilter = (frame: sanitizeHtml.IFrame) => frame.tag === "img" && judgeImageSource(frame.attribs.src ?? "", rule).kind === "refused";
  return sanitizeHtml(raw, withMentions({ ...OPTIONS, transformTags, exclusiveFilter })).trim();
}

/** The addresses of the images kept in stored HTML, entities decoded, each once. */
export function imageSources(clean: string): string[] {
  const found = new Set<string>();
  sanitizeHtml(clean, {
    ...OPTIONS,
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && frame.attribs.src) found.add(frame.attribs.src);
      return false;
    },
  });
  return [...found];
}

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"],
};

/** Plain text of stored HTML (previews, search snippets): tags dropped, blocks spaced, entities decoded. */
export function htmlToText(html: string, max?: number): string {
  const spaced = html.replace(/<\/(p|h1|h2|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi, " ");
  const text = decodeEntities(sanitizeHtml(spaced, TEXT_ONLY)).replace(/\s+/g, " ").trim();
  if (max === undefined || text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/**
 * Sanitises a body for storage, or throws a field error under `field` (default `content`) when
 * nothing would be left to read (no text and no image) or the stored copy is too long.
 */
export function cleanContent(raw: string, field = "content", images: ImageOptions = {}): string {
  const clean = sanitizePostHtml(raw, images);
  if (!htmlToText(clean) && !/<img\s/i.test(clean)) throw new AppError("VALIDATION", { fields: { [field]: [EMPTY_CONTENT_MESSAGE] } });
  if (clean.length > STORED_CONTENT_MAX) {
    throw new AppError("VALIDATION", {
      fields: { [field]: [`The post is too long: at most ${STORED_CONTENT_MAX.toLocaleString("en-US")} characters of formatted text.`] },
    });
  }
  return clean;
}
