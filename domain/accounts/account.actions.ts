/**
 * What an account's page action (and its API route) may do, in process, for the request at
 * hand. Each call applies the same rate limits as the API; signing in or out sets or clears
 * the session cookie on the request's own response, moves the guest's cart and wishlist
 * into the account, and tells the live connections. A refusal is thrown as an error with
 * a 4xx `statusCode`, its `message` and, where a field is at fault, `errors` by field.
 */
import type { Invitation } from "../staff/staff.schema";
import type { z } from "zod";
import type { Viewer } from "../load-context";
import type {
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "./auth.schema";

/** A sign-in: the account, or (while the account draws many wrong passwords) the e-mailed link's notice. */
export type SignInOutcome = { viewer: Viewer } | { emailed: string };

export interface AccountActions {
  signUp(input: z.output<typeof SignupSchema>): Promise<Viewer>;
  logIn(input: z.output<typeof LoginSchema>): Promise<SignInOutcome>;
  /** As logIn, for the admin form: a customer's right password is refused. */
  logInAsAdmin(input: z.output<typeof LoginSchema>): Promise<SignInOutcome>;
  /** Ends this browser's session, if it has one; its message for the person. */
  logOut(): Promise<string>;
  /** The same answer whether or not the address has an account. */
  requestPasswordReset(input: z.output<typeof ForgotPasswordSchema>): Promise<string>;
  /** Sets the new password, ends every session of the account and signs this browser in. */
  resetPassword(token: string, newPassword: string): Promise<Viewer>;
  /** What a staff invitation's page shows, or null for a link that is not (or no longer) valid. */
  readStaffInvitation(token: string): Promise<Invitation | null>;
  /** Sets the invited member's password (and name) and signs them in; a dead link is a 400. */
  acceptStaffInvitation(token: string, body: unknown): Promise<Viewer>;
  /** Signs in with an e-mailed link; a used, expired or made-up one is refused (400). */
  redeemSignInLink(token: string): Promise<Viewer>;
  updateProfile(input: z.output<typeof UpdateProfileSchema>): Promise<Viewer>;
  /** Ends the account's other sessions; its message for the person. */
  changePassword(input: z.output<typeof ChangePasswordSchema>): Promise<string>;
  /** Deletes the account and signs out; its message for the person. */
  deleteAccount(input: z.output<typeof DeleteAccountSchema>): Promise<string>;
}
