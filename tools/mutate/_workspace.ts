/**
 * Private: a throw-away copy of the work tree (git's tracked and untracked, not ignored, files;
 * node_modules linked) where mutants are written and tested. The work tree itself is never written.
 *
 * @module
 */
import { dirname, join } from "node:path";

/** A copy of the project that mutants are written into. */
export interface Workspace {
  readonly dir: string;
  /** Write `text` to the copy's `path` (relative to the project root). */
  write(path: string, text: string): Promise<void>;
  /** Remove the copy. */
  remove(): void;
}

/** Copy the project at `root` to a temporary directory. */
export async function copyProject(root: string): Promise<Workspace> {
  const ls = await new Deno.Command("git", {
    args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd: root,
    stdout: "piped",
  }).output();
  if (!ls.success) throw new Error(`git ls-files failed in ${root}`);
  const files = new TextDecoder().decode(ls.stdout).split("\0").filter(Boolean);
  const dir = await Deno.makeTempDir({ prefix: "ri-mutate-" });
  for (const f of files) {
    const src = join(root, f);
    try {
      if (!(await Deno.lstat(src)).isFile) continue;
    } catch {
      continue; // deleted in the work tree, not yet in git
    }
    await Deno.mkdir(dirname(join(dir, f)), { recursive: true });
    await Deno.copyFile(src, join(dir, f));
  }
  await Deno.symlink(join(root, "node_modules"), join(dir, "node_modules"));
  return {
    dir,
    write: (path, text) => Deno.writeTextFile(join(dir, path), text),
    remove: () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch { /* already gone */ }
    },
  };
}

/** How one test run ended. */
export type Outcome = "passed" | "failed" | "timeout";

/** The running test process, so a SIGINT can end it. */
let current: Deno.ChildProcess | undefined;

/** End the running test process (and its group, via `timeout`), if any. */
export function killCurrent(): void {
  try {
    current?.kill("SIGTERM");
  } catch { /* already ended */ }
}

/**
 * Run `deno test` on `tests` inside `dir` without type checking (a mutant is judged by behaviour),
 * stopping at the first failure; `timeout(1)` ends the whole process group after `timeoutMs`.
 */
export async function runTests(dir: string, tests: readonly string[], timeoutMs: number): Promise<Outcome> {
  const secs = Math.max(1, Math.ceil(timeoutMs / 1000));
  const cmd = new Deno.Command("timeout", {
    args: ["-k", "2", String(secs), Deno.execPath(), "test", "-A", "--no-check", "--fail-fast", ...tests],
    cwd: dir,
    stdout: "null",
    stderr: "null",
    stdin: "null",
    env: { NO_COLOR: "1" },
  });
  current = cmd.spawn();
  const { code } = await current.status;
  current = undefined;
  if (code === 0) return "passed";
  return code === 124 || code === 137 ? "timeout" : "failed";
}
