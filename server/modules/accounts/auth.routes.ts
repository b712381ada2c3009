/**
 * The account calls under /api/auth, and the admin's own login and logout
 * under /api/admin. Every sign-in starts a new session (a fresh cookie token), and every
 * answer that signs someone in carries the account as GET /api/auth/check shows it.
 * While an account draws wrong passwords from many addresses, both login routes answer
 * every attempt alike with 202 and e-mail a sign-in link when the password was right
 * (see limitLoginFailures); the link is used at POST /api/auth/sign-in-link.
 * What each call does is in account.actions.ts, which the account pages' actions share.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SignedInSchema, ViewerSchema } from "../../../domain/accounts/account-answers.schema";
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordParamsSchema,
  ResetPasswordSchema,
  SignInLinkSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "../../../domain/accounts/auth.schema";
import type { SignInOutcome } from "../../../domain/accounts/account.actions";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { Refusal } from "../../../domain/refusal";
import { requireUser } from "../../plugins/session";
import { accountLimits, createAccountActions, type AccountDeps } from "./account.actions";

export async function authRoutes(app: FastifyInstance, { db, mailer, shop }: Omit<AccountDeps, "app">) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = createAccountActions({ app, db, mailer, shop });
  // Per-address limits run on request, so that what the schema refuses counts too.
  const limits = accountLimits(app);

  /** A sign-in answers with the account, or 202 and the notice when a link was e-mailed instead. */
  const signedIn = (reply: FastifyReply, outcome: SignInOutcome) =>
    "viewer" in outcome ? outcome.viewer : reply.status(202).send({ message: outcome.emailed });

  const logOut = async (request: FastifyRequest, reply: FastifyReply) => ({
    message: await accounts(request, reply).logOut(),
  });

  /** A login's answers: the account, or 202 with the e-mailed link's notice. */
  const loginResponse = { 200: ViewerSchema, 202: MessageSchema, ...refusals(400, 401, 429) };

  api.get(
    "/auth/check",
    {
      config: { access: "user" },
      schema: { summary: "Get the signed-in account", response: { 200: ViewerSchema, ...refusals(401) } },
    },
    async (request) => (await requireUser(request)).viewer,
  );

  api.post(
    "/auth/signup",
    {
      schema: { summary: "Sign up", body: SignupSchema, response: { 201: ViewerSchema, ...refusals(400, 409, 429) } },
      onRequest: limits.signUp,
    },
    async (request, reply) => reply.status(201).send(await accounts(request, reply).signUp(request.body)),
  );

  api.post(
    "/auth/login",
    { schema: { summary: "Log in", body: LoginSchema, response: loginResponse }, onRequest: limits.logIn },
    async (request, reply) => signedIn(reply, await accounts(request, reply).logIn(request.body)),
  );

  api.post("/auth/logout", { schema: { summary: "Log out", response: { 200: MessageSchema } } }, logOut);

  api.put(
    "/auth/update",
    {
      config: { access: "user" },
      schema: {
        summary: "Update the profile",
        body: UpdateProfileSchema,
        response: { 200: ViewerSchema, ...refusals(400, 401, 409, 429) },
      },
    },
    async (request, reply) => accounts(request, reply).updateProfile(request.body),
  );

  api.delete(
    "/auth/delete",
    {
      // A guest is told to sign in before being told what the body lacks.
      config: { access: "user" },
      schema: {
        summary: "Delete the account",
        body: DeleteAccountSchema,
        response: { 200: MessageSchema, ...refusals(400, 401, 403, 429) },
      },
    },
    async (request, reply) => ({ message: await accounts(request, reply).deleteAccount(request.body) }),
  );

  api.post(
    "/auth/forgot-password",
    {
      schema: {
        summary: "Request a password reset link",
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, ...refusals(400, 429) },
      },
      onRequest: limits.forgotPassword,
    },
    async (request, reply) => ({ message: await accounts(request, reply).requestPasswordReset(request.body) }),
  );

  api.post(
    "/auth/reset-password/:token",
    {
      schema: {
        summary: "Reset the password",
        params: ResetPasswordParamsSchema,
        body: ResetPasswordSchema,
        response: { 200: SignedInSchema, ...refusals(400, 429) },
      },
      onRequest: limits.resetPassword,
    },
    async (request, reply) => {
      const user = await accounts(request, reply).resetPassword(request.params.token, request.body.newPassword);
      return { message: "Password reset successfully.", user };
    },
  );

  // Older pages posted the e-mailed link's token here as a plain HTML form (the page now
  // posts to its own action): a form is answered with a redirect, to the account's home
  // or back to the page's "expired" state. The token travels in the body, so request
  // logs never hold it.
  await app.register(async (links) => {
    links.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    links.withTypeProvider<ZodTypeProvider>().post(
      "/auth/sign-in-link",
      {
        // A form's post is answered with a 303 redirect and no body.
        schema: {
          summary: "Sign in with an emailed link",
          body: SignInLinkSchema,
          response: { 200: SignedInSchema, ...refusals(400, 429) },
        },
        onRequest: limits.signInLink,
      },
      async (request, reply) => {
        const fromForm = request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
        try {
          const viewer = await accounts(request, reply).redeemSignInLink(request.body.token);
          if (fromForm) return reply.redirect(viewer.isAdmin ? "/admin/dashboard" : "/profile", 303);
          return { message: "Signed in.", user: viewer };
        } catch (error) {
          // A form's dead link goes back to the page that says so, without its token.
          if (fromForm && error instanceof Refusal && error.kind === "invalid") {
            return reply.redirect("/sign-in-link", 303);
          }
          throw error;
        }
      },
    );
  });

  api.put(
    "/auth/change-password",
    {
      config: { access: "user" },
      schema: {
        summary: "Change the password",
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, ...refusals(400, 401, 429) },
      },
    },
    async (request, reply) => ({ message: await accounts(request, reply).changePassword(request.body) }),
  );

  api.post(
    "/admin/login",
    {
      schema: { summary: "Log in as an admin", body: LoginSchema, response: { ...loginResponse, ...refusals(403) } },
      onRequest: limits.adminLogIn,
    },
    async (request, reply) => signedIn(reply, await accounts(request, reply).logInAsAdmin(request.body)),
  );

  api.post("/admin/logout", { schema: { summary: "Log out as an admin", response: { 200: MessageSchema } } }, logOut);
}
