/**
 * One command-line convention for every task (report/demo `main.ts`, watch, contract, sandbox): flags are
 * read the same way with or without the `--` that `deno task x -- …` passes on, `--help`/`-h` anywhere
 * wins over every other problem, and every bad flag is reported at once (unknown ones with a
 * did-you-mean), so a user fixes a command line in one go.
 *
 * Tokenizing is Node's built-in `node:util` `parseArgs` (no dependency; `tokens: true`, non-strict), the
 * checks are ours: its strict mode stops at the first problem and takes `--out --help` as an output
 * folder named `--help`.
 *
 * @example Flags, with or without the `--` of `deno task`
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFlags } from "./flags.ts";
 * const options = { out: { type: "string" }, overwrite: { type: "boolean" } } as const;
 * const a = parseFlags(["--", "--out", "o", "--overwrite"], options);
 * assert.deepEqual([a.values.out, a.values.overwrite, a.problems], ["o", true, []]);
 * const b = parseFlags(["--ot", "o", "--overwrite=yes", "--out"], options);
 * assert.deepEqual(b.problems, [
 *   "--out needs a value",
 *   "unknown flag --ot; did you mean --out?",
 *   "--overwrite takes no value (got 'yes')",
 * ]);
 * assert.equal(parseFlags(["--bogus", "-h"], options).help, true);
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { didYouMean } from "../client/guards.ts";

/** One flag: a string (`--out dir`, `--out=dir`) or a boolean (`--overwrite`). */
export interface FlagSpec {
  readonly type: "string" | "boolean";
  /** One-letter alias (`-h`). */
  readonly short?: string;
  /** The flag may be given several times; its values are collected. */
  readonly multiple?: boolean;
  /** A string flag whose value may be left out (`--sandbox` = `--sandbox=<this>`). */
  readonly optionalValue?: string;
}

/** Flags by name (without `--`). */
export type FlagOptions = Readonly<Record<string, FlagSpec>>;

/** The values of the flags given. */
export type FlagValues<O extends FlagOptions> = {
  -readonly [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean
    : O[K]["multiple"] extends true ? string[]
    : string;
};

/** What {@linkcode parseFlags} read. */
export interface ParsedFlags<O extends FlagOptions> {
  /** `--help` or `-h` was given: print the usage and exit 0, whatever else is wrong. */
  readonly help: boolean;
  /** Values of the flags given. */
  readonly values: FlagValues<O>;
  /** Arguments that are not flags. */
  readonly positionals: string[];
  /** Every problem found, one line each (empty when the command line is good). */
  readonly problems: string[];
}

/** Options of {@linkcode parseFlags}. */
export interface ParseFlagsOptions {
  /** How many positional arguments are allowed. @default {0} */
  readonly positionals?: number;
}

/**
 * Reads a command line. `--help`/`-h` is always known. Problems are collected, not thrown: the caller
 * adds its own checks of the values to `problems` and reports them all with {@linkcode usageProblems}.
 *
 * @param args The arguments (`Deno.args`).
 * @param options The flags.
 * @param config How many positionals are allowed.
 * @returns Help asked, values, positionals and problems.
 */
export function parseFlags<const O extends FlagOptions>(
  args: readonly string[],
  options: O,
  config: ParseFlagsOptions = {},
): ParsedFlags<O> {
  const all: FlagOptions = { ...options, help: { type: "boolean", short: "h" } };
  const names = Object.keys(all);
  const problems: string[] = [];
  // `deno task x -- --flags` passes the `--` on: it is not an argument.
  let from = 0;
  while (args[from] === "--") from++;
  // Before tokenizing: a string flag followed by another flag (or nothing) lacks its value — Node would
  // take the next flag as the value; a flag with an optional value takes the next word only when it is
  // not a flag.
  const flagLike = (a: string | undefined) => a !== undefined && (a.startsWith("--") || /^-[a-z]$/i.test(a));
  const rest: string[] = [];
  for (let i = from; i < args.length; i++) {
    const a = args[i];
    const spec = a.startsWith("--") && !a.includes("=") ? all[a.slice(2)] : undefined;
    if (a.startsWith("--") && a.length > 2 && !a.includes("=") && !spec) {
      // An unknown flag takes the word after it as its value (reported once, as unknown).
      rest.push(flagLike(args[i + 1]) || args[i + 1] === undefined ? a : `${a}=${args[++i]}`);
      continue;
    }
    if (spec?.type !== "string") {
      rest.push(a);
      continue;
    }
    const next = args[i + 1];
    if (spec.optionalValue !== undefined) {
      rest.push(`${a}=${next === undefined || next.startsWith("-") ? spec.optionalValue : args[++i]}`);
    } else if (flagLike(next) || next === undefined) {
      problems.push(`${a} needs a value`);
    } else {
      rest.push(a, args[++i]);
    }
  }
  const { tokens } = parseArgs({
    args: rest,
    options: Object.fromEntries(
      Object.entries(all).map(([k, s]) => [k, { type: s.type, ...(s.short ? { short: s.short } : {}) }]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  let help = false;
  for (const t of tokens ?? []) {
    if (t.kind === "positional") positionals.push(t.value);
    if (t.kind !== "option") continue;
    const spec = all[t.name];
    if (t.name === "help") {
      help = true;
    } else if (!spec) {
      const hint = didYouMean(t.name, names);
      problems.push(`unknown flag ${t.rawName}${hint ? `; did you mean --${hint}?` : ""}`);
    } else if (spec.type === "boolean") {
      if (t.value !== undefined) problems.push(`${t.rawName} takes no value (got '${t.value}')`);
      else values[t.name] = true;
    } else if (t.value === undefined || t.value === "") {
      problems.push(`${t.rawName} needs a value`);
    } else if (spec.multiple) {
      values[t.name] = [...(values[t.name] as string[] | undefined ?? []), t.value];
    } else {
      values[t.name] = t.value;
    }
  }
  const allowed = config.positionals ?? 0;
  if (positionals.length > allowed) {
    const extra = positionals.slice(allowed).map((p) => `'${p.length > 40 ? `${p.slice(0, 39)}…` : p}'`);
    problems.push(
      allowed === 0
        ? `unexpected argument${extra.length === 1 ? "" : "s"} ${extra.join(", ")} (every input is a --flag)`
        : `too many arguments: ${extra.join(", ")}`,
    );
  }
  return { help, values: values as FlagValues<O>, positionals, problems };
}

/**
 * The problems as one message: one line each, then where the usage is.
 *
 * @param command The command's name, first on each line (`report`, `watch`…).
 * @param problems From {@linkcode parseFlags} plus the command's own checks.
 * @returns The message to print before exiting with code 2.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usageProblems } from "./flags.ts";
 * assert.equal(usageProblems("watch", ["a", "b"]), "watch: a\nwatch: b\n(see --help)");
 * ```
 */
export function usageProblems(command: string, problems: readonly string[]): string {
  return [...problems.map((p) => `${command}: ${p}`), "(see --help)"].join("\n");
}
