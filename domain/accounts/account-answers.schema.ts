/**
 * The account as the API answers it (docs/product.md, Accounts): declared by the routes
 * under /api/auth and /api/admin, and the source of the `Viewer` type in load-context.ts.
 */
import { z } from "zod";
import { STAFF_ROLES } from "../staff/permissions";
import { MessageSchema } from "../api-errors.schema";

/** Who is signed in, as GET /api/auth/check and every sign-in answer them. */
export const ViewerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  /** An admin made from the command line may have none. */
  phoneNumber: z.string().nullable(),
  role: z.enum(["admin", "customer"]),
  /** An active staff member; a suspended or invited one is not. */
  isAdmin: z.boolean(),
  /** A staff member's roles; a customer has none. */
  roles: z.array(z.enum(STAFF_ROLES)),
});

/** A sign-in by an e-mailed link or a password reset: the words to show and the account. */
export const SignedInSchema = MessageSchema.extend({ user: ViewerSchema });
