// The questions shown on /faq. Pure data (no I/O, no server imports).
import { siteConfig } from "../site-config";

/** A run of plain text, or a link inside an answer. External links open the chat server and the like. */
export type AnswerPart = string | { href: string; text: string; external?: boolean };

export type FaqEntry = {
  /** Anchor id on /faq. */
  id: string;
  question: string;
  /** Paragraphs; each paragraph is a list of text runs and links. */
  answer: readonly (readonly AnswerPart[])[];
};

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: "start-playing",
    question: "How do I start playing?",
    answer: [
      [
        "Create a free account on the ",
        { href: "/register", text: "registration page" },
        ", then grab the client for your computer from the ",
        { href: "/play", text: "download page" },
        ". Your website username and password are also your in-game login, so there is nothing else to sign up for.",
      ],
    ],
  },
  {
    id: "get-credits",
    question: "How do I get credits?",
    answer: [
      ["Credits are bought in packages on the ", { href: "/credits", text: "credit store" }, " while you are logged in to the website."],
      [
        "You can also open the credit store from inside the game by typing ::store in chat. If you would rather pay with OSRS gold, open a ",
        { href: "/tickets/create", text: "support ticket" },
        " and a member of staff will arrange the exchange with you.",
      ],
    ],
  },
  {
    id: "claim-items",
    question: "I bought something. How do I claim it?",
    answer: [
      [
        "Store items and credits are delivered as soon as your payment goes through. Log in to the game and talk to the store NPC in the home area to collect them. Your past orders are listed under ",
        { href: "/account/purchases", text: "purchase history" },
        ".",
      ],
    ],
  },
  {
    id: "voting",
    question: "How does voting work?",
    answer: [
      [
        "Go to the ",
        { href: "/vote", text: "vote page" },
        " while logged in and vote for us on each listed server-ranking site. You can vote on each site once every 12 hours, and the page shows a countdown until your next vote.",
      ],
      ["Vote points are added to your account automatically after each vote; there is no code to type in."],
    ],
  },
  {
    id: "secure-account",
    question: "How do I keep my account safe?",
    answer: [
      [
        "Turn on two-factor authentication from your ",
        { href: "/account", text: "account page" },
        ". Once it is on, logging in needs a six-digit code from an authenticator app on your phone as well as your password.",
      ],
      ["Use a password you do not use anywhere else, and never share it or your codes with anyone, including people who claim to be staff."],
    ],
  },
  {
    id: "staff-positions",
    question: "Can I join the staff team?",
    answer: [
      [
        "When staff positions open up, we announce them on our ",
        { href: siteConfig.chatInviteUrl, text: `${siteConfig.chatServerName} server`, external: true },
        ", together with how to apply. Until then there is no need to ask in game; keep an eye on the announcements.",
      ],
    ],
  },
];
