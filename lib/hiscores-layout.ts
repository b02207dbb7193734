// The layout of the official Old School hiscores (index_lite.ws / index_lite.json) and the
// activities we rank, as data in one place (docs/hiscores.md). Pure: shared by the game push's
// validation, the ladders, the pages and the Old School answers.
//
// LAYOUT_DATE is the day of the official layout copied here: the one osrs-json-hiscores 2.25.0
// (released 2026-04-11) parses, 25 skill rows and 88 activity rows, which is what RuneLite's
// HiscoreSkill.java names up to Brutus (February 2026). Jagex adds a boss every few months
// (RuneLite has since added Maggot King, June 2026, and Mad Angel, July 2026; they sit after
// Lunar Chests). To follow a new layout: insert the row at its place in ACTIVITIES with the NEXT
// UNUSED id (never renumber: ids are stored in hiscore_stats.skill), and move LAYOUT_DATE.
// Positional clients pinned to the old line count (osrs-json-hiscores 2.25.0 wants exactly 113
// lines) break on the day the layout grows, as they do against Jagex's own hiscores.

import { SKILLS } from "./skills";

export const LAYOUT_DATE = "2026-04-11";

/**
 * The skill rows of the official answers: our skill ids 0 (Overall) to 23 in the official order,
 * then Sailing, which this server does not have (always unranked). Names are Jagex's: RuneLite
 * matches rows by name, and the site's "Runecrafting" (docs/product.md §9) is "Runecraft" there.
 */
/** Jagex's names where the site's (docs/product.md §9) differ. */
const OFFICIAL_NAME: Partial<Record<string, string>> = { Runecrafting: "Runecraft" };

export const OFFICIAL_SKILLS: readonly { id: number; name: string }[] = ["Overall", ...SKILLS.map((n) => OFFICIAL_NAME[n] ?? n), "Sailing"].map((name, id) => ({
  id,
  name,
}));

/** Where an activity shows on the pages: the player page's panels and the ladder menu. */
export type ActivityGroup = "pvp" | "clues" | "minigames" | "bosses";

export type Activity = {
  /** Stored in hiscore_stats.skill; stable forever (100–499 official rows, 500+ this site's own). */
  id: number;
  /** The game push's key and the API's `activity=`; stable forever. */
  key: string;
  /** Jagex's name, exactly (RuneLite and osrs-json-hiscores match on it). */
  name: string;
  group: ActivityGroup;
  /** In the official answers. This site's own ladders (PvP kills, kill streaks) are not. */
  official: boolean;
};

const row = (id: number, key: string, name: string, group: ActivityGroup): Activity => ({ id, key, name, group, official: true });

const BOSSES: readonly [number, string, string][] = [
  [119, "abyssal_sire", "Abyssal Sire"],
  [120, "alchemical_hydra", "Alchemical Hydra"],
  [121, "amoxliatl", "Amoxliatl"],
  [122, "araxxor", "Araxxor"],
  [123, "artio", "Artio"],
  [124, "barrows_chests", "Barrows Chests"],
  [125, "brutus", "Brutus"],
  [126, "bryophyta", "Bryophyta"],
  [127, "callisto", "Callisto"],
  [128, "calvarion", "Calvar'ion"],
  [129, "cerberus", "Cerberus"],
  [130, "chambers_of_xeric", "Chambers of Xeric"],
  [131, "chambers_of_xeric_challenge_mode", "Chambers of Xeric: Challenge Mode"],
  [132, "chaos_elemental", "Chaos Elemental"],
  [133, "chaos_fanatic", "Chaos Fanatic"],
  [134, "commander_zilyana", "Commander Zilyana"],
  [135, "corporeal_beast", "Corporeal Beast"],
  [136, "crazy_archaeologist", "Crazy Archaeologist"],
  [137, "dagannoth_prime", "Dagannoth Prime"],
  [138, "dagannoth_rex", "Dagannoth Rex"],
  [139, "dagannoth_supreme", "Dagannoth Supreme"],
  [140, "deranged_archaeologist", "Deranged Archaeologist"],
  [141, "doom_of_mokhaiotl", "Doom of Mokhaiotl"],
  [142, "duke_sucellus", "Duke Sucellus"],
  [143, "general_graardor", "General Graardor"],
  [144, "giant_mole", "Giant Mole"],
  [145, "grotesque_guardians", "Grotesque Guardians"],
  [146, "hespori", "Hespori"],
  [147, "kalphite_queen", "Kalphite Queen"],
  [148, "king_black_dragon", "King Black Dragon"],
  [149, "kraken", "Kraken"],
  [150, "kreearra", "Kree'Arra"],
  [151, "kril_tsutsaroth", "K'ril Tsutsaroth"],
  [152, "lunar_chests", "Lunar Chests"],
  [153, "mimic", "Mimic"],
  [154, "nex", "Nex"],
  [155, "nightmare", "Nightmare"],
  [156, "phosanis_nightmare", "Phosani's Nightmare"],
  [157, "obor", "Obor"],
  [158, "phantom_muspah", "Phantom Muspah"],
  [159, "sarachnis", "Sarachnis"],
  [160, "scorpia", "Scorpia"],
  [161, "scurrius", "Scurrius"],
  [162, "shellbane_gryphon", "Shellbane Gryphon"],
  [163, "skotizo", "Skotizo"],
  [164, "sol_heredit", "Sol Heredit"],
  [165, "spindel", "Spindel"],
  [166, "tempoross", "Tempoross"],
  [167, "the_gauntlet", "The Gauntlet"],
  [168, "the_corrupted_gauntlet", "The Corrupted Gauntlet"],
  [169, "the_hueycoatl", "The Hueycoatl"],
  [170, "the_leviathan", "The Leviathan"],
  [171, "the_royal_titans", "The Royal Titans"],
  [172, "the_whisperer", "The Whisperer"],
  [173, "theatre_of_blood", "Theatre of Blood"],
  [174, "theatre_of_blood_hard_mode", "Theatre of Blood: Hard Mode"],
  [175, "thermonuclear_smoke_devil", "Thermonuclear Smoke Devil"],
  [176, "tombs_of_amascut", "Tombs of Amascut"],
  [177, "tombs_of_amascut_expert", "Tombs of Amascut: Expert Mode"],
  [178, "tzkal_zuk", "TzKal-Zuk"],
  [179, "tztok_jad", "TzTok-Jad"],
  [180, "vardorvis", "Vardorvis"],
  [181, "venenatis", "Venenatis"],
  [182, "vetion", "Vet'ion"],
  [183, "vorkath", "Vorkath"],
  [184, "wintertodt", "Wintertodt"],
  [185, "yama", "Yama"],
  [186, "zalcano", "Zalcano"],
  [187, "zulrah", "Zulrah"],
];

/** Every activity: the official rows in the official order, then this site's own ladders. */
export const ACTIVITIES: readonly Activity[] = [
  row(100, "league_points", "League Points", "minigames"),
  row(101, "deadman_points", "Deadman Points", "minigames"),
  row(102, "bounty_hunter_hunter", "Bounty Hunter - Hunter", "pvp"),
  row(103, "bounty_hunter_rogue", "Bounty Hunter - Rogue", "pvp"),
  row(104, "bounty_hunter_legacy_hunter", "Bounty Hunter (Legacy) - Hunter", "pvp"),
  row(105, "bounty_hunter_legacy_rogue", "Bounty Hunter (Legacy) - Rogue", "pvp"),
  row(106, "clue_scrolls_all", "Clue Scrolls (all)", "clues"),
  row(107, "clue_scrolls_beginner", "Clue Scrolls (beginner)", "clues"),
  row(108, "clue_scrolls_easy", "Clue Scrolls (easy)", "clues"),
  row(109, "clue_scrolls_medium", "Clue Scrolls (medium)", "clues"),
  row(110, "clue_scrolls_hard", "Clue Scrolls (hard)", "clues"),
  row(111, "clue_scrolls_elite", "Clue Scrolls (elite)", "clues"),
  row(112, "clue_scrolls_master", "Clue Scrolls (master)", "clues"),
  row(113, "lms_rank", "LMS - Rank", "pvp"),
  row(114, "pvp_arena_rank", "PvP Arena - Rank", "pvp"),
  row(115, "soul_wars_zeal", "Soul Wars Zeal", "minigames"),
  row(116, "rifts_closed", "Rifts closed", "minigames"),
  row(117, "colosseum_glory", "Colosseum Glory", "minigames"),
  row(118, "collections_logged", "Collections Logged", "minigames"),
  ...BOSSES.map(([id, key, name]) => row(id, key, name, "bosses")),
  // This site's own PvP ladders (docs/product.md §2: Top Pkers, Top Kill Streaks). The game pushes the
  // player's total kills and their best kill streak.
  { id: 500, key: "pvp_kills", name: "PvP Kills", group: "pvp", official: false },
  { id: 501, key: "pvp_kill_streak", name: "Best Kill Streak", group: "pvp", official: false },
];

/** The activity rows of the official answers, in their order (88 on LAYOUT_DATE). */
export const OFFICIAL_ACTIVITIES: readonly Activity[] = ACTIVITIES.filter((a) => a.official);

export const ACTIVITY_KEYS = ACTIVITIES.map((a) => a.key) as [string, ...string[]];

/** The first id of the activities: below it, skills (0 Overall, 1–23). */
export const FIRST_ACTIVITY_ID = 100;
/** A pushed score is a count (kills, clues, points): whole, 0 (unranked) to this. */
export const ACTIVITY_SCORE_MAX = 100_000_000;

export const isActivityId = (id: number): boolean => id >= FIRST_ACTIVITY_ID;

const BY_ID = new Map(ACTIVITIES.map((a) => [a.id, a]));
const BY_KEY = new Map(ACTIVITIES.map((a) => [a.key, a]));

export const activityById = (id: number): Activity | undefined => BY_ID.get(id);
export const activityByKey = (key: string): Activity | undefined => BY_KEY.get(key);

/** URL slug of an activity's ladder: its key with hyphens ("theatre-of-blood-hard-mode"). */
export const activitySlug = (a: Activity): string => a.key.replaceAll("_", "-");

/** The site's labels for the groups, in the order the pages show them. */
export const ACTIVITY_GROUPS: readonly { group: ActivityGroup; title: string }[] = [
  { group: "bosses", title: "Boss kill counts" },
  { group: "pvp", title: "PvP stats" },
  { group: "clues", title: "Clue scrolls" },
  { group: "minigames", title: "Minigames and more" },
];

/**
 * The official per-mode path segment (`/m=hiscore_oldschool_ironman/index_lite.json`) for each
 * of our game modes. Group ironman has no per-player endpoint at Jagex; its segment is ours,
 * named in the same pattern. Jagex's other modes (deadman, seasonal, tournament, fresh start,
 * skillers) have no ladder here and answer 404.
 */
export const OFFICIAL_MODE_SEGMENTS = {
  "m=hiscore_oldschool": "regular",
  "m=hiscore_oldschool_ironman": "ironman",
  "m=hiscore_oldschool_hardcore_ironman": "hardcore_ironman",
  "m=hiscore_oldschool_ultimate": "ultimate_ironman",
  "m=hiscore_oldschool_group_ironman": "group_ironman",
} as const;
