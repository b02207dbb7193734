// Site settings a server owner edits: the one typed module for names, links and downloads.
// Pure data (no I/O): read by server and client components alike.

export type Download = {
  id: string;
  platform: "Windows" | "Linux" | "Java" | "macOS";
  label: string;
  file: string;
  href: string;
  requirements: string;
};

/** A place's prize among the month's top voters: a game item, or bonus vote points. */
export type MonthlyVotePrize = { label: string } & ({ itemId: number; quantity: number } | { points: number });

export type Partner = { name: string; description: string; inviteUrl: string; members: string };

/**
 * A vote listing site. The link carries the player's name and their incentive token; the
 * site's callback (/api/v1/vote/callback/{key}) echoes the token back under `callback.token`.
 * Its secret and allowed addresses are env settings (VOTE_<KEY>_SECRET, VOTE_<KEY>_IPS).
 */
export type VoteSiteConfig = {
  key: "runelocus" | "rsps_list" | "runelist";
  name: string;
  /** {username} and {token} are replaced (URL-encoded). */
  urlTemplate: string;
  callback: {
    /** Parameter (query or form/JSON body) that carries the incentive token back. */
    token: string;
    /** Parameter that carries the shared secret, when the site sends one. */
    secret?: string;
    /** Parameter with the voter's own address, when the site reports it (stored, not trusted). */
    voterIp?: string;
  };
  /** Hours between two counted votes of one account on this site (docs/product.md §9: 12). */
  cooldownHours: number;
  /** Vote points delivered in game per counted vote, before the donator bonus. */
  rewardPoints: number;
};

export const siteConfig = {
  /** Used in every page title: "<Page> | <name>". */
  name: "Emberscape",
  tagline: "An old-school adventure, rekindled.",
  /** Community chat server (Discord) invite. */
  chatServerName: "Discord",
  chatInviteUrl: "https://discord.gg/emberscape",
  /** First year shown in the footer copyright. */
  copyrightStartYear: 2024,
  /**
   * Client downloads on /play. The links below point at a placeholder host (.example): put your
   * files' real addresses here. Production refuses to start while any link is a placeholder.
   */
  downloads: [
    {
      id: "win",
      platform: "Windows",
      label: "Windows installer",
      file: "Emberscape-Setup.exe",
      href: "https://cdn.emberscape.example/client/Emberscape-Setup.exe",
      requirements: "Windows 10 or 11, 64-bit",
    },
    {
      id: "win32",
      platform: "Windows",
      label: "Windows installer (32-bit)",
      file: "Emberscape-Setup-x86.exe",
      href: "https://cdn.emberscape.example/client/Emberscape-Setup-x86.exe",
      requirements: "Windows 10, 32-bit",
    },
    {
      id: "win-arm",
      platform: "Windows",
      label: "Windows installer (Arm)",
      file: "Emberscape-Setup-arm64.exe",
      href: "https://cdn.emberscape.example/client/Emberscape-Setup-arm64.exe",
      requirements: "Windows 11 on Arm",
    },
    {
      id: "linux-x64",
      platform: "Linux",
      label: "Linux AppImage (x64)",
      file: "Emberscape-x86_64.AppImage",
      href: "https://cdn.emberscape.example/client/Emberscape-x86_64.AppImage",
      requirements: "64-bit Linux with glibc 2.31 or newer",
    },
    {
      id: "linux-arm",
      platform: "Linux",
      label: "Linux AppImage (Arm)",
      file: "Emberscape-aarch64.AppImage",
      href: "https://cdn.emberscape.example/client/Emberscape-aarch64.AppImage",
      requirements: "64-bit Arm Linux (aarch64) with glibc 2.31 or newer",
    },
    {
      id: "jar",
      platform: "Java",
      label: "Java client (.jar)",
      file: "Emberscape.jar",
      href: "https://cdn.emberscape.example/client/Emberscape.jar",
      requirements: "Java 11 or newer on any operating system",
    },
    {
      id: "mac-intel",
      platform: "macOS",
      label: "macOS (Intel)",
      file: "Emberscape-x64.dmg",
      href: "https://cdn.emberscape.example/client/Emberscape-x64.dmg",
      requirements: "macOS 11 Big Sur or newer on an Intel Mac",
    },
    {
      id: "mac-arm",
      platform: "macOS",
      label: "macOS (Apple Silicon)",
      file: "Emberscape-arm64.dmg",
      href: "https://cdn.emberscape.example/client/Emberscape-arm64.dmg",
      requirements: "macOS 11 Big Sur or newer on an M-series Mac",
    },
  ] satisfies Download[],
  partners: [
    {
      name: "Gielinor Guild",
      description: "A friendly clan community for skillers and bossers, with weekly events and mentoring for new players.",
      inviteUrl: "https://discord.gg/gielinorguild",
      members: "4,000+ members",
    },
    {
      name: "PvP Academy",
      description: "Learn to pk from veterans: hybrid, pure and tribrid guides, sparring sessions and tournaments.",
      inviteUrl: "https://discord.gg/pvpacademy",
      members: "2,500+ members",
    },
  ] satisfies Partner[],
  voteSites: [
    {
      key: "runelocus",
      name: "RuneLocus",
      urlTemplate: "https://www.runelocus.com/top-rsps-list/vote-emberscape/?id2={token}&name={username}",
      callback: { token: "callback", secret: "secret", voterIp: "ip" },
      cooldownHours: 12,
      rewardPoints: 2,
    },
    {
      key: "rsps_list",
      name: "RSPS-List",
      urlTemplate: "https://www.rsps-list.com/index.php?a=in&u=emberscape&id={token}&name={username}",
      callback: { token: "userid", secret: "secret", voterIp: "userip" },
      cooldownHours: 12,
      rewardPoints: 2,
    },
    {
      key: "runelist",
      name: "Runelist",
      urlTemplate: "https://runelist.io/toplist/server/emberscape/vote?username={username}&incentive={token}",
      callback: { token: "incentive", secret: "secret" },
      cooldownHours: 12,
      rewardPoints: 2,
    },
  ] satisfies VoteSiteConfig[],
  /**
   * Vote rewards beyond each vote's points (docs/game-integration.md, Vote callbacks). A day (in
   * progress.timeZone) counts towards a streak when the player has a counted vote on every active site.
   */
  voteRewards: {
    /** Streak milestones: on reaching `days` days in a row, `points` bonus vote points (times the donator bonus), once per streak. */
    streakMilestones: [
      { days: 7, points: 10 },
      { days: 14, points: 25 },
      { days: 30, points: 60 },
    ],
    /** The reminder of a streak about to break goes out this many hours before the day ends. */
    reminderHoursBeforeDayEnd: 4,
    /** The month's top voters: one prize per place (the list's length is how many places win). */
    monthlyPrizes: [
      { label: "10M coins", itemId: 995, quantity: 10_000_000 },
      { label: "5M coins", itemId: 995, quantity: 5_000_000 },
      { label: "50 vote points", points: 50 },
    ] satisfies MonthlyVotePrize[],
  },
  /**
   * Fraud signals on the staff vote-callbacks page (docs/staff.md, "Vote callbacks"). They flag
   * counted votes for a moderator to look at; nothing is ever refused because of them.
   */
  voteFraud: {
    /** Days the signals look back over by default (the page can pick 1 to 90). */
    windowDays: 7,
    /** An address (the voter's, as the listing site reported it) counted for this many accounts or more is flagged. */
    sharedAddressMinAccounts: 3,
    /** Bursts: counted callbacks of one site are counted in buckets of this many minutes... */
    burstBucketMinutes: 10,
    /** ...over this many days before the window's end, whose median non-empty bucket is the site's usual rate... */
    burstBaselineDays: 28,
    /** ...and a bucket holding more than this multiple of that median is flagged... */
    burstMultiple: 3,
    /** ...as long as it holds more than this many (a quiet site's 1 → 4 is not a burst). */
    burstMinCallbacks: 5,
    /** Vote-link opens are kept this long (the no-open signal needs at most a cooldown before the window). */
    linkOpenRetentionDays: 120,
  },
  /**
   * Progress (docs/progress.md): the server's time zone and what goes in the adventure log. The
   * achievement tiers are in lib/progress/config.ts.
   */
  progress: {
    /** IANA name: where the calendar week (from Monday) and month of the gains pages begin, and competitions' times. */
    timeZone: "UTC",
    /** Level-ups from this level up to 99 go in the adventure log. */
    logLevelsFrom: 2,
    /** Past 99, every this much experience is a log entry. */
    logXpEvery: 5_000_000,
    /** A boss's kill count at each multiple of this is a log entry. */
    logKillsEvery: 50,
    /** Repeats of one entry (a skill's level-ups, a boss's kills) within this many minutes are one entry. */
    collapseMinutes: 30,
    /** Drops the game reports go in the log when at least this rare (1 in N). */
    logDropRarity: 500,
    /** ...and in the server-wide feed on the home page when at least this rare. */
    feedDropRarity: 5_000,
  },
} as const;

export function pageTitle(page: string): string {
  return `${page} | ${siteConfig.name}`;
}
