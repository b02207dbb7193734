import { LiveAlert } from "./alert";

// What a page shows instead of its list when its query is refused (lib/server/http/page-query.ts):
// each field by its label, with why. A page cannot answer 400; this is its 400.

export function InvalidQuery({ errors, labels = {} }: { errors: Readonly<Record<string, readonly string[]>>; labels?: Readonly<Record<string, string>> }) {
  const fields = Object.entries(errors);
  if (!fields.length) return null;
  return (
    <div className="mb-4" data-testid="invalid-query">
      <LiveAlert tone="error">
        <p className="font-semibold">That search is not valid:</p>
        <ul className="mt-1 space-y-0.5">
          {fields.map(([field, messages]) => (
            <li key={field} data-field={field}>
              <strong>{field === "details" ? "The address" : (labels[field] ?? field)}</strong>: {messages.join(" ")}
            </li>
          ))}
        </ul>
      </LiveAlert>
    </div>
  );
}
