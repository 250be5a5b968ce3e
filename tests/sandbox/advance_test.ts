/**
 * The sandbox moves in time: `advanceStore` / `Sandbox.advance` are deterministic (same seed, store
 * and days ⇒ equal records and equal content digests), every record entry shows through the real
 * routes (on one thread and with a read worker), paging caches follow, and nothing else changes.
 */
import assert from "node:assert/strict";
import { type AdvanceRecord, advanceStore, type Sandbox, startSandbox } from "../../lib/sandbox/mod.ts";
import { contentDigest, createStore } from "../../lib/sandbox/store/mod.ts";
import { dayNumber, isoDay } from "../../lib/sandbox/store/prng.ts";

const addDays = (day: string, n: number) => isoDay(dayNumber(day) + n);
import { get, P, rows, withSandbox } from "./_helpers.ts";

const DAYS = 60;

Deno.test("advance is deterministic: same seed, store and days give equal records and digests", async () => {
  const [a, b, c] = [createStore({ seed: 42 }), createStore({ seed: 42 }), createStore({ seed: 42 })];
  try {
    const before = await contentDigest(a.db);
    const ra = advanceStore(a, DAYS, 42), rb = advanceStore(b, DAYS, 42);
    assert.deepEqual(ra, rb);
    assert.equal(await contentDigest(a.db), await contentDigest(b.db));
    assert.notEqual(await contentDigest(a.db), before);
    assert.equal(ra.fromDay, "2026-11-21");
    assert.equal(ra.toDay, "2027-01-20");
    assert.equal(a.today, ra.toDay);
    assert.equal(rows1(a.db, "SELECT value FROM meta WHERE key = 'today'"), ra.toDay);
    // Every kind of change happens in two months of a tiny store.
    for (
      const n of [
        ra.trials.added,
        ra.trials.changed,
        ra.approvals.added,
        ra.patents.added,
        ra.patents.changed,
        ra.grants.added,
      ]
    ) {
      assert.ok(n.length > 0);
    }
    for (const n of [ra.catalysts.passed, ra.catalysts.added, ra.alerts.fired]) assert.ok(n.length > 0);
    // Another seed evolves the same store differently.
    assert.notDeepEqual(advanceStore(c, DAYS, 7), ra);
  } finally {
    for (const s of [a, b, c]) s.close();
  }
});

Deno.test("advance rejects days outside 1..3650, naming the value and the fix", async () => {
  await withSandbox(async (sb) => {
    for (const bad of [0, -3, 1.5, 3651, Number.NaN]) {
      await assert.rejects(() => sb.advance(bad), (e: Error) => {
        assert.ok(e instanceof RangeError);
        assert.match(e.message, /days must be a whole number from 1 to 3650, got/);
        assert.match(e.message, /advance\(30\)/);
        return true;
      });
    }
    assert.equal(sb.store.today, "2026-11-21", "a rejected advance moves nothing");
  });
});

function rows1(db: { prepare(sql: string): { get(): unknown } }, sql: string): unknown {
  return Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];
}

/** Trial-details bodies (raw text) of trials, by id. */
async function details(sb: Sandbox, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of ids) out.set(id, (await get(sb, P.details, { nctId: id }, "pro")).text);
  return out;
}

/** A trial's row as /api/v1/clinical-trials serves it, found by its lead sponsor and status (paged). */
async function registryRow(sb: Sandbox, id: string): Promise<Record<string, unknown> | undefined> {
  const [t] = rows<{ sponsor_name: string; status: string }>(
    sb,
    `SELECT s.sponsor_name, t.status FROM trials t JOIN trial_sponsors s ON s.trial_id = t.trial_id
     WHERE t.trial_id = ? ORDER BY s.role = 'lead' DESC LIMIT 1`,
    id,
  );
  for (let page = 1;; page++) {
    const a = await get(sb, P.trials, { sponsor: t.sponsor_name, status: t.status, limit: 100, page });
    assert.equal(a.status, 200, a.text);
    const hit = (a.body.data as Record<string, unknown>[]).find((r) => r.trial_id === id);
    if (hit || a.body.data.length < 100) return hit;
  }
}

async function catalysts(sb: Sandbox, drugs: readonly string[]) {
  const a = await get(sb, P.catalysts, { drugNames: drugs.join(","), windowDays: 3650, limit: 500 }, "pro");
  assert.equal(a.status, 200, a.text);
  return a.body.data as {
    events: { drug_name: string; type: string; event_date: string; days_to_event: number }[];
    window: { today: string };
  };
}

async function checkVisible(sb: Sandbox): Promise<void> {
  const key = (e: { drug_name: string; type: string; event_date?: string; date?: string }) =>
    `${e.drug_name}|${e.type}|${e.event_date ?? e.date}`;
  const probe = createStore({ seed: 42 });
  const expected = advanceStore(probe, DAYS, 42);
  probe.close();
  // The default sort ("updated") counts trials with an update time: new trials and changed trials that had none.
  const changedIds = [...new Set(expected.trials.changed.map((c) => c.nct_id))];
  const undated = rows<{ trial_id: string }>(sb, "SELECT trial_id FROM trials WHERE updated_at IS NULL")
    .filter((r) => changedIds.includes(r.trial_id)).length;
  const totalBefore = (await get(sb, P.trials, { limit: 5 })).body.meta.totalItems as number;
  await get(sb, P.trials, { limit: 5, page: 3 }); // builds the cached ordered id list of this query
  const sample = rows<{ trial_id: string }>(sb, "SELECT trial_id FROM trials WHERE rid % 97 = 0 ORDER BY rid")
    .map((r) => r.trial_id);
  const detailsBefore = await details(sb, sample);
  const alertsBefore = rows<{ alert_db_id: string; tenant: string }>(
    sb,
    "SELECT alert_db_id, tenant FROM alerts",
  );
  const alertBody = async (id: string, tenant: string) =>
    (await get(sb, `/api/v1/alerts/${id}`, {}, tenant as "free" | "pro" | "pos")).body.data;
  const alertsBeforeBodies = new Map<string, unknown>();
  for (const a of alertsBefore) {
    alertsBeforeBodies.set(a.alert_db_id, await alertBody(a.alert_db_id, a.tenant));
  }
  // Catalysts of drugs whose expiries will pass: asked before, asked after.
  const drugs = [...new Set(expected.catalysts.passed.map((e) => e.drug_name))].slice(0, 20);
  const calBefore = await catalysts(sb, drugs);

  const rec: AdvanceRecord = await sb.advance(DAYS);
  assert.deepEqual(rec, expected, "a sandbox advances exactly as a fresh store with its seed");
  assert.equal(sb.store.today, rec.toDay);

  // Trials: paging caches dropped, the total grew by the new trials.
  const totalAfter = (await get(sb, P.trials, { limit: 5 })).body.meta.totalItems as number;
  assert.equal(totalAfter, totalBefore + rec.trials.added.length + undated);
  assert.equal((await get(sb, P.trials, { limit: 5, page: 3 })).body.meta.totalItems, totalAfter);
  // Every changed or new trial is served with its new values.
  for (const c of rec.trials.changed) {
    const row = await registryRow(sb, c.nct_id);
    assert.equal(row?.[c.field], c.after, `${c.nct_id} ${c.field} in /clinical-trials`);
    const d = (await get(sb, P.details, { nctId: c.nct_id }, "pro")).body.data;
    assert.equal(d[c.field], c.after, `${c.nct_id} ${c.field} in trial-details`);
  }
  for (const id of rec.trials.added) {
    const row = await registryRow(sb, id);
    assert.ok(row, `${id} in /clinical-trials`);
    assert.match(String(row.status), /^(RECRUITING|NOT_YET_RECRUITING)$/);
    assert.equal((await get(sb, P.details, { nctId: id }, "pro")).status, 200);
  }
  // Approvals: the newest approvals are the new ones.
  const approvals = await get(sb, P.approvals, { sort: "approval_date", order: "desc", limit: 50 });
  const newest = (approvals.body.data as { approval_id: string; approval_date: string }[])
    .filter((r) => r.approval_date > rec.fromDay);
  assert.deepEqual(newest.map((r) => r.approval_id).sort(), [...rec.approvals.added].sort());
  // Patents: the newest publications are the new ones.
  assert.ok(rec.patents.added.length <= 100);
  const patents = await get(
    sb,
    "/api/v1/patents",
    { sort: "publication_date", order: "desc", limit: 100 },
    "pro",
  );
  assert.equal(patents.status, 200, patents.text);
  const fresh = (patents.body.data as { patent_id: string; publication_date: string }[])
    .filter((r) => r.publication_date.replaceAll("-", "") > rec.fromDay.replaceAll("-", ""));
  assert.deepEqual(fresh.map((r) => r.patent_id).sort(), [...rec.patents.added].sort());
  // Patents: every legal-status move is served with its new status and update time.
  assert.ok(rec.patents.changed.some((c) => c.field === "legal_status"), "some patent changed status");
  for (const c of rec.patents.changed) {
    const one = await get(sb, `/api/v1/patents/${encodeURIComponent(c.id)}`, {}, "pro");
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.data[c.field], c.after, `${c.id} ${c.field}`);
  }
  // Grants: the latest starts are the new awards, each with its lead organization and topics.
  const grants = await get(sb, "/api/v1/grants", { sort: "start_date", order: "desc", limit: 100 }, "pro");
  assert.equal(grants.status, 200, grants.text);
  const ahead = addDays(rec.fromDay, 180);
  const awarded = (grants.body.data as { grant_id: string; start_date: string }[])
    .filter((g) => g.start_date > ahead);
  assert.ok(rec.grants.added.length > 0 && rec.grants.added.length < 100);
  assert.deepEqual(awarded.map((g) => g.grant_id).sort(), [...rec.grants.added].sort());
  for (const id of rec.grants.added) {
    assert.ok(
      rows(sb, "SELECT 1 FROM grant_organizations WHERE grant_id = ? AND role = 'organization'", id).length,
    );
    assert.ok(rows(sb, "SELECT 1 FROM grant_topics WHERE grant_id = ?", id).length);
  }
  // Approvals: the discontinued ones are listed as such.
  const disc = await get(sb, P.approvals, { status: "Disc", limit: 100 });
  const discIds = new Set<string>();
  for (let page = 1;; page++) {
    const a = await get(sb, P.approvals, { status: "Disc", limit: 100, page });
    for (const r of a.body.data as { approval_id: string }[]) discIds.add(r.approval_id);
    if (a.body.data.length < 100) break;
  }
  assert.equal(disc.status, 200, disc.text);
  for (const c of rec.approvals.changed) assert.ok(discIds.has(c.id), `${c.id} now Disc`);
  // Catalysts: the reference day moved; kept events are `days` closer; passed expiries left the window.
  const calAfter = await catalysts(sb, drugs);
  assert.equal(calAfter.window.today, rec.toDay);
  const after = new Map(calAfter.events.map((e) => [key(e), e]));
  let shifted = 0;
  for (const e of calBefore.events) {
    const now = after.get(key(e));
    if (now) (assert.equal(now.days_to_event, e.days_to_event - DAYS, key(e)), shifted++);
  }
  assert.ok(shifted > 0, "some events were served before and after");
  for (const p of rec.catalysts.passed.filter((e) => drugs.includes(e.drug_name))) {
    assert.ok(calBefore.events.some((e) => key(e) === key(p)), `${key(p)} upcoming before`);
    assert.ok(!after.has(key(p)), `${key(p)} no longer upcoming`);
    assert.ok(dayNumber(p.date) - dayNumber(rec.toDay) < 0, "passed: negative days to event");
  }
  const added = rec.catalysts.added;
  const calNew = await catalysts(sb, [...new Set(added.map((e) => e.drug_name))]);
  const newKeys = new Set(calNew.events.map(key));
  for (const e of added.filter((e) => dayNumber(e.date) - dayNumber(rec.toDay) <= 3650)) {
    assert.ok(newKeys.has(key(e)), `new catalyst ${key(e)} served`);
  }
  // Alerts: fired ones triggered on the new day with more matches; the others are untouched.
  for (const a of alertsBefore) {
    const now = await alertBody(a.alert_db_id, a.tenant);
    const was = alertsBeforeBodies.get(a.alert_db_id) as { match_count: number };
    if (rec.alerts.fired.includes(a.alert_db_id)) {
      assert.ok(String(now.last_triggered_at).startsWith(rec.toDay), a.alert_db_id);
      assert.ok(now.match_count > was.match_count, a.alert_db_id);
    } else assert.deepEqual(now, was, a.alert_db_id);
  }
  // Nothing else changed: unchanged trials answer byte for byte as before.
  const touched = new Set([...rec.trials.changed.map((c) => c.nct_id), ...rec.trials.added]);
  const untouched = sample.filter((id) => !touched.has(id));
  assert.ok(untouched.length >= 15);
  const detailsAfter = await details(sb, untouched);
  for (const id of untouched) assert.equal(detailsAfter.get(id), detailsBefore.get(id), id);
}

Deno.test("every record entry is visible through the real routes (one thread)", async () => {
  await withSandbox(checkVisible);
});

Deno.test("every record entry is visible through the real routes (a read worker)", async () => {
  await withSandbox(async (sb) => {
    assert.equal(sb.workers, 1);
    await checkVisible(sb);
  }, { workers: 1 });
});

Deno.test("deno task sandbox --advance: a bad value is refused, a good one is applied before serving", async () => {
  const cli = new URL("../../lib/sandbox/cli.ts", import.meta.url).pathname;
  const run = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", cli, "--scale", "tiny", "--port", "0", "--workers", "0", ...args],
      stdout: "piped",
      stderr: "piped",
    });
  const bad = await run(["--advance", "0"]).output();
  assert.equal(bad.code, 2);
  assert.match(
    new TextDecoder().decode(bad.stderr),
    /--advance must be a whole number of days from 1 to 3650, got "0"/,
  );
  const child = run(["--advance", "30"]).spawn();
  let out = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!out.includes("Sandbox listening")) {
      const { value, done } = await reader.read();
      if (done) break;
      out += value;
    }
  } finally {
    child.kill("SIGTERM");
    await reader.cancel();
    await child.stderr.cancel();
    await child.status;
  }
  assert.match(
    out,
    /Advanced 30 days \(2026-11-21 → 2026-12-21\) in \d+ ms: \d+ new trials, \d+ trial field changes/,
  );
  assert.ok(out.indexOf("Advanced") < out.indexOf("Sandbox listening"), out);
});

Deno.test("derived data stays consistent after an advance: trial_filter, FTS, counters, patent mirrors and counts", () => {
  const store = createStore({ seed: 42 });
  try {
    advanceStore(store, 365, 42);
    const n = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
    assert.equal(n("SELECT count(*) AS n FROM trial_filter"), n("SELECT count(*) AS n FROM trials"));
    assert.equal(
      n(`SELECT count(*) AS n FROM trials t LEFT JOIN trial_filter f ON f.rid = t.rid AND f.trial_id = t.trial_id
         AND f.status = t.status AND f.phase = t.phase AND f.enrollment IS t.enrollment
         AND f.start_date IS t.start_date AND f.completion_date IS t.completion_date WHERE f.rid IS NULL`),
      0,
    );
    for (const fts of ["trials_fts", "approvals_fts", "grants_fts"]) {
      store.db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('integrity-check', 1)`); // throws when out of step
    }
    assert.equal(
      n(`SELECT count(*) AS n FROM organizations o WHERE trial_count != (SELECT count(*) FROM trial_sponsors s WHERE s.org_id = o.id)
         OR approval_count != (SELECT count(*) FROM approval_sponsors a WHERE a.org_id = o.id)`),
      0,
    );
    const same = (stored: string, recount: string) => {
      const diff = (a: string, b: string) =>
        n(`SELECT count(*) AS n FROM (SELECT * FROM (${a}) EXCEPT SELECT * FROM (${b}))`);
      assert.equal(diff(stored, recount), 0, stored);
      assert.equal(diff(recount, stored), 0, stored);
    };
    same(
      "SELECT pub_year, n FROM patent_year_counts WHERE dim = 'year'",
      "SELECT pub_year, count(*) FROM patents GROUP BY pub_year",
    );
    same(
      "SELECT cpc, pub_year, n FROM patent_year_counts WHERE dim = 'cpc'",
      "SELECT cpc_subclass, pub_year, count(DISTINCT patent_rid) FROM patent_cpc_rid GROUP BY 1, 2",
    );
    same(
      "SELECT company, pub_year, n FROM patent_year_counts WHERE dim = 'company'",
      "SELECT company_key, pub_year, count(DISTINCT patent_rid) FROM patent_assignee_rid GROUP BY 1, 2",
    );
    same(
      "SELECT cpc_code, prev_code, pub_year, n FROM patent_cpc_pairs",
      "SELECT cpc_code, coalesce(prev_code, ''), pub_year, count(*) FROM patent_cpc_rid GROUP BY 1, 2, 3",
    );
    same(
      "SELECT anchor_id, patent_rid FROM patent_anchor",
      `SELECT DISTINCT c.ancestor_id, a.patent_rid FROM patent_assignee_rid a JOIN org_closure c
       ON c.descendant_id IN (a.direct_id, a.ultimate_id, a.mention_id) AND c.hops <= 6`,
    );
  } finally {
    store.close();
  }
});

Deno.test("a sandbox over a given store advances with the store's own seed (meta.seed)", async () => {
  const [given, twin] = [createStore({ seed: 7 }), createStore({ seed: 7 })];
  try {
    await using sb = await startSandbox({ store: given, quiet: true });
    const rec = await sb.advance(20);
    assert.deepEqual(rec, advanceStore(twin, 20, 7));
    assert.equal(given.today, "2026-12-11", "the given store's reference day moved");
    const cat = await get(sb, P.catalysts, { sponsor: "Pfizer", windowDays: 30 }, "pro");
    assert.equal(cat.body.data.window.today, "2026-12-11");
  } finally {
    given.close();
    twin.close();
  }
});
