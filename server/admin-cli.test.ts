import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PASSWORD_HINT } from "../domain/accounts/account-fields.schema";
import { useTestApp } from "../tests/support/test-app";

const run = promisify(execFile);
const t = useTestApp();

/** `npm run admin -- …` as the owner types it, against the test's database; stdin is a pipe that ends at once. */
const adminCli = (...args: string[]) => pipedToAdminCli("", ...args);

/** `printf '…' | npm run admin -- …`: `input` is piped to the command's stdin. */
function pipedToAdminCli(input: string, ...args: string[]) {
  const running = run(process.execPath, ["server/cli.js", "admin", ...args], {
    env: { ...process.env, DATABASE_URL: t.url },
  });
  running.child.stdin?.end(input);
  return running;
}

const login = (email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { email, password },
    remoteAddress: `10.6.0.${Math.floor(Math.random() * 250) + 1}`,
  });

describe("npm run admin", () => {
  it("creates an admin who can log in at /api/admin/login, and resets their password", async () => {
    const created = await adminCli("--email", "Owner@Example.ng", "--password", "Str0ngPassword", "--name", "Ada Obi");
    expect(created.stdout).toContain("Created admin owner@example.ng");
    const first = await login("owner@example.ng", "Str0ngPassword");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ username: "Ada Obi", isAdmin: true });

    const reset = await adminCli("--email", "owner@example.ng", "--password", "N3wPassword");
    expect(reset.stdout).toContain("Updated admin owner@example.ng");
    expect((await login("owner@example.ng", "Str0ngPassword")).statusCode).toBe(401);
    expect((await login("owner@example.ng", "N3wPassword")).statusCode).toBe(200);
  }, 60_000);

  it("refuses a weak password with the form's hint and creates nobody", async () => {
    const failure = await adminCli("--email", "weak@example.ng", "--password", "weak").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("--password: Must be more than 8 characters");
    expect((await login("weak@example.ng", "weak")).statusCode).toBe(401);
  }, 60_000);

  it("without --password, reads the password from the first line of a pipe", async () => {
    const created = await pipedToAdminCli("Pip3dPassword\nnot this line\n", "--email", "piped@example.ng");
    expect(created.stdout).toContain("Created admin piped@example.ng");
    expect((await login("piped@example.ng", "Pip3dPassword")).statusCode).toBe(200);
  }, 60_000);

  it("refuses a weak piped password with the form's hint and creates nobody", async () => {
    const failure = await pipedToAdminCli("Sh0rt\n", "--email", "short@example.ng").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    const { stderr } = failure as { stderr: string };
    expect(stderr).toContain(`Password: ${PASSWORD_HINT}`);
    expect(stderr).not.toContain("--password"); // the piped password was read, not reported missing
    expect((await login("short@example.ng", "Sh0rt")).statusCode).toBe(401);
  }, 60_000);
});

describe("no HTTP route creates an admin", () => {
  it("signs up everyone as a customer, whatever the body claims", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        fullName: "Sneaky",
        email: "sneaky@example.ng",
        phoneNumber: "08012345678",
        password: "Str0ngPassword",
        role: "admin",
        isAdmin: true,
      },
      remoteAddress: "10.6.1.1",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: "customer", isAdmin: false });
    expect((await login("sneaky@example.ng", "Str0ngPassword")).statusCode).toBe(403);
  });
});
