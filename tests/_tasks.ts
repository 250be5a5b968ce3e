/**
 * Test helper: a task of deno.json as `deno` arguments (`run`, the task's own permission flags, its
 * script), so tests run entry points with exactly the permissions users get, written once in deno.json.
 */
const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));

/**
 * `["run", ...flags, script]` of `deno task <name>` (its last command: the demo first runs a one-line
 * first-run note); throws for a task that is not a plain `deno run`.
 */
export function taskArgs(name: string): string[] {
  const command = (config.tasks as Record<string, string | undefined>)[name];
  const words = command?.split(" && ").at(-1)?.split(/\s+/) ?? [];
  if (words[0] !== "deno" || words[1] !== "run") throw new TypeError(`Task ${name} is not a 'deno run' task`);
  return words.slice(1);
}
