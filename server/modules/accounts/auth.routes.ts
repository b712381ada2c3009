/**
 * The account calls under /api/auth, and the admin's own login and logout
 * under /api/admin. Every sign-in starts a new session (a fresh cookie token), and every
 * answer that signs someone in carries the account as GET /api/auth/check shows it.
 * While an account draws wrong passwords from many addresses, both login routes answer
 * every attempt alike with 202 and e-mail a sign-in link when the password was right
 * (see limitLoginFailures); the link is used at POST /api/auth/sign-in-link.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChangePasswordSchema,
  changesEmail,
  DeleteAccountSchema,
  EMAIL_CHANGE_NEEDS_PASSWORD,
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
  limitBy,
  limitLoginFailures,
  LOGIN_RATE_LIMIT,
  networkOf,
  PASSWORD_CHECK_ACCOUNT_RATE_LIMIT,
  PASSWORD_CHECK_RATE_LIMIT,
  PASSWORD_RESET_EMAIL_RATE_LIMIT,
  PASSWORD_RESET_RATE_LIMIT,
  SIGN_IN_LINK_RATE_LIMIT,
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
  sendEmailChangedNotice,
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
import { redeemSignInLink, sendSignInLink, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from "./sign-in-links.service";

const NOT_AN_ADMIN = "This account is not an administrator.";
const LOGGED_OUT = "Logged out successfully";

interface AuthDeps {
  db: Database;
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
}

const SignInLinkSchema = z.object({ token: z.string().max(100) });

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

  /** Mail goes out after the answer, so a request that sends one takes no longer than one that does not. */
  function inBackground(request: FastifyRequest, what: string, sending: Promise<void>) {
    void sending.catch((error: unknown) =>
      request.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, what),
    );
  }

  // One count for both login routes, so the admin form is no second chance at guessing.
  const loginFailures = limitLoginFailures((request) => normalised(emailOf(request)));
  const loginLimits = { config: { rateLimit: LOGIN_RATE_LIMIT }, preHandler: loginFailures.preHandler };

  /**
   * The account when the password is right, or 401; only a wrong e-mail or password
   * counts towards the login limits. Past the account's cap, "by-email" whatever the
   * password, after as long a check: a right one is sent a sign-in link.
   */
  async function checkPassword(
    request: FastifyRequest<{ Body: z.output<typeof LoginSchema> }>,
  ): Promise<Viewer | "by-email"> {
    const viewer = await authenticate(db, request.body);
    if (loginFailures.accountOverCap(request)) {
      if (viewer) {
        inBackground(request, "could not send a sign-in link", sendSignInLink(db, viewer._id, { mailer, shop }));
      }
      return "by-email";
    }
    if (!viewer) throw new HttpError(401, WRONG_CREDENTIALS);
    loginFailures.succeeded(request);
    return viewer;
  }
  const byEmail = (reply: FastifyReply) => reply.status(202).send({ message: SIGN_IN_LINK_SENT });

  /**
   * Current-password checks (changing the password or the e-mail, deleting the account)
   * share one count per address and one per account.
   */
  const passwordChecksPerAddress = limitBy(app, PASSWORD_CHECK_RATE_LIMIT, networkOf);
  const passwordChecksPerAccount = limitBy(app, PASSWORD_CHECK_ACCOUNT_RATE_LIMIT, async (request) => {
    return (await requireUser(request)).viewer._id;
  });
  async function limitPasswordChecks(request: FastifyRequest, reply: FastifyReply) {
    await passwordChecksPerAddress(request, reply);
    await passwordChecksPerAccount(request, reply);
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
    if (viewer === "by-email") return byEmail(reply);
    await signIn(reply, viewer);
    return viewer;
  });

  api.post("/auth/logout", signOut);

  const wrongCurrentPassword = () => new HttpError(400, WRONG_OLD_PASSWORD, { currentPassword: WRONG_OLD_PASSWORD });

  api.put(
    "/auth/update",
    {
      schema: { body: UpdateProfileSchema },
      // Only an e-mail change checks the password, so only it counts towards those limits.
      preHandler: async (request, reply) => {
        const { viewer } = await requireUser(request);
        if (changesEmail(viewer.email, request.body.email)) await limitPasswordChecks(request, reply);
      },
    },
    async (request) => {
      const { viewer } = await requireUser(request);
      const result = await updateProfile(db, viewer, request.body);
      if (!result.ok) {
        if (result.reason === "email-taken") throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
        if (result.reason === "wrong-password") throw wrongCurrentPassword();
        throw new HttpError(400, EMAIL_CHANGE_NEEDS_PASSWORD, { currentPassword: EMAIL_CHANGE_NEEDS_PASSWORD });
      }
      if (result.emailChangedFrom) {
        const change = { username: result.viewer.username, from: result.emailChangedFrom, to: result.viewer.email };
        inBackground(
          request,
          "could not send an e-mail change notice",
          sendEmailChangedNotice({ mailer, shop }, change),
        );
      }
      return result.viewer;
    },
  );

  api.delete(
    "/auth/delete",
    {
      schema: { body: DeleteAccountSchema },
      // A guest is told to sign in before being told what the body lacks.
      preValidation: async (request) => void (await requireUser(request)),
      preHandler: limitPasswordChecks,
    },
    async (request, reply) => {
      const { viewer } = await requireUser(request);
      const result = await deleteAccount(db, viewer._id, request.body.currentPassword);
      if (!result.ok) {
        if (result.reason === "admin") throw new HttpError(403, ADMIN_NOT_DELETABLE);
        if (result.reason === "wrong-password") throw wrongCurrentPassword();
        throw new HttpError(401, NOT_SIGNED_IN);
      }
      app.realtime.signOutUser(viewer._id);
      reply.clearSessionCookie();
      return { message: "Account deleted" };
    },
  );

  api.post(
    "/auth/forgot-password",
    {
      schema: { body: ForgotPasswordSchema },
      config: { rateLimit: PASSWORD_RESET_RATE_LIMIT },
      preHandler: limitBy(app, PASSWORD_RESET_EMAIL_RATE_LIMIT, (request) => normalised(emailOf(request))),
    },
    async (request) => {
      inBackground(
        request,
        "could not send a password reset e-mail",
        requestPasswordReset(db, request.body.email, { mailer, shop }),
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

  // The e-mailed link's page posts its token here as a plain HTML form, so the link
  // works before the page's scripts run (or without them): a form is answered with a
  // redirect, to the account's home or back to the page's "expired" state. The token
  // travels in the body, so request logs never hold it.
  await app.register(async (links) => {
    links.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    links
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/auth/sign-in-link",
        { schema: { body: SignInLinkSchema }, config: { rateLimit: SIGN_IN_LINK_RATE_LIMIT } },
        async (request, reply) => {
          const fromForm = request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
          const viewer = await redeemSignInLink(db, request.body.token);
          if (!viewer) {
            if (fromForm) return reply.redirect("/sign-in-link", 303);
            throw new HttpError(400, SIGN_IN_LINK_INVALID);
          }
          await signIn(reply, viewer);
          if (fromForm) return reply.redirect(viewer.isAdmin ? "/admin/dashboard" : "/profile", 303);
          return { message: "Signed in.", user: viewer };
        },
      );
  });

  api.put(
    "/auth/change-password",
    { schema: { body: ChangePasswordSchema }, preHandler: limitPasswordChecks },
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
    if (viewer === "by-email") return byEmail(reply);
    if (!viewer.isAdmin) throw new HttpError(403, NOT_AN_ADMIN);
    await signIn(reply, viewer);
    return viewer;
  });

  api.post("/admin/logout", signOut);
}
