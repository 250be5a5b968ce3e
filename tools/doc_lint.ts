/**
 * `deno doc --lint` over every entry point of deno.json `exports` (part of `deno task check`): fails on any
 * problem, listing each (missing JSDoc, missing explicit types, a public type that references a type
 * users cannot name). There is no exception: a dependency's type in a public signature fails it, zod's
 * included. The client's public types are plain TypeScript generated from its zod schemas
 * (`deno task api-types`), and a schema is named by the Standard Schema interface
 * (lib/client/standard_schema.ts), which zod implements.
 *
 * Run: `deno run --allow-read --allow-run=deno tools/doc_lint.ts`.
 *
 * @module
 */

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
  for (const p of problems) console.error(`${p.at} ${p.rule}: ${p.message}`);
  if (problems.length || !out.success) {
    if (!problems.length) console.error(text);
    console.error(`deno doc --lint: ${problems.length} problem(s) over ${entries.length} entry points`);
    Deno.exit(1);
  }
  console.log(`deno doc --lint: 0 problems over ${entries.length} entry points`);
}
