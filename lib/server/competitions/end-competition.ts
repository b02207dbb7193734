import "server-only";
import { END_GRACE_SECONDS } from "@/lib/competitions/rules";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { log } from "../log";
import { enqueue } from "../jobs/enqueue";
import { notifyCompetitionPrize } from "../notifications/events";
import { endJobKey, queueEndedAnnouncement } from "./queue-competition-jobs";
import { forgetLiveCompetitions } from "./running-cache";
import { claimEnd } from "./sql/end";
import { freezeRanks, freezeTeamRanks, orderTeams, selectTeams, selectWinners } from "./sql/standings";

// The "competition-end" job (docs/competitions.md, "The end"): runs END_GRACE_SECONDS after the
// end, when every push that began before the end has committed. In one transaction: the
// conditional update that marks it ended (only one run ever gets past it), the frozen places of
// the players (staff and banned players get none) and of the teams, one game delivery per prize
// won (the unique key (competitionId, userId) holds it to one per player whatever runs), each
// winner's notification, the audit entry by `system` and the "ended" announcement.

export type EndResult = { ended: boolean; prizes: number };

export async function endCompetition(competitionId: number): Promise<EndResult> {
  const result = await db.$transaction(async (tx) => {
    const c = await claimEnd(tx, competitionId, END_GRACE_SECONDS);
    if (!c) return { ended: false, prizes: 0 };
    await freezeRanks(tx, c.id);
    const team = c.type === "TEAM";
    let teamOrder: number[] = [];
    if (team) {
      teamOrder = orderTeams(await selectTeams(tx, c.id)).map((t) => t.id);
      await freezeTeamRanks(tx, teamOrder);
    }
    const prizes = await tx.competitionPrize.findMany({ where: { competitionId: c.id }, orderBy: { place: "asc" } });
    const winners = await selectWinners(tx, c.id, team, prizes.length);
    const prizeOf = new Map(prizes.map((p) => [p.place, p]));
    const data = winners.map((w) => {
      const prize = prizeOf.get(w.place)!;
      return {
        userId: w.userId,
        competitionId: c.id,
        ...deliveryPayload("COMPETITION_PRIZE", {
          competitionId: c.id,
          competition: c.title,
          placement: w.place,
          itemId: prize.itemId,
          quantity: prize.quantity,
        }),
      };
    });
    // skipDuplicates: ON CONFLICT DO NOTHING on (competitionId, userId), a second guard beside the ended mark.
    const made = data.length ? await tx.gameDelivery.createMany({ data, skipDuplicates: true }) : { count: 0 };
    // Each winner hears of their prize behind the bell, once (docs/notifications.md): one statement per place won.
    const byPlace = new Map<number, number[]>();
    for (const w of winners) byPlace.set(w.place, [...(byPlace.get(w.place) ?? []), w.userId]);
    for (const [place, userIds] of byPlace) await notifyCompetitionPrize(tx, { userIds, competitionId: c.id, title: c.title, place, team });
    const deliveries = await tx.gameDelivery.findMany({ where: { competitionId: c.id }, select: { id: true, userId: true } });
    const deliveryOf = new Map(deliveries.map((d) => [d.userId, d.id]));
    await recordAudit(
      {
        action: "competition.ended",
        actorLabel: "system",
        targetType: "competition",
        targetId: c.id,
        data: {
          teams: teamOrder,
          prizes: data.map((d) => ({
            userId: d.userId,
            placement: d.payload.placement,
            itemId: d.payload.itemId,
            quantity: d.payload.quantity,
            deliveryId: deliveryOf.get(d.userId) ?? null,
          })),
        },
      },
      tx,
    );
    await queueEndedAnnouncement(tx, c);
    await announce(tx, [topic.competitions, topic.competition(c.id)]);
    return { ended: true, prizes: made.count };
  });
  forgetLiveCompetitions();
  if (result.ended) log.info("competitions.ended", { competitionId, prizes: result.prizes });
  else await requeueIfEarly(competitionId);
  return result;
}

/** A run before the end and its grace (a clock ahead, an end moved later) leaves the end to a run at the right time. */
async function requeueIfEarly(competitionId: number): Promise<void> {
  const c = await db.competition.findUnique({ where: { id: competitionId }, select: { endsAt: true, endedAt: true, cancelledAt: true } });
  if (!c || c.endedAt || c.cancelledAt) return;
  const due = Math.max(c.endsAt.getTime() + END_GRACE_SECONDS * 1000, Date.now() + 5_000);
  await enqueue("competition-end", { competitionId }, { runAt: new Date(due), jobKey: endJobKey(competitionId) });
}
