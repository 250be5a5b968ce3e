/**
 * The portfolio overlap's shared-rows plan (issue 32, item 6): up to ten sponsors, each pair counted from
 * the comparison's own shared trials when every row names its sponsors and every name is a listed
 * sponsor or the row's `sponsors_chain` (its sponsors' parent companies) says which listed family it is;
 * refused otherwise — rows without sponsor names (spec-minimal profile), a subsidiary's name and no chain
 * (the generated world's big companies) — and then the pairs come from the exact method. Every answer
 * is checked against an independent recomputation over raw HTTP: each sponsor's trials in the condition
 * (the service's comparison of that sponsor alone, every page), intersected here.
 */
import assert from "node:assert/strict";
import { portfolioOverlap } from "../../lib/analyses/portfolio_overlap.ts";
import { pairsFromMembers, sharedMembers } from "../../lib/analyses/_portfolio_plan.ts";
import { sameOrganization } from "../../lib/analyses/_resolve_entity.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../lib/sandbox/mod.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";
import { ownNameOrganizations } from "../../lib/sandbox/store/pick.ts";
import { rawAll } from "../frames/_raw.ts";
import { countingClient } from "./_runs.ts";

const PATH = "/api/v1/tools/clinical/portfolio-comparison";
const store = openStore(42, "small");

/** A sandbox at small scale (seed 42) on `profile`, shared store. */
async function small(
  profile: "full" | "spec-minimal" = "full",
  handlers?: SandboxOptions["handlers"],
): Promise<Sandbox> {
  return await startSandbox({ quiet: true, store: await store, profile, handlers });
}

type Body = { data: { trials: { sponsors: string[]; sponsors_chain?: unknown }[] } };

/** The sandbox's portfolio comparison without `sponsors_chain` on its shared trials (sandbox-chosen). */
function noChains(ctx: Parameters<Handler>[0]): Body {
  const body = HANDLERS["trials.portfolio"](ctx) as Body;
  for (const t of body.data.trials) delete t.sponsors_chain;
  return body;
}

/**
 * The sandbox's portfolio comparison whose shared trials name each sponsor's corporate parent (a
 * subsidiary under its family's name) on pages up to `upTo`; later pages as the sandbox names them;
 * no page carries `sponsors_chain`.
 */
function parentNames(upTo = Infinity): Handler {
  return (ctx) => {
    const body = noChains(ctx);
    if (Number(ctx.params.page ?? 1) > upTo) return body;
    const parent = ctx.db.prepare(
      `SELECT p.name FROM organizations o JOIN organizations p ON p.id = o.ultimate_parent_id
        WHERE o.name = ? ORDER BY o.is_entity DESC, o.id LIMIT 1`,
    );
    for (const t of body.data.trials) {
      t.sponsors = [
        ...new Set(t.sponsors.map((n) => (parent.get(n) as { name: string } | undefined)?.name ?? n)),
      ];
    }
    return body;
  };
}

/** The issue's ten sponsors (each a family of companies with trials under several names). */
const ISSUE = [
  "Pfizer",
  "Novartis",
  "Roche",
  "AstraZeneca",
  "Merck & Co",
  "Sanofi",
  "GSK",
  "Johnson & Johnson",
  "AbbVie",
  "Bristol-Myers Squibb",
];

const counted = countingClient;

const ri = (sb: Sandbox) => counted(sb).ri;

/** The store's ten busiest organizations with no trial under another name of their family (academic centres). */
function ownNameOnly(sb: Sandbox): string[] {
  const names = ownNameOrganizations(sb.store.db, 10);
  assert.equal(names.length, 10, "fixture: ten organizations");
  return names;
}

/** Each pair's shared trials, recomputed from each sponsor's own trials in the condition (raw HTTP). */
async function truth(sb: Sandbox, sponsors: readonly string[], condition: string) {
  const ids = await Promise.all(sponsors.map(async (s) =>
    new Set(
      (await rawAll(
        sb,
        PATH,
        { sponsors: s, conditionKeyword: condition },
        (b) => (b.data as { trials: unknown[] }).trials,
      )).map((t) => String(t.id)),
    )
  ));
  const pairs = new Map<string, number>();
  sponsors.forEach((a, i) =>
    sponsors.slice(i + 1).forEach((b, j) =>
      pairs.set(`${a}·${b}`, [...ids[i]].filter((id) => ids[i + 1 + j].has(id)).length)
    )
  );
  const count = new Map<string, number>();
  for (const set of ids) for (const id of set) count.set(id, (count.get(id) ?? 0) + 1);
  const shared = [...count.values()].filter((n) => n >= 2).length;
  const byAll = [...count.values()].filter((n) => n === sponsors.length).length;
  const on = new Map<string, string[]>();
  sponsors.forEach((s, i) => ids[i].forEach((id) => on.set(id, [...on.get(id) ?? [], s])));
  return { pairs, shared, byAll, sizes: ids.map((s) => s.size), on };
}

type Answer = Awaited<ReturnType<typeof portfolioOverlap>>;

/** The answer's pairs, shared counts and trial counts equal the recomputation. */
function assertExact(r: Answer, want: Awaited<ReturnType<typeof truth>>, sponsors: readonly string[]) {
  const k = sponsors.length;
  assert.equal(r.matrix.height, (k * (k - 1)) / 2, "each pair once");
  const got = new Map(r.matrix.toRecords().map((m) => [`${m.sponsor_a}·${m.sponsor_b}`, Number(m.shared)]));
  assert.deepEqual(got, want.pairs);
  assert.deepEqual(r.sponsors.getColumn("trial_count").toArray(), want.sizes);
  assert.equal(r.market.getColumn("shared_by_two_or_more").get(0), want.shared);
  assert.equal(r.market.getColumn("shared_by_all").get(0), want.byAll);
  assert.ok([...want.pairs.values()].some((n) => n > 0), "fixture: some pairs overlap");
  // Each shared trial names the listed sponsors it is on, as the recomputation finds them.
  const listed = r.shared.select("id", "listed_sponsors").toRecords();
  assert.equal(listed.length, want.shared);
  for (const row of listed) {
    assert.deepEqual(
      [...row.listed_sponsors as unknown as Iterable<string>],
      want.on.get(String(row.id)),
      String(row.id),
    );
  }
}

Deno.test("portfolioOverlap() at ten sponsors (small scale) counts the pairs from the comparison's shared trials when each names its sponsors: one request, exact", async () => {
  await using sb = await small();
  const sponsors = ownNameOnly(sb);
  const condition = "cancer";
  const { ri, count } = counted(sb);
  const r = await portfolioOverlap(ri, { sponsors, condition });
  const want = await truth(sb, sponsors, condition);
  assertExact(r, want, sponsors);
  // Each sponsor's trials would take a page each (the local plan): 11 requests; the shared rows, one.
  assert.ok(want.sizes.every((n) => n > 50), `fixture: ${want.sizes}`);
  assert.ok(count.n <= 15, `${count.n} requests`);
  assert.equal(count.n, Math.ceil(want.shared / 100), `${count.n} requests for ${want.shared} shared trials`);
  assert.match(r.definitions?.matrix ?? "", /counted from the service's comparison of all the sponsors/);
  assert.equal(r.provenance.filter((p) => p.endpoint.includes("composite")).length, 0, "no sponsor pulled");
  assert.equal(r.complete, true);
  assert.deepEqual(r.warnings, []);
});

Deno.test("portfolioOverlap() on the spec-minimal profile refuses the shared rows (no sponsor names) and is still exact", async () => {
  await using full = await small();
  const sponsors = ownNameOnly(full);
  const condition = "cancer";
  const want = await truth(full, sponsors, condition);
  await using sb = await small("spec-minimal");
  const { ri } = counted(sb);
  const r = await portfolioOverlap(ri, { sponsors, condition });
  assertExact(r, want, sponsors);
  assert.match(r.definitions?.matrix ?? "", /by intersecting each sponsor's own trials in the condition/);
  assert.match(
    r.definitions?.matrix ?? "",
    /not from the shared trials of one comparison: shared trial \S+ does not name its sponsors/,
  );
});

Deno.test("portfolioOverlap() counts a subsidiary's shared trial for its listed parent by the row's sponsors_chain: the issue's ten sponsors in one request per hundred shared trials, exact", async () => {
  await using sb = await small();
  const condition = "lung cancer";
  const { ri, count } = counted(sb);
  const r = await portfolioOverlap(ri, { sponsors: ISSUE, condition });
  const want = await truth(sb, ISSUE, condition);
  assertExact(r, want, ISSUE);
  // The fixture: shared trials filed under a subsidiary's name (no listed sponsor by name).
  const names = r.shared.getColumn("sponsors").toArray() as unknown[];
  const unlisted =
    names.filter((list) =>
      [...list as Iterable<unknown>].some((n) => !ISSUE.some((l) => sameOrganization(String(n), l)))
    ).length;
  assert.ok(unlisted > 50, `fixture: ${unlisted} shared trials under a subsidiary's name`);
  assert.ok(want.sizes.reduce((s, n) => s + Math.ceil(n / 100), 0) > 20, "fixture: pulling each costs > 20");
  assert.equal(count.n, Math.ceil(want.shared / 100), `${count.n} requests for ${want.shared} shared trials`);
  assert.ok(count.n <= 15, `${count.n} requests`);
  assert.match(r.definitions?.matrix ?? "", /counted from the service's comparison of all the sponsors/);
  assert.equal(r.complete, true);
});

Deno.test("portfolioOverlap() with a subsidiary's name on a shared trial and no sponsors_chain refuses the shared rows: the issue's ten sponsors, exact", async () => {
  await using sb = await small("full", { "trials.portfolio": noChains });
  const sponsors = ISSUE;
  const condition = "lung cancer";
  const { ri, count } = counted(sb);
  const r = await portfolioOverlap(ri, { sponsors, condition });
  assertExact(r, await truth(sb, sponsors, condition), sponsors);
  const how = r.definitions?.matrix ?? "";
  assert.match(how, /names '[^']+', none of the listed sponsors by name \(a subsidiary, say\)/);
  // Refused on the first page: no page of shared trials read beyond it.
  const portfolio = r.provenance.filter((p) => p.endpoint === "trials.portfolio");
  assert.equal(portfolio.length, 1, `${count.n} requests`);
  assert.equal(r.complete, true);
});

Deno.test("portfolioOverlap() against a comparison whose shared trials name the sponsors' families: the issue's ten in one request per hundred shared trials, exact", async () => {
  await using sb = await small("full", { "trials.portfolio": parentNames() });
  const condition = "lung cancer";
  const { ri, count } = counted(sb);
  const r = await portfolioOverlap(ri, { sponsors: ISSUE, condition });
  const want = await truth(sb, ISSUE, condition);
  assertExact(r, want, ISSUE);
  assert.ok(want.shared > 300, `fixture: several pages of shared trials (${want.shared})`);
  assert.equal(count.n, Math.ceil(want.shared / 100), `${count.n} requests for ${want.shared} shared trials`);
  assert.ok(count.n <= 15, `${count.n} requests`);
  assert.match(r.definitions?.matrix ?? "", /counted from the service's comparison of all the sponsors/);
  // The pages are one read in the provenance: every shared trial, complete, no one-page notice.
  const [read, ...others] = r.provenance;
  assert.equal(others.length, 0);
  assert.deepEqual([read.rows, read.pages, read.complete], [want.shared, count.n, true]);
  assert.equal(read.params.page, undefined);
  assert.equal(r.shared.height, want.shared);
  assert.equal(r.complete, true);
  assert.deepEqual(r.warnings, []);
});

Deno.test("portfolioOverlap() refuses the shared rows when a later page names a subsidiary: the exact method runs, its answer exact", async () => {
  await using sb = await small("full", { "trials.portfolio": parentNames(2) });
  const condition = "lung cancer";
  const r = await portfolioOverlap(ri(sb), { sponsors: ISSUE, condition });
  const want = await truth(sb, ISSUE, condition);
  assertExact(r, want, ISSUE);
  // Page 1 named families only: every page was read before the refusal (then kept as the shared trials).
  assert.equal(r.provenance[0].pages, Math.ceil(want.shared / 100));
  assert.equal(r.shared.height, want.shared);
  const how = r.definitions?.matrix ?? "";
  assert.match(how, /by intersecting each sponsor's own trials in the condition/);
  assert.match(how, /none of the listed sponsors by name \(a subsidiary, say\)/);
  assert.equal(r.complete, true);
});

Deno.test("sharedMembers() maps a row's sponsor names to the listed sponsors by the one normaliser, else refuses with the reason", () => {
  const listed = [
    { name: "Pfizer", resolved: "Pfizer" },
    { name: "BMS", resolved: "Bristol-Myers Squibb" },
    { name: "Roche", resolved: null },
  ];
  // Legal forms, case and punctuation aside; the service's resolution of a listed name counts too.
  const ok = sharedMembers([
    { id: "T1", sponsors: ["PFIZER INC", "BRISTOL MYERS SQUIBB CO"] },
    { id: "T2", sponsors: ["Roche", "Pfizer", "Pfizer Inc."] },
    { id: "T3", sponsors: ["Roche", "Bristol-Myers Squibb", "Pfizer"] },
  ], listed);
  assert.deepEqual(ok, { members: [[0, 1], [0, 2], [0, 1, 2]], refused: null });
  assert.deepEqual(pairsFromMembers(ok.members!, listed.map((l) => l.name)), {
    pairs: [
      { sponsor_a: "Pfizer", sponsor_b: "BMS", shared: 2 },
      { sponsor_a: "Pfizer", sponsor_b: "Roche", shared: 2 },
      { sponsor_a: "BMS", sponsor_b: "Roche", shared: 1 },
    ],
    sharedByAll: 1,
  });
  const refused = (rows: Record<string, unknown>[]) => sharedMembers(rows, listed).refused;
  // A subsidiary's name: the row maps to one listed sponsor only.
  assert.equal(
    refused([{ id: "T4", sponsors: ["Genentech", "Roche"] }]),
    "shared trial T4 names 'Genentech', none of the listed sponsors by name (a subsidiary, say)",
  );
  // Two listed sponsors by name and a third name: it could be a listed sponsor's subsidiary.
  assert.match(refused([{ id: "T5", sponsors: ["Pfizer", "Roche", "Wyeth LLC"] }]) ?? "", /'Wyeth LLC'/);
  // One listed sponsor under two spellings is one sponsor, not a pair.
  assert.equal(
    refused([{ id: "T6", sponsors: ["Pfizer", "PFIZER INC"] }]),
    "shared trial T6 names only one listed sponsor (Pfizer)",
  );
  // No sponsor names (spec-minimal profile), or an empty list.
  assert.equal(refused([{ id: "T7" }]), "shared trial T7 does not name its sponsors");
  assert.equal(refused([{ id: "T8", sponsors: [] }]), "shared trial T8 does not name its sponsors");
  // With the corporate hierarchy on the row (names or {name} objects), a subsidiary counts for its parent
  // and a name outside every listed family is no listed sponsor's.
  assert.deepEqual(
    sharedMembers([
      {
        id: "C1",
        sponsors: ["Genentech", "Wyeth LLC"],
        sponsors_chain: ["Genentech", "Roche", "Wyeth LLC", "Pfizer"],
      },
      {
        id: "C2",
        sponsors: ["Genentech", "Pfizer", "Mayo Clinic"],
        sponsors_chain: [{ name: "Roche" }, { name: "Pfizer" }],
      },
    ], listed),
    { members: [[0, 2], [0, 2]], refused: null },
  );
  assert.equal(
    refused([{
      id: "C3",
      sponsors: ["Genentech", "Mayo Clinic"],
      sponsors_chain: ["Genentech", "Mayo Clinic"],
    }]),
    "shared trial C3 names none of the listed sponsors",
  );
  assert.equal(
    refused([{ id: "C4", sponsors: ["Genentech", "Pfizer"], sponsors_chain: ["Genentech", "Pfizer"] }]),
    "shared trial C4 names only one listed sponsor (Pfizer)",
  );
  // A name that is two listed sponsors at once cannot say which.
  assert.match(
    sharedMembers([{ id: "T9", sponsors: ["Merck", "Roche"] }], [{ name: "Merck" }, { name: "MERCK INC" }, {
      name: "Roche",
    }]).refused ?? "",
    /'Merck', which matches 2 listed sponsors/,
  );
});
