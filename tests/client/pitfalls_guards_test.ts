/**
 * PITFALLS.md rows prevented before sending: each test shows the trap with a raw request (the service
 * silently answers something wrong, or fails late) and the client's guard, which throws a
 * ValidationError naming parameter, value and fix before any request (counted with a fetch wrapper)
 * or normalises the value so the answer is right.
 */
import assert from "node:assert/strict";
import {
  type ApprovalId,
  approvalTool,
  type CatalystApprovalKey,
  ValidationError,
} from "../../lib/client/mod.ts";
import { clientFor, countingFetch, fixtures, raw, withSandbox } from "./_sandbox.ts";

type Data = { totalCount: number; trials: unknown[] };

/** Assert `fn` throws a ValidationError naming `parameter` before any request. */
async function rejectsBeforeFetch(
  fn: (ri: ReturnType<typeof clientFor>) => Promise<unknown>,
  parameter: string,
  mentions: RegExp,
): Promise<void> {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch });
    await assert.rejects(fn(ri), (e: unknown) => {
      assert.ok(e instanceof ValidationError, String(e));
      assert.equal(e.parameter, parameter);
      assert.match(e.message, mentions);
      assert.match(e.message, /^[A-Z]/);
      assert.doesNotMatch(e.message, /\.$/);
      return true;
    });
    assert.equal(c.count(), 0, "no request was sent");
  });
}

Deno.test("unknown parameter names are rejected with a did-you-mean before any request", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/clinical-trials", { staus: "RECRUITING", limit: "1" });
    const unfiltered = await raw(sb, "/api/v1/clinical-trials", { limit: "1" });
    assert.equal(
      trap.body.meta?.totalItems,
      unfiltered.body.meta?.totalItems,
      "the service ignores the typo",
    );
  });
  await rejectsBeforeFetch(
    // @ts-expect-error misspelled filter is a type error too
    (ri) => ri.trials.search({ staus: "recruiting" }),
    "staus",
    /did you mean 'status'\?/,
  );
});

Deno.test("#3 disease_id is normalised to PREFIX:id and non-CURIEs are rejected", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    const all = await raw(sb, "/api/v1/clinical-trials", { limit: "1" });
    const trap = await raw(sb, "/api/v1/clinical-trials", {
      disease_id: fx.efoId.replace(":", "_"),
      limit: "1",
    });
    assert.equal(
      trap.body.meta?.totalItems,
      all.body.meta?.totalItems,
      "underscore form silently drops the filter",
    );
    const r = await clientFor(sb).trials.search({ disease_id: fx.efoId.replace(":", "_").toLowerCase() });
    assert.equal(r.meta.params.disease_id, fx.efoId);
    assert.ok(r.total! < (all.body.meta?.totalItems as number));
  });
  await rejectsBeforeFetch((ri) => ri.trials.search({ disease_id: "0000311" }), "disease_id", /CURIE/);
});

Deno.test("#5 pi_match_tag without pi_author_id is rejected", async () => {
  await withSandbox(async (sb) => {
    const all = await raw(sb, "/api/v1/clinical-trials", { limit: "1" });
    const trap = await raw(sb, "/api/v1/clinical-trials", { pi_match_tag: "verified", limit: "1" });
    assert.equal(trap.body.meta?.totalItems, all.body.meta?.totalItems, "the tag alone does not filter");
  });
  await rejectsBeforeFetch(
    (ri) => ri.trials.search({ pi_match_tag: "verified" }),
    "pi_match_tag,pi_author_id",
    /pi_author_id/,
  );
});

Deno.test("#6 an invalid pi_author_id is rejected before the service's 400", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await raw(sb, "/api/v1/clinical-trials", { pi_author_id: "Smith" })).status, 400);
  });
  await rejectsBeforeFetch((ri) => ri.trials.search({ pi_author_id: "Smith" }), "pi_author_id", /A#######/);
});

Deno.test("#7 is_orphan=false is rejected (the service coerces it to true)", async () => {
  await withSandbox(async (sb) => {
    const f = await raw(sb, "/api/v1/regulatory", { is_orphan: "false", limit: "1" });
    const t = await raw(sb, "/api/v1/regulatory", { is_orphan: "true", limit: "1" });
    assert.equal(f.body.meta?.totalItems, t.body.meta?.totalItems, "false selects orphans");
    const r = await clientFor(sb).regulatory.search({ is_orphan: true, limit: 1 });
    assert.equal(r.total, t.body.meta?.totalItems);
  });
  await rejectsBeforeFetch(
    // @ts-expect-error only `true` is typed
    (ri) => ri.regulatory.search({ is_orphan: false }),
    "is_orphan",
    /non-orphans client-side/,
  );
});

Deno.test("#10 a sponsor-only composite search is rejected and redirected", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/tools/clinical/search-composite", { sponsor: fixtures(sb).sponsor });
    assert.equal((trap.body.data as Data).totalCount, 0);
  });
  await rejectsBeforeFetch(
    (ri) => ri.trials.composite({ sponsor: "Pfizer" }),
    "sponsor",
    /trials\.search\(\{sponsor\}\)/,
  );
});

Deno.test("#13 portfolio comparison takes 1 to 10 sponsors", async () => {
  const eleven = Array.from({ length: 11 }, (_, i) => `Sponsor ${i}`);
  await rejectsBeforeFetch(
    (ri) => ri.trials.portfolio({ sponsors: eleven, conditionKeyword: "cancer" }),
    "sponsors",
    /1 to 10/,
  );
  await rejectsBeforeFetch(
    (ri) => ri.trials.portfolio({ sponsors: [], conditionKeyword: "cancer" }),
    "sponsors",
    /got 0/,
  );
});

Deno.test("#14 NCT ids are uppercased and EU trial numbers rejected", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    assert.equal(
      (await raw(sb, "/api/v1/tools/clinical/trial-details", { nctId: fx.nctId.toLowerCase() })).status,
      404,
    );
    const d = await clientFor(sb).trials.details({ nctId: ` ${fx.nctId.toLowerCase()} ` });
    assert.equal(d.body.data.nct_id, fx.nctId);
  });
  await rejectsBeforeFetch(
    (ri) => ri.trials.pos({ trialId: "2020-001234-12" }),
    "trialId",
    /EU trial numbers/,
  );
});

Deno.test("#15 catalysts need one of sponsor/indication/drugNames/lei/ticker and at most one entity", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await raw(sb, "/api/v1/tools/regulatory/catalysts")).status, 400);
    const fx = fixtures(sb);
    assert.equal(
      (await raw(sb, "/api/v1/tools/regulatory/catalysts", { sponsor: fx.sponsor, lei: fx.lei })).status,
      500,
    );
  });
  await rejectsBeforeFetch(
    (ri) => ri.regulatory.catalysts({ windowDays: 30 }),
    "sponsor,indication,drugNames,lei,ticker",
    /at least one/,
  );
  await rejectsBeforeFetch(
    (ri) => ri.regulatory.catalysts({ sponsor: "Pfizer", ticker: "pfe" }),
    "sponsor,lei,ticker",
    /at most one/,
  );
});

Deno.test("#17 a catalyst event's internal approval key cannot be passed where a public ApprovalId is expected", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const fx = fixtures(sb);
    const events = await ri.regulatory.catalysts({ sponsor: fx.sponsor, windowDays: 3650 });
    const key: CatalystApprovalKey = events.rows[0].approval_id;
    assert.match(key, /^regulatory_approval\//);
    const approvals = await ri.regulatory.search({ limit: 1 });
    const id: ApprovalId = approvals.rows[0].approval_id;
    assert.match(id, /^(FDA_ORANGE|FDA_PURPLE|EMA):/);
    const c = countingFetch();
    const counted = clientFor(sb, { fetch: c.fetch });
    // @ts-expect-error a CatalystApprovalKey is not an ApprovalId
    assert.throws(() => approvalTool(counted, "record", key), ValidationError);
    // @ts-expect-error nor is a plain string
    assert.throws(() => approvalTool(counted, "label", "FDA_ORANGE"), ValidationError);
    assert.equal(c.count(), 0);
  });
});

Deno.test("#18 linked ids of the approvals search must have their exact form", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/regulatory", { sponsor_id: fixtures(sb).sponsor });
    assert.equal(
      trap.body.meta?.totalItems,
      0,
      "a name instead of organizations/<key> silently matches nothing",
    );
  });
  await rejectsBeforeFetch(
    (ri) => ri.regulatory.search({ sponsor_id: "Pfizer" }),
    "sponsor_id",
    /organizations\/<key>/,
  );
  await rejectsBeforeFetch((ri) => ri.regulatory.search({ drug_id: "imatinib" }), "drug_id", /CHEMBL/);
  await rejectsBeforeFetch((ri) => ri.regulatory.search({ disease_id: "cancer" }), "disease_id", /CURIE/);
});

Deno.test("#20 country and legal_status are refused on patent aggregate", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await raw(sb, "/api/v1/patents/aggregate", { country: "US" })).status, 400);
  });
  // @ts-expect-error not a parameter of aggregate
  await rejectsBeforeFetch((ri) => ri.patents.aggregate({ country: "US" }), "country", /not accepted.*400/);
});

Deno.test("#24 researcher works: inverted window and unknown type are rejected", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    const path = `/api/v1/researchers/${fx.authorId}/works`;
    const q = { publication_date_from: "2024-01-01", publication_date_to: "2020-01-01" };
    assert.equal((await raw(sb, path, q)).status, 400);
  });
  await rejectsBeforeFetch(
    (ri) =>
      ri.researchers.works({
        authorId: "A1234567",
        publication_date_from: "2024-01-01",
        publication_date_to: "2020-01-01",
      }),
    "publication_date_from,publication_date_to",
    /on or before/,
  );
  await rejectsBeforeFetch(
    (ri) => ri.researchers.works({ authorId: "A1234567", type: "paper" }),
    "type",
    /article/,
  );
});

Deno.test("#26 target-to-drugs action is uppercased and validated against the stored action types", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    const trap = await raw(sb, "/api/v1/tools/biology/target-to-drugs", {
      target: fx.targetSymbol,
      action: "agonist",
    });
    assert.deepEqual(
      (trap.body.data as { drugs: unknown[] }).drugs,
      [],
      "lowercase silently matches nothing",
    );
    const r = await clientFor(sb).biology.targetToDrugs({ target: fx.targetSymbol, action: "agonist" });
    assert.equal(r.meta.params.action, "AGONIST");
    assert.ok(r.rows.length > 0);
  });
  await rejectsBeforeFetch(
    (ri) => ri.biology.targetToDrugs({ target: "EGFR", action: "inhibitr" }),
    "action",
    /INHIBITOR/,
  );
});

Deno.test("#30 limit ranges are validated per endpoint", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await raw(sb, "/api/v1/clinical-trials", { limit: "500" })).status, 400);
    const agg = await clientFor(sb).patents.aggregate({ limit: 500 });
    assert.ok(agg.rows.length > 0);
  });
  await rejectsBeforeFetch((ri) => ri.trials.search({ limit: 500 }), "limit", /<= 100/);
  await rejectsBeforeFetch((ri) => ri.resolve.organizations({ query: "x", limit: 51 }), "limit", /<= 50/);
});

Deno.test("#31 dates are YYYY-MM-DD; Date objects are accepted", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await raw(sb, "/api/v1/clinical-trials", { start_date_after: "2024/01/01" })).status, 400);
    const r = await clientFor(sb).trials.search({
      start_date_after: new Date(Date.UTC(2024, 0, 1)),
      limit: 1,
    });
    assert.equal(r.meta.params.start_date_after, "2024-01-01");
  });
  await rejectsBeforeFetch(
    (ri) => ri.trials.search({ start_date_after: "2024-13-01" }),
    "start_date_after",
    /YYYY-MM-DD/,
  );
});

Deno.test("#25 a malformed LEI is rejected before the service's 400", async () => {
  await rejectsBeforeFetch((ri) => ri.financials.leiToTicker({ lei: "ABC" }), "lei", /20 letters or digits/);
});
