/**
 * The MCP server driven by the SDK's own client over both transports (stdio: the `deno task mcp`
 * command; Streamable HTTP: loopback): the tool list, every analysis tool on the tiny sandbox, SQL over
 * the session's frames, the chart as a PNG, and typed errors.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { SCHEMAS as ANALYSIS_PARAMS } from "../../lib/analyses/_params_schemas.ts";
import { ANALYSIS_TOOLS } from "../../lib/mcp/_analysis_tools.ts";
import {
  ANALYSIS_ARGS,
  body,
  call,
  type Connected,
  overHttp,
  overStdio,
  text,
  tinyAuthor,
  tokens,
} from "./_mcp.ts";

const SYNTHETIC = /^Synthetic sandbox data/;

async function exercise(conn: Connected, author: string) {
  const { mcp } = conn;
  const { tools } = await mcp.listTools();
  // The fixed list: ten analyses, name resolution, query, chart; all read-only, small.
  assert.deepEqual(
    tools.map((t: Tool) => t.name).sort(),
    [...Object.keys(ANALYSIS_TOOLS), "chart", "query_frames", "resolve_name"].sort(),
  );
  assert.ok(tools.every((t: Tool) => t.annotations?.readOnlyHint === true && t.description!.length > 40));
  assert.ok(tokens(tools) < 6000, `tool list takes ${tokens(tools)} tokens`);
  // Input schemas are the analyses' own zod schemas: same fields, required ones and descriptions.
  for (const [name, t] of Object.entries(ANALYSIS_TOOLS)) {
    const listed = tools.find((x: Tool) => x.name === name)!.inputSchema;
    const own = z.toJSONSchema(ANALYSIS_PARAMS[t.analysis]) as typeof listed;
    assert.deepEqual(Object.keys(listed.properties ?? {}), Object.keys(own.properties ?? {}), name);
    assert.deepEqual(listed.required ?? [], own.required ?? [], name);
    for (const [k, v] of Object.entries(own.properties ?? {})) {
      assert.equal(
        (listed.properties![k] as { description?: string }).description,
        (v as { description?: string }).description,
      );
    }
  }

  // Every analysis: the summary sentence, warnings, top rows of each frame with its size, a handle.
  const handles: Record<string, string> = {};
  for (const [name, args] of Object.entries(ANALYSIS_ARGS(author))) {
    const r = await call(mcp, name, args);
    assert.ok(!r.isError, `${name}: ${text(r)}`);
    assert.match(text(r), SYNTHETIC, name);
    const b = body(r);
    assert.equal(b.data_source, "synthetic-sandbox");
    assert.match(b.handle, /^r\d+$/);
    handles[name] = b.handle;
    assert.ok(Object.keys(b.frames).length > 0, name);
    for (const f of Object.values(b.frames) as { table: string; rows_total: number; rows: unknown[] }[]) {
      assert.ok(f.rows.length <= 5 && f.rows.length <= f.rows_total, `${name} ${f.table}`);
      assert.ok(f.table.startsWith(`${b.handle}_`));
    }
    assert.ok(tokens(r) <= 8000, `${name}: ${tokens(r)} tokens`);
    if (name === "portfolio_overlap") {
      assert.match(b.definitions.jaccard, /^shared \/ \(trials_a \+ trials_b/);
    }
  }

  // SQL over the session's frames: a count equals the frame's stated size; an aggregate; a join.
  const listing = await call(mcp, "query_frames", {});
  assert.match(text(listing), SYNTHETIC);
  const overlap = body(listing).tables as { table: string; rows: number }[];
  const matrix = overlap.find((t) => t.table === `${handles.portfolio_overlap}_matrix`)!;
  const n = body(await call(mcp, "query_frames", { sql: `SELECT COUNT(*) AS n FROM ${matrix.table}` }));
  assert.equal(n.frames.result.rows[0].n, matrix.rows);
  const pf = `${handles.portfolio_overlap}_sponsors`;
  const agg = await call(mcp, "query_frames", {
    sql: `SELECT s.sponsor, s.trial_count, COUNT(*) AS pairs FROM ${pf} s JOIN ${matrix.table} m ` +
      `ON m.sponsor_a = s.sponsor GROUP BY s.sponsor, s.trial_count ORDER BY s.sponsor`,
  });
  assert.ok(!agg.isError, text(agg));
  // Each pair once, under its first-listed sponsor: three pairs of three sponsors.
  const perSponsor = body(agg).frames.result.rows.map((x: { pairs: number }) => x.pairs);
  assert.equal(perSponsor.reduce((s: number, n: number) => s + n, 0), 3, JSON.stringify(perSponsor));

  // The chart as a PNG: signature, IHDR, a plausible size.
  const img = await call(mcp, "chart", { handle: handles.portfolio_overlap });
  const block = img.content.find((c: { type: string }) => c.type === "image") as {
    data: string;
    mimeType: string;
  };
  assert.equal(block.mimeType, "image/png");
  const png = Buffer.from(block.data, "base64");
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.subarray(12, 16).toString("latin1"), "IHDR");
  assert.ok(
    png.readUInt32BE(16) >= 400 && png.readUInt32BE(20) >= 200,
    `${png.readUInt32BE(16)}×${png.readUInt32BE(20)}`,
  );
  const svg = await call(mcp, "chart", { handle: handles.sponsor_scan, format: "svg" });
  assert.match((svg.content[1] as { text: string }).text, /^<svg[\s>]/);
  assert.match(text(svg), SYNTHETIC);

  // Typed errors: a bad parameter, an unresolved name, a bad query, an unknown handle.
  const list = await call(mcp, "portfolio_overlap", { sponsors: "Pfizer", condition: "asthma" });
  assert.equal(body(list).error.type, "bad_input");
  assert.match(text(list), /portfolioOverlap: sponsors must be a list, got "Pfizer"; pass \["Pfizer"\]/);
  const big = await call(mcp, "target_prioritization", { disease: "asthma", topN: 500 });
  assert.equal(body(big).error.type, "bad_input");
  assert.match(text(big), /targetPrioritization: topN .*200, got 500/);
  const kind = await call(mcp, "resolve_name", { kind: "gene", name: "EGFR" });
  assert.ok(kind.isError);
  assert.match(text(kind), /kind/);
  const none = await call(mcp, "medicare_spending", {});
  assert.equal(body(none).error.type, "bad_input");
  assert.match(text(none), /at least one of efo_id, molecule or search/);
  const typo = await call(mcp, "resolve_name", { kind: "sponsor", name: "Pfzer" });
  assert.equal(body(typo).error.type, "unresolved");
  assert.ok(body(typo).error.suggestions.includes("Pfizer"), JSON.stringify(body(typo)));
  const ok = await call(mcp, "resolve_name", { kind: "sponsor", name: " pfizer " });
  assert.equal(body(ok).name, "Pfizer");
  const disease = await call(mcp, "target_prioritization", { disease: "qqqq not a disease" });
  assert.equal(body(disease).error.type, "unresolved");
  const drop = await call(mcp, "query_frames", { sql: `DROP TABLE ${matrix.table}` });
  assert.equal(body(drop).error.type, "bad_input");
  // No file reads through SQL table functions (native code, outside Deno's permissions).
  for (const sql of ["SELECT * FROM read_csv('/etc/hostname')", "SELECT * FROM READ_JSON ('deno.json')"]) {
    const file = await call(mcp, "query_frames", { sql });
    assert.equal(body(file).error.type, "bad_input", sql);
    assert.match(text(file), /only this session's tables/);
  }
  const col = await call(mcp, "query_frames", { sql: `SELECT nope FROM ${matrix.table}` });
  assert.match(text(col), /bad_input: sql: .*nope/);
  const gone = await call(mcp, "chart", { handle: "r999" });
  assert.equal(body(gone).error.type, "not_in_session");
  assert.match(text(gone), /handle 'r999' is not in this session: .*this session holds r1, /);
}

Deno.test("MCP over stdio (deno task mcp): every tool on the sandbox", async () => {
  const author = await tinyAuthor();
  await using conn = await overStdio();
  await exercise(conn, author);
  assert.match(conn.stderr(), /embedded sandbox .*synthetic/);
});

Deno.test("MCP over Streamable HTTP: every tool on the sandbox", async () => {
  await using conn = await overHttp();
  await exercise(conn, conn.author);
});
