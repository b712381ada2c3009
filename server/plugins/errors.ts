/**
 * Every error leaves as `{ message, errors? }` (docs/product.md, Limits and errors): bad
 * input is a 4xx with a message a person can act on; anything unexpected is a 500 whose
 * body says nothing about the inside, and whose log line carries no stack trace or request
 * body.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../domain/api-errors.schema";
import { Refusal } from "../../domain/refusal";

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "request";
        errors[field] ??= issue.message ?? "Invalid value.";
      }
      const body: ErrorBody = { message: error.validation[0]?.message ?? "Invalid request.", errors };
      return reply.status(400).send(body);
    }
    // Text PostgreSQL cannot take (a NUL, bad UTF-8, a malformed uuid) that slipped past a schema is still bad input.
    if (
      ["22021", "22P05", "22P02"].includes(String((error.cause as { code?: unknown } | undefined)?.code ?? error.code))
    )
      return reply
        .status(400)
        .send({ message: "The request holds characters or values that cannot be stored." } satisfies ErrorBody);
    const status = error.statusCode ?? 500;
    // A 5xx of our own making (the picture store is down) says what happened, nothing more.
    if (status < 500 || error instanceof Refusal) {
      const errors = error instanceof Refusal ? error.errors : undefined;
      return reply
        .status(status)
        .send({ message: clientMessage(error), ...(errors ? { errors } : {}) } satisfies ErrorBody);
    }
    request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, "request failed");
    return reply
      .status(500)
      .send({ message: "Something went wrong on our side. Please try again." } satisfies ErrorBody);
  });
});

/** Fastify's own 4xx texts, made readable for the few a client can cause. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "Request body is not valid JSON.";
    default:
      return error.message;
  }
}
