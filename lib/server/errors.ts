import "server-only";

// One error model (CONTRIBUTING.md): use cases throw AppError; one table maps code → status.

export type ErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNAVAILABLE"
  | "INTERNAL";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: "The request could not be understood.",
  VALIDATION: "Some fields are invalid.",
  UNAUTHENTICATED: "Authentication credentials were not provided.",
  FORBIDDEN: "You do not have permission to perform this action.",
  NOT_FOUND: "Not found.",
  CONFLICT: "That conflicts with the current state.",
  RATE_LIMITED: "You have been rate limited, please try again later.",
  PAYLOAD_TOO_LARGE: "The request body is too large.",
  UNSUPPORTED_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json).",
  UNAVAILABLE: "The service is temporarily unavailable.",
  INTERNAL: "Something went wrong on the server.",
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly fields: FieldErrors | undefined;
  /** Body key for the message: "details" by default, "error" where docs/product.md §7 reads `error`. */
  readonly messageKey: "details" | "error";
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    opts: { userMessage?: string; fields?: FieldErrors; messageKey?: "details" | "error"; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(opts.userMessage ?? DEFAULT_MESSAGES[code], { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = opts.userMessage ?? DEFAULT_MESSAGES[code];
    this.fields = opts.fields;
    this.messageKey = opts.messageKey ?? "details";
    this.headers = opts.headers;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  /**
   * The DRF-shaped body of docs/architecture.md: field lists plus `details`, and the same message under
   * `error` too where the client of docs/product.md §7 reads that key (purchase, 2FA). A 5xx never shows its
   * own text: that is for the log.
   */
  toBody(legacyErrorKey = false): Record<string, unknown> {
    if (this.status >= 500) return { details: DEFAULT_MESSAGES[this.code] };
    return { ...(this.fields ?? {}), details: this.userMessage, ...(legacyErrorKey || this.messageKey === "error" ? { error: this.userMessage } : {}) };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
