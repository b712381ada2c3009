/**
 * npm run bench:structure — measures of the code's shape, read from the source tree alone
 * (nothing runs, nothing is asserted): where the server's layers lean on each other, how
 * many ways it has of saying no, the import cycles, and the web side's back-arrows.
 *
 * Every measure is an approximation made by reading each file's syntax with the
 * TypeScript compiler (no type checking), so it is fast and needs no build:
 *
 * - service → plugin: files server/modules/**\/*.service.ts with a value import of
 *   server/plugins/*.
 * - HttpError in modules: files under server/modules (tests left out) that import
 *   `HttpError`, by value or by type.
 * - write routes calling a service: in server/modules/**\/*.routes.ts, the handlers of
 *   `x.post/put/patch/delete(...)` (and `x.route({ method })` with one of those methods)
 *   whose handler (the last argument) calls a function imported from a `*.service` file,
 *   by name or through a namespace import (`svc.fn()`), other than one that only reads
 *   (find…, get…, list…, read…, count…, describe…: the cart's lookups are POSTs that
 *   take ids in a body). A handler that only reaches a service through an `*.actions.ts`
 *   door does not count.
 * - error conventions: under server/modules (tests left out), the files that
 *     make a refusal (domain/refusal.ts): call `refuse(…)` or `refuseField(…)`, or
 *     construct Refusal or a subclass of it. This is the one way a rule says no;
 *     throw `new HttpError(...)`;
 *     throw an error class of their own: one declared in server/ or domain/ that extends
 *     Error, directly or through other such classes, but not Refusal (domain/refusal.ts).
 *     A subclass of Refusal (NotABackupError, ProviderUnavailable…) is a refusal, with
 *     a kind, and counts with the first;
 *     return an object literal with `ok: false` (the `{ ok: false, reason }` answers);
 *     `return null` from a function that writes or checks, whose declared return type
 *     names `null`: a no told by an empty answer. A `return null` belongs to the nearest
 *     function around it that declares its return type (a callback without one, such as a
 *     transaction's, answers for the function that returns what it gives). That function
 *     writes when its name starts with a verb of writing (add, set, save, create, update,
 *     copy, delete, remove, redeem, reset, store, place, keep, mark…) or its body
 *     (callbacks included) calls `.insert(`, `.update(` or `.delete(` on the database
 *     (`db`, `tx`, `deps.db`…; a cipher's update or a Map's delete is no write), or runs
 *     a sql`insert/update/delete …` template; it checks when its name starts with require, check, verify, authenticate,
 *     ensure, assert, validate or accept. A function named as a read (find…, get…, read…, load…, look up…, list…,
 *     count…, describe…) is neither, whatever it does on the way: its null is an absent
 *     value ("not there"), not a refusal, and so is the null of a function that neither
 *     writes nor checks (the next job of a queue, the link a description must drop).
 *   The count is how many of these five are in use: 1 when every no is a refusal.
 * - import cycles: strongly connected groups of the value-import graph of domain/,
 *   server/, web/, tests/ and bench/, with `import("./x")` counted like a static import.
 *   `import type`, `export type` and imports whose every name is marked `type` are left
 *   out, as they vanish at run time.
 * - web back-arrows: value imports inside web/ that go up the layering in docs/architecture.md (Web layering): routes → components →
 *   features → lib, with sw/ standing apart (it may import only sw/ and domain/, and only
 *   features/ and routes/ may import it).
 *
 * Run with `-v` to list the files behind each figure.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOP = ["domain", "server", "web", "tests", "bench"];
const SKIP_DIRS = new Set(["node_modules", "build", ".react-router", "results", "data", "scratch"]);
const verbose = process.argv.includes("-v") || process.argv.includes("--verbose");

interface Edge {
  to: string;
  /** false when the import vanishes at run time. */
  value: boolean;
  names: string[];
}

interface SourceInfo {
  file: string; // relative to ROOT, with forward slashes
  sf: ts.SourceFile;
  edges: Edge[];
  /** Specifier text by local name, for named and namespace imports (value ones only). */
  importedFrom: Map<string, string>;
}

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
}

function resolveImport(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(path.join(ROOT, fromFile)), spec.replace(/\.js$/, ""));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`];
  for (const c of candidates) {
    if (existsSync(c) && statSync(c).isFile()) return path.relative(ROOT, c).split(path.sep).join("/");
  }
  return undefined;
}

function read(file: string): SourceInfo {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edges: Edge[] = [];
  const importedFrom = new Map<string, string>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      let value = true;
      const names: string[] = [];
      if (clause) {
        if (clause.isTypeOnly) value = false;
        else {
          const hasDefault = !!clause.name;
          const bindings = clause.namedBindings;
          let valueNamed = false;
          if (bindings && ts.isNamespaceImport(bindings)) {
            valueNamed = true;
            importedFrom.set(bindings.name.text, spec);
          } else if (bindings) {
            for (const el of bindings.elements) {
              names.push((el.propertyName ?? el.name).text);
              if (!el.isTypeOnly) {
                valueNamed = true;
                importedFrom.set(el.name.text, spec);
              }
            }
          }
          if (hasDefault) importedFrom.set(clause.name.text, spec);
          value =
            hasDefault || valueNamed || (!!bindings && ts.isNamedImports(bindings) && bindings.elements.length === 0);
        }
        if (clause.name) names.push("default");
      }
      const to = resolveImport(file, spec);
      if (to) edges.push({ to, value, names });
      else if (spec.startsWith(".")) edges.push({ to: `?${spec}`, value, names });
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      let value = !st.isTypeOnly;
      if (value && st.exportClause && ts.isNamedExports(st.exportClause)) {
        value = st.exportClause.elements.some((el) => !el.isTypeOnly);
      }
      const to = resolveImport(file, spec);
      if (to) edges.push({ to, value, names: [] });
    }
  }
  // import("./x") loads the file at run time too: a value edge.
  const dynamic = (n: ts.Node): void => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteralLike(n.arguments[0])
    ) {
      const to = resolveImport(file, n.arguments[0].text);
      if (to) edges.push({ to, value: true, names: [] });
    }
    ts.forEachChild(n, dynamic);
  };
  dynamic(sf);
  return { file, sf, edges, importedFrom };
}

// ---------------------------------------------------------------------------------------

const files: string[] = [];
for (const top of TOP) if (existsSync(path.join(ROOT, top))) walk(path.join(ROOT, top), files);
for (const name of readdirSync(ROOT)) if (/\.config\.ts$/.test(name)) files.push(path.join(ROOT, name));
const infos = new Map<string, SourceInfo>();
for (const f of files) {
  const rel = path.relative(ROOT, f).split(path.sep).join("/");
  infos.set(rel, read(rel));
}
const all = [...infos.values()];
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith("tests/");
const moduleFiles = all.filter((i) => i.file.startsWith("server/modules/") && !isTest(i.file));

interface Measure {
  name: string;
  value: number;
  of?: number;
  detail: string[];
}
const measures: Measure[] = [];

// 1. Service files importing a plugin.
{
  const services = moduleFiles.filter((i) => i.file.endsWith(".service.ts"));
  const hits = services.filter((i) => i.edges.some((e) => e.value && e.to.startsWith("server/plugins/")));
  measures.push({
    name: "service files importing server/plugins/*",
    value: hits.length,
    of: services.length,
    detail: hits.map(
      (i) =>
        `${i.file} → ${[...new Set(i.edges.filter((e) => e.value && e.to.startsWith("server/plugins/")).map((e) => e.to))].join(", ")}`,
    ),
  });
}

// 2. Module files importing HttpError.
{
  const hits = moduleFiles.filter((i) => i.edges.some((e) => e.names.includes("HttpError")));
  measures.push({
    name: "module files importing HttpError",
    value: hits.length,
    of: moduleFiles.length,
    detail: hits.map((i) => i.file),
  });
}

// 3. Write routes calling a service function directly.
{
  const WRITE = new Set(["post", "put", "patch", "delete"]);
  const READS = /^(find|get|list|read|count|describe)[A-Z]/;
  const routeFiles = moduleFiles.filter((i) => i.file.endsWith(".routes.ts"));
  const detail: string[] = [];
  let handlers = 0;
  let filesHit = 0;
  for (const info of routeFiles) {
    const fromService = (local: string) => {
      const spec = info.importedFrom.get(local);
      return spec !== undefined && /\.service(\.js)?$/.test(spec);
    };
    let hitHere = 0;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text.toLowerCase();
        let isWrite = WRITE.has(method);
        if (method === "route" && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
          for (const p of node.arguments[0].properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText() === "method" && ts.isStringLiteralLike(p.initializer)) {
              isWrite = WRITE.has(p.initializer.text.toLowerCase());
            }
          }
        }
        if (isWrite) {
          const first = node.arguments[0];
          const where = `${method.toUpperCase()} ${first && ts.isStringLiteralLike(first) ? first.text : "?"}`;
          const called = new Set<string>();
          const inner = (n: ts.Node): void => {
            if (ts.isCallExpression(n)) {
              const callee = n.expression;
              if (ts.isIdentifier(callee) && fromService(callee.text)) called.add(callee.text);
              if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
                if (fromService(callee.expression.text)) called.add(`${callee.expression.text}.${callee.name.text}`);
              }
            }
            ts.forEachChild(n, inner);
          };
          // Only the handler (the last argument): its options, such as a body limit, are no write.
          const handler = node.arguments.at(-1);
          if (handler) inner(handler);
          // A POST that only reads (the cart's lookups take their ids in a body) writes nothing.
          for (const name of called) if (READS.test(name.split(".").at(-1)!)) called.delete(name);
          if (called.size > 0) {
            hitHere++;
            detail.push(`${info.file}: ${where} → ${[...called].join(", ")}`);
          }
          return; // a route inside a route's arguments is not a thing
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(info.sf);
    handlers += hitHere;
    if (hitHere > 0) filesHit++;
  }
  measures.push({
    name: "route files with a write handler calling a *.service function",
    value: filesHit,
    of: routeFiles.length,
    detail: [`(${handlers} handlers)`, ...detail],
  });
}

// 4. Error conventions.
{
  // Every class declared in server/ and domain/, by the class it extends.
  const parentOf = new Map<string, string>();
  for (const info of all) {
    if (!info.file.startsWith("server/") && !info.file.startsWith("domain/")) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isClassDeclaration(n) && n.name && n.heritageClauses) {
        const ext = n.heritageClauses.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
        const parent = ext?.types[0]?.expression.getText();
        if (parent) parentOf.set(n.name.text, parent);
      }
      ts.forEachChild(n, visit);
    };
    visit(info.sf);
  }
  /** The classes a class descends from, nearest first, as far as they are declared here. */
  const ancestry = (cls: string): string[] => {
    const line: string[] = [];
    for (let at = parentOf.get(cls); at !== undefined && !line.includes(at); at = parentOf.get(at)) line.push(at);
    return line;
  };
  const ownErrors = new Set(
    [...parentOf.keys()].filter((cls) => {
      const line = ancestry(cls);
      return cls !== "Refusal" && !line.includes("Refusal") && line.some((c) => /Error$/.test(c));
    }),
  );
  ownErrors.delete("HttpError");
  const READ_NAME = /^(find|get|read|load|look[uU]p|list|count|describe)([A-Z]|$)/;
  const CHECK_NAME = /^(require|check|verify|authenticate|ensure|assert|validate|accept)([A-Z]|$)/;
  const WRITE_NAME =
    /^(add|set|save|create|insert|update|upsert|copy|duplicate|delete|remove|redeem|reset|write|store|put|place|keep|mark)([A-Z]|$)/;
  const WRITE_SQL = /^\s*(insert|update|delete)\b/i;
  const nameOf = (fn: ts.SignatureDeclaration): string | undefined => {
    if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
    const parent = fn.parent;
    if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) {
      return parent.name.text;
    }
    return undefined;
  };
  const writes = (fn: ts.Node): boolean => {
    let found = false;
    const visit = (n: ts.Node): void => {
      if (found) return;
      // db.insert(…), tx.update(…), deps.db.delete(…): the database's; not a cipher's update or a Map's delete.
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        ["insert", "update", "delete"].includes(n.expression.name.text) &&
        /(^|\.)(db|tx)$/.test(n.expression.expression.getText())
      ) {
        found = true;
      }
      if (ts.isTaggedTemplateExpression(n) && n.tag.getText() === "sql") {
        const text = ts.isNoSubstitutionTemplateLiteral(n.template) ? n.template.text : n.template.head.text;
        if (WRITE_SQL.test(text)) found = true;
      }
      ts.forEachChild(n, visit);
    };
    visit(fn);
    return found;
  };
  /** Whether a `return null` of this function is a no: it writes or checks, and is not named as a read. */
  const saysNoByNull = (fn: ts.SignatureDeclaration): boolean => {
    if (!fn.type || !/\bnull\b/.test(fn.type.getText())) return false;
    const name = nameOf(fn) ?? "";
    if (READ_NAME.test(name)) return false;
    return CHECK_NAME.test(name) || WRITE_NAME.test(name) || writes(fn);
  };
  const refusalClasses = new Set(
    ["Refusal", ...parentOf.keys()].filter((cls) => cls === "Refusal" || ancestry(cls).includes("Refusal")),
  );
  const conventions: Record<string, string[]> = {
    "refuse(...) / new Refusal or a subclass": [],
    "throw new HttpError(...)": [],
    "throw new <own error class>(...)": [],
    "return { ok: false, ... }": [],
    "return null from a write or a check (declared `| null`)": [],
  };
  const keys = Object.keys(conventions);
  const nullsBy = new Set<string>();
  for (const info of moduleFiles) {
    const found = new Set<string>();
    const visit = (n: ts.Node, fn: ts.SignatureDeclaration | undefined): void => {
      // A callback that declares no return type answers for the function around it.
      if (ts.isFunctionLike(n) && (n.type || !fn)) fn = n;
      if (ts.isThrowStatement(n) && n.expression && ts.isNewExpression(n.expression)) {
        const cls = n.expression.expression.getText();
        if (cls === "HttpError") found.add(keys[1]!);
        else if (ownErrors.has(cls)) found.add(keys[2]!);
      }
      if (
        (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && /^refuse(Field)?$/.test(n.expression.text)) ||
        (ts.isNewExpression(n) && refusalClasses.has(n.expression.getText()))
      ) {
        found.add(keys[0]!);
      }
      if (ts.isObjectLiteralExpression(n)) {
        const okFalse = n.properties.some(
          (p) =>
            ts.isPropertyAssignment(p) &&
            p.name.getText() === "ok" &&
            p.initializer.kind === ts.SyntaxKind.FalseKeyword,
        );
        if (okFalse) found.add(keys[3]!);
      }
      if (ts.isReturnStatement(n) && n.expression?.kind === ts.SyntaxKind.NullKeyword && fn && saysNoByNull(fn)) {
        found.add(keys[4]!);
        if (verbose) nullsBy.add(`${info.file}: ${nameOf(fn) ?? "(a function)"}`);
      }
      ts.forEachChild(n, (c) => visit(c, fn));
    };
    visit(info.sf, undefined);
    for (const k of found) conventions[k]!.push(info.file);
  }
  const inUse = keys.filter((k) => conventions[k]!.length > 0);
  measures.push({
    name: "distinct server error conventions in use",
    value: inUse.length,
    of: keys.length,
    detail: keys.map((k) => {
      // For the nulls, the functions themselves: the file alone does not say which one says no.
      const listed = k === keys[4] ? [...nullsBy] : conventions[k]!;
      return `${k}: ${conventions[k]!.length} files${verbose && listed.length ? `\n      ${listed.join("\n      ")}` : ""}`;
    }),
  });
}

// 5. Import cycles over value imports.
{
  const graph = new Map<string, string[]>();
  for (const info of all) {
    graph.set(
      info.file,
      info.edges.filter((e) => e.value && infos.has(e.to)).map((e) => e.to),
    );
  }
  // Tarjan's strongly connected components, iteratively.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const next = graph.get(top.node)!;
      if (top.i < next.length) {
        const w = next[top.i++]!;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.node, Math.min(low.get(top.node)!, idx.get(w)!));
        }
      } else {
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1]!.node;
          low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
        }
        if (low.get(top.node) === idx.get(top.node)) {
          const group: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            onStack.delete(w);
            group.push(w);
          } while (w !== top.node);
          if (group.length > 1 || graph.get(top.node)!.includes(top.node)) groups.push(group.sort());
        }
      }
    }
  }
  measures.push({
    name: "import cycles (value imports, groups of files)",
    value: groups.length,
    detail: groups.map((g) => g.join(" ⇄ ")),
  });
}

// 6. Back-arrows inside web/.
{
  const LAYERS = ["lib", "features", "components", "routes"] as const;
  const layerOf = (f: string): number | "sw" | undefined => {
    if (!f.startsWith("web/")) return undefined;
    const rest = f.slice(4);
    if (rest.startsWith("sw/")) return "sw";
    if (!rest.includes("/")) return LAYERS.indexOf("routes"); // root.tsx, entry.server.tsx, routes.ts
    const top = rest.slice(0, rest.indexOf("/"));
    const i = LAYERS.indexOf(top as (typeof LAYERS)[number]);
    return i >= 0 ? i : undefined;
  };
  const detail: string[] = [];
  for (const info of all) {
    if (!info.file.startsWith("web/") || isTest(info.file)) continue;
    const from = layerOf(info.file);
    for (const e of info.edges) {
      if (!e.value) continue;
      const to = layerOf(e.to);
      if (from === undefined || to === undefined) continue;
      const up = from === "sw" ? to !== "sw" : to === "sw" ? from < LAYERS.indexOf("features") : from < to;
      if (up) detail.push(`${info.file} → ${e.to}`);
    }
  }
  measures.push({ name: "web back-arrows (routes → components → features → lib)", value: detail.length, detail });
}

// ---------------------------------------------------------------------------------------

const width = Math.max(...measures.map((m) => m.name.length));
console.log(`Code shape, read from ${all.length} source files\n`);
console.log(`${"measure".padEnd(width)}  value`);
console.log(`${"-".repeat(width)}  ------`);
for (const m of measures) {
  console.log(`${m.name.padEnd(width)}  ${m.of === undefined ? m.value : `${m.value} / ${m.of}`}`);
}
for (const m of measures) {
  if (m.detail.length === 0) continue;
  const shown =
    verbose || m.name.startsWith("distinct") || m.name.startsWith("import cycles") || m.name.startsWith("web");
  if (!shown) continue;
  console.log(`\n${m.name}:`);
  for (const d of m.detail) console.log(`  ${d}`);
}
if (!verbose) console.log("\n(-v lists the files behind every figure)");
