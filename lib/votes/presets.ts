import { siteConfig } from "@/lib/site-config";

// The listing sites this server knows how to read (docs/game-integration.md, "Vote callbacks"):
// each preset is a vote_sites row waiting to be filled in. The three sites of lib/site-config.ts
// are shipped active, as before; the others are shipped inactive until an administrator gives
// them a link, a check (a secret or the addresses the site calls from) and turns them on at
// /staff/votes/sites. The staff "add from preset" form and the tests read this one table. Pure.

/** How a 200 outcome is answered: our JSON ({status, details}), or a plain "OK" for sites that want one. */
export const VOTE_SITE_ANSWERS = ["json", "ok"] as const;
export type VoteSiteAnswer = (typeof VOTE_SITE_ANSWERS)[number];

/** A site's callback parameter names (query, form or JSON body). */
export type VoteCallbackParamNames = {
  /** Carries the player's incentive token back (the {token} of the link). */
  token: string;
  /** Carries a shared secret. RuneLocus has none of its own: ours goes in the callback address registered with it. */
  secret: string | null;
  /** The voter's own address, when the site reports it (stored, not trusted). */
  voterIp: string | null;
  /** A flag saying whether the visit was a vote; a callback carrying it with any other value than `votedValue` is not counted. */
  voted: string | null;
  votedValue: string | null;
};

export type VoteSitePreset = {
  /** The preset's name and the key its row is shipped under. */
  key: string;
  name: string;
  /** {token} and {username} are replaced (URL-encoded). LISTING_ID stands for the server's id on the site. */
  urlTemplate: string;
  params: VoteCallbackParamNames;
  answer: VoteSiteAnswer;
  /** Shipped active (the three sites of lib/site-config.ts) or waiting to be configured. */
  active: boolean;
  /** What the form shows next to the preset: how the site checks its callbacks. */
  note: string;
};

const builtIn = (key: "runelocus" | "rsps_list" | "runelist") => siteConfig.voteSites.find((s) => s.key === key)!;

export const VOTE_SITE_PRESETS: readonly VoteSitePreset[] = [
  {
    key: "runelocus",
    name: builtIn("runelocus").name,
    urlTemplate: builtIn("runelocus").urlTemplate,
    params: { token: "callback", secret: "secret", voterIp: "ip", voted: null, votedValue: null },
    answer: "json",
    active: true,
    note: "Sends callback and ip, no secret of its own: list its addresses, or register the callback address with ?secret=… of ours.",
  },
  {
    key: "rsps_list",
    name: builtIn("rsps_list").name,
    urlTemplate: builtIn("rsps_list").urlTemplate,
    params: { token: "userid", secret: "secret", voterIp: "userip", voted: "voted", votedValue: "1" },
    answer: "json",
    active: true,
    note: "Sends secret, voted (1 for a vote), userip and userid.",
  },
  {
    key: "runelist",
    name: builtIn("runelist").name,
    urlTemplate: builtIn("runelist").urlTemplate,
    params: { token: "incentive", secret: "secret", voterIp: null, voted: null, votedValue: null },
    answer: "json",
    active: true,
    note: "Sends incentive and its secret.",
  },
  {
    key: "topg",
    name: "TopG",
    urlTemplate: "https://topg.org/runescape-private-servers/server-LISTING_ID-{token}",
    params: { token: "p_resp", secret: null, voterIp: "ip", voted: null, votedValue: null },
    answer: "json",
    active: false,
    note: "Sends p_resp and ip from fixed addresses, no secret: list the addresses TopG publishes.",
  },
  {
    key: "top100arena",
    name: "Top100Arena",
    urlTemplate: "https://www.top100arena.com/listing/LISTING_ID/vote?incentive={token}",
    params: { token: "postback", secret: null, voterIp: null, voted: null, votedValue: null },
    answer: "json",
    active: false,
    note: "Sends postback only: list its addresses, or name a secret parameter and register the callback address with it.",
  },
  {
    key: "xtremetop100",
    name: "XtremeTop100",
    urlTemplate: "https://www.xtremetop100.com/in.php?site=LISTING_ID&postback={token}",
    params: { token: "custom", secret: null, voterIp: "votingip", voted: null, votedValue: null },
    answer: "json",
    active: false,
    note: "Sends custom and votingip: list its addresses.",
  },
  {
    key: "rspslist_com",
    name: "rspslist.com",
    urlTemplate: "https://rspslist.com/vote/LISTING_ID?callback={token}",
    params: { token: "callback", secret: "secret", voterIp: "ip", voted: null, votedValue: null },
    answer: "ok",
    active: false,
    note: "Sends callback, ip and secret; wants a plain 200 OK.",
  },
  {
    key: "rsps_org",
    name: "rsps.org",
    urlTemplate: "https://rsps.org/vote/LISTING_ID?callback={token}",
    params: { token: "callback", secret: "secret", voterIp: "ip", voted: null, votedValue: null },
    answer: "ok",
    active: false,
    note: "Sends callback, ip and secret; wants a plain 200 OK.",
  },
];

export function votePreset(key: string): VoteSitePreset | undefined {
  return VOTE_SITE_PRESETS.find((p) => p.key === key);
}
