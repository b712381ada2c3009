/**
 * The one way a rule says no (docs/architecture.md, The door). A service refuses with a
 * kind, a message a person can act on, and, for a form, a message per field; the kind
 * alone decides the HTTP status at the API and how a page's form shows it.
 */

/** Each kind of refusal and the status the API answers it with. */
export const REFUSAL_STATUS = {
  invalid: 400,
  "signed-out": 401,
  forbidden: 403,
  missing: 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  "too-many": 429,
  /** A store the shop needs (the picture store, the database) is down for a moment. */
  unavailable: 503,
} as const;

export type RefusalKind = keyof typeof REFUSAL_STATUS;

export class Refusal extends Error {
  /** Read by Fastify's error handler and by the pages' form answers. */
  readonly statusCode: number;
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Per-field messages, as a form shows them beside its fields. */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "Refusal";
    this.statusCode = REFUSAL_STATUS[kind];
  }
}

export function refuse(kind: RefusalKind, message: string, errors?: Record<string, string>): Refusal {
  return new Refusal(kind, message, errors);
}

/** A refusal naming the form field at fault, as the schemas' own errors do. */
export function refuseField(field: string, message: string): Refusal {
  return new Refusal("invalid", message, { [field]: message });
}

const KIND_OF_STATUS = new Map<number, RefusalKind>(
  Object.entries(REFUSAL_STATUS).map(([kind, status]) => [status, kind as RefusalKind]),
);

/** The kind a status stands for (a refusal Fastify itself gave, such as a 413 body), or null. */
export function refusalKindOf(status: number): RefusalKind | null {
  return KIND_OF_STATUS.get(status) ?? null;
}
