/**
 * Test helper: a task of deno.json as `deno` arguments (`run`, the task's own permission flags, its
 * script), so tests run entry points with exactly the permissions users get, written once in deno.json.
 */
const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

/**
 * The command line of `deno task <name>` (a task is a string, or `{command, dependencies}`: every user-facing
 * task depends on `deps`, which installs the npm dependencies first).
 */
export function taskCommand(name: string): string {
  const task = (config.tasks as Record<string, string | { command?: string } | undefined>)[name];
  const command = typeof task === "string" ? task : task?.command;
  if (command === undefined) throw new TypeError(`deno.json has no task '${name}'`);
  return command;
}

/** The `--` flags of `deno task <name>`'s last command (its permissions). */
export function taskFlags(name: string): string[] {
  return taskCommand(name).split(" && ").at(-1)!.split(/\s+/).filter((w) => w.startsWith("--"));
}

/**
 * `["run", ...flags, script]` of `deno task <name>` (its last command); throws for a task that is not a
 * plain `deno run`.
 */
export function taskArgs(name: string): string[] {
  const words = taskCommand(name).split(" && ").at(-1)?.split(/\s+/) ?? [];
  if (words[0] !== "deno" || words[1] !== "run") throw new TypeError(`Task ${name} is not a 'deno run' task`);
  return words.slice(1);
}
