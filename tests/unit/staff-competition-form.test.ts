import { describe, expect, it } from "vitest";
import {
  type CompetitionFormValues,
  competitionFormErrors,
  competitionFormValues,
  isoToLocalInput,
  localInputToIso,
  scheduleFormErrors,
  scheduleFormValues,
  toCompetitionPatch,
  toCompetitionRequest,
  toSchedulePatch,
  toScheduleRequest,
} from "@/lib/competitions/staff-form";
import { ZCreateCompetitionInput, ZCreateScheduleInput, type TCompetition, type TSchedule } from "@/lib/schemas/competitions";

// The staff competition and schedule forms (lib/competitions/staff-form.ts): what is typed
// becomes the API's request, checked here against the API's own schema, and an edit sends only
// what changed.

const values = (over: Partial<CompetitionFormValues> = {}): CompetitionFormValues => ({
  title: "  Melee week ",
  starts_at: "2030-03-04T18:00",
  ends_at: "2030-03-11T18:00",
  metric_kind: "skills",
  metrics: [
    { metric: "attack", weight: "" },
    { metric: "", weight: "5" },
    { metric: "strength", weight: "2" },
  ],
  type: "classic",
  signup: "everyone",
  teams: ["left over"],
  prizes: [
    { item_id: "995", quantity: "1000000" },
    { item_id: "4151", quantity: "1" },
  ],
  ...over,
});

const COMPETITION: TCompetition = {
  id: 7,
  title: "Team race",
  status: "upcoming",
  type: "team",
  signup: "open",
  metric_kind: "activities",
  metrics: [{ metric: "zulrah", name: "Zulrah", weight: 3 }],
  teams: [
    { id: 1, name: "Red" },
    { id: 2, name: "Blue" },
  ],
  prizes: [{ place: 1, item_id: 995, quantity: 500 }],
  starts_at: "2030-03-04T18:00:30.000Z",
  ends_at: "2030-03-05T18:00:00.000Z",
  ended_at: null,
  cancelled_at: null,
  schedule_id: null,
};

describe("datetime-local text", () => {
  it("is read in the zone the code runs in and sent as UTC ISO 8601; the way back shows the same minute", () => {
    const iso = localInputToIso("2030-03-04T18:00");
    expect(iso).toBe(new Date(2030, 2, 4, 18, 0).toISOString());
    expect(iso).toMatch(/Z$/);
    expect(isoToLocalInput(iso)).toBe("2030-03-04T18:00");
    // Seconds are dropped on the way in: the field shows minutes.
    expect(isoToLocalInput(new Date(2030, 2, 4, 18, 0, 45).toISOString())).toBe("2030-03-04T18:00");
  });

  it("passes text that is not a date and time as it is, so the server names the field", () => {
    expect(localInputToIso("")).toBe("");
    expect(localInputToIso("next tuesday")).toBe("next tuesday");
    expect(localInputToIso("2030-13-45T99:99")).toBe("2030-13-45T99:99");
    expect(isoToLocalInput("nonsense")).toBe("");
  });
});

describe("a new competition's request", () => {
  it("trims the title, drops blank metric rows, weighs a blank weight 1, and gives a classic competition no teams", () => {
    const req = toCompetitionRequest(values());
    expect(req).toEqual({
      title: "Melee week",
      starts_at: new Date(2030, 2, 4, 18, 0).toISOString(),
      ends_at: new Date(2030, 2, 11, 18, 0).toISOString(),
      metric_kind: "skills",
      metrics: [
        { metric: "attack", weight: 1 },
        { metric: "strength", weight: 2 },
      ],
      type: "classic",
      signup: "everyone",
      teams: [],
      prizes: [
        { item_id: 995, quantity: 1_000_000 },
        { item_id: 4151, quantity: 1 },
      ],
    });
    // What the API takes: the server would accept it as it is.
    expect(ZCreateCompetitionInput.safeParse(req).success).toBe(true);
  });

  it("makes a team competition open sign-up with its trimmed team names", () => {
    const req = toCompetitionRequest(values({ type: "team", signup: "everyone", teams: [" Red ", "Blue"] }));
    expect(req.signup).toBe("open");
    expect(req.teams).toEqual(["Red", "Blue"]);
    expect(ZCreateCompetitionInput.safeParse(req).success).toBe(true);
  });

  it("sends a number that is not one as NaN (null in JSON), for the server to refuse on its field", () => {
    const req = toCompetitionRequest(values({ metrics: [{ metric: "attack", weight: "two" }], prizes: [{ item_id: "abc", quantity: "1" }] }));
    expect(req.metrics[0]!.weight).toBeNaN();
    const sent = JSON.parse(JSON.stringify(req)) as unknown;
    const parsed = ZCreateCompetitionInput.safeParse(sent);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(["metrics", "prizes"]));
  });

  it("is stopped before sending without a metric, with a half-filled prize row, or a nameless team", () => {
    expect(competitionFormErrors(values())).toEqual({});
    expect(competitionFormErrors(values({ metrics: [{ metric: "", weight: "" }] }))).toEqual({ metrics: ["Choose at least one metric."] });
    expect(Object.keys(competitionFormErrors(values({ prizes: [{ item_id: "995", quantity: " " }] })))).toEqual(["prizes"]);
    expect(Object.keys(competitionFormErrors(values({ type: "team", teams: ["Red", ""] })))).toEqual(["teams"]);
    // A blank team row of a classic competition is never sent: nothing to say.
    expect(competitionFormErrors(values({ type: "classic", teams: [""] }))).toEqual({});
  });
});

describe("an edit's request", () => {
  it("fills the form from the competition, and sends nothing when nothing changed", () => {
    const initial = competitionFormValues(COMPETITION);
    expect(initial).toMatchObject({
      title: "Team race",
      metric_kind: "activities",
      metrics: [{ metric: "zulrah", weight: "3" }],
      type: "team",
      signup: "open",
      teams: ["Red", "Blue"],
      prizes: [{ item_id: "995", quantity: "500" }],
      starts_at: isoToLocalInput(COMPETITION.starts_at),
    });
    expect(toCompetitionPatch(initial, initial)).toEqual({});
    // The same form made again (a fresh copy) is still no change.
    expect(toCompetitionPatch(competitionFormValues(COMPETITION), initial)).toEqual({});
  });

  it("sends only the changed fields: a new title leaves the start (with its seconds) and the teams alone", () => {
    const initial = competitionFormValues(COMPETITION);
    expect(toCompetitionPatch({ ...initial, title: "Team race II " }, initial)).toEqual({ title: "Team race II" });
    const moved = toCompetitionPatch({ ...initial, ends_at: "2030-03-06T18:00" }, initial);
    expect(moved).toEqual({ ends_at: new Date(2030, 2, 6, 18, 0).toISOString() });
  });

  it("sends the teams and sign-up when the type changes, and the prizes as a whole list", () => {
    const initial = competitionFormValues(COMPETITION);
    const classic = toCompetitionPatch({ ...initial, type: "classic", signup: "everyone" }, initial);
    expect(classic).toEqual({ type: "classic", signup: "everyone", teams: [] });
    const prizes = toCompetitionPatch({ ...initial, prizes: [...initial.prizes, { item_id: "4151", quantity: "1" }] }, initial);
    expect(prizes).toEqual({
      prizes: [
        { item_id: 995, quantity: 500 },
        { item_id: 4151, quantity: 1 },
      ],
    });
  });

  it("gives a scheduled competition without a metric one empty row to choose it in", () => {
    expect(competitionFormValues({ ...COMPETITION, metrics: [] }).metrics).toEqual([{ metric: "", weight: "" }]);
  });

  it("starts a new competition at a whole hour one to two hours ahead, for a week", () => {
    const now = new Date(2030, 0, 10, 9, 20);
    const v = competitionFormValues(null, now);
    expect(v.starts_at).toBe("2030-01-10T11:00");
    expect(v.ends_at).toBe("2030-01-17T11:00");
  });
});

const SCHEDULE: TSchedule = {
  id: 3,
  kind: "skill",
  weekday: 5,
  hour: 18,
  duration_hours: 168,
  signup: "everyone",
  staff_choose: false,
  rotation: ["attack", "fishing"],
  prizes: [{ place: 1, item_id: 995, quantity: 100 }],
  time_zone: "UTC",
  next_starts_at: "2030-03-08T18:00:00.000Z",
  next_metric: "attack",
  created_at: "2030-01-01T00:00:00.000Z",
};

describe("a schedule's request", () => {
  it("reads the numbers and drops blank rotation rows; staff choosing sends no rotation", () => {
    const v = { ...scheduleFormValues(null), weekday: "3", hour: "20", rotation: ["attack", "", "mining"] };
    const req = toScheduleRequest(v);
    expect(req).toEqual({
      kind: "skill",
      weekday: 3,
      hour: 20,
      duration_hours: 168,
      signup: "everyone",
      staff_choose: false,
      rotation: ["attack", "mining"],
      prizes: [],
    });
    expect(ZCreateScheduleInput.safeParse(req).success).toBe(true);
    expect(toScheduleRequest({ ...v, staff_choose: true }).rotation).toEqual([]);
    expect(ZCreateScheduleInput.safeParse(toScheduleRequest({ ...v, staff_choose: true })).success).toBe(true);
  });

  it("asks for a rotation or staff choosing, and whole prize rows, before sending", () => {
    expect(scheduleFormErrors(scheduleFormValues(null))).toEqual({ rotation: ["Give the rotation at least one metric, or let staff choose."] });
    expect(scheduleFormErrors({ ...scheduleFormValues(null), staff_choose: true })).toEqual({});
    expect(Object.keys(scheduleFormErrors({ ...scheduleFormValues(SCHEDULE), prizes: [{ item_id: "", quantity: "1" }] }))).toEqual(["prizes"]);
  });

  it("edits send only what changed, and a new kind carries its rotation with it", () => {
    const initial = scheduleFormValues(SCHEDULE);
    expect(toSchedulePatch(initial, initial)).toEqual({});
    // An unchanged rotation is not sent again (that would start it over).
    expect(toSchedulePatch({ ...initial, duration_hours: "48" }, initial)).toEqual({ duration_hours: 48 });
    expect(toSchedulePatch({ ...initial, kind: "boss" }, initial)).toEqual({ kind: "boss", rotation: ["attack", "fishing"] });
    expect(toSchedulePatch({ ...initial, kind: "boss", rotation: ["zulrah"] }, initial)).toEqual({ kind: "boss", rotation: ["zulrah"] });
    expect(toSchedulePatch({ ...initial, kind: "boss", staff_choose: true }, initial)).toEqual({ kind: "boss", staff_choose: true, rotation: [] });
  });
});
