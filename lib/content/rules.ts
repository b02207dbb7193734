// The server rules shown on /rules: 17 numbered sections, each with its penalty ladder.
// Pure data (no I/O, no server imports) so pages and unit tests can read it alike.

/** One rung of a penalty ladder, in the compact form used by tests; `penaltyLabel` gives the display text. */
export type Penalty =
  | "24h mute"
  | "48h mute"
  | "permanent mute"
  | "24h ban"
  | "48h ban"
  | "72h ban"
  | "permanent ban"
  | "IP ban"
  | "IP/MAC ban"
  | "permanent IP ban"
  | "permanent IP/hardware ban";

export type PenaltyLadder = {
  /** What the ladder punishes, e.g. "Spam". */
  offense: string;
  /** Penalties for the 1st, 2nd, 3rd ... offense, in order. */
  steps: readonly Penalty[];
  /** Optional remark shown under the ladder. */
  note?: string;
};

export type RuleSection = {
  /** Anchor id on /rules (`/rules#<id>`). */
  id: string;
  /** 1-based section number, shown as "1. Title". */
  number: number;
  title: string;
  /** Paragraphs of explanation. */
  body: readonly string[];
  /** Optional bullet points (specific limits or examples). */
  points?: readonly string[];
  /** Words of the body that link to another page of the site (their first use in a paragraph). */
  links?: readonly { text: string; href: string }[];
  /** Penalty ladders that apply to this section (empty when the section carries no penalty). */
  ladders: readonly PenaltyLadder[];
};

const PENALTY_LABELS: Record<Penalty, string> = {
  "24h mute": "24-hour mute",
  "48h mute": "48-hour mute",
  "permanent mute": "Permanent mute",
  "24h ban": "24-hour ban",
  "48h ban": "48-hour ban",
  "72h ban": "72-hour ban",
  "permanent ban": "Permanent ban",
  "IP ban": "IP ban",
  "IP/MAC ban": "IP and MAC address ban",
  "permanent IP ban": "Permanent IP ban",
  "permanent IP/hardware ban": "Permanent IP and hardware ban",
};

export function penaltyLabel(p: Penalty): string {
  return PENALTY_LABELS[p];
}

/** "1st offense", "2nd offense", ... for a 0-based ladder index. */
export function offenseLabel(index: number): string {
  const n = index + 1;
  const mod100 = n % 100;
  const suffix = mod100 >= 11 && mod100 <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix} offense`;
}

// Numbers (docs/product.md §9).
export const AUTO_TYPER_MIN_INTERVAL_SECONDS = 15;
export const YELL_ANNOUNCEMENT_MIN_GAP_MINUTES = 5;
export const MAX_ALTS_IN_AFK_ZONES = 3;

const BUG_LADDER: readonly Penalty[] = ["24h ban", "72h ban", "permanent ban"];
const PERMANENT_THEN_IP: readonly Penalty[] = ["permanent ban", "IP ban"];

export const RULE_SECTIONS: readonly RuleSection[] = [
  {
    id: "respect",
    number: 1,
    title: "Respect other players",
    body: [
      "Treat everyone in the game, on the forums and on our community chat server with basic courtesy. Friendly banter is fine; deliberately insulting, provoking or belittling someone is not.",
      "Flaming, harassment and disrespect towards players or staff are punished with mutes that grow longer each time, ending in a ban for those who never stop.",
    ],
    points: [
      "No insults aimed at a person, their family, their origin, their beliefs or who they are.",
      "No following a player around, in game or elsewhere, to annoy or intimidate them.",
      "Disagree with staff decisions calmly, through a support ticket, not in public chat.",
    ],
    ladders: [{ offense: "Flaming, harassment or disrespect", steps: ["24h mute", "48h mute", "permanent mute", "permanent ban"] }],
  },
  {
    id: "spam",
    number: 2,
    title: "Spam",
    body: [
      "Do not flood any chat with repeated messages, walls of text, meaningless characters or the same request over and over. Chat should stay readable for everyone.",
    ],
    ladders: [{ offense: "Spam", steps: ["24h mute", "48h mute", "48h ban", "permanent ban"] }],
  },
  {
    id: "auto-typers",
    number: 3,
    title: "Auto-typers",
    body: [
      "Auto-typers (tools that repeat a chat message for you, for example to advertise a trade) are tolerated only when they are slowed down enough not to drown out other players.",
      "An auto-typer that posts more often than the limit below counts as spam and is punished under section 2.",
    ],
    points: [`Leave at least ${AUTO_TYPER_MIN_INTERVAL_SECONDS} seconds between two auto-typed messages.`],
    ladders: [],
  },
  {
    id: "yell",
    number: 4,
    title: "Yell channel",
    body: [
      "The yell channel reaches every player online, so it is held to a higher standard than local chat. Use it for trades, events and short announcements, never for arguments or insults.",
      "Repeating the same announcement too often is yell abuse, as is using yell to flame or harass. Yell abuse is punished with mutes only: the ladder stops at a permanent mute.",
    ],
    points: [`Wait at least ${YELL_ANNOUNCEMENT_MIN_GAP_MINUTES} minutes between two yell announcements, whatever your rank's yell cooldown allows.`],
    ladders: [
      {
        offense: "Yell abuse",
        steps: ["24h mute", "48h mute", "permanent mute"],
        note: "Unlike flaming in other chats, yell abuse does not go beyond a permanent mute.",
      },
    ],
  },
  {
    id: "doxing",
    number: 5,
    title: "Personal information (doxing)",
    body: [
      "Never share, threaten to share or go looking for another person's private details: real name, address, photos, phone number, social media accounts, IP address or anything similar. This applies even if the information is already public somewhere else.",
      "There is no warning for this offense.",
    ],
    ladders: [{ offense: "Doxing", steps: ["permanent IP/hardware ban"] }],
  },
  {
    id: "advertising",
    number: 6,
    title: "Advertising",
    body: [
      "Do not promote other game servers, websites, chat communities or services anywhere on our platforms, including in private messages. Our official partners are listed on the Partnerships page; anything else is off limits.",
    ],
    links: [{ text: "Partnerships page", href: "/partnerships" }],
    ladders: [{ offense: "Advertising", steps: ["permanent ban", "IP/MAC ban"] }],
  },
  {
    id: "hacking-threats",
    number: 7,
    title: "Hacking and threats",
    body: [
      "Attempting to break into another player's account, attacking the game server or website, or threatening to do either, leads to immediate removal. The same applies to threats of real-world harm against anyone.",
    ],
    ladders: [{ offense: "Hacking or threats", steps: ["permanent IP ban"] }],
  },
  {
    id: "encouraging",
    number: 8,
    title: "Encouraging others to break rules",
    body: [
      "Talking someone else into breaking a rule is treated seriously, even if you never break it yourself. This includes daring players to spam, pushing them towards cheating tools or organising rule-breaking in groups.",
    ],
    ladders: [{ offense: "Encouraging others to break rules", steps: ["24h ban", "permanent mute", "permanent ban"] }],
  },
  {
    id: "bug-abuse",
    number: 9,
    title: "Bug abuse",
    body: [
      "If you find a bug, glitch or duplication method, report it through a support ticket and do not use it. Knowingly profiting from a bug, or sharing how to do it, is bug abuse.",
    ],
    ladders: [{ offense: "Bug abuse", steps: BUG_LADDER }],
  },
  {
    id: "pvp-farming",
    number: 10,
    title: "PvP farming",
    body: [
      "Killing your own accounts, or arranging kills with friends, to farm player-versus-player rewards, points or drops is not allowed. Kills must come from real fights.",
    ],
    ladders: [{ offense: "PvP farming", steps: BUG_LADDER }],
  },
  {
    id: "third-party-software",
    number: 11,
    title: "Third-party software",
    body: [
      "Only play with the official client from the download page. Bots, macros, cheat clients, injected plugins and any other program that plays for you or gives an unfair advantage are banned.",
    ],
    links: [{ text: "download page", href: "/play" }],
    ladders: [{ offense: "Third-party software", steps: PERMANENT_THEN_IP }],
  },
  {
    id: "scamming",
    number: 12,
    title: "Scamming",
    body: [
      "Tricking a player out of items, gold or account details by lying about a trade, a bet, a giveaway or anything else is scamming. Staff will investigate every report made with evidence such as screenshots or clips.",
    ],
    ladders: [{ offense: "Scams", steps: PERMANENT_THEN_IP }],
  },
  {
    id: "real-world-trading",
    number: 13,
    title: "Real-world trading",
    body: [
      "Buying or selling in-game items, gold, accounts or services for real money or for goods outside the game is banned.",
      "There is one exception: donator pins may be bought and sold for in-game gold. If you want credits for gold, the credit store accepts game gold through a support ticket, so there is never a reason to trade with strangers for it.",
    ],
    ladders: [{ offense: "Real-world trading", steps: PERMANENT_THEN_IP }],
  },
  {
    id: "impersonation",
    number: 14,
    title: "Impersonation",
    body: [
      "Do not pretend to be a member of staff, a well-known player or anyone else, whether through a look-alike name, a copied profile or claims in chat. Staff will never ask for your password or two-factor code.",
    ],
    ladders: [{ offense: "Impersonation", steps: ["permanent ban"] }],
  },
  {
    id: "afk-alts",
    number: 15,
    title: "Alternate accounts in AFK zones",
    body: ["You may play more than one account, but AFK zones have a limit so that everyone gets a fair share of them."],
    points: [`No more than ${MAX_ALTS_IN_AFK_ZONES} alternate accounts in AFK zones at the same time.`],
    ladders: [{ offense: "Too many alternate accounts in AFK zones", steps: ["72h ban", "permanent ban", "IP ban"] }],
  },
  {
    id: "vote-abuse",
    number: 16,
    title: "Vote abuse",
    body: [
      "Vote rewards are for real votes by real players. Voting through proxies or VPNs, automating votes or voting on behalf of other people's accounts to collect extra rewards is vote abuse.",
    ],
    ladders: [{ offense: "Vote abuse", steps: ["permanent ban"] }],
  },
  {
    id: "services",
    number: 17,
    title: "Player services",
    body: [
      "Players sometimes offer services to each other, such as carrying someone through content or completing a task for payment. No rules are enforced on services: staff will not settle disputes about them or give back anything lost.",
      "If you buy or sell a service, you do so at your own risk. Pick people you trust, and agree on every detail before anything changes hands.",
    ],
    ladders: [],
  },
];
