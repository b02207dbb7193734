"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import type { TStaffVoteSite } from "@/lib/schemas/vote-sites";
import { VOTE_SITE_PRESETS, votePreset } from "@/lib/votes/presets";
import { CheckboxField, SelectField } from "./form-controls";

// The staff form of a vote listing site (/staff/votes/sites): new (blank or filled from a preset
// of lib/votes/presets.ts), or an edit of an existing row. Writes through the staff API, which
// checks everything again; its messages appear under the field they are about. The secret is never
// shown: left empty it is kept, "Clear the secret" removes it.

type Values = {
  preset: string;
  key: string;
  name: string;
  url_template: string;
  token_param: string;
  secret_param: string;
  voter_ip_param: string;
  voted_param: string;
  voted_value: string;
  allowed_ips: string;
  cooldown_hours: string;
  reward_points: string;
  answer: string;
  sort_order: string;
  active: boolean;
  secret: string;
  clear_secret: boolean;
};

function valuesOf(site?: TStaffVoteSite, presetKey = ""): Values {
  const p = votePreset(presetKey);
  return {
    preset: presetKey,
    key: site?.key ?? (p ? `${p.key}_2` : ""),
    name: site?.name ?? p?.name ?? "",
    url_template: site?.url_template ?? p?.urlTemplate ?? "",
    token_param: site?.token_param ?? p?.params.token ?? "",
    secret_param: site?.secret_param ?? p?.params.secret ?? "",
    voter_ip_param: site?.voter_ip_param ?? p?.params.voterIp ?? "",
    voted_param: site?.voted_param ?? p?.params.voted ?? "",
    voted_value: site?.voted_value ?? p?.params.votedValue ?? "",
    allowed_ips: site?.allowed_ips.join(", ") ?? "",
    cooldown_hours: String(site?.cooldown_hours ?? 12),
    reward_points: String(site?.reward_points ?? 2),
    answer: site?.answer ?? p?.answer ?? "json",
    sort_order: String(site?.sort_order ?? 100),
    active: site?.active ?? false,
    secret: "",
    clear_secret: false,
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : s);

export function VoteSiteForm({ site }: { site?: TStaffVoteSite }) {
  const router = useRouter();
  const [v, setV] = useState<Values>(() => valuesOf(site));
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const prefix = site ? `vote-site-${site.id}` : "vote-site-new";
  const form = useApiForm<Values, TStaffVoteSite>({
    endpoint: site ? endpoints.updateVoteSite : endpoints.createVoteSite,
    ...(site ? { params: () => ({ id: site.id }) } : {}),
    required: ["name", "url_template", "token_param", ...(site ? [] : ["key" as const])],
    prepare: (x) => ({
      ...(site ? {} : { key: x.key.trim(), ...(x.preset ? { preset: x.preset } : {}) }),
      name: x.name.trim(),
      url_template: x.url_template.trim(),
      token_param: x.token_param.trim(),
      secret_param: orNull(x.secret_param),
      voter_ip_param: orNull(x.voter_ip_param),
      voted_param: orNull(x.voted_param),
      voted_value: orNull(x.voted_value),
      allowed_ips: x.allowed_ips
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      cooldown_hours: whole(x.cooldown_hours),
      reward_points: whole(x.reward_points),
      answer: x.answer,
      sort_order: whole(x.sort_order),
      active: x.active,
      ...(x.clear_secret ? { secret: null } : x.secret ? { secret: x.secret } : {}),
    }),
    onSuccess: (saved) => {
      setMessage(site ? `Saved ${saved.name}.` : `Added ${saved.name}: its callback address is ${saved.callback_path}.`);
      if (!site) setV(valuesOf());
      router.refresh();
    },
  });
  const e = form.fieldErrors;
  const preset = votePreset(v.preset);
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => void form.submit(v, ev)}>
      {site ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${prefix}-preset`}
            label="Start from"
            value={v.preset}
            onChange={(ev) => setV(valuesOf(undefined, ev.target.value))}
            hint={preset?.note}
          >
            <option value="">A blank site</option>
            {VOTE_SITE_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <Field
            id={`${prefix}-key`}
            label="Key"
            hint="Lowercase letters, digits and _: the end of the callback address."
            value={v.key}
            onChange={(ev) => set("key", ev.target.value)}
            errors={e.key}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-name`} label="Name" value={v.name} onChange={(ev) => set("name", ev.target.value)} errors={e.name} />
        <Field
          id={`${prefix}-url`}
          label="Vote link"
          hint="{token} and {username} are filled in for each player."
          value={v.url_template}
          onChange={(ev) => set("url_template", ev.target.value)}
          errors={e.url_template}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${prefix}-token`}
          label="Token parameter"
          value={v.token_param}
          onChange={(ev) => set("token_param", ev.target.value)}
          errors={e.token_param}
        />
        <Field
          id={`${prefix}-secret-param`}
          label="Secret parameter"
          hint="Empty when the site sends none."
          value={v.secret_param}
          onChange={(ev) => set("secret_param", ev.target.value)}
          errors={e.secret_param}
        />
        <Field
          id={`${prefix}-voter-ip`}
          label="Voter address parameter"
          value={v.voter_ip_param}
          onChange={(ev) => set("voter_ip_param", ev.target.value)}
          errors={e.voter_ip_param}
        />
        <Field
          id={`${prefix}-voted`}
          label="Voted flag parameter"
          hint="With its value, or both empty."
          value={v.voted_param}
          onChange={(ev) => set("voted_param", ev.target.value)}
          errors={e.voted_param}
        />
        <Field
          id={`${prefix}-voted-value`}
          label="Value meaning voted"
          value={v.voted_value}
          onChange={(ev) => set("voted_value", ev.target.value)}
          errors={e.voted_value}
        />
        <SelectField id={`${prefix}-answer`} label="Answer" value={v.answer} onChange={(ev) => set("answer", ev.target.value)} errors={e.answer}>
          <option value="json">Our JSON answer</option>
          <option value="ok">A plain 200 OK</option>
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${prefix}-secret`}
          label={site?.has_secret ? "New secret (one is set)" : "Secret"}
          type="password"
          autoComplete="off"
          hint="Never shown again. Left empty, the current one is kept."
          value={v.secret}
          onChange={(ev) => set("secret", ev.target.value)}
          errors={e.secret}
        />
        <Field
          id={`${prefix}-ips`}
          label="Allowed addresses"
          hint="Comma-separated; empty for any (then a secret is needed)."
          value={v.allowed_ips}
          onChange={(ev) => set("allowed_ips", ev.target.value)}
          errors={e.allowed_ips}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${prefix}-cooldown`}
          label="Cooldown (hours)"
          inputMode="numeric"
          value={v.cooldown_hours}
          onChange={(ev) => set("cooldown_hours", ev.target.value)}
          errors={e.cooldown_hours}
        />
        <Field
          id={`${prefix}-reward`}
          label="Reward (vote points)"
          inputMode="numeric"
          value={v.reward_points}
          onChange={(ev) => set("reward_points", ev.target.value)}
          errors={e.reward_points}
        />
        <Field
          id={`${prefix}-order`}
          label="Order"
          inputMode="numeric"
          value={v.sort_order}
          onChange={(ev) => set("sort_order", ev.target.value)}
          errors={e.sort_order}
        />
      </div>
      <CheckboxField
        id={`${prefix}-active`}
        label="Active: on the vote page, and its callbacks are answered"
        checked={v.active}
        onChange={(x) => set("active", x)}
        errors={e.active}
      />
      {site?.has_secret ? (
        <CheckboxField id={`${prefix}-clear-secret`} label="Clear the secret" checked={v.clear_secret} onChange={(x) => set("clear_secret", x)} />
      ) : null}
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <LiveAlert tone="success">{message}</LiveAlert>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Saving..." : site ? "Save site" : "Add site"}
        </button>
      </div>
    </ClientForm>
  );
}
