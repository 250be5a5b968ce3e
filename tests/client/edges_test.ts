/**
 * Inputs at their edges: path parameters carrying `/`, `?`, `#` and spaces reach the service as one
 * exact value; impossible calendar dates, ranges and list sizes are refused at their bounds before any
 * request; a row cap equal to the total is a complete pull; phase and CURIE forms normalise.
 */
import assert from "node:assert/strict";
import { ENDPOINTS, NotFoundError, ValidationError } from "../../lib/client/mod.ts";
import { didYouMean, distance, prepare, show } from "../../lib/client/guards.ts";
import { asZod } from "../../lib/client/_zod.ts";
import { isIsoDate, normaliseCurie, normalisePhase, splitCsv } from "../../lib/client/params.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { clientFor, countingFetch, fixtures, withSandbox } from "./_sandbox.ts";

/** The ValidationError `prepare` throws for `params`, asserting it names `parameter`. */
function refused(endpoint: keyof typeof ENDPOINTS, params: unknown, parameter: string): ValidationError {
  try {
    prepare(ENDPOINTS[endpoint], params);
  } catch (e) {
    assert.ok(e instanceof ValidationError, String(e));
    assert.equal(e.parameter, parameter, e.message);
    assert.match(e.message, /^[A-Z]/);
    return e;
  }
  assert.fail(`${endpoint} accepted ${show(params)}`);
}

const sent = (endpoint: keyof typeof ENDPOINTS, params: unknown) => prepare(ENDPOINTS[endpoint], params).sent;

Deno.test("a path parameter with /, ?, # and spaces reaches the service as one exact value", async () => {
  const seen: unknown[] = [];
  const spy: Handler = (ctx) => {
    seen.push(ctx.params.patentId);
    return HANDLERS["patents.get"](ctx);
  };
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch });
    for (const id of ["US 12/34", "EP123?x=1", "WO#7", "a%2Fb", " padded "]) {
      const e = await ri.patents.get({ patentId: id }).then(() => undefined, (e) => e);
      assert.ok(e instanceof NotFoundError, `${id}: ${e}`);
      assert.equal(e.path, `/api/v1/patents/${encodeURIComponent(id.trim())}`);
      assert.ok(!e.path.includes("?") && !e.path.includes("#"));
    }
    assert.deepEqual(seen, ["US 12/34", "EP123?x=1", "WO#7", "a%2Fb", "padded"]);
    for (const url of c.urls) assert.equal(new URL(url).search, "", `no query string leaked: ${url}`);
  }, { handlers: { "patents.get": spy } });
});

Deno.test("impossible calendar dates are refused; real ones, leap days and Dates pass", () => {
  for (const bad of ["2025-02-30", "2023-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-1-01", ""]) {
    assert.equal(isIsoDate(bad), false, bad);
    const e = refused("trials.search", { start_date_after: bad }, "start_date_after");
    assert.match(e.message, /YYYY-MM-DD/);
  }
  assert.equal(isIsoDate("+010000-01"), false, "an extended year-month is not YYYY-MM-DD");
  for (const good of ["2024-02-29", "2025-12-31", "2025-01-01"]) {
    assert.equal(sent("trials.search", { start_date_after: ` ${good} ` }).start_date_after, good);
  }
  const lateUtc = new Date("2025-02-28T23:30:00-05:00");
  assert.equal(sent("trials.search", { start_date_after: lateUtc }).start_date_after, "2025-03-01");
  refused("trials.search", { start_date_after: new Date("nope") }, "start_date_after");
});

Deno.test("integer and number ranges hold at both bounds; lists at their item counts", () => {
  assert.equal(sent("trials.search", { limit: 100 }).limit, 100);
  assert.equal(sent("trials.search", { limit: 1 }).limit, 1);
  for (const bad of [0, 101, 1.5, -1]) refused("trials.search", { limit: bad }, "limit");
  refused("trials.search", { page: 0 }, "page");
  assert.equal(sent("trials.search", { page: 1 }).page, 1);
  assert.equal(sent("biology.associations", { entity: "x", minScore: 0 }).minScore, 0);
  assert.equal(sent("biology.associations", { entity: "x", minScore: 1 }).minScore, 1);
  refused("biology.associations", { entity: "x", minScore: 1.01 }, "minScore");
  refused("biology.associations", { entity: "x", minScore: -0.01 }, "minScore");
  const ten = Array.from({ length: 10 }, (_, i) => `Sponsor ${i}`);
  assert.equal(sent("trials.portfolio", { sponsors: ten, conditionKeyword: "x" }).sponsors, ten.join(","));
  assert.equal(sent("trials.portfolio", { sponsors: ["Solo"], conditionKeyword: "x" }).sponsors, "Solo");
  assert.match(refused("trials.portfolio", { sponsors: [...ten, "Eleven"] }, "sponsors").message, /got 11/);
  assert.match(refused("trials.portfolio", { sponsors: ["A", " ", "B"] }, "sponsors").message, /item 2 of 3/);
  assert.match(refused("trials.portfolio", { sponsors: ["A, B"] }, "sponsors").message, /contains a comma/);
  assert.equal(sent("trials.portfolio", { sponsors: " A , B ", conditionKeyword: "x" }).sponsors, "A,B");
  const trailing = refused("trials.portfolio", { sponsors: "A,", conditionKeyword: "x" }, "sponsors");
  assert.match(trailing.message, /item 2 of 2 is empty/);
  const blank = refused("trials.portfolio", { sponsors: " ", conditionKeyword: "x" }, "sponsors");
  assert.match(blank.message, /got 0/);
  assert.doesNotMatch(blank.message, /item 1 of 1/, "one blank string is an empty list, not a position");
  assert.deepEqual(splitCsv(" a,, b ,"), ["a", "b"]);
});

Deno.test("parameters: null, unknown, non-object and missing required ones are named", () => {
  refused("trials.search", { limit: null }, "limit");
  for (const bad of [null, [], "limit=5", 5]) refused("trials.search", bad, "params");
  assert.deepEqual(sent("trials.search", { limit: undefined }), {});
  assert.match(refused("trials.search", { Limit: 5 }, "Limit").message, /did you mean 'limit'/);
  assert.match(refused("patents.get", {}, "patentId").message, /is required/);
  assert.equal(didYouMean("lmt", ["limit"]), "limit", "two edits on a short name");
  assert.equal(didYouMean("xyz", ["limit"]), undefined);
  assert.equal(didYouMean("abcdefghij", ["abcdefgxyz"]), "abcdefgxyz", "a third of 10 letters: 3 edits");
  assert.equal(didYouMean("abcdefghij", ["abcdefwxyz"]), undefined, "4 edits are too many");
  assert.equal(didYouMean("sponsor_nam", ["sponsor_name", "sponsor"]), "sponsor_name", "the closest wins");
  assert.equal(show("x".repeat(100)).length, 80);
  assert.ok(show("x".repeat(100)).endsWith("..."));
  assert.equal(show("x".repeat(78)), JSON.stringify("x".repeat(78)), "80 characters stay whole");
  assert.equal(show("x".repeat(79)), `"${"x".repeat(76)}...`, "81 are shortened to 80");
  for (
    const [a, b, d] of [["", "abc", 3], ["kitten", "sitting", 3], ["ab", "ba", 2], ["a", "a", 0], [
      "abc",
      "",
      3,
    ]] as const
  ) {
    assert.equal(distance(a, b), d, `${a} → ${b}`);
  }
  assert.equal(show(new Date("nope")), "Date(invalid)");
  assert.equal(show(undefined), "undefined");
});

Deno.test("prepare(): fixed, body and path parameters go where they belong; rule messages list every value", () => {
  assert.match(
    refused("patents.search", { include_total: "false" }, "include_total").message,
    /always sent as true/,
  );
  assert.match(refused("trials.search", { limit: null }, "limit").message, /is null; omit it instead/);
  const twice = refused(
    "trials.portfolio",
    { sponsors: ["A", " ", "B, C"], conditionKeyword: "x" },
    "sponsors",
  );
  assert.match(
    twice.message,
    /item 2 of 3 is empty; remove it or fill in the name; item "B, C" contains a comma/,
  );
  const patents = prepare(ENDPOINTS["patents.search"], { limit: 5 });
  assert.deepEqual(patents.query, [["limit", "5"], ["include_total", "true"]]);
  const post = prepare(ENDPOINTS["diseases.landscape"], { efo_id: "efo_0000311" });
  assert.deepEqual(post.body, { efo_id: "EFO:0000311" });
  assert.deepEqual(post.query, []);
  assert.equal(prepare(ENDPOINTS["trials.search"], {}).body, undefined, "a GET has no body");
  const window = refused("researchers.works", {
    authorId: "A5012345678",
    publication_date_from: "2024-01-02",
    publication_date_to: "2024-01-01",
  }, "publication_date_from,publication_date_to");
  assert.match(
    window.message,
    /^Invalid combination for researchers\.works \(publication_date_from="2024-01-02", publication_date_to="2024-01-01"\): /,
  );
  const none = refused("diseases.landscape", {}, "disease,efo_id");
  assert.match(none.message, /^Invalid combination for diseases\.landscape: pass one of/);
  const one = refused("diseases.landscape", { disease: "" }, "disease");
  assert.match(one.message, /must not be empty/);
});

Deno.test("enumerations: any case in, the canonical form out; the service's own check is exact or case-insensitive", () => {
  assert.equal(
    sent("researchers.works", { authorId: "A5012345678", sort: " Cited_By_Count " }).sort,
    "cited_by_count",
  );
  assert.equal(sent("trials.search", { order: "ASC" }).order, "asc");
  assert.match(
    refused("trials.search", { order: "sideways" }, "order").message,
    /one of asc, desc \(sort order\)/,
  );
  const works = ENDPOINTS["researchers.works"].params;
  assert.equal(asZod(works.type.wire).safeParse("ARTICLE").success, true, "case-insensitive on the wire");
  assert.equal(asZod(works.type.wire).safeParse("poem").success, false);
  assert.equal(
    asZod(ENDPOINTS["trials.search"].params.order.wire).safeParse("ASC").success,
    false,
    "exact on the wire",
  );
  assert.equal(asZod(ENDPOINTS["trials.search"].params.order.wire).safeParse("asc").success, true);
  assert.equal(ENDPOINTS["trials.portfolio"].params.sponsors.maxItems, 10);
  assert.equal(ENDPOINTS["trials.search"].params.order.kind, "string", "how the service coerces it");
  assert.equal(ENDPOINTS["trials.search"].params.start_date_after.kind, "date");
  assert.equal(ENDPOINTS["trials.search"].params.page.default, 1);
  assert.deepEqual(ENDPOINTS["trials.search"].params.limit.pitfalls, [30]);
});

Deno.test("phases normalise every accepted form, combined phases included; CURIEs their three forms", () => {
  const phases: [string, string | undefined][] = [
    ["Phase 2", "PHASE2"],
    ["2", "PHASE2"],
    ["II", "PHASE2"],
    ["phase iv", "PHASE4"],
    ["Phase 2/3", "PHASE2/PHASE3"],
    ["phase I and phase II", "PHASE1/PHASE2"],
    ["1-2", "PHASE1/PHASE2"],
    ["early phase I", "EARLY_PHASE1"],
    ["Early_Phase_1", "EARLY_PHASE1"],
    ["N/A", "NA"],
    ["na", "NA"],
    ["not applicable", "NA"],
    ["phase 5", undefined],
    ["phase 2/5", undefined],
    ["phase", undefined],
  ];
  for (const [input, want] of phases) assert.equal(normalisePhase(input), want, input);
  for (const c of ["EFO_0000311", "efo:0000311", "EFO-0000311", " EFO:0000311 "]) {
    assert.equal(normaliseCurie(c), "EFO:0000311", c);
  }
  assert.equal(normaliseCurie("asthma"), undefined);
});

Deno.test("a row cap equal to the total is a complete pull; one below it is capped", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch });
    // A query with a small total (asthma: 57 trials at tiny; melanoma has 200+ with the attrition programmes).
    const total = (await ri.trials.search({ search: "asthma", limit: 1 })).total!;
    assert.ok(total > 3 && total <= 100, `a small total to page through (${total})`);
    const exact = await ri.trials.search.all({ search: "asthma", limit: total }, { maxRows: total });
    assert.equal(exact.rows.length, total);
    assert.equal(exact.meta.complete, true);
    assert.deepEqual(exact.meta.warnings.filter((w) => w.code === "capped"), []);
    assert.equal(exact.meta.pages, 1, "a total that fills the page exactly needs no second page");
    const below = await ri.trials.search.all({ search: "asthma", limit: 10 }, { maxRows: total - 1 });
    assert.equal(below.rows.length, total - 1);
    assert.equal(below.meta.complete, false);
    assert.ok(
      below.meta.warnings.some((w) => w.code === "capped" && w.message.includes(`${total} rows exist`)),
    );
    assert.equal(below.meta.pages, Math.ceil((total - 1) / 10));
    const none = await ri.trials.search.all({ search: "zzqqxx-nothing" });
    assert.equal(none.rows.length, 0);
    assert.equal(none.meta.complete, true);
    const one = await ri.trials.search.all({ search: "asthma" }, { maxRows: 1 });
    assert.equal(one.rows.length, 1, "a cap of 1 is allowed");
    assert.equal(one.meta.complete, false);
    for (const bad of [0, 1.5, -1]) {
      await assert.rejects(ri.trials.search.all({}, { maxRows: bad }), ValidationError);
    }
  });
});

Deno.test("page drift is caught on every row key: work_id (researcher works) and id (composite search)", async () => {
  type Body = { data: unknown[] | { trials: unknown[] } };
  const rowsOf = (b: Body) => (Array.isArray(b.data) ? b.data : b.data.trials);
  const drifting = (name: string): Handler => (ctx) => {
    const body = HANDLERS[name](ctx) as Body;
    if (ctx.params.page === 2) {
      const prev = rowsOf(HANDLERS[name]({ ...ctx, params: { ...ctx.params, page: 1 } }) as Body);
      rowsOf(body)[0] = prev[prev.length - 1];
    }
    return body;
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const fx = fixtures(sb);
    const pulls = [
      () => ri.researchers.works.all({ authorId: fx.authorId, limit: 2 }, { allowPartial: true }),
      () => ri.trials.composite.all({ disease: fx.diseaseName, limit: 2 }, { allowPartial: true }),
    ];
    for (const pull of pulls) {
      const r = await pull();
      assert.ok(r.meta.pages > 1, "more than one page");
      assert.ok(r.meta.warnings.some((w) => w.code === "duplicates"), JSON.stringify(r.meta.warnings));
      assert.equal(r.meta.complete, false);
    }
  }, {
    handlers: {
      "researchers.works": drifting("researchers.works"),
      "trials.composite": drifting("trials.composite"),
    },
  });
});
