/**
 * `deno doc --lint` over every entry point of deno.json `exports` (part of `deno task check`): fails on any
 * problem (missing JSDoc, missing explicit types, public types referencing types users cannot name) but
 * one kind, which it reports: zod's own types (`ZodString`, `$brand`, `output`, …) referenced from the
 * three files through which zod types enter the public API: the zod aliases (lib/client/zod_types.ts)
 * and the two generated type files. The client's types are computed from its zod schemas (one source of
 * truth), and `deno doc` cannot accept a reference into an npm package's types; anywhere else, a zod
 * type in a public signature fails this check (name it through lib/client/zod_types.ts).
 *
 * Run: `deno run --allow-read --allow-run=deno tools/doc_lint.ts`.
 *
 * @module
 */

/** Files that may reference zod's types in public types. */
const ZOD_BOUNDARY = [
  "lib/client/zod_types.ts",
  "lib/client/schemas/_rows.gen.ts",
  "lib/client/endpoints/_catalogue.gen.ts",
];
/** Names of zod's types (classes, core markers, helper types). */
const ZOD_NAME = /^(\$?Zod\w*|\$loose|\$strip|\$strict|\$brand|output|input|infer)$/;

/** One problem `deno doc --lint` reported. */
export interface DocProblem {
  /** Rule, e.g. `missing-jsdoc`, `private-type-ref`. */
  readonly rule: string;
  /** The message line. */
  readonly message: string;
  /** File (relative to the repository) and line. */
  readonly at: string;
}

/** Parses `deno doc --lint` output (NO_COLOR) into its problems. */
export function parseDocLint(text: string, root: string): DocProblem[] {
  const out: DocProblem[] = [];
  const re = /^error\[([\w-]+)\]: (.*)\n\s*--> (\S+)/gm;
  for (const m of text.matchAll(re)) {
    out.push({ rule: m[1], message: m[2], at: m[3].replace(root, "") });
  }
  return out;
}

/** True for a zod type referenced from one of the zod boundary files. */
export function acceptedZodRef(p: DocProblem): boolean {
  const m = /references private type '([^']+)'/.exec(p.message);
  return p.rule === "private-type-ref" && m !== null && ZOD_NAME.test(m[1]) &&
    ZOD_BOUNDARY.some((f) => p.at.startsWith(`${f}:`));
}

if (import.meta.main) {
  const root = new URL("../", import.meta.url).pathname;
  const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
  const entries = Object.values(config.exports as Record<string, string>);
  const out = await new Deno.Command("deno", {
    args: ["doc", "--lint", ...entries],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const problems = parseDocLint(text, root);
  const accepted = problems.filter(acceptedZodRef);
  const rest = problems.filter((p) => !acceptedZodRef(p));
  for (const p of rest) console.error(`${p.at} ${p.rule}: ${p.message}`);
  if (rest.length || (!out.success && !problems.length)) {
    if (!problems.length) console.error(text);
    console.error(`deno doc --lint: ${rest.length} problem(s) over ${entries.length} entry points`);
    Deno.exit(1);
  }
  console.log(
    `deno doc --lint: 0 problems over ${entries.length} entry points, but ${accepted.length} references to ` +
      `zod's own types from ${ZOD_BOUNDARY.join(", ")}`,
  );
}
