// Browser-side calls to the /api/v1 JSON API: cookie session, same-origin (CSRF by Sec-Fetch-Site).
import { REQUIRED } from "@/lib/schemas/api";

export const RATE_LIMITED = "You have been rate limited, please try again later.";
export const SERVER_ERROR = "Error! Looks like something went wrong on the server. Try again or contact a staff member for help.";

export type ApiResponse<T = Record<string, unknown>> = { status: number; ok: boolean; data: T & Record<string, unknown> };

/** The JSON answer and its status; a network failure or non-JSON body resolves to status 0 / {}. */
export async function callApi<T = Record<string, unknown>>(path: string, init: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {}): Promise<ApiResponse<T>> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: init.body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
    });
  } catch {
    return { status: 0, ok: false, data: {} as T & Record<string, unknown> };
  }
  let data: unknown = {};
  try {
    data = await res.json();
  } catch {
    data = {};
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) data = {};
  return { status: res.status, ok: res.ok, data: data as T & Record<string, unknown> };
}

/** DRF-shaped error body → per-field lists plus `details` (spec §8: listed under each field). */
export type FormErrors = { fields: Record<string, string[]>; details?: string };

export function readErrors(body: Record<string, unknown>): FormErrors {
  const fields: Record<string, string[]> = {};
  let details: string | undefined;
  for (const [key, value] of Object.entries(body)) {
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
    if (list.length === 0) continue;
    if (key === "details" || key === "detail" || key === "non_field_errors") details = [details, ...list].filter(Boolean).join(" ");
    else fields[key] = list;
  }
  return { fields, details };
}

/** The text to show for a failed call: server details, the rate-limit text, or the generic one. */
export function errorText(res: ApiResponse, fallback = SERVER_ERROR): string {
  if (res.status === 429) return RATE_LIMITED;
  const { details } = readErrors(res.data);
  if (details) return details;
  if (typeof res.data.error === "string") return res.data.error;
  return fallback;
}

export { safeReturnPath as safeNextPath } from "@/lib/safe-path";

/** Client-side check before sending: every blank field (spaces count as blank) gets the required message. */
export function missingFields(values: Record<string, string>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) if (!value.trim()) fields[name] = [REQUIRED];
  return fields;
}

/** Moves focus to the first field marked invalid once React has re-rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form) return;
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
