/**
 * snapshot → sandbox.advance(n) → snapshot → diff finds exactly the changes the store made, checked
 * against the store's own record (AdvanceRecord) for trials, approvals, patents and catalysts.
 */
import assert from "node:assert/strict";
import type pl from "nodejs-polars";
import { type Client, createClient } from "../../lib/client/mod.ts";
import { frameFromResult } from "../../lib/frames/mod.ts";
import { type AdvanceRecord, type Sandbox, startSandbox } from "../../lib/sandbox/mod.ts";
import { diff, loadSnapshot, snapshot } from "../../lib/watch/mod.ts";

const DAYS = 120;
const WINDOW = 365;

const fresh = () => startSandbox({ seed: 42, scale: "tiny", quiet: true });
const clientOf = (sb: Sandbox): Client => createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
const rows = (df: pl.DataFrame): Record<string, unknown>[] => df.toRecords() as Record<string, unknown>[];
const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
const sorted = (xs: Iterable<string>): string[] => [...xs].sort();
const addDays = (d: string, n: number): string =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Every trial, approval, patent and grant, and the catalysts of `drugs`, as frames. */
async function pull(ri: Client, drugs: readonly string[]): Promise<Record<string, pl.DataFrame>> {
  return {
    // sort=relevance keeps every trial (the default sort drops trials without an update time: PITFALLS 33)
    trials: frameFromResult(await ri.trials.search.all({ sort: "relevance" })),
    approvals: frameFromResult(await ri.regulatory.search.all({})),
    patents: frameFromResult(await ri.patents.search.all({})),
    grants: frameFromResult(await ri.grants.search.all({})),
    catalysts: frameFromResult(
      await ri.regulatory.catalysts({ drugNames: drugs.join(","), windowDays: WINDOW, limit: 500 }),
    ),
  };
}

Deno.test("diff() of snapshots around sandbox.advance() finds exactly the changes the store recorded", async () => {
  // The advance is seeded and deterministic: a first sandbox tells which drugs' catalysts will move.
  const probe = await fresh();
  const expected: AdvanceRecord = await probe.advance(DAYS);
  await probe.close();
  const drugs = [
    ...new Set([...expected.catalysts.passed, ...expected.catalysts.added].map((e) => e.drug_name)),
  ]
    .slice(0, 100);
  assert.ok(
    expected.trials.changed.length > 0 && expected.trials.added.length > 0,
    "the advance changes trials",
  );
  assert.ok(
    expected.approvals.added.length > 0 && expected.patents.added.length > 0,
    "and adds approvals, patents",
  );
  assert.ok(expected.catalysts.passed.length > 0, "and catalysts pass");

  const store = await Deno.makeTempDir();
  const sb = await fresh();
  try {
    const ri = clientOf(sb);
    await snapshot(store, "world", await pull(ri, drugs), { date: sb.store.today });
    const record = await sb.advance(DAYS);
    assert.deepEqual(record, expected, "same seed, same store, same days: the same changes");
    await snapshot(store, "world", await pull(ri, drugs), { date: record.toDay });
    const d = diff(await loadSnapshot(store, "world", record.fromDay), await loadSnapshot(store, "world"));
    const f = d.frames;

    // Trials: the new ones, and every changed field with its new value.
    assert.deepEqual(
      sorted(rows(f.trials.added).map((r) => String(r.trial_id))),
      sorted(record.trials.added),
    );
    assert.equal(f.trials.removed.height, 0);
    const text = (v: unknown) => (v === null || v === undefined ? "null" : String(v));
    assert.deepEqual(
      sorted(
        rows(f.trials.changed).map((r) => `${r.trial_id} ${r.column} ${text(r.before)} → ${text(r.after)}`),
      ),
      sorted(record.trials.changed.map((c) => `${c.nct_id} ${c.field} ${text(c.before)} → ${text(c.after)}`)),
    );

    // Approvals and patents: exactly the new ones and the changed fields (discontinued products, patents'
    // legal status and its update time), nothing else moved.
    assert.deepEqual(
      sorted(rows(f.approvals.added).map((r) => String(r.approval_id))),
      sorted(record.approvals.added),
    );
    assert.equal(f.approvals.removed.height, 0);
    assert.deepEqual(
      sorted(rows(f.approvals.changed).map((r) => `${r.approval_id} ${r.column} ${r.before} → ${r.after}`)),
      sorted(record.approvals.changed.map((c) => `${c.id} ${c.field} ${c.before} → ${c.after}`)),
    );
    assert.deepEqual(
      sorted(rows(f.patents.added).map((r) => String(r.patent_id))),
      sorted(record.patents.added),
    );
    assert.equal(f.patents.removed.height, 0);
    // The diff shows a datetime cell as UTC text ("2026-11-22 14:17:32.074"); the record, as the API, epoch ms.
    const value = (v: unknown) =>
      typeof v === "string" && /^\d{4}-\d\d-\d\d \d\d:/.test(v) ? Date.parse(`${v.replace(" ", "T")}Z`) : v;
    assert.deepEqual(
      sorted(
        rows(f.patents.changed).map((r) =>
          `${r.patent_id} ${r.column} ${value(r.before)} → ${value(r.after)}`
        ),
      ),
      sorted(record.patents.changed.map((c) => `${c.id} ${c.field} ${c.before} → ${c.after}`)),
    );
    assert.ok(record.patents.changed.length > 0 && record.approvals.changed.length > 0, "both moved");
    // Grants: exactly the new awards.
    assert.deepEqual(
      sorted(rows(f.grants.added).map((r) => String(r.grant_id))),
      sorted(record.grants.added),
    );
    assert.deepEqual([f.grants.removed.height, f.grants.changed.height], [0, 0]);
    assert.ok(record.grants.added.length > 0);

    // Catalysts (key drug + type + date): passed expiries left, new events arrived; what else moved is the
    // query window itself (approvals older than the window, expiries newly inside it), nothing unexplained.
    const key = (e: object) => {
      const r = e as Record<string, unknown>;
      return `${r.drug_name}|${r.type}|${day(r.event_date ?? r.date)}`;
    };
    const removed = rows(f.catalysts.removed);
    const added = rows(f.catalysts.added);
    const asked = new Set(drugs);
    const backEdge = addDays(record.toDay, -WINDOW), frontEdge = addDays(record.fromDay, WINDOW);
    assert.deepEqual(
      sorted(removed.filter((r) => r.type !== "approval").map(key)),
      sorted(record.catalysts.passed.filter((e) => asked.has(e.drug_name)).map(key)),
    );
    for (const r of removed.filter((r) => r.type === "approval")) {
      assert.ok(day(r.event_date) < backEdge, key(r));
    }
    const inWindow = record.catalysts.added.filter((e) =>
      asked.has(e.drug_name) && (e.type === "approval" || e.date <= addDays(record.toDay, WINDOW))
    );
    assert.deepEqual(
      sorted(added.filter((r) => !(r.type !== "approval" && day(r.event_date) > frontEdge)).map(key)),
      sorted(inWindow.filter((e) => e.type === "approval" || e.date <= frontEdge).map(key)),
    );
    assert.ok(
      !rows(f.catalysts.changed).some((r) => r.column === "days_to_event"),
      "days_to_event is volatile",
    );
    assert.equal(d.changed, true);
  } finally {
    await sb.close();
    await Deno.remove(store, { recursive: true });
  }
});
