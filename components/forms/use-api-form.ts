"use client";

import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Operation } from "@/lib/schemas/api";
import {
  type ApiResponse,
  type Endpoint,
  type EndpointArgs,
  type FailureOptions,
  type FormFailure,
  SERVER_ERROR,
  api,
  failureFrom,
  missingFields,
} from "@/lib/client/api";

/** Thrown from `prepare` to stop the submit with this text as the form error (e.g. a failed captcha). */
export class FormError extends Error {}

export type SubmitContext<V> = {
  values: V;
  res: ApiResponse;
  /** Keep the form busy after success: it is navigating away, a second submit must not start. */
  stayBusy: () => void;
};

export type ApiFormOptions<V, D> = FailureOptions & {
  /** The operation to call (lib/client/endpoints.ts), or a function of the values choosing one. Its method is sent; DELETE sends no body. */
  endpoint: Endpoint | ((values: V) => Endpoint);
  /** The endpoint's path parameters, from the submitted values (e.g. `{ id: postId }`). */
  params?: (values: V) => Record<string, string | number>;
  /** Fields that must not be blank: marked "This field is required." and nothing is sent. */
  required?: readonly (keyof V & string)[];
  /** Further checks before sending; return a failure to stop (an empty one stops silently). */
  validate?: (values: V) => FormFailure | null | undefined;
  /** Extra request headers, e.g. an Idempotency-Key that stays the same when the same values are sent again. */
  headers?: (values: V) => Record<string, string>;
  /** Builds the request body once the checks pass (default: the values themselves). */
  prepare?: (values: V) => unknown;
  /** Which answers count as success (default: any 2xx). */
  isSuccess?: (res: ApiResponse, values: V) => boolean;
  onSuccess?: (data: D & Record<string, unknown>, ctx: SubmitContext<V>) => void | Promise<void>;
  /** Runs after a server failure has been shown (e.g. go back to a previous step). */
  onFailure?: (failure: FormFailure, ctx: SubmitContext<V>) => void;
};

export type ApiForm<V> = {
  /** Checks, sends and maps the answer. Pass the form's submit event so the page does not reload. */
  submit: (values: V, event?: FormEvent<HTMLFormElement>) => Promise<boolean>;
  busy: boolean;
  fieldErrors: Record<string, string[]>;
  formError: string | undefined;
  /** Clears the field errors and the form error. */
  reset: () => void;
  clearFormError: () => void;
};

const NONE: FormFailure = { fieldErrors: {} };

/**
 * The one submit path of every form that writes through /api/v1: required fields and local
 * checks, a busy flag that also blocks a second submit, the answer mapped by `failureFrom`
 * (field lists, details, 429, 403, no answer), and focus on the first invalid field.
 * The options are read at submit time, so they may depend on the form's current state.
 */
export function useApiForm<V extends Record<string, unknown>, D = Record<string, unknown>>(options: ApiFormOptions<V, D>): ApiForm<V> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NONE);
  const [focusRequest, setFocusRequest] = useState(0);
  // State updates are not visible until the next render: the ref stops a double click at once.
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // After the errors are on screen (so aria-invalid is set), move focus to the first one.
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const show = (f: FormFailure) => {
    setFailure(f);
    setFocusRequest((n) => n + 1);
  };

  async function submit(values: V, event?: FormEvent<HTMLFormElement>): Promise<boolean> {
    event?.preventDefault();
    // React clears currentTarget once the handler returns: keep the form for the focus step.
    if (event) formRef.current = event.currentTarget;
    if (busyRef.current) return false;
    const opts = latest.current;

    const missing = opts.required ? missingFields(values, opts.required) : {};
    const checked = opts.validate?.(values);
    if (Object.keys(missing).length || checked) {
      show({ fieldErrors: { ...checked?.fieldErrors, ...missing }, formError: checked?.formError });
      return false;
    }

    busyRef.current = true;
    setBusy(true);
    setFailure(NONE);
    let stay = false;
    try {
      const chosen = typeof opts.endpoint === "function" ? opts.endpoint(values) : opts.endpoint;
      let body: unknown;
      try {
        body = chosen.method === "DELETE" ? undefined : opts.prepare ? await opts.prepare(values) : values;
      } catch (e) {
        show({ fieldErrors: {}, formError: e instanceof FormError ? e.message : SERVER_ERROR });
        return false;
      }
      // The form's values are checked by the server against the operation's schema: the body is
      // the one thing the caller's types cannot promise here.
      const res: ApiResponse = await api(chosen, { params: opts.params?.(values), body, headers: opts.headers?.(values) } as EndpointArgs<Operation>);
      const ctx: SubmitContext<V> = { values, res, stayBusy: () => (stay = true) };
      if (opts.isSuccess ? opts.isSuccess(res, values) : res.ok) {
        // D only names the success body's fields: forms check their types before use.
        await opts.onSuccess?.(res.data as D & Record<string, unknown>, ctx);
        return true;
      }
      const f = failureFrom(res, opts);
      show(f);
      opts.onFailure?.(f, ctx);
      return false;
    } finally {
      if (!stay) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  // Stable, so forms can use them in effects (e.g. a message that clears after a delay).
  const reset = useCallback(() => setFailure(NONE), []);
  const clearFormError = useCallback(() => setFailure((f) => (f.formError ? { ...f, formError: undefined } : f)), []);

  return { submit, busy, fieldErrors: failure.fieldErrors, formError: failure.formError, reset, clearFormError };
}
