import { Field } from "@/components/ui/field";
import { passwordChecks } from "@/lib/schemas/passwords";

/** docs/product.md §5: while the password is non-empty and invalid, list the four rules, each marked met or not. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const checks = passwordChecks(password);
  if (!password || checks.every((c) => c.met)) return null;
  return (
    <div id={id} className="mt-2 rounded border border-stone-700 bg-stone-850 px-3 py-2 text-sm">
      <p className="font-semibold text-stone-100">Your password must:</p>
      <ul className="mt-1 space-y-0.5">
        {checks.map((c) => (
          <li key={c.key} data-met={c.met} className={`flex gap-2 ${c.met ? "text-emerald-300" : "text-stone-300"}`}>
            <span aria-hidden="true" className="w-4 text-center font-bold">
              {c.met ? "✓" : "✕"}
            </span>
            <span>
              {c.label}
              <span className="sr-only">{c.met ? " (done)" : " (not yet)"}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Server/zod messages that the checklist already shows (so they are not listed twice). */
export function isChecklistMessage(message: string): boolean {
  return passwordChecks("").some((c) => message.toLowerCase().includes(c.label.toLowerCase()));
}

/** A new-password input with the live checklist of docs/product.md §5 under it (registration and reset). */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: readonly string[] | undefined;
}) {
  const rulesId = `${id}-rules`;
  return (
    <div>
      <Field
        id={id}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        errors={errors}
        aria-describedby={[value ? rulesId : null, errors?.length ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined}
      />
      <PasswordChecklist id={rulesId} password={value} />
    </div>
  );
}
