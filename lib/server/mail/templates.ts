import "server-only";
import { siteConfig } from "@/lib/site-config";

// Plain-text and HTML bodies for every email. Links are absolute, built from SITE_URL.

/**
 * `redacted`: set by the templates whose link is a secret (a reset or confirmation token): the
 * same bodies with the link removed. The stored mail keeps only this copy once it is sent.
 */
export type MailContent = {
  subject: string;
  text: string;
  html: string;
  redacted?: { text: string; html: string };
  /** A notification mail's one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
  listUnsubscribe?: string;
};

/** What stands where a secret link was, in the stored copy of a sent mail. */
export const LINK_REMOVED = "[link removed after sending]";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Action = { label: string; url: string; secret?: boolean };

/** A titled list of links (the weekly digest's sections). */
type LinkList = { heading: string; lines: { text: string; url: string }[]; more?: { text: string; url: string } };

function listHtml(l: LinkList): string {
  const items = l.lines.map((x) => `<li style="margin:0 0 6px"><a href="${esc(x.url)}" style="color:#7a4f0a">${esc(x.text)}</a></li>`).join("");
  const more = l.more ? `<p style="margin:0 0 14px"><a href="${esc(l.more.url)}" style="color:#7a4f0a">${esc(l.more.text)}</a></p>` : "";
  return `<h2 style="font-size:16px;margin:18px 0 8px">${esc(l.heading)}</h2><ul style="margin:0 0 14px;padding-left:20px">${items}</ul>${more}`;
}

function listText(l: LinkList): string {
  return [l.heading, ...l.lines.map((x) => `- ${x.text}: ${x.url}`), ...(l.more ? [`${l.more.text}: ${l.more.url}`] : [])].join("\n");
}

function layout(title: string, paragraphs: string[], action?: Action, lists: LinkList[] = [], after: string[] = []): string {
  const para = (p: string) => `<p style="margin:0 0 14px">${esc(p)}</p>`;
  const body = paragraphs.map(para).join("") + lists.map(listHtml).join("");
  const button = !action
    ? ""
    : action.url === LINK_REMOVED
      ? `<p style="margin:22px 0">${esc(action.label)}: ${esc(LINK_REMOVED)}</p>`
      : `<p style="margin:22px 0"><a href="${esc(action.url)}" style="background:#e2b44b;color:#14110d;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${esc(action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#555">Or paste this address into your browser: ${esc(action.url)}</p>`;
  const footer = after.map((p) => `<p style="margin:0 0 14px;font-size:13px;color:#555">${esc(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4efe3;padding:24px;color:#2b2116"><div style="max-width:560px;margin:auto;background:#fff;border:1px solid #d9c8a0;border-radius:6px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>${body}${button}${footer}<p style="margin:24px 0 0;font-size:12px;color:#777">${esc(siteConfig.name)}</p></div></body></html>`;
}

function text(paragraphs: string[], action?: Action, lists: LinkList[] = [], after: string[] = []): string {
  return [...paragraphs, ...lists.map(listText), ...(action ? [`${action.label}: ${action.url}`] : []), ...after, `— ${siteConfig.name}`].join("\n\n");
}

/** A mail; with `action.secret` (the link carries a token) also its copy without the link. */
function build(subject: string, paragraphs: string[], action?: Action, lists: LinkList[] = []): MailContent {
  const content: MailContent = { subject, text: text(paragraphs, action, lists), html: layout(subject, paragraphs, action, lists) };
  if (!action?.secret) return content;
  const removed = { label: action.label, url: LINK_REMOVED };
  return { ...content, redacted: { text: text(paragraphs, removed, lists), html: layout(subject, paragraphs, removed, lists) } };
}

/**
 * Where a mail about a ticket sends the player: the ticket page, or for an appeal ticket (whose
 * player may be banned) a fresh appeal link, a secret, without the rating links (rated on the page).
 */
export type TicketMailLink = { url: string; appeal: boolean };

const ticketAction = (link: TicketMailLink): Action =>
  link.appeal ? { label: "Open your request", url: link.url, secret: true } : { label: "View your ticket", url: link.url };

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
  /** docs/accounts.md "Security mails": a sign-in from a device this account has not used before. */
  newDeviceSignIn: (username: string, s: { device: string; address: string; place: string; when: string }, url: string) =>
    build(
      `New sign-in to your ${siteConfig.name} account`,
      [
        `Hello ${username},`,
        `Your account was just signed in to from a device it has not used before.`,
        `Device: ${s.device}`,
        `Address: ${s.address}`,
        `Place: ${s.place}`,
        `Time: ${s.when}`,
        "If this was you, there is nothing to do.",
        `If it was not you, end that session with the button below (it works for 24 hours, without signing in), then change your password and turn on two-factor authentication. Staff can help on ${siteConfig.chatServerName} or through a support ticket.`,
      ],
      { label: "End this session", url, secret: true },
    ),
  twoFactorOn: (username: string) =>
    build(`Two-factor authentication is now on for your ${siteConfig.name} account`, [
      `Hello ${username},`,
      "Two-factor authentication was just turned on. From now on, signing in asks for a code from your authenticator app (or one of your recovery codes) after your password.",
      "Keep your recovery codes somewhere safe: each works once, if you lose your authenticator.",
      `If you did not do this, reset your password straight away and contact staff on ${siteConfig.chatServerName} or through a support ticket.`,
    ]),
  twoFactorOff: (username: string, viaRecoveryCode: boolean) =>
    build(`Two-factor authentication was turned off on your ${siteConfig.name} account`, [
      `Hello ${username},`,
      `Two-factor authentication was just turned off${viaRecoveryCode ? ", confirmed with one of your recovery codes" : ""}. You now sign in with your password alone.`,
      `If you did not do this, reset your password straight away, turn two-factor back on from your account page and contact staff on ${siteConfig.chatServerName} or through a support ticket.`,
    ]),
  recoveryCodeUsed: (username: string, left: number) =>
    build(`A recovery code was used on your ${siteConfig.name} account`, [
      `Hello ${username},`,
      `One of your two-factor recovery codes was just used to sign in. Each code works once: ${left === 1 ? "1 code is" : `${left} codes are`} left.`,
      left <= 3
        ? "You are running low: turn two-factor off and on again from your account page to get ten new codes."
        : "If you lost your authenticator, set it up again from your account page.",
      `If this was not you, someone has your password and a recovery code: reset your password straight away and contact staff on ${siteConfig.chatServerName} or through a support ticket.`,
    ]),
  /** To the NEW address: the single-use link that moves the account there. */
  emailChangeConfirm: (username: string, newEmail: string, url: string) =>
    build(
      `Confirm your new ${siteConfig.name} email address`,
      [
        `Hello ${username},`,
        `You asked to move your ${siteConfig.name} account to this address (${newEmail}). Follow the link below to confirm; it works once and expires in 24 hours.`,
        "Until you confirm, your account keeps its old address. If you did not ask for this, ignore this email: nothing changes.",
      ],
      { label: "Confirm my new address", url, secret: true },
    ),
  /** To the OLD address when a change is asked for: nothing has changed yet. */
  emailChangeRequested: (username: string, newEmail: string, supportUrl: string) =>
    build(
      `Someone asked to change your ${siteConfig.name} email address`,
      [
        `Hello ${username},`,
        `Someone signed in to your account with your password asked to change its email address to ${newEmail}. Nothing has changed yet: it changes only when the link sent to that address is followed (within 24 hours).`,
        "If this was you, there is nothing to do here.",
        `If it was not you, someone has your password. Sign in and change your password now (that also signs out every other session), turn on two-factor authentication, and open a support ticket saying "this wasn't me" so staff can stop the change. You can also reach staff on ${siteConfig.chatServerName}.`,
      ],
      { label: "Contact support", url: supportUrl },
    ),
  /** To the OLD address once the change is confirmed. */
  emailChanged: (username: string, newEmail: string, supportUrl: string) =>
    build(`Your ${siteConfig.name} email address was changed`, [
      `Hello ${username},`,
      `Your account's email address is now ${newEmail}. Mail about your account goes there from now on; this is the last mail to this address.`,
      `If this was not you, contact support straight away: ${supportUrl} (or staff on ${siteConfig.chatServerName}).`,
    ]),
  accountDeleted: (username: string) =>
    build(`Your ${siteConfig.name} account was deleted`, [
      `Hello ${username},`,
      `Your ${siteConfig.name} account was deleted as you asked. Your personal data is erased and you can no longer sign in to the website or the game with it. Your forum posts stay, shown under "Deleted player"; records of payments are kept as the law requires.`,
      `If you did not do this, contact staff on ${siteConfig.chatServerName} straight away.`,
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
  /** docs/store.md "Gifting": the recipient of a gift, once per order. No price: what the buyer paid is theirs. */
  giftReceived: (username: string, g: { from: string; item: string; number: string }, url: string) =>
    build(
      `${g.from} sent you a gift: ${g.item}`,
      [
        `Hello ${username},`,
        `${g.from} bought ${g.item} from the store for your account.`,
        "It is waiting for you in game: talk to the donation manager at home to claim it.",
        `Your order history lists it as order ${g.number}, with where its delivery stands.`,
        "Not expecting this? You need do nothing; nothing was charged to you.",
      ],
      { label: "See the gift", url },
    ),
  /** The link of an appeal or account recovery request sent from /appeal (works without signing in). */
  appealLink: (username: string, kind: string, url: string, days: number) =>
    build(
      `Your ${kind.toLowerCase()} request on ${siteConfig.name}`,
      [
        `Hello ${username},`,
        `We received your ${kind.toLowerCase()} request. Staff will answer on its ticket. Follow the link below to read their answers and reply, without signing in; it works for ${days} days. Every email about this request brings a new link of its own.`,
        "If you did not send this request, you can ignore this email; nothing changes on your account.",
      ],
      { label: "Open your request", url, secret: true },
    ),
  ticketReply: (username: string, title: string, reply: string, url: string) =>
    build(
      `Staff replied to your ticket: ${title}`,
      [`Hello ${username},`, `A staff member replied to your support ticket "${title}":`, reply, "Reply on the ticket page, not to this email."],
      { label: "View your ticket", url },
    ),
  /** docs/notifications.md: a notification still unread after the delay, for a player who chose email for its type. */
  notification: (username: string, n: { text: string; typeLabel: string }, url: string, unsubscribe: { page: string; oneClick: string }) => ({
    ...build(
      n.text,
      [
        `Hello ${username},`,
        `${n.text}.`,
        `You get this email because you chose email for “${n.typeLabel}”. To stop these emails (they stay on the site), open: ${unsubscribe.page}`,
      ],
      { label: "Open it on the site", url },
    ),
    listUnsubscribe: unsubscribe.oneClick,
  }),
  /** docs/notifications.md, "Weekly digest": the week's unread notifications and new threads, for a player who did not visit. */
  weeklyDigest: (
    username: string,
    d: {
      unread: number;
      notifications: { text: string; url: string }[];
      threads: { text: string; url: string }[];
      notificationsUrl: string;
    },
    unsubscribe: { page: string; oneClick: string },
  ): MailContent => {
    const subject =
      d.unread > 0
        ? `${d.unread === 1 ? "1 unread notification" : `${d.unread} unread notifications`} on ${siteConfig.name} this week`
        : `This week on ${siteConfig.name}`;
    const lists: LinkList[] = [];
    if (d.notifications.length > 0) {
      const more = d.unread - d.notifications.length;
      lists.push({
        heading: d.unread === 1 ? "Your unread notification" : `Your ${d.unread} unread notifications`,
        lines: d.notifications,
        ...(more > 0 ? { more: { text: `and ${more} more on your notifications page`, url: d.notificationsUrl } } : {}),
      });
    }
    if (d.threads.length > 0) lists.push({ heading: "New on the forums this week", lines: d.threads });
    const paragraphs = [`Hello ${username},`, "Here is what happened on the site while you were away this week."];
    const after = [`You get this weekly digest because you have not visited the site this week. To stop it, open: ${unsubscribe.page}`];
    const action = { label: "Open your notifications", url: d.notificationsUrl };
    return {
      subject,
      text: text(paragraphs, action, lists, after),
      html: layout(subject, paragraphs, action, lists, after),
      listUnsubscribe: unsubscribe.oneClick,
    };
  },
  /**
   * docs/support-desk.md: the one mail for what staff did on a ticket within a minute (replies, a
   * close or reopen). A closed ticket's mail links to the rating choices; each opens the ticket
   * page with a confirm button, so a mail scanner following the links records nothing.
   */
  ticketUpdate: (
    username: string,
    title: string,
    u: { replies: string[]; status: "closed" | "reopened" | null; link: TicketMailLink; rateUrl: ((rating: "good" | "okay" | "bad") => string) | null },
  ): MailContent => {
    const subject =
      u.status === "closed"
        ? `Your ticket was closed: ${title}`
        : u.status === "reopened"
          ? `Your ticket was opened again: ${title}`
          : `Staff replied to your ticket: ${title}`;
    const paragraphs = [`Hello ${username},`];
    if (u.replies.length > 0) {
      paragraphs.push(
        u.replies.length === 1 ? `A staff member replied to your support ticket "${title}":` : `Staff replied to your support ticket "${title}":`,
      );
      paragraphs.push(...u.replies);
    }
    if (u.status === "closed") paragraphs.push(`Staff closed your support ticket "${title}".`, "If you still need help, please open a new ticket.");
    if (u.status === "reopened") paragraphs.push(`Staff opened your support ticket "${title}" again. You can reply on the ticket page.`);
    else if (u.status === null) paragraphs.push("Reply on the ticket page, not to this email.");
    const lists: LinkList[] = u.rateUrl
      ? [
          {
            heading: "How did we do? Pick one, then confirm it on the ticket page:",
            lines: [
              { text: "Good", url: u.rateUrl("good") },
              { text: "Okay", url: u.rateUrl("okay") },
              { text: "Bad", url: u.rateUrl("bad") },
            ],
          },
        ]
      : [];
    return build(subject, paragraphs, ticketAction(u.link), lists);
  },
  /** docs/support-desk.md: a ticket that waited TICKET_AUTO_CLOSE_DAYS for the player's answer closed itself. */
  ticketAutoClosed: (
    username: string,
    title: string,
    days: number,
    link: TicketMailLink,
    rateUrl: ((rating: "good" | "okay" | "bad") => string) | null,
  ): MailContent => {
    const subject = `Your ticket was closed: ${title}`;
    const paragraphs = [
      `Hello ${username},`,
      `Your support ticket "${title}" waited ${days === 1 ? "a day" : `${days} days`} for your answer, so it was closed.`,
      "If you still need help, please open a new ticket.",
    ];
    const lists: LinkList[] = rateUrl
      ? [
          {
            heading: "How did we do? Pick one, then confirm it on the ticket page:",
            lines: [
              { text: "Good", url: rateUrl("good") },
              { text: "Okay", url: rateUrl("okay") },
              { text: "Bad", url: rateUrl("bad") },
            ],
          },
        ]
      : [];
    return build(subject, paragraphs, ticketAction(link), lists);
  },
  ticketStatus: (username: string, title: string, closed: boolean, url: string) =>
    build(
      closed ? `Your ticket was closed: ${title}` : `Your ticket was opened again: ${title}`,
      closed
        ? [`Hello ${username},`, `Staff closed your support ticket "${title}".`, "If you still need help, please open a new ticket."]
        : [`Hello ${username},`, `Staff opened your support ticket "${title}" again. You can reply on the ticket page.`],
      { label: "View your ticket", url },
    ),
};
