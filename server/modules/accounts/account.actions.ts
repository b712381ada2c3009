/**
 * The account calls, bound to one request and its reply: the API routes (auth.routes.ts)
 * and the account pages' actions both make them, so a rule, a limit, a cookie or a live
 * event lives here once. Every sign-in starts a new session (a fresh cookie token) and
 * moves the guest's cart and wishlist into the account. While an account draws wrong
 * passwords from many addresses, every login attempt is answered alike and a right
 * password earns an e-mailed sign-in link instead of a session (see limitLoginFailures).
 *
 * Limits per client address are counted by `limits` (a route runs them on request, so
 * what its schema refuses counts too; a page action's call runs them first); the rest
 * (per account or e-mail) inside the calls. Both doors share one count.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccountActions, SignInOutcome } from "../../../domain/accounts/account.actions";
import { changesEmail } from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import { Refusal, refuse } from "../../../domain/refusal";
import {
  ADMIN_LOGIN_RATE_LIMIT,
  limitBy,
  limitByKey,
  limitLoginFailures,
  limitPerAddress,
  LOGIN_RATE_LIMIT,
  networkOf,
  PASSWORD_CHECK_ACCOUNT_RATE_LIMIT,
  PASSWORD_CHECK_RATE_LIMIT,
  PASSWORD_RESET_EMAIL_RATE_LIMIT,
  PASSWORD_RESET_RATE_LIMIT,
  sharedLimiter,
  SIGN_IN_LINK_RATE_LIMIT,
  SIGNUP_RATE_LIMIT,
} from "../../plugins/rate-limits";
import { userRoom } from "../../plugins/realtime";
import { requireUser } from "../../plugins/session";
import { InvitationAcceptSchema } from "../../../domain/staff/staff.schema";
import { readBody } from "../catalog/admin-writes";
import { acceptInvitation, readInvitation } from "../staff/staff.service";
import type { ActionDeps } from "../../load-context";
import { GUEST_COOKIE, guestKeyHash, isGuestKey } from "../carts/list-owners";
import {
  authenticate,
  changePassword,
  deleteAccount,
  sendEmailChangedNotice,
  signInAccount,
  signUp,
  updateProfile,
} from "./accounts.service";
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from "./password-reset.service";
import { endSession } from "./sessions.service";
import { redeemSignInLink, sendSignInLink, SIGN_IN_LINK_SENT } from "./sign-in-links.service";

export const NOT_AN_ADMIN = "This account is not an administrator.";
export const LOGGED_OUT = "Logged out successfully";
export const PASSWORD_CHANGED = "Password changed successfully.";
export const ACCOUNT_DELETED = "Account deleted";

export type AccountDeps = Pick<ActionDeps, "app" | "db" | "mailer" | "shop">;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Every limit of the account calls, made once per app, whichever door asks first. */
export function accountLimits(app: AccountDeps["app"]) {
  return sharedLimiter(app, "accounts", () => {
    const passwordChecksPerAddress = limitBy(app, PASSWORD_CHECK_RATE_LIMIT, networkOf);
    const passwordChecksPerAccount = limitBy(app, PASSWORD_CHECK_ACCOUNT_RATE_LIMIT, async (request) => {
      return (await requireUser(request)).viewer._id;
    });
    return {
      signUp: limitPerAddress(app, SIGNUP_RATE_LIMIT),
      logIn: limitPerAddress(app, LOGIN_RATE_LIMIT),
      adminLogIn: limitPerAddress(app, ADMIN_LOGIN_RATE_LIMIT),
      forgotPassword: limitPerAddress(app, PASSWORD_RESET_RATE_LIMIT),
      resetPassword: limitPerAddress(app, PASSWORD_RESET_RATE_LIMIT),
      signInLink: limitPerAddress(app, SIGN_IN_LINK_RATE_LIMIT),
      /** One count for both login forms, so the admin form is no second chance at guessing. */
      loginFailures: limitLoginFailures(app),
      resetEmails: limitByKey(app, PASSWORD_RESET_EMAIL_RATE_LIMIT),
      /**
       * Current-password checks (changing the password or the e-mail, deleting the account)
       * share one count per address and one per account.
       */
      passwordChecks: (async (request, reply) => {
        await passwordChecksPerAddress(request, reply);
        await passwordChecksPerAccount(request, reply);
      }) satisfies Hook,
    };
  });
}

export function createAccountActions(deps: AccountDeps) {
  const { app, db, mailer, shop } = deps;
  const limits = accountLimits(app);

  return (request: FastifyRequest, reply: FastifyReply): AccountActions => {
    /** Mail goes out after the answer, so a request that sends one takes no longer than one that does not. */
    const inBackground = (what: string, sending: Promise<void>) =>
      void sending.catch((error: unknown) =>
        request.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, what),
      );

    async function signIn(viewer: Viewer) {
      const guestKey = request.cookies[GUEST_COOKIE];
      const result = await signInAccount(db, {
        viewer,
        previousSessionHash: (await request.signedIn())?.sessionHash ?? null,
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

    /**
     * The account when the password is right, or 401; only a wrong e-mail or password
     * counts towards the login limits. Past the account's cap, the e-mailed link's notice
     * whatever the password, after as long a check: a right one is sent a sign-in link.
     */
    async function checkPassword(
      perAddress: Hook,
      input: Parameters<AccountActions["logIn"]>[0],
    ): Promise<Viewer | "by-email"> {
      await perAddress(request, reply);
      await limits.loginFailures.take(request, reply, input.email);
      // The refusal of a wrong password waits: past the account's cap every attempt is answered alike.
      const checked = await authenticate(db, input).then(
        (viewer) => ({ viewer }),
        (error: unknown) => {
          if (!(error instanceof Refusal)) throw error;
          return { refusal: error };
        },
      );
      if (limits.loginFailures.accountOverCap(request)) {
        if ("viewer" in checked) {
          const { viewer } = checked;
          inBackground(
            "could not send a sign-in link",
            shop().then((details) => sendSignInLink(db, viewer._id, { mailer, shop: details })),
          );
        }
        return "by-email";
      }
      if ("refusal" in checked) throw checked.refusal;
      await limits.loginFailures.succeeded(request);
      return checked.viewer;
    }

    return {
      async signUp(input) {
        await limits.signUp(request, reply);
        const viewer = await signUp(db, input);
        await signIn(viewer);
        return viewer;
      },

      async logIn(input): Promise<SignInOutcome> {
        const viewer = await checkPassword(limits.logIn, input);
        if (viewer === "by-email") return { emailed: SIGN_IN_LINK_SENT };
        await signIn(viewer);
        return { viewer };
      },

      async logInAsAdmin(input): Promise<SignInOutcome> {
        const viewer = await checkPassword(limits.adminLogIn, input);
        if (viewer === "by-email") return { emailed: SIGN_IN_LINK_SENT };
        if (!viewer.isAdmin) throw refuse("forbidden", NOT_AN_ADMIN);
        await signIn(viewer);
        return { viewer };
      },

      async logOut() {
        const signedIn = await request.signedIn();
        if (signedIn) {
          await endSession(db, signedIn.sessionHash);
          app.realtime.signOutSessions([signedIn.sessionHash]);
        }
        reply.clearSessionCookie();
        return LOGGED_OUT;
      },

      async requestPasswordReset({ email }) {
        await limits.forgotPassword(request, reply);
        await limits.resetEmails(request, reply, email);
        inBackground(
          "could not send a password reset e-mail",
          shop().then((details) => requestPasswordReset(db, email, { mailer, shop: details })),
        );
        return FORGOT_PASSWORD_ANSWER;
      },

      async resetPassword(token, newPassword) {
        await limits.resetPassword(request, reply);
        const viewer = await resetPassword(db, token, newPassword);
        app.realtime.signOutUser(viewer._id);
        await signIn(viewer);
        return viewer;
      },

      async readStaffInvitation(token) {
        const invitation = await readInvitation(db, token);
        return invitation && { ...invitation, shopName: (await shop()).name };
      },

      async acceptStaffInvitation(token, body) {
        await limits.resetPassword(request, reply);
        const viewer = await acceptInvitation(db, token, readBody(InvitationAcceptSchema, body));
        await signIn(viewer);
        return viewer;
      },

      async redeemSignInLink(token) {
        await limits.signInLink(request, reply);
        const viewer = await redeemSignInLink(db, token);
        await signIn(viewer);
        return viewer;
      },

      async updateProfile(input) {
        const { viewer } = await requireUser(request);
        // Only an e-mail change checks the password, so only it counts towards those limits.
        if (changesEmail(viewer.email, input.email)) await limits.passwordChecks(request, reply);
        const result = await updateProfile(db, viewer, input);
        if (result.emailChangedFrom) {
          const change = { username: result.viewer.username, from: result.emailChangedFrom, to: result.viewer.email };
          inBackground(
            "could not send an e-mail change notice",
            shop().then((details) => sendEmailChangedNotice({ mailer, shop: details }, change)),
          );
        }
        return result.viewer;
      },

      async changePassword(input) {
        const { viewer, sessionHash } = await requireUser(request);
        await limits.passwordChecks(request, reply);
        const { endedSessions } = await changePassword(db, { userId: viewer._id, sessionHash }, input);
        app.realtime.signOutSessions(endedSessions);
        return PASSWORD_CHANGED;
      },

      async deleteAccount({ currentPassword }) {
        const { viewer } = await requireUser(request);
        await limits.passwordChecks(request, reply);
        await deleteAccount(db, viewer._id, currentPassword);
        app.realtime.signOutUser(viewer._id);
        reply.clearSessionCookie();
        return ACCOUNT_DELETED;
      },
    };
  };
}
