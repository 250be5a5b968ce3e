/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector` from npm, run by npx) lists and calls the
 * tools of `deno task mcp` with the commands docs/MCP.md gives: a second, independent client. Ignored (shown
 * as such) where npx is missing.
 */
import assert from "node:assert/strict";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const npx = (() => {
  try {
    return new Deno.Command("npx", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

const ROOT = new URL("../../", import.meta.url);
const DENO_BIN_DIR = Deno.execPath().replace(/\/[^/]+$/, "");

/**
 * The Inspector commands of docs/MCP.md, as written there (continued lines joined), with `--scale tiny`
 * after `mcp`, as the page says one may, and this test's Deno first on the PATH. The Inspector gives a
 * server 15 s to connect; on a loaded 2-core CI machine the first start of the server (npx, the task's
 * `deps`, a store built for the current generator) can take longer, so the test allows 60 s
 * (`--connect-timeout`, the Inspector's own option).
 */
function documented(): string[] {
  const page = Deno.readTextFileSync(new URL("docs/MCP.md", ROOT));
  const lines = [...page.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1].replace(/\\\n\s*/g, " "))
    .flatMap((b) => b.split("\n")).filter((l) => l.startsWith(`npx -y ${INSPECTOR} --cli`));
  return lines.map((l) =>
    l.replace(" task mcp ", " task mcp --scale tiny ").replace(" --cli ", " --cli --connect-timeout 60000 ")
  );
}

async function inspect(command: string): Promise<Record<string, unknown>> {
  const out = await new Deno.Command("bash", {
    args: ["-c", command],
    cwd: ROOT.pathname,
    env: { PATH: `${DENO_BIN_DIR}:${Deno.env.get("PATH")}`, NO_COLOR: "1", RI_BASE_URL: "", RI_API_KEY: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, `inspector failed: ${command}\n${new TextDecoder().decode(out.stderr).slice(-800)}`);
  return JSON.parse(stdout);
}

Deno.test({
  name: "the MCP Inspector CLI lists and calls the tools",
  ignore: !npx,
  fn: async () => {
    const [listing, calling] = documented();
    assert.ok(
      listing?.includes("--method tools/list") && calling?.includes("--method tools/call"),
      "docs/MCP.md lists and calls",
    );
    const list = await inspect(listing);
    const names = (list.tools as { name: string }[]).map((t) => t.name);
    assert.equal(names.length, 15);
    assert.ok(names.includes("portfolio_overlap") && names.includes("query_frames"));
    const r = await inspect(calling);
    const text = (r.content as { text: string }[])[0].text;
    assert.match(text, /^Synthetic sandbox data.*Pfizer, Novartis in lung cancer: \d+ trials/);
    assert.equal((r.structuredContent as { handle: string }).handle, "r1");
  },
});
