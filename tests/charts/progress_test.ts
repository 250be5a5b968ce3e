import assert from "node:assert/strict";
import { progressBar, type ProgressEvent, type ProgressMode } from "../../lib/charts/mod.ts";

function sink(
  terminal = false,
): { stream: { writeSync(p: Uint8Array): number; isTerminal(): boolean }; out: string[] } {
  const out: string[] = [];
  const decoder = new TextDecoder();
  return {
    out,
    stream: { writeSync: (p) => (out.push(decoder.decode(p)), p.length), isTerminal: () => terminal },
  };
}

const steps: ProgressEvent[] = [1, 2, 3, 4].map((i) => ({
  pagesDone: i,
  pagesTotal: 4,
  rowsDone: i * 250,
  rowsTotal: 1000,
  endpoint: "trials.search",
}));

function run(mode: ProgressMode, terminal = false): string[] {
  const { stream, out } = sink(terminal);
  const onProgress = progressBar({ label: "trials", stream, mode, minIntervalMs: 0, logIntervalMs: 0 });
  for (const s of steps) onProgress(s);
  onProgress(steps[3]); // reports after completion are ignored
  return out;
}

Deno.test("progressBar() redraws one line on a terminal and ends it with a newline", () => {
  const out = run("tty", true);
  assert.equal(out.length, 4);
  assert.ok(out.every((s) => s.startsWith("\r\x1b[K")));
  assert.ok(out.slice(0, 3).every((s) => !s.endsWith("\n")));
  assert.match(out[3], /trials █{20} 100% 4\/4 pages · 1,000\/1,000 rows · trials\.search · \d+\.\d s\n$/);
  assert.match(out[1], /░ 50% 2\/4 pages/);
});

Deno.test("progressBar() prints a single final line in CI and nothing when quiet", () => {
  const out = run("ci");
  assert.equal(out.length, 1);
  assert.match(out[0], /100% 4\/4 pages/);
  assert.deepEqual(run("quiet"), []);
});

Deno.test("progressBar() prints plain lines when piped", () => {
  const out = run("lines");
  assert.equal(out.length, 4);
  assert.ok(out.every((s) => s.endsWith("\n") && !s.includes("\r")));
});

Deno.test("progressBar() finish() prints the final state when totals are unknown", () => {
  const { stream, out } = sink();
  const onProgress = progressBar({ stream, mode: "ci" });
  onProgress({ pagesDone: 3, rowsDone: 42, endpoint: "researchers.works" });
  assert.equal(out.length, 0);
  onProgress.finish();
  onProgress.finish();
  assert.equal(out.length, 1);
  assert.match(out[0], /^fetch 3 pages · 42 rows · researchers\.works/);
});

Deno.test("progressBar() updates one HTML display in a Jupyter kernel", () => {
  const sent: { type: string; content: Record<string, unknown> }[] = [];
  const jupyter = {
    broadcast: (
      type: string,
      content: Record<string, unknown>,
    ) => (sent.push({ type, content }), Promise.resolve()),
  };
  const onProgress = progressBar({ mode: "jupyter", minIntervalMs: 0, jupyter });
  for (const s of steps) onProgress(s);
  assert.deepEqual(sent.map((m) => m.type), [
    "display_data",
    "update_display_data",
    "update_display_data",
    "update_display_data",
  ]);
  const ids = new Set(sent.map((m) => (m.content.transient as { display_id: string }).display_id));
  assert.equal(ids.size, 1);
  const last = sent[3].content.data as Record<string, string>;
  assert.match(last["text/html"], /<progress max="1" value="1.000"/);
});

Deno.test("progressBar() falls back to one final line in a kernel without broadcast", () => {
  const { stream, out } = sink();
  // Outside `deno jupyter`, reading Deno.jupyter throws; progressBar() must cope with that.
  const onProgress = progressBar({ stream, mode: "jupyter" });
  for (const s of steps) onProgress(s);
  assert.equal(out.length, 1);
});
