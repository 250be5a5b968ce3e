/**
 * Child process of the memory test: `.all()` of trials.search against the base URL in argv[0]; prints the
 * outcome (error name and message, or the row count) as one JSON line.
 *
 * @module
 */
import { createClient } from "../../lib/client/mod.ts";

const ri = createClient({ baseUrl: Deno.args[0], apiKey: Deno.args[1], retry: 0 });
try {
  const r = await ri.trials.search.all({ search: "cancer" });
  console.log(JSON.stringify({ rows: r.rows.length }));
} catch (e) {
  console.log(JSON.stringify({ error: (e as Error).name, message: (e as Error).message }));
}
