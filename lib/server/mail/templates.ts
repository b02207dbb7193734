import "server-only";
import { siteConfig } from "@/lib/site-config";

// Plain-text and HTML bodies for every email. Links are absolute, built from SITE_URL.

/**
 * `redacted`: set by the templates whose link is a secret (a reset or confirmation token): the
 * same bodies with the link removed. The stored mail keeps only this copy once it is sent.
 */
export type MailContent = { subject: string; text: string; html: string; redacted?: { text: string; html: string } };

/** What stands where a secret link was, in the stored copy of a sent mail. */
export const LINK_REMOVED = "[link removed after sending]";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Action = { label: string; url: string; secret?: boolean };

function layout(title: string, paragraphs: string[], action?: Action): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${esc(p)}</p>`).join("");
  const button = !action
    ? ""
    : action.url === LINK_REMOVED
      ? `<p style="margin:22px 0">${esc(action.label)}: ${esc(LINK_REMOVED)}</p>`
      : `<p style="margin:22px 0"><a href="${esc(action.url)}" style="background:#e2b44b;color:#14110d;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${esc(action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#555">Or paste this address into your browser: ${esc(action.url)}</p>`;
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4efe3;padding:24px;color:#2b2116"><div style="max-width:560px;margin:auto;background:#fff;border:1px solid #d9c8a0;border-radius:6px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>${body}${button}<p style="margin:24px 0 0;font-size:12px;color:#777">${esc(siteConfig.name)}</p></div></body></html>`;
}

function text(paragraphs: string[], action?: Action): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${siteConfig.name}`].join("\n\n");
}

/** A mail; with `action.secret` (the link carries a token) also its copy without the link. */
function build(subject: string, paragraphs: string[], action?: Action): MailContent {
  const content: MailContent = { subject, text: text(paragraphs, action), html: layout(subject, paragraphs, action) };
  if (!action?.secret) return content;
  const removed = { label: action.label, url: LINK_REMOVED };
  return { ...content, redacted: { text: text(paragraphs, removed), html: layout(subject, paragraphs, removed) } };
}

export const mailTemplates = {
  confirmEmail: (username: string, url: string) =>
    build(
      `Confirm your ${siteConfig.name} account`,
      [`Hello ${username},`, "Follow the link below to finish creating your account. It expires in 24 hours.", "If you did not sign up, ignore this email."],
      { label: "Confirm my account", url, secret: true },
    ),
  passwordReset: (username: string, url: string) =>
    build(
      `Reset your ${siteConfig.name} password`,
      [
        `Hello ${username},`,
        "Someone (hopefully you) asked to reset your password. The link below works once and expires in 30 minutes.",
        "If you did not ask for this, you can ignore this email: your password stays the same.",
      ],
      { label: "Choose a new password", url, secret: true },
    ),
  twoFactorReset: (username: string) =>
    build(`Two-factor authentication was turned off on your ${siteConfig.name} account`, [
      `Hello ${username},`,
      "A staff member turned off two-factor authentication on your account, as asked through support. You now sign in with your password alone; you can turn it on again from your account page.",
      `If you did not ask for this, change your password straight away and contact staff on ${siteConfig.chatServerName}.`,
    ]),
  passwordChanged: (username: string) =>
    build(`Your ${siteConfig.name} password was changed`, [
      `Hello ${username},`,
      "Your password was just changed and every session was signed out.",
      `If this was not you, reset your password straight away and contact staff on ${siteConfig.chatServerName}.`,
    ]),
  registrationAttempt: (username: string, url: string) =>
    build(
      `Someone tried to register with your email`,
      [
        `Hello ${username},`,
        `Someone just tried to create a new ${siteConfig.name} account with this email address. It already belongs to your account, ${username}, so no new account was made.`,
        "If that was you and you cannot get in, choose a new password with the link below (it works once and expires in 30 minutes). If it was not you, ignore this email: nothing has changed.",
      ],
      { label: "Choose a new password", url, secret: true },
    ),
  donatorRankReached: (username: string, rank: string, next: { name: string; missing: string } | null, url: string) =>
    build(
      `You are now ${rank} on ${siteConfig.name}`,
      [
        `Hello ${username},`,
        `Thank you for supporting ${siteConfig.name}: your donations have made you ${rank}. Your new rank shows beside your name on the forums, and its benefits are yours in game.`,
        next ? `${next.missing} more takes you to ${next.name}.` : "This is the highest donator rank.",
      ],
      { label: "See your account", url },
    ),
  /** docs/payments.md "Receipts": one per order paid with money. Lines, discounts and totals come formatted. */
  receipt: (
    username: string,
    r: {
      number: string;
      date: string;
      lines: { name: string; amount: string }[];
      discounts: { label: string; amount: string }[];
      total: string;
      method: string;
      balance: string;
    },
    url: string,
  ) =>
    build(
      `Your receipt for order ${r.number}`,
      [
        `Hello ${username},`,
        `Thank you for your order. This is your receipt.`,
        `Order ${r.number}, paid ${r.date} with ${r.method}.`,
        ...r.lines.map((l) => `${l.name}: ${l.amount}`),
        ...r.discounts.map((d) => `${d.label}: -${d.amount}`),
        `Total paid: ${r.total}`,
        r.balance,
        "Keep this email for your records. Quote the order number if you contact us about it.",
      ],
      { label: "View your receipt", url },
    ),
  ticketReply: (username: string, title: string, reply: string, url: string) =>
    build(
      `Staff replied to your ticket: ${title}`,
      [`Hello ${username},`, `A staff member replied to your support ticket "${title}":`, reply, "Reply on the ticket page, not to this email."],
      { label: "View your ticket", url },
    ),
  ticketStatus: (username: string, title: string, closed: boolean, url: string) =>
    build(
      closed ? `Your ticket was closed: ${title}` : `Your ticket was opened again: ${title}`,
      closed
        ? [`Hello ${username},`, `Staff closed your support ticket "${title}".`, "If you still need help, please open a new ticket."]
        : [`Hello ${username},`, `Staff opened your support ticket "${title}" again. You can reply on the ticket page.`],
      { label: "View your ticket", url },
    ),
};
