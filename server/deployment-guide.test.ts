/**
 * README's "Running it for real" and the files in deploy/ it installs. Every command it
 * gives is one of the app's own (an npm script that exists), one this test runs on the
 * deploy/ files (nginx -t, caddy validate), or one of Debian's own tools listed below;
 * every setting it names is one server/env.ts reads, and the settings file is valid. The
 * files it shows are the files. nginx, Caddy and systemd check their files with their own
 * tools; a page, a large admin post and the live connection go through each proxy to a
 * running app, which sees the visitor's address and HTTPS through TRUST_PROXY; and
 * `npm start` stops cleanly, its database too, when systemd stops the service.
 *
 * Where CI installs the tools (TEST_DEPLOY_TOOLS_EXPECTED=1), a missing one fails these
 * tests instead of skipping them.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { connect as connectTcp } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv as parseDotenv, promisify } from "node:util";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesBodyLimit } from "./modules/media/image-uploads.service";
import { MAX_NEW_IMAGES } from "../domain/catalog/input-fields";
import { createTestApp, type TestApp } from "../tests/support/test-app";
import { parseEnv } from "./env";
import { MAX_CONNECTIONS_PER_ADDRESS } from "./plugins/connection-limits";
import { ADMIN_PAGE_BODY_LIMIT } from "./plugins/web";
import { freePort } from "../tests/support/free-port";

const execFileAsync = promisify(execFile);

const TOOLS = ["nginx", "caddy", "systemd-analyze", "openssl"] as const;
const toolsExpected = process.env.TEST_DEPLOY_TOOLS_EXPECTED === "1";
/** Where a tool is: on the PATH, or in /usr/sbin (nginx), which a user's PATH may lack. */
const toolPath = (tool: string) =>
  [...(process.env.PATH ?? "").split(":"), "/usr/sbin"]
    .filter(Boolean)
    .map((dir) => path.join(dir, tool))
    .find((file) => existsSync(file));
const installed = (tool: string) => toolPath(tool) !== undefined;
const canRun = (...tools: string[]) => toolsExpected || tools.every(installed);
/** The tool's full path, or its bare name, so that running it fails with a clear error. */
const tool = (name: string) => toolPath(name) ?? name;

/** The programs the guide runs that are Debian's, used as their manuals say: nothing of the shop's to check. */
const HOST_TOOLS = new Set([
  "curl",
  "bash",
  "apt-get",
  "useradd",
  "git",
  "cd",
  "install",
  "editor",
  "cp",
  "ln",
  "rm",
  "systemctl",
  "journalctl",
  "certbot",
]);
/** The programs the guide runs that this test runs too, on the files in deploy/. */
const CHECKED_HERE = new Set(["nginx", "caddy"]);

const MiB = 1024 * 1024;
/** A visitor's own address on this machine: the proxy sees it, the app should too. */
const VISITOR = "127.0.0.5";

const read = (file: string) => readFileSync(file, "utf8");
const readme = read("README.md");
const section = (() => {
  const start = readme.indexOf("\n## Running it for real\n");
  if (start < 0) throw new Error('README.md has no "## Running it for real" section');
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
})();
const prose = section.replace(/^```[\s\S]*?^```$/gm, "");
const blocks = [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
  lang: match[1]!,
  text: match[2]!,
  before: section.slice(0, match.index).trimEnd().split("\n").at(-1) ?? "",
}));
const inlineSpans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
const packageScripts: Record<string, string> = JSON.parse(read("package.json")).scripts;
/** The variables server/env.ts reads: the keys of its schema. */
const envKeys = new Set([...read("server/env.ts").matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));

/** The settings file, its commented examples included, as the app would read it. */
function exampleSettings(withCommented: boolean): NodeJS.Dict<string> {
  const text = read("deploy/furnish.env.example");
  const lines = text.split("\n").map((line) => (withCommented ? line.replace(/^# (?=[A-Z][A-Z0-9_]*=)/, "") : line));
  return parseDotenv(lines.join("\n"));
}

/** A command line as words: quotes kept whole, `sudo` and `sudo -u user` taken off, VAR=value prefixes apart. */
function wordsOf(command: string): { assigned: string[]; words: string[] } {
  let words: string[] = command.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  if (words[0] === "sudo") words = words[1] === "-u" ? words.slice(3) : words.slice(1);
  const assigned: string[] = [];
  while (words[0] && /^[A-Z][A-Z0-9_]*=/.test(words[0])) assigned.push(words.shift()!.split("=")[0]!);
  return { assigned, words };
}

const commandsOf = (text: string) =>
  text
    .replace(/\\\n/g, " ")
    .split(/\n|&&|\|\||;|\|/)
    .map((command) => command.trim())
    .filter(Boolean);

/** What is wrong with one command of the guide, or null. */
function problemWith(command: string): string | null {
  const { words } = wordsOf(command);
  const [program, first, second] = words;
  if (!program) return null;
  for (const word of words) {
    if (word.startsWith("deploy/") && !existsSync(word)) return `${command}: there is no ${word}`;
  }
  if (program === "npm") {
    if (first === "install") return null;
    if (first === "start") return packageScripts.start ? null : `${command}: package.json has no start script`;
    if (first === "run" && second)
      return second in packageScripts ? null : `${command}: package.json has no "${second}" script`;
    return `${command}: not an npm command the guide should give`;
  }
  if (CHECKED_HERE.has(program) || HOST_TOOLS.has(program)) return null;
  return `${command}: ${program} is neither the app's nor a known host tool (add it to this test, with a check if it is the shop's)`;
}

const shownFiles = blocks
  .map((block) => ({ ...block, file: /\]\((deploy\/[^)]+)\):$/.exec(block.before)?.[1] }))
  .filter((block): block is typeof block & { file: string } => block.file !== undefined);

describe("README, Running it for real", () => {
  it("shows deploy/ files exactly as they are, and links every one of them", () => {
    expect(shownFiles.map((block) => block.file).sort()).toEqual([
      "deploy/Caddyfile",
      "deploy/furnish.service",
      "deploy/nginx.conf",
    ]);
    for (const block of shownFiles) expect(block.text, `README's copy of ${block.file}`).toBe(read(block.file));
    for (const name of readdirSync("deploy"))
      expect(section, `a link to deploy/${name}`).toContain(`](deploy/${name})`);
  });

  it("gives only commands the app has or the host's own tools, with files that exist", () => {
    const shell = blocks.filter((block) => block.lang === "sh").flatMap((block) => commandsOf(block.text));
    const inline = inlineSpans.filter((span) => /^(sudo (-u \S+ )?)?npm /.test(span)).flatMap(commandsOf);
    expect(shell.length).toBeGreaterThan(20);
    expect(inline).toEqual(expect.arrayContaining(["npm run backup", "npm run restore -- FILE", "npm start"]));
    expect([...shell, ...inline].map(problemWith).filter(Boolean)).toEqual([]);
  });

  it("names only settings server/env.ts reads, in the guide and in deploy/", () => {
    const named = new Set<string>();
    for (const span of inlineSpans) {
      const name = /^([A-Z][A-Z0-9_]{2,})(?:=|\/|$)/.exec(span)?.[1];
      if (name) named.add(name);
    }
    for (const block of blocks.filter((b) => b.lang === "sh")) {
      for (const command of commandsOf(block.text)) wordsOf(command).assigned.forEach((name) => named.add(name));
    }
    for (const name of Object.keys(exampleSettings(true))) named.add(name);
    for (const match of read("deploy/furnish.service").matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm))
      named.add(match[1]!);
    expect(named).toContain("PUBLIC_URL");
    expect(named).toContain("TRUST_PROXY");
    expect([...named].filter((name) => !envKeys.has(name))).toEqual([]);
  });

  it("starts from a settings file the app accepts, matching the proxies' files", () => {
    const env = parseEnv(exampleSettings(false));
    // The commented examples are valid too, once uncommented.
    expect(() => parseEnv(exampleSettings(true))).not.toThrow();
    expect(env.TRUST_PROXY).toEqual(["loopback"]);
    expect(env.SEED_DEMO).toBe(false);
    expect(new URL(env.PUBLIC_URL).protocol).toBe("https:");
    const name = new URL(env.PUBLIC_URL).hostname;
    const upstream = `${env.HOST}:${env.PORT}`;
    expect(upstream).toBe("127.0.0.1:3000");
    expect(read("deploy/Caddyfile")).toMatch(new RegExp(`^${name} \\{$[\\s\\S]*reverse_proxy ${upstream}$`, "m"));
    const nginx = read("deploy/nginx.conf");
    expect(nginx).toContain(`server ${upstream};`);
    expect(nginx.match(/server_name (\S+);/g)).toEqual([`server_name ${name};`, `server_name ${name};`]);
  });

  it("lets through bodies as large as the app's own largest, and caps connections as the app would", () => {
    const largest = Math.max(ADMIN_PAGE_BODY_LIMIT, imagesBodyLimit(MAX_NEW_IMAGES));
    const whole = Math.ceil(largest / MiB);
    expect(read("deploy/nginx.conf")).toContain(`client_max_body_size ${whole}m;`);
    expect(read("deploy/Caddyfile")).toContain(`max_size ${whole}MiB`);
    expect(read("deploy/nginx.conf")).toContain(`limit_conn furnish_per_address ${MAX_CONNECTIONS_PER_ADDRESS};`);
  });
});

it.runIf(toolsExpected)("finds the tools CI installs for these checks", () => {
  expect(TOOLS.filter((tool) => !installed(tool))).toEqual([]);
});

describe.runIf(canRun("systemd-analyze"))("deploy/furnish.service", () => {
  it("passes systemd-analyze verify, with nothing to warn about", async () => {
    const { stdout, stderr } = await execFileAsync(tool("systemd-analyze"), ["verify", "deploy/furnish.service"]);
    expect(stdout + stderr).toBe("");
  });

  it("runs npm start as the furnish user in the checkout, and restarts it after a failure", () => {
    const unit = read("deploy/furnish.service");
    for (const line of [
      "User=furnish",
      "WorkingDirectory=/srv/furnish/shop",
      "ExecStart=/usr/bin/npm start",
      "KillMode=control-group",
      "Restart=on-failure",
    ]) {
      expect(unit.split("\n")).toContain(line);
    }
  });
});

describe.runIf(canRun("caddy"))("deploy/Caddyfile", () => {
  it("passes caddy validate as it is", async () => {
    const home = await mkdtemp(path.join(tmpdir(), "furnish-caddy-validate-"));
    try {
      const result = await execFileAsync(
        tool("caddy"),
        ["validate", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"],
        { env: caddyEnv(home) },
      );
      expect(result.stdout).toContain("Valid configuration");
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

/** Caddy's own folders inside the test's, not the user's. */
const caddyEnv = (home: string) => ({
  PATH: process.env.PATH,
  HOME: home,
  XDG_DATA_HOME: path.join(home, "data"),
  XDG_CONFIG_HOME: path.join(home, "config"),
});

/** The deploy/ file with these exact lines changed, each of which must be there once. */
function adapt(file: string, changes: [from: string, to: string][]): string {
  let text = read(file);
  for (const [from, to] of changes) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${file}: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, to);
  }
  return text;
}

const children: ChildProcess[] = [];

/** Starts a proxy in the foreground and resolves once its port takes connections. */
/**
 * Starts a proxy and waits until it answers on `port`: over TLS when `tlsName` is given,
 * since Caddy listens before its certificate is ready and refuses the handshake meanwhile.
 */
async function startProxy(command: string, args: string[], env: NodeJS.ProcessEnv, port: number, tlsName?: string) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited:\n${output}`);
    const open = await new Promise<boolean>((resolve) => {
      if (tlsName) {
        const probe = https.get(
          { host: "127.0.0.1", port, servername: tlsName, path: "/readyz", rejectUnauthorized: false },
          (response) => {
            response.resume();
            resolve(true);
          },
        );
        probe.on("error", () => resolve(false));
        return;
      }
      const socket = connectTcp(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${command} did not listen on ${port}:\n${output}`);
}

/** Every name resolves to this machine, so requests carry the shop's name as a browser would. */
const toThisMachine = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (options?.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
}) as unknown as LookupFunction;

const visitorAgent = () =>
  new https.Agent({ lookup: toThisMachine, localAddress: VISITOR, rejectUnauthorized: false, keepAlive: false });

interface Answer {
  status: number;
  type: string;
  body: string;
}

function send(
  origin: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = https.request(
      new URL(pathname, origin),
      { method: options.method ?? "GET", headers: options.headers, agent: visitorAgent() },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, type: String(response.headers["content-type"]), body }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

interface Seen {
  method: string;
  url: string;
  ip: string;
  protocol: string;
  hostname: string;
}

/** The app as the guide runs it (TRUST_PROXY from the settings file), listening where the proxy expects it. */
async function startApp(): Promise<{ t: TestApp; port: number; seen: Seen[] }> {
  const { TRUST_PROXY, PUBLIC_URL } = parseEnv(exampleSettings(false));
  const t = await createTestApp({ trustProxy: TRUST_PROXY, pages: true, env: { PUBLIC_URL } });
  const seen: Seen[] = [];
  t.app.addHook("onRequest", async (request) => {
    const { method, url, ip, protocol, hostname } = request;
    seen.push({ method, url, ip, protocol, hostname });
  });
  const port = await freePort();
  await t.app.listen({ port, host: "127.0.0.1" });
  return { t, port, seen };
}

const sockets: Socket[] = [];
afterAll(() => {
  sockets.forEach((socket) => socket.close());
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

/** What each proxy must do for the app, whichever it is. */
function throughTheProxy(context: () => { origin: string; app: { t: TestApp; seen: Seen[] } }) {
  it("hands the app the visitor's own address and HTTPS, ignoring an address the visitor claims", async () => {
    const { origin, app } = context();
    const page = await send(origin, "/admin/login", { headers: { "x-forwarded-for": "198.51.100.9" } });
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    expect(app.seen.findLast((request) => request.url === "/admin/login")).toEqual({
      method: "GET",
      url: "/admin/login",
      ip: VISITOR,
      protocol: "https",
      hostname: "shop.example.ng",
    });
  });

  it("passes an admin post larger than a proxy's usual limit on to the app", async () => {
    const { origin, app } = context();
    const before = app.seen.length;
    const body = `email=owner%40shop.example.ng&password=${"a".repeat(2 * MiB)}`;
    const answer = await send(origin, "/admin/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://shop.example.ng" },
      body,
    });
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
    expect(app.seen.slice(before)).toContainEqual(expect.objectContaining({ method: "POST", url: "/admin/login" }));
  });

  it("carries the live connection as a WebSocket, and its events", async () => {
    const { origin, app } = context();
    const socket = connectSocket(origin, {
      transports: ["websocket"],
      reconnection: false,
      rejectUnauthorized: false,
      // engine.io-client hands the agent to its WebSocket; its type only knows browsers'.
      agent: visitorAgent() as unknown as string,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const heard = new Promise<unknown>((resolve) => socket.once("catalog:changed", resolve));
    const change = { kind: "product", id: "deploy-check", action: "saved" };
    app.t.app.realtime.broadcast("catalog:changed", change);
    expect(await heard).toEqual(change);
  });
}

describe.runIf(canRun("nginx", "openssl"))("deploy/nginx.conf", () => {
  let scratch = "";
  let origin = "";
  let app: Awaited<ReturnType<typeof startApp>>;
  let main = "";

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "furnish-nginx-"));
    // As root, nginx's workers run as nobody, and keep large bodies in a folder in here.
    await chmod(scratch, 0o755);
    app = await startApp();
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    origin = `https://shop.example.ng:${httpsPort}`;
    // A certificate of its own instead of certbot's, ports of its own, and the app where
    // it listens; everything else is the file as the guide installs it.
    const cert = path.join(scratch, "cert.pem");
    const key = path.join(scratch, "key.pem");
    await execFileAsync(tool("openssl"), [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=shop.example.ng",
      "-keyout",
      key,
      "-out",
      cert,
    ]);
    const site = adapt("deploy/nginx.conf", [
      ["/etc/letsencrypt/live/shop.example.ng/fullchain.pem", cert],
      ["/etc/letsencrypt/live/shop.example.ng/privkey.pem", key],
      ["listen 80;", `listen 127.0.0.1:${httpPort};`],
      ["listen [::]:80;\n", ""],
      ["listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`],
      ["listen [::]:443 ssl http2;\n", ""],
      ["server 127.0.0.1:3000;", `server 127.0.0.1:${app.port};`],
    ]);
    await writeFile(path.join(scratch, "site.conf"), site);
    // As Debian's /etc/nginx/nginx.conf includes a site, with its files in the test's folder.
    main = path.join(scratch, "nginx.conf");
    const temp = (name: string) => `${name}_temp_path ${path.join(scratch, name)};`;
    await writeFile(
      main,
      [
        "daemon off;",
        `pid ${path.join(scratch, "nginx.pid")};`,
        "error_log stderr warn;",
        "events {}",
        "http {",
        "  access_log off;",
        `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}`,
        `  include ${path.join(scratch, "site.conf")};`,
        "}",
        "",
      ].join("\n"),
    );
    await startProxy(tool("nginx"), ["-p", scratch, "-e", "stderr", "-c", main], process.env, httpsPort);
  });

  afterAll(async () => {
    await app?.t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("passes nginx -t", async () => {
    const { stderr } = await execFileAsync(tool("nginx"), ["-t", "-p", scratch, "-e", "stderr", "-c", main]);
    expect(stderr).toContain("test is successful");
    expect(stderr).not.toMatch(/\[(warn|emerg|error)\]/);
  });

  throughTheProxy(() => ({ origin, app }));
});

describe.runIf(canRun("caddy"))("deploy/Caddyfile, serving", () => {
  let scratch = "";
  let origin = "";
  let app: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "furnish-caddy-"));
    app = await startApp();
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    origin = `https://shop.example.ng:${httpsPort}`;
    // Caddy's own local certificate instead of Let's Encrypt's, ports of its own, and the
    // app where it listens; the site itself is the file as the guide installs it.
    const options = [
      "{",
      "\tadmin off",
      "\tskip_install_trust",
      `\tstorage file_system ${path.join(scratch, "storage")}`,
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      "}",
      "",
    ].join("\n");
    const site = adapt("deploy/Caddyfile", [
      ["shop.example.ng {\n", "shop.example.ng {\n\ttls internal\n"],
      ["reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${app.port}`],
    ]);
    const config = path.join(scratch, "Caddyfile");
    await writeFile(config, options + site);
    await startProxy(
      tool("caddy"),
      ["run", "--config", config, "--adapter", "caddyfile"],
      caddyEnv(scratch),
      httpsPort,
      "shop.example.ng",
    );
  });

  afterAll(async () => {
    await app?.t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  throughTheProxy(() => ({ origin, app }));
});

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  /** "Z" for one that has ended and waits only to be reaped. */
  state: string;
}

/** Every process of this machine, as /proc tells: its state, parent and process group. */
async function listProcesses(): Promise<ProcessInfo[]> {
  const found: ProcessInfo[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => null);
    // "pid (name) state ppid pgrp …"; the name may hold spaces and brackets.
    const [state, ppid, pgrp] = stat?.slice(stat.lastIndexOf(")") + 2).split(" ") ?? [];
    if (state && ppid && pgrp) found.push({ pid: Number(entry), ppid: Number(ppid), pgrp: Number(pgrp), state });
  }
  return found;
}

/** `npm start` as the service runs it, on a data folder of its own. */
function startService(dataDir: string, port: number) {
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", LOG_FORMAT: "json" };
  const npm = spawn("npm", ["start"], { env: { ...inherited, ...env }, detached: true, stdio: "pipe" });
  children.push(npm);
  let output = "";
  npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    npm,
    output: () => output,
    // The output ends when the last of the app's processes is gone; npm itself may go first.
    ended: new Promise<void>((resolve) => npm.on("close", () => resolve())),
  };
}

/**
 * The service's control group: npm and what it started (its process group here), and the
 * embedded PostgreSQL, which runs in sessions of its own. Zombies have ended already.
 */
async function serviceProcesses(npmPid: number, dataDir: string): Promise<number[]> {
  const pidFile = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "");
  const postmaster = Number(pidFile.split("\n")[0]) || -1;
  return (await listProcesses())
    .filter((p) => p.state !== "Z" && (p.pgrp === npmPid || p.pid === postmaster || p.ppid === postmaster))
    .map((p) => p.pid);
}

/**
 * A signal to a process that may have ended since it was listed: the first SIGTERMs make
 * the app stop its database, whose workers can be gone before their turn. systemd, too,
 * passes over a process that has already ended.
 */
function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

describe("npm start under the service", () => {
  it(
    "stops cleanly, its database too, when systemd stops every process of the service",
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "furnish-service-"));
      // As root, PostgreSQL runs as the postgres user and must be able to enter the folder.
      await chmod(dataDir, 0o755);
      const port = await freePort();
      const service = startService(dataDir, port);
      try {
        const deadline = Date.now() + 60_000;
        while (
          !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.ok,
            () => false,
          ))
        ) {
          if (service.npm.exitCode !== null || Date.now() > deadline) {
            throw new Error(`npm start did not become ready:\n${service.output()}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }

        // KillMode=control-group: SIGTERM to every process at once, the database's included.
        const running = await serviceProcesses(service.npm.pid!, dataDir);
        expect(running.length).toBeGreaterThan(5);
        for (const pid of running) signal(pid, "SIGTERM");
        await service.ended;

        expect(service.output()).toContain("SIGTERM: finishing open requests, then stopping");
        expect(service.output()).toContain("PostgreSQL stopped");
        expect(service.output()).not.toMatch(/"level":(50|60)/);
        // Nothing is left for systemd to kill.
        expect(await serviceProcesses(service.npm.pid!, dataDir)).toEqual([]);
      } finally {
        // Only after a failure is anything of it still running.
        for (const pid of await serviceProcesses(service.npm.pid!, dataDir)) signal(pid, "SIGKILL");
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
