/**
 * The account calls of SPEC.md §7 under /api/auth, and the admin's own login and logout
 * under /api/admin. Every sign-in starts a new session (a fresh cookie token), and every
 * answer that signs someone in carries the account as GET /api/auth/check shows it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { HttpError } from "../../plugins/errors";
import {
  CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT,
  CHANGE_PASSWORD_RATE_LIMIT,
  limitBy,
  limitFailures,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_RATE_LIMIT,
  PASSWORD_RESET_EMAIL_RATE_LIMIT,
  PASSWORD_RESET_RATE_LIMIT,
  SIGNUP_RATE_LIMIT,
} from "../../plugins/rate-limits";
import { userRoom } from "../../plugins/realtime";
import { NOT_SIGNED_IN, requireUser } from "../../plugins/session";
import { GUEST_COOKIE, guestKeyHash, isGuestKey } from "../carts/list-owners";
import type { Mailer } from "../mail/mailer";
import {
  ADMIN_NOT_DELETABLE,
  authenticate,
  changePassword,
  deleteAccount,
  EMAIL_TAKEN,
  signInAccount,
  signUp,
  updateProfile,
  WRONG_CREDENTIALS,
  WRONG_OLD_PASSWORD,
} from "./accounts.service";
import {
  FORGOT_PASSWORD_ANSWER,
  requestPasswordReset,
  RESET_LINK_INVALID,
  resetPassword,
} from "./password-reset.service";
import { endSession } from "./sessions.service";

const NOT_AN_ADMIN = "This account is not an administrator.";
const LOGGED_OUT = "Logged out successfully";

interface AuthDeps {
  db: Database;
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
}

const emailOf = (request: FastifyRequest) => String((request.body as { email?: unknown } | undefined)?.email ?? "");
const normalised = (email: string) => email.trim().toLowerCase();

export async function authRoutes(app: FastifyInstance, { db, mailer, shop }: AuthDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function signIn(reply: FastifyReply, viewer: Viewer) {
    const guestKey = reply.request.cookies[GUEST_COOKIE];
    const result = await signInAccount(db, {
      viewer,
      previousSessionHash: (await reply.request.signedIn())?.sessionHash ?? null,
      guestKeyHash: isGuestKey(guestKey) ? guestKeyHash(guestKey) : null,
    });
    if (result.endedSessionHash) app.realtime.signOutSessions([result.endedSessionHash]);
    reply.setSessionCookie(result.token, result.expiresAt);
    if (result.guestListsMoved) {
      app.realtime.emit(userRoom(viewer._id), "cart:changed");
      app.realtime.emit(userRoom(viewer._id), "wishlist:changed");
    }
    if (result.guestKeyUsed) reply.clearPrivateCookie(GUEST_COOKIE);
  }

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const signedIn = await request.signedIn();
    if (signedIn) {
      await endSession(db, signedIn.sessionHash);
      app.realtime.signOutSessions([signedIn.sessionHash]);
    }
    reply.clearSessionCookie();
    return { message: LOGGED_OUT };
  }

  // One count for both login routes, so the admin form is no second chance at guessing.
  const loginFailures = limitFailures([
    {
      spec: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      keyOf: (request) => `${normalised(emailOf(request))} ${request.ip}`,
    },
    { spec: LOGIN_FAILURES_PER_ACCOUNT, keyOf: (request) => normalised(emailOf(request)) },
  ]);
  const loginLimits = { config: { rateLimit: LOGIN_RATE_LIMIT }, preHandler: loginFailures.preHandler };

  /** The account, or 401; only a wrong e-mail or password counts towards the login limits. */
  async function checkPassword(request: FastifyRequest<{ Body: z.output<typeof LoginSchema> }>) {
    const viewer = await authenticate(db, request.body);
    if (!viewer) throw new HttpError(401, WRONG_CREDENTIALS);
    loginFailures.succeeded(request);
    return viewer;
  }

  api.get("/auth/check", async (request) => (await requireUser(request)).viewer);

  api.post(
    "/auth/signup",
    { schema: { body: SignupSchema }, config: { rateLimit: SIGNUP_RATE_LIMIT } },
    async (request, reply) => {
      const result = await signUp(db, request.body);
      if (!result.ok) throw new HttpError(409, EMAIL_TAKEN);
      await signIn(reply, result.viewer);
      return reply.status(201).send(result.viewer);
    },
  );

  api.post("/auth/login", { schema: { body: LoginSchema }, ...loginLimits }, async (request, reply) => {
    const viewer = await checkPassword(request);
    await signIn(reply, viewer);
    return viewer;
  });

  api.post("/auth/logout", signOut);

  api.put("/auth/update", { schema: { body: UpdateProfileSchema } }, async (request) => {
    const { viewer } = await requireUser(request);
    const result = await updateProfile(db, viewer._id, request.body);
    if (!result.ok) throw new HttpError(409, EMAIL_TAKEN);
    return result.viewer;
  });

  api.delete("/auth/delete", async (request, reply) => {
    const { viewer } = await requireUser(request);
    const result = await deleteAccount(db, viewer._id);
    if (!result.ok)
      throw result.reason === "admin" ? new HttpError(403, ADMIN_NOT_DELETABLE) : new HttpError(401, NOT_SIGNED_IN);
    app.realtime.signOutUser(viewer._id);
    reply.clearSessionCookie();
    return { message: "Account deleted" };
  });

  api.post(
    "/auth/forgot-password",
    {
      schema: { body: ForgotPasswordSchema },
      config: { rateLimit: PASSWORD_RESET_RATE_LIMIT },
      preHandler: limitBy(app, PASSWORD_RESET_EMAIL_RATE_LIMIT, (request) => normalised(emailOf(request))),
    },
    async (request) => {
      // Answered before the e-mail is sent, so a known address takes no longer than an unknown one.
      void requestPasswordReset(db, request.body.email, { mailer, shop }).catch((error: unknown) =>
        request.log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "could not send a password reset e-mail",
        ),
      );
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  api.post(
    "/auth/reset-password/:token",
    {
      schema: { params: z.object({ token: z.string().max(100) }), body: ResetPasswordSchema },
      config: { rateLimit: PASSWORD_RESET_RATE_LIMIT },
    },
    async (request, reply) => {
      const viewer = await resetPassword(db, request.params.token, request.body.newPassword);
      if (!viewer) throw new HttpError(400, RESET_LINK_INVALID);
      app.realtime.signOutUser(viewer._id);
      await signIn(reply, viewer);
      return { message: "Password reset successfully.", user: viewer };
    },
  );

  api.put(
    "/auth/change-password",
    {
      schema: { body: ChangePasswordSchema },
      config: { rateLimit: CHANGE_PASSWORD_RATE_LIMIT },
      preHandler: limitBy(app, CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT, async (request) => {
        return (await requireUser(request)).viewer._id;
      }),
    },
    async (request) => {
      const { viewer, sessionHash } = await requireUser(request);
      const result = await changePassword(db, { userId: viewer._id, sessionHash }, request.body);
      if (!result.ok) throw new HttpError(400, WRONG_OLD_PASSWORD);
      app.realtime.signOutSessions(result.endedSessions);
      return { message: "Password changed successfully." };
    },
  );

  api.post("/admin/login", { schema: { body: LoginSchema }, ...loginLimits }, async (request, reply) => {
    const viewer = await checkPassword(request);
    if (!viewer.isAdmin) throw new HttpError(403, NOT_AN_ADMIN);
    await signIn(reply, viewer);
    return viewer;
  });

  api.post("/admin/logout", signOut);
}
