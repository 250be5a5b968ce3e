/**
 * Child process of the deadline test: one call with an hour's deadline against the base URL in argv[0],
 * then nothing: the process must end as soon as the call has (no timer of the call outlives it).
 *
 * @module
 */
import { createClient } from "../../lib/client/mod.ts";

const ri = createClient({ baseUrl: Deno.args[0], apiKey: Deno.args[1], timeout: 3_600_000, adaptive: false });
const r = await ri.request("GET", "/api/v1/x");
console.log(JSON.stringify(r.body));
