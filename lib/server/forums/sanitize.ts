import "server-only";
import sanitizeHtml from "sanitize-html";
import { EMPTY_CONTENT_MESSAGE, STORED_CONTENT_MAX } from "@/lib/schemas/forums";
import { AppError } from "../errors";

// The one gate for user HTML (forum posts, news; DESIGN.md §5): an allowlist of what the editor
// makes, nothing else. Stored copies are always this function's output, and pages render only
// stored copies. Everything not listed is dropped: scripts and their text, event handlers,
// style beyond text alignment, javascript:/data: and relative URLs, SVG, frames, forms.

const ALIGN = [/^(left|right|center|justify)$/];

/** An image from an absolute http(s) address or a path on this site, nothing else. */
const SAFE_IMAGE_SRC = /^(https?:\/\/[^\s/]+|\/(?!\/))/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "h1", "h2", "ul", "ol", "li", "hr", "img", "a", "blockquote", "code", "pre"],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "title"],
    p: ["style"],
    h1: ["style"],
    h2: ["style"],
  },
  allowedStyles: { p: { "text-align": ALIGN }, h1: { "text-align": ALIGN }, h2: { "text-align": ALIGN } },
  allowedSchemes: ["http", "https", "mailto"],
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
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: "nofollow ugc noopener noreferrer", target: "_blank" },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !SAFE_IMAGE_SRC.test(frame.attribs.src ?? ""),
};

/**
 * User HTML → the stored copy. Safe to run twice (the output is a fixed point). `imageSrc`
 * may replace the address of each kept image (the image proxy's path for outside images).
 */
export function sanitizePostHtml(raw: string, imageSrc?: (src: string) => string): string {
  if (!imageSrc) return sanitizeHtml(raw, OPTIONS).trim();
  const transformTags = {
    ...OPTIONS.transformTags,
    img: (tagName: string, attribs: sanitizeHtml.Attributes) => ({ tagName, attribs: attribs.src ? { ...attribs, src: imageSrc(attribs.src) } : attribs }),
  };
  return sanitizeHtml(raw, { ...OPTIONS, transformTags }).trim();
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

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"] };

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
export function cleanContent(raw: string, field = "content", imageSrc?: (src: string) => string): string {
  const clean = sanitizePostHtml(raw, imageSrc);
  if (!htmlToText(clean) && !/<img\s/i.test(clean)) throw new AppError("VALIDATION", { fields: { [field]: [EMPTY_CONTENT_MESSAGE] } });
  if (clean.length > STORED_CONTENT_MAX) {
    throw new AppError("VALIDATION", { fields: { [field]: [`The post is too long: at most ${STORED_CONTENT_MAX.toLocaleString("en-US")} characters of formatted text.`] } });
  }
  return clean;
}
