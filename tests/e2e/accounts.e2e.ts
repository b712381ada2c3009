import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext, type Page, type Route, type TestInfo } from "@playwright/test";
import { expectNotice, test as base } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { signedInAdmin } from "../support/e2e-admin";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR } from "../support/e2e-env";

/**
 * Sign-up, login, profile, passwords and admin login, as a shopper and the owner use them.
 * The server limits sign-ups and logins per client address, and the test server trusts
 * X-Forwarded-For from loopback (TRUST_PROXY), so every test (in every project) speaks
 * from an address of its own and never spends another test's allowance.
 */
const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress(testInfo) });
  },
});

function clientAddress(testInfo: TestInfo): string {
  // FNV-1a over the test's id (which names the project too) and its retry.
  let hash = 0x811c9dc5;
  for (const char of `${testInfo.testId}:${testInfo.retry}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  hash >>>= 0;
  return `10.${(hash >>> 16) & 0xff}.${(hash >>> 8) & 0xff}.${(hash % 254) + 1}`;
}

const PASSWORD = "Sofa2024Lagos";
const NEW_PASSWORD = "Velvet2025Abuja";
const PASSWORD_HINT = "Must be more than 8 characters, including number, lowercase letter, uppercase letter";

interface Account {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

let accounts = 0;
function newAccount(testInfo: TestInfo): Account {
  accounts += 1;
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.workerIndex}-${accounts}`;
  return { fullName: "Ada Obi", email: `ada-${unique}@example.com`, phoneNumber: "08012345678", password: PASSWORD };
}

/** Creates the account through the API; with the page's own request context it also signs the page in. */
async function signUp(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/auth/signup", { data: { ...account, anonymousId: "" } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Console errors other than the failed requests a test provokes on purpose (by status). */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter((error) => !statuses.some((status) => error.includes(`status of ${status}`)));

/**
 * The shell's account entry: the header on large screens, the menu drawer on phones
 * (where the header has no room for it).
 */
async function expectShellAccountLink(page: Page, isMobile: boolean, name: "My Account" | "Login") {
  if (isMobile) {
    await page.locator("summary", { hasText: "Menu" }).click();
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link", { name, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(account).toBeHidden();
  } else {
    await expect(page.getByRole("banner").getByRole("link", { name, exact: true })).toBeVisible();
  }
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Login" }) });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

/** The newest e-mail in the test server's outbox sent to `to`, decoded from quoted-printable. */
async function latestMailTo(to: string): Promise<string | null> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { text: await readFile(file, "utf8"), time: (await stat(file)).mtimeMs };
    }),
  );
  const mine = mails.filter((mail) => mail.text.includes(to)).sort((a, b) => b.time - a.time)[0];
  if (!mine) return null;
  return mine.text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test.beforeEach(async ({ page }) => answerCookies(page));

/** After a refused post, the reader is put on the form's messages: its summary, or its first refused field. */
async function expectFocusOnMessages(page: Page, formId: string, firstField: string) {
  await expect(page.locator(`#${formId}-errors:focus, #${formId}-${firstField}:focus`)).toHaveCount(1);
}

test.describe("with or without scripts", () => {
  test("sign up, then sign out", { tag: "@no-js" }, async ({ page }, testInfo) => {
    const account = newAccount(testInfo);
    await gotoPage(page, "/signup");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign Up" }) });
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name is required.");
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
    await expect(form.getByLabel("Phone number")).toHaveAccessibleDescription("Must be at least 10 digits");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(PASSWORD_HINT);
    await expectFocusOnMessages(page, "signup", "fullName");
    // Only scripts can show a password: without them the button is not offered.
    await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(scriptsOn() ? 1 : 0);

    await form.getByLabel("Name").fill(account.fullName);
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Phone number").fill(account.phoneNumber);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expectNotice(page, "account created");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);

    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNotice(page, "Logged out successfully");
    await gotoPage(page, "/profile");
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    "sign in: a wrong password is told, the right one opens the profile",
    { tag: "@no-js" },
    async ({ page, request }, testInfo) => {
      const account = newAccount(testInfo);
      await signUp(request, account);
      await gotoPage(page, "/login");
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Login" }) });
      await form.getByRole("button", { name: "Login" }).click();
      await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
      await expectFocusOnMessages(page, "login", "email");

      await logIn(page, account.email, "Wrong12345");
      await expect(page.getByText("Invalid email or password.")).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      // What was typed stays, but never the password.
      await expect(form.getByLabel("Email")).toHaveValue(account.email);
      await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");

      await logIn(page, account.email, account.password);
      await expect(page).toHaveURL(/\/profile$/);
      await expectNotice(page, "Welcome Back!");
      await expect(page.getByLabel("Username")).toHaveValue(account.fullName);
    },
  );

  test(
    "forgot password: the e-mailed link sets a new one and signs in",
    { tag: "@no-js" },
    async ({ page, request }, testInfo) => {
      const account = newAccount(testInfo);
      await signUp(request, account);
      await gotoPage(page, "/login");
      await page.getByRole("link", { name: "Forgot Password" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email").fill(account.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expectNotice(page, /password reset link is on its way/);
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();

      let mail: string | null = null;
      await expect.poll(async () => (mail = await latestMailTo(account.email)), { timeout: 15_000 }).not.toBeNull();
      const link = mail!.match(/https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_-]+/);
      expect(link, "the e-mail holds a reset link").not.toBeNull();

      await gotoPage(page, new URL(link![0]).pathname);
      const newPassword = page.getByLabel("New password", { exact: true });
      await newPassword.fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(PASSWORD);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByLabel("Confirm new password")).toHaveAccessibleDescription("New passwords do not match.");
      // The server's answer puts the reader on the messages (the browser's own check leaves them on the button).
      if (!scriptsOn()) await expectFocusOnMessages(page, "reset", "confirmPassword");
      await newPassword.fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expectNotice(page, "Password reset successfully.");
      await expect(page.getByLabel("Email")).toHaveValue(account.email);
    },
  );

  test("profile: edit the details and change the password", { tag: "@no-js" }, async ({ page }, testInfo) => {
    const account = newAccount(testInfo);
    await signUp(page.request, account);
    await gotoPage(page, "/profile");
    // A button with scripts, a link to the editable page without.
    await page.getByRole(scriptsOn() ? "button" : "link", { name: "Edit Profile" }).click();
    await page.getByLabel("Username").fill("Ada Okafor");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Profile updated successfully");
    await expect(page.getByLabel("Username")).toHaveValue("Ada Okafor");
    await expect(page.getByLabel("Username")).toHaveAttribute("readonly", "");

    await page.getByRole(scriptsOn() ? "button" : "link", { name: "Change Password" }).click();
    const panel = page.locator("#change-password");
    await panel.getByLabel("Current password").fill(PASSWORD);
    await panel.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await panel.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await panel.getByRole("button", { name: "Update Password" }).click();
    await expectNotice(page, "Password changed successfully.");
    await expect(page.getByRole("button", { name: "Update Password" })).toHaveCount(0);
  });
});

test("sign up: each field's message, an e-mail already taken, then the new account's profile", async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const taken = newAccount(testInfo);
  await signUp(request, taken);

  await page.goto("/signup");
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Sign up/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "privacy policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/profile");
  await expectNoSeriousAxeViolations(page);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign Up" }) });
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name is required.");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
  await expect(form.getByLabel("Phone number")).toHaveAccessibleDescription("Must be at least 10 digits");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(PASSWORD_HINT);
  await expect(form.getByLabel("Name")).toBeFocused();

  await form.getByLabel("Name").fill("Ada Obi");
  await form.getByLabel("Email").fill(taken.email);
  // Written as people write it; stored and shown as +234 and the ten national digits.
  await form.getByLabel("Phone number").fill("0801 234 5678");
  await form.getByLabel("Password", { exact: true }).fill("weakpassword");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).not.toHaveAttribute("aria-invalid");

  // Show/hide reveals what was typed.
  await form.getByRole("button", { name: "Show password" }).click();
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await form.getByRole("button", { name: "Hide password" }).click();
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");

  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("An account with this email already exists.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // The refused form comes back without its password, as every refused form does.
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
  const account = newAccount(testInfo);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expectNotice(page, "account created");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("Ada Obi");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Phone number")).toHaveValue("+234 801 234 5678");
  await expectShellAccountLink(page, isMobile, "My Account");
  if (isMobile)
    await expect(
      page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Profile" }),
    ).toHaveAttribute("href", "/profile");
  expect(unexpected(errors, 409)).toEqual([]);
});

test("the profile is read-only until Edit Profile; Save Changes keeps the new details", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);

  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page).toHaveTitle(/My Profile/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const username = page.getByLabel("Username");
  await expect(username).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByRole("button", { name: "Cancel Edit" })).toBeVisible();
  await expect(username).not.toHaveAttribute("readonly");
  await expect(username).toBeFocused();

  // Cancel Edit puts the saved details back.
  await username.fill("Someone Else");
  await page.getByRole("button", { name: "Cancel Edit" }).click();
  await expect(username).toHaveValue("Ada Obi");
  await expect(username).toHaveAttribute("readonly", "");

  await page.getByRole("button", { name: "Edit Profile" }).click();
  await username.fill("");
  await page.getByLabel("Phone number").fill("123");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(username).toHaveAccessibleDescription("Username is required.");
  await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Must be at least 10 digits");

  await username.fill("Ada Obi-Okafor");
  await page.getByLabel("Phone number").fill("0809-876-5432");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, "Profile updated successfully");
  await expect(username).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Username")).toHaveValue("Ada Obi-Okafor");
  await expect(page.getByLabel("Phone number")).toHaveValue("+234 809 876 5432");
  expect(errors).toEqual([]);
});

test("a new e-mail takes the current password, and the old address is told", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);
  const newEmail = `new-${account.email}`;

  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  // Name and phone alone need no password: the field appears only for a new e-mail.
  const currentPassword = page.getByLabel("Current password");
  await expect(currentPassword).toHaveCount(0);
  const email = page.getByLabel("Email");
  await email.fill(newEmail);
  await expect(currentPassword).toBeVisible();
  await expect(currentPassword).toHaveAccessibleDescription("Needed to change your email address.");
  await email.fill(account.email.toUpperCase());
  await expect(currentPassword).toHaveCount(0);
  await email.fill(newEmail);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(currentPassword).toHaveAccessibleDescription("Enter your current password to change your email.");
  await expect(currentPassword).toBeFocused();

  await currentPassword.fill("NotMine2024");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(currentPassword).toHaveAccessibleDescription("Current password is incorrect.");
  await expect(currentPassword).toBeFocused();

  await currentPassword.fill(PASSWORD);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, "Profile updated successfully");
  await expect(email).toHaveAttribute("readonly", "");
  await expect(currentPassword).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Email")).toHaveValue(newEmail);

  let notice: string | null = null;
  await expect
    .poll(async () => (notice = await latestMailTo(`<${account.email}>`)), { timeout: 15_000 })
    .not.toBeNull();
  expect(notice).toContain(`changed from ${account.email} to ${newEmail}`);
  expect(unexpected(errors, 400)).toEqual([]);
});

test("change password: mismatch, wrong current password, success; then log out and in with the new one", async ({
  page,
  isMobile,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);

  await page.goto("/profile");
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: "Change Password" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator("#change-password");
  await expectNoSeriousAxeViolations(page);

  await panel.getByLabel("Current password").fill(PASSWORD);
  await panel.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await panel.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
  await panel.getByRole("button", { name: "Update Password" }).click();
  await expect(panel.getByLabel("Confirm new password")).toHaveAccessibleDescription("New passwords do not match.");

  await panel.getByLabel("Current password").fill("NotMine2024");
  await panel.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await panel.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect.")).toBeVisible();

  // The refused form comes back without its passwords.
  await expect(panel.getByLabel("New password", { exact: true })).toHaveValue("");
  await panel.getByLabel("Current password").fill(PASSWORD);
  await panel.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await panel.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await panel.getByRole("button", { name: "Show password" }).first().click();
  await expect(panel.getByLabel("Current password")).toHaveAttribute("type", "text");
  await panel.getByRole("button", { name: "Update Password" }).click();
  await expectNotice(page, "Password changed successfully.");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: "Update Password" })).toHaveCount(0);
  // Opened again, the panel starts empty.
  await toggle.click();
  for (const label of ["Current password", "New password", "Confirm new password"])
    await expect(panel.getByLabel(label, { exact: true })).toHaveValue("");

  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expectNotice(page, "Logged out successfully");
  await expect(page).toHaveURL(/\/$/);
  await expectShellAccountLink(page, isMobile, "Login");

  await page.goto("/login");
  await waitForHydration(page);
  await logIn(page, account.email, PASSWORD);
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await logIn(page, account.email, NEW_PASSWORD);
  await expectNotice(page, "Welcome Back!");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  expect(unexpected(errors, 400, 401)).toEqual([]);
});

test("login: the form's messages, a wrong password, show/hide, then the profile", async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(request, account);

  // A signed-out /profile asks to log in.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Login/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  await expectNoSeriousAxeViolations(page);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Login" }) });
  await form.getByRole("button", { name: "Login" }).click();
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Enter valid email address");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(PASSWORD_HINT);

  await logIn(page, account.email, "Wrong12345");
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const password = form.getByLabel("Password", { exact: true });
  await password.fill(account.password);
  await form.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(form.getByRole("button", { name: "Hide password" })).toBeVisible();
  await form.getByRole("button", { name: "Login" }).click();
  // The notice shows under the header: the shop's name and the menu stay in sight.
  const { top } = await expectNotice(page, "Welcome Back!");
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(top).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Username")).toHaveValue(account.fullName);
  await expectShellAccountLink(page, isMobile, "My Account");
  expect(unexpected(errors, 401)).toEqual([]);
});

test("signed in, /signup goes home and /login to the profile", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  await signUp(page.request, newAccount(testInfo));
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/profile$/);
  // After a logout elsewhere the same pages are open again.
  await page.request.post("/api/auth/logout");
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/signup$/);
  expect(errors).toEqual([]);
});

test("forgot password: the e-mailed link resets the password and signs in, once", async ({
  page,
  request,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(request, account);

  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();

  // The address typed in one form carries over to the other.
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("link", { name: "Forgot Password" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Email")).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expectNotice(page, /password reset link is on its way/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();

  let mail: string | null = null;
  await expect.poll(async () => (mail = await latestMailTo(account.email)), { timeout: 15_000 }).not.toBeNull();
  const link = mail!.match(/https?:\/\/[^\s"'<>]+\/reset-password\/([A-Za-z0-9_-]+)/);
  expect(link, "the e-mail holds a reset link").not.toBeNull();
  const resetPath = new URL(link![0]).pathname;

  await page.goto(resetPath);
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Reset password/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).not.toHaveAttribute("href", new RegExp(link![1]!));
  await expectNoSeriousAxeViolations(page);

  const newPassword = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(newPassword).toHaveAccessibleDescription("Please fill in both password fields.");
  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(confirm).toHaveAccessibleDescription("New passwords do not match.");
  await newPassword.fill("short");
  await confirm.fill("short");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await expect(newPassword).toHaveAccessibleDescription(PASSWORD_HINT);

  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expectNotice(page, "Password reset successfully.");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);

  // The link works once.
  await page.goto(resetPath);
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("Another2026Kano");
  await page.getByLabel("Confirm new password").fill("Another2026Kano");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();

  // And the new password is the one that logs in.
  await page.request.post("/api/auth/logout");
  await page.goto("/login");
  await waitForHydration(page);
  await logIn(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  expect(unexpected(errors, 400)).toEqual([]);
});

test("a reset link without its token says so and goes to the login page", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/reset-password");
  await expectNotice(page, "Password reset token is missing.");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("delete account asks first, with the password, then signs out for good", async ({ page, isMobile }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);

  await page.goto("/profile");
  await waitForHydration(page);
  const trigger = page.getByRole("link", { name: "Delete Account" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  // The question gone, the reader is back on the button that asked it.
  await expect(trigger).toBeFocused();
  await expect(page).toHaveURL(/\/profile$/);

  await trigger.click();
  const password = dialog.getByLabel("Current password");
  await expect(password).toBeFocused();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(password).toHaveAccessibleDescription("Current password is required.");
  await password.fill("NotMine2024");
  await password.press("Enter");
  await expect(password).toHaveAccessibleDescription("Current password is incorrect.");
  await expect(dialog).toBeVisible();

  await password.fill(account.password);
  // On a slow phone React renders the post as pending only after a while, and this tab's own
  // "signed out" event can come first: it must not reload the profile, sending it to /login.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expectNotice(page, "Account deleted", { timeout: 30_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(page).toHaveURL(/\/$/);
  await expectShellAccountLink(page, isMobile, "Login");

  await page.goto("/login");
  await waitForHydration(page);
  await logIn(page, account.email, account.password);
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  expect(unexpected(errors, 400, 401)).toEqual([]);
});

test("the admin logs in at /admin/login and lands on the dashboard", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/admin/login");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoSeriousAxeViolations(page);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectNotice(page, "Welcome Back!");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Signed in, the login screens and the profile lead to the dashboard.
  for (const path of ["/admin/login", "/login", "/profile", "/admin"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  }
  // The dashboard itself is built in a later issue.
  expect(unexpected(errors, 404)).toEqual([]);
});

test("a signed-in customer is sent home from /admin/login and the admin pages; signed out, the admin form refuses them", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);
  // Signed in, the admin login has nothing for a customer (the auth gate sends them home).
  for (const path of ["/admin/login", "/admin/dashboard", "/admin"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toHaveCount(0);
  }
  // Signed out, the same person may still try the admin form with their own account.
  await page.context().clearCookies();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForHydration(page);
  await logIn(page, account.email, account.password);
  await expect(page.getByText("This account is not an administrator.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(unexpected(errors, 403)).toEqual([]);
});

test("on the way to a login screen, 'Loading authentication...' shows until the server has answered", async ({
  page,
  isMobile,
}) => {
  await answerCookies(page);
  await page.goto("/shop");
  await waitForHydration(page);
  const held: Route[] = [];
  const gateData = /\/(profile|login)\.data/;
  // Only the first answer is held; what follows it (the redirect to /login) goes through.
  await page.route(gateData, (route) => (held.length ? route.continue() : void held.push(route)));
  // The phone's way in is the bottom bar's Profile; a wide screen's, the header's Login.
  const entry = isMobile
    ? page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Profile" })
    : page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
  await entry.click();
  const waiting = page.getByRole("status").filter({ hasText: "Loading authentication..." });
  await expect(waiting).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await held[0]!.continue();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await expect(waiting).toHaveCount(0);
});

test("the contact form starts from the profile and keeps it after sending", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(page.request, account);
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
  await expect(form.getByLabel("Name")).toHaveValue(account.fullName);
  await expect(form.getByLabel("Email")).toHaveValue(account.email);
  await expect(form.getByLabel("Phone number")).toHaveValue("+234 801 234 5678");
  await form.getByLabel("Subject").fill("A dining set");
  await form.getByLabel("Message").fill("Is the eight-seater available in walnut?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectNotice(page, "Message sent successfully!");
  await expect(form.getByLabel("Subject")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expect(form.getByLabel("Name")).toHaveValue(account.fullName);
  await expect(form.getByLabel("Email")).toHaveValue(account.email);
  await expect(form.getByLabel("Phone number")).toHaveValue("+234 801 234 5678");
  expect(errors).toEqual([]);
});

/**
 * Sends `count` wrong passwords for `email` to `url`, spread over 10 addresses of the
 * guesser's (each within its own 10 a quarter of an hour), none of them the test's own.
 */
async function guessFromTenAddresses(request: APIRequestContext, url: string, email: string, count: number) {
  const network = `172.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}`;
  for (let i = 0; i < count; i++) {
    const response = await request.post(url, {
      data: { email, password: `Guess-Pass${i}` },
      headers: { "x-forwarded-for": `${network}.${(i % 10) + 1}` },
    });
    expect(response.status()).toBe(401);
  }
}

/** The sign-in link in the newest e-mail to `email`, as a path on the test server. */
async function signInLinkPath(email: string): Promise<string> {
  let mail: string | null = null;
  await expect.poll(async () => (mail = await latestMailTo(`<${email}>`)), { timeout: 15_000 }).toMatch(/sign-in-link/);
  const link = mail!.match(/https?:\/\/[^\s"'<>]+\/sign-in-link\/[A-Za-z0-9_-]+/);
  expect(link, "the e-mail holds a sign-in link").not.toBeNull();
  return new URL(link![0]).pathname;
}

test("after a flood of wrong passwords from elsewhere, the owner signs in through an e-mailed link that works without scripts", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const account = newAccount(testInfo);
  await signUp(request, account);
  await guessFromTenAddresses(request, "/api/auth/login", account.email, 100);

  await page.goto("/login");
  await waitForHydration(page);
  await logIn(page, account.email, account.password);
  const notice = page.getByRole("status").filter({ hasText: "e-mailed you a sign-in link" });
  await expect(notice).toHaveText(
    "For your security we've e-mailed you a sign-in link if your password was right. Open it on this device to finish signing in.",
  );
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousAxeViolations(page);
  const linkPath = await signInLinkPath(account.email);

  // The link's page before (here: without) any script: a plain form the server answers.
  const noScripts = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
  });
  try {
    const linkPage = await noScripts.newPage();
    await linkPage.goto(linkPath);
    await expect(linkPage.getByRole("heading", { level: 1, name: "Finish signing in" })).toBeVisible();
    await expect(linkPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(linkPage.locator('link[rel="canonical"]')).not.toHaveAttribute("href", /sign-in-link\/./);
    await linkPage.getByRole("button", { name: "Sign in" }).click();
    await expect(linkPage).toHaveURL(/\/profile$/);
    await expect(linkPage.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    await expect(linkPage.getByLabel("Email")).toHaveValue(account.email);

    // Used once, the link leads back to say so.
    await linkPage.goto(linkPath);
    await linkPage.getByRole("button", { name: "Sign in" }).click();
    await expect(linkPage).toHaveURL(/\/sign-in-link$/);
    await expect(linkPage.getByText("This sign-in link is invalid or has expired.")).toBeVisible();
    await expect(linkPage.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
  } finally {
    await noScripts.close();
  }
  expect(errors).toEqual([]);
});

test("after a flood of wrong passwords from elsewhere, the admin login says a link was e-mailed and the link opens the dashboard", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const email = `owner-${newAccount(testInfo).email}`;
  await signedInAdmin(email, "Owner12345");
  await guessFromTenAddresses(request, "/api/admin/login", email, 100);

  await page.goto("/admin/login");
  await waitForHydration(page);
  await logIn(page, email, "Owner12345");
  await expect(page.getByRole("status").filter({ hasText: "e-mailed you a sign-in link" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto(await signInLinkPath(email));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(unexpected(errors, 404)).toEqual([]);
});
