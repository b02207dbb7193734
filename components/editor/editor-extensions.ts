import type { StarterKitOptions } from "@tiptap/starter-kit";
import { Extension, Node } from "@tiptap/react";
import { isLinkUrl } from "@/lib/link-url";

// The editor's own structures, in exactly the form the server's sanitiser keeps
// (lib/server/forums/sanitize.ts; docs/forums.md, "Mentions and quotes"):
//   a mention   <span data-mention="<player id>">@Name</span>   (the server writes the name)
//   a quote     <blockquote data-quote-post="<post id>">…       (the server adds data-quote-user)
// and the link settings: one rule for every address (lib/link-url.ts), typed, pasted or given in
// the link dialog.

const ID = /^[1-9][0-9]{0,9}$/;

/** A player mentioned with "@": an inline atom holding the player's id and the name shown. */
export const Mention = Node.create({
  name: "mention",
  group: "inline",
  inline: true,
  atom: true,
  selectable: false,
  addAttributes() {
    return {
      id: { default: null, parseHTML: (el) => el.getAttribute("data-mention"), renderHTML: (a) => ({ "data-mention": a.id as string }) },
      label: { default: "", parseHTML: (el) => (el.textContent ?? "").replace(/^@/, ""), renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: "span[data-mention]", getAttrs: (el) => (ID.test((el as HTMLElement).getAttribute("data-mention") ?? "") ? null : false) }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ["span", HTMLAttributes, `@${node.attrs.label as string}`];
  },
  renderText({ node }) {
    return `@${node.attrs.label as string}`;
  },
});

/** A quote's post and author ids on the blockquote (kept through editing, e.g. when a post is edited). */
export const QuoteAttributes = Extension.create({
  name: "quoteAttributes",
  addGlobalAttributes() {
    const idAttribute = (name: string) => ({
      default: null,
      parseHTML: (el: HTMLElement) => {
        const v = el.getAttribute(name);
        return v && ID.test(v) ? v : null;
      },
      renderHTML: (attrs: Record<string, unknown>) => {
        const key = name === "data-quote-post" ? "quotePost" : "quoteUser";
        return attrs[key] ? { [name]: attrs[key] as string } : {};
      },
    });
    return [{ types: ["blockquote"], attributes: { quotePost: idAttribute("data-quote-post"), quoteUser: idAttribute("data-quote-user") } }];
  },
});

/** An address as typed ("example.com/x") read the way autolinking will link it. */
const withScheme = (url: string) => (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("/") ? url : `https://${url}`);

/** StarterKit's link settings: typed and pasted addresses become links when the rule allows them. */
export const LINK_OPTIONS: Exclude<StarterKitOptions["link"], false | undefined> = {
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  isAllowedUri: (url: string) => isLinkUrl(url),
  shouldAutoLink: (url: string) => isLinkUrl(withScheme(url)),
  HTMLAttributes: { rel: "nofollow ugc noopener noreferrer", target: "_blank" },
};
