/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector` from npm, run by npx) lists and calls the
 * tools of `deno task mcp`: a second, independent client. Ignored (shown as such) where npx is missing.
 */
import assert from "node:assert/strict";
import { taskArgs } from "./_mcp.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const npx = (() => {
  try {
    return new Deno.Command("npx", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

async function inspect(...method: string[]): Promise<Record<string, unknown>> {
  const args = ["-y", INSPECTOR, "--cli", Deno.execPath(), ...await taskArgs(), "--scale", "tiny", ...method];
  const out = await new Deno.Command("npx", {
    args,
    cwd: new URL("../../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, `inspector failed: ${new TextDecoder().decode(out.stderr).slice(-800)}`);
  return JSON.parse(stdout);
}

Deno.test({
  name: "the MCP Inspector CLI lists and calls the tools",
  ignore: !npx,
  fn: async () => {
    const list = await inspect("--method", "tools/list");
    const names = (list.tools as { name: string }[]).map((t) => t.name);
    assert.equal(names.length, 13);
    assert.ok(names.includes("portfolio_overlap") && names.includes("query_frames"));
    const r = await inspect(
      "--method",
      "tools/call",
      "--tool-name",
      "portfolio_overlap",
      "--tool-arg",
      'sponsors=["Pfizer","Novartis","Roche"]',
      "--tool-arg",
      "condition=lung cancer",
    );
    const text = (r.content as { text: string }[])[0].text;
    assert.match(text, /^Synthetic sandbox data.*Pfizer, Novartis, Roche in lung cancer: \d+ trials/);
    assert.equal((r.structuredContent as { handle: string }).handle, "r1");
  },
});
