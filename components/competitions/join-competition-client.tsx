"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, inputClass } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";

/**
 * Sign up for a competition (choosing a team in a team competition), or leave it. Both go through
 * the API and read the page again, so the standings and "your place" show the change.
 */
export function JoinCompetition({
  competitionId,
  joined,
  canJoin,
  started,
  teams,
}: {
  competitionId: number;
  joined: boolean;
  canJoin: boolean;
  started: boolean;
  teams: { id: number; name: string }[] | null;
}) {
  const router = useRouter();
  const id = useId();
  const [teamId, setTeamId] = useState("");
  const join = useApiForm<{ team_id?: number }>({
    endpoint: endpoints.joinCompetition,
    params: () => ({ id: competitionId }),
    fields: teams ? ["team_id"] : [],
    validate: () => (teams && !teamId ? { fieldErrors: { team_id: ["Choose a team."] } } : null),
    onSuccess: () => router.refresh(),
  });
  const leave = useApiForm<Record<string, never>>({
    endpoint: endpoints.leaveCompetition,
    params: () => ({ id: competitionId }),
    onSuccess: () => router.refresh(),
  });

  if (joined) {
    return (
      <ClientForm aria-label="Leave this competition" onSubmit={(e) => void leave.submit({}, e)} className="space-y-2">
        <p className="text-sm text-stone-300">Leaving drops what you have gained in it; if you join again, counting starts over from then.</p>
        <button type="submit" className="btn btn-stone" disabled={leave.busy}>
          {leave.busy ? "Leaving..." : "Leave competition"}
        </button>
        <LiveAlert tone="error">{leave.formError}</LiveAlert>
      </ClientForm>
    );
  }
  if (!canJoin) return null;
  const teamErrors = join.fieldErrors.team_id;
  return (
    <ClientForm
      aria-label="Join this competition"
      onSubmit={(e) => void join.submit(teams ? { team_id: Number(teamId) } : {}, e)}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {teams ? (
        <div className="sm:w-64">
          <label htmlFor={`${id}-team`} className="mb-1 block font-semibold text-stone-100">
            Team
          </label>
          <select
            id={`${id}-team`}
            name="team_id"
            value={teamId}
            onChange={(e) => setTeamId(e.target.value)}
            aria-invalid={teamErrors?.length ? true : undefined}
            aria-describedby={teamErrors?.length ? `${id}-team-errors` : undefined}
            className={inputClass}
          >
            <option value="">Choose a team</option>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <ErrorList id={`${id}-team-errors`} errors={teamErrors} />
        </div>
      ) : null}
      <button type="submit" className="btn btn-gold" disabled={join.busy}>
        {join.busy ? "Joining..." : "Join competition"}
      </button>
      <p className="text-sm text-stone-300 sm:basis-full">
        {started ? "It has started: what you gain from the moment you join counts." : "Everything you gain from the start counts."}
      </p>
      <LiveAlert tone="error" className="sm:basis-full">
        {join.formError}
      </LiveAlert>
    </ClientForm>
  );
}
