/**
 * One company, one answer (issue 39), on a store imported as a user imports it: the real ClinicalTrials.gov,
 * ROR, GLEIF, SEC, ExPORTER and OpenAlex extracts of ../shared/public-samples with an Orange Book edition of
 * real applicant-name shapes (units named as a parent's, a name beginning with another applicant's, Merck &
 * Co beside MERCK KGAA, ANDA-only generic makers) and no Part D. Every section of the report reads its
 * sponsors as the one resolution says (no "did not resolve" for a resolved name, no "No" in a resolved
 * column, the sponsor scan counting the approvals the resolution saw), nothing speaks of spending, ambiguous
 * names and typos exit 2 with the candidates, and the demo on that store asks originators, drawing no chart
 * of zeros.
 */
import assert from "node:assert/strict";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";
import { sponsorScan } from "../../lib/analyses/sponsor_scan.ts";
import { regulatoryLandscape } from "../../lib/analyses/regulatory_landscape.ts";
import { taskFlags } from "../_tasks.ts";
import { pageText } from "./_codes.ts";
import { oneAnswerStore as publicStore } from "./_one_answer_store.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;

async function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", config, ...taskFlags("report"), main, ...args],
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", INIT_CWD: "", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: r.code, out: dec.decode(r.stdout) + dec.decode(r.stderr) };
}

/** The CSV files of a folder, each as header and rows (simple CSV: quoted fields with commas allowed). */
async function csvs(dir: string): Promise<Map<string, { head: string[]; rows: string[][] }>> {
  const split = (line: string) =>
    [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) =>
      m[1].replace(/^"|"$/g, "").replace(/""/g, '"')
    )
      .slice(0, -1);
  const out = new Map<string, { head: string[]; rows: string[][] }>();
  for await (const f of Deno.readDir(dir)) {
    if (!f.name.endsWith(".csv")) continue;
    const [head, ...rows] = (await Deno.readTextFile(`${dir}/${f.name}`)).split("\n").filter(Boolean).map(
      split,
    );
    out.set(f.name, { head, rows });
  }
  return out;
}

const SPONSORS = ["Pfizer", "Bristol-Myers Squibb", "Merck Sharp & Dohme"];

Deno.test("report on an imported store: one resolution per sponsor, said once, that no section contradicts; no spending without Part D", async () => {
  const { dir, store } = await publicStore();
  try {
    const out = `${dir}/out`;
    const r = await run([
      "--store",
      store,
      "--sponsors",
      SPONSORS.join(","),
      "--condition",
      "NSCLC",
      "--sections",
      "portfolio,catalysts,regulatory,sponsor,exclusivity,medicare",
      "--indication",
      "EFO:0003060",
      "--window-days",
      "3650",
      "--formats",
      "html,csv",
      "--out",
      out,
    ]);
    assert.equal(r.code, 0, r.out.slice(-3000));
    const html = await Deno.readTextFile(`${out}/report.html`);
    const text = pageText(html);
    const tables = await csvs(out);
    // Said once: the Sponsors table, each sponsor resolved with how.
    const who = tables.get("sponsors_how_each_sponsor_resolved.csv");
    assert.ok(who, [...tables.keys()].join(", "));
    assert.deepEqual(who.rows.map((row) => row[0]), SPONSORS);
    const col = (t: { head: string[] }, c: string) => t.head.indexOf(c);
    for (const row of who.rows) {
      assert.match(row[col(who, "resolved")], /^by (trials|approvals|family|registry)/);
    }
    // Pfizer reaches its units (named as Pfizer's in the Orange Book); Bristol-Myers Squibb the unit whose
    // name begins with its own (the applicant of Eliquis).
    const approvals = (s: string) => Number(who.rows.find((row) => row[0] === s)![col(who, "approvals")]);
    assert.ok(approvals("Pfizer") >= 4, who.rows.join("\n"));
    assert.ok(approvals("Bristol-Myers Squibb") >= 2, who.rows.join("\n"));
    // No section says a resolved sponsor did not resolve: not a sentence, a warning or a table cell.
    for (const s of SPONSORS) {
      assert.doesNotMatch(text, new RegExp(`${s}[^.]*(did not resolve|not resolve to an organization)`, "i"));
    }
    assert.doesNotMatch(text, /did not resolve|No organizations matched/);
    // Every table with a resolved column says how each of these sponsors resolved, as the Sponsors table does.
    const how = new Map(
      who.rows.flatMap((row) =>
        [row[0], row[col(who, "resolved_name")]].map((n) => [n.toLowerCase(), row[col(who, "resolved")]])
      ),
    );
    let checked = 0;
    for (const [name, t] of tables) {
      const at = col(t, "resolved");
      const by = ["sponsor", "input", "entity"].map((c) => col(t, c)).find((i) => i >= 0);
      if (at < 0 || by === undefined || name.startsWith("sponsors_")) continue;
      for (const row of t.rows) {
        const said = how.get(row[by].replace(/^sponsor:/, "").toLowerCase());
        if (said === undefined) continue;
        assert.equal(row[at], said, `${name}: ${row.join(",")}`);
        checked++;
      }
    }
    assert.ok(checked >= SPONSORS.length, `resolved columns checked: ${checked}`);
    // Every table names each sponsor as the Sponsors table does (as given), not as the service spells it
    // (the pair matrix and the loss-of-exclusivity tables said "PFIZER INC").
    const pair = tables.get("portfolio_overlap_pair_matrix.csv");
    assert.ok(pair, [...tables.keys()].join(", "));
    for (const row of pair.rows) {
      for (const c of ["sponsor_a", "sponsor_b"]) {
        assert.ok(SPONSORS.includes(row[col(pair, c)]), row.join(","));
      }
    }
    const loe = tables.get("loss_of_exclusivity_by_sponsor.csv");
    assert.ok(loe, [...tables.keys()].join(", "));
    assert.deepEqual(
      loe.rows.map((row) => row[col(loe, "entity")]).sort(),
      SPONSORS.map((s) => `sponsor:${s}`).sort(),
    );
    for (const [name, t] of tables) {
      for (const c of ["sponsor", "sponsor_a", "sponsor_b", "input", "entity", "entities"]) {
        if (col(t, c) < 0) continue;
        for (const row of t.rows) {
          assert.doesNotMatch(row[col(t, c)], /(^|:|; )PFIZER INC(;|$)/, `${name}.${c}`);
        }
      }
    }
    // The sponsor scan counts the approvals the resolution saw (not 0 for a sponsor with approvals), under
    // the name the reader gave.
    const scan = /- Sponsor scan: (.*)/.exec(r.out)?.[1] ?? "";
    for (const s of SPONSORS) {
      const m = new RegExp(`${s}: [^.]*?(\\d+) approvals?`).exec(scan);
      assert.ok(m, `${s} in the scan: ${scan}`);
      assert.ok(Number(m[1]) > 0, `${s}: ${scan}`);
    }
    // Every section names the sponsors as given: no section says one under another sponsor's name.
    for (
      const section of [
        "Portfolio overlap",
        "Catalyst calendar",
        "Regulatory landscape",
        "Loss of exclusivity",
      ]
    ) {
      const line = new RegExp(`- ${section}: (.*)`).exec(r.out)?.[1] ?? "";
      for (const s of SPONSORS) assert.ok(line.includes(s), `${section} names ${s}: ${line}`);
    }
    // No Part D: no spending figure, column or year anywhere; the section names the import flag.
    assert.doesNotMatch(text, /\$0|Part D spending is exposed|Spending year|spending_year/);
    for (const [name, t] of tables) {
      for (const c of t.head) assert.doesNotMatch(c, /part_d|spending|exposed_/, `${name} has ${c}`);
    }
    assert.match(text, /Medicare Part D spending is not in this data; deno task import -- --part-d/);
    assert.match(
      r.out,
      /- Medicare Part D spending: [^\n]*Medicare Part D spending is not in this data \(deno task import -- --part-d/,
    );
    assert.doesNotMatch(r.out, /no Medicare Part D drugs matched|No Medicare rows/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("report on an imported store: a name fitting two companies is a question, a typo gets the closest names, drugs are checked (exit 2 before any analysis)", async () => {
  const { dir, store } = await publicStore();
  try {
    // On the sandbox's own terms (its `resolution` beside the rows) and on the spec's alone (spec-minimal:
    // no sandbox-chosen field; the approvals' applicant names and the names themselves decide).
    for (const profile of ["full", "spec-minimal"]) {
      const env = { RI_SANDBOX_PROFILE: profile };
      const merck = await run(
        ["--store", store, "--sponsors", "Merck", "--sections", "catalysts", "--out", `${dir}/o1`],
        env,
      );
      assert.equal(merck.code, 2, merck.out);
      assert.match(
        merck.out,
        /--sponsors 'Merck' fits 2 companies: '[^']*MERCK AND CO[^']*'.*'MERCK KGAA'/i,
        profile,
      );
      assert.doesNotMatch(merck.out, /✓/, "no analysis ran");
      const typo = await run(
        ["--store", store, "--sponsors", "Pfzer", "--sections", "catalysts", "--out", `${dir}/o2`],
        env,
      );
      assert.equal(typo.code, 2, typo.out);
      assert.match(typo.out, /--sponsors 'Pfzer' did not resolve; did you mean: '[^']*PFIZER/i, profile);
    }
    const drugs = await run([
      "--store",
      store,
      "--drugs",
      "Eliquis,apixaban",
      "--formats",
      "csv",
      "--out",
      `${dir}/o3`,
    ]);
    assert.equal(drugs.code, 0, drugs.out);
    assert.match(drugs.out, /- Catalyst calendar: Eliquis, apixaban: 1 upcoming/);
    assert.match(drugs.out, /- Loss of exclusivity: Eliquis, apixaban: 1 drug loses its last patent/);
    const unknown = await run(["--store", store, "--drugs", "Eliqus", "--out", `${dir}/o4`]);
    assert.equal(unknown.code, 2, unknown.out);
    assert.match(unknown.out, /--drugs 'Eliqus' did not resolve.*did you mean: 'ELIQUIS'/);
    // A fragment is not a drug, even where approvals carry no ingredient field (spec-minimal).
    const part = await run(["--store", store, "--drugs", "apix", "--out", `${dir}/o5`], {
      RI_SANDBOX_PROFILE: "spec-minimal",
    });
    assert.equal(part.code, 2, part.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("demo on an imported store asks originators with trials and draws no chart of zeros", async () => {
  const { dir, store } = await publicStore();
  try {
    const r = await run(["--store", store], { RI_OUT_DIR: `${dir}/demo` });
    assert.equal(r.code, 0, r.out.slice(-3000));
    const picked = /\n {2}sponsors: (.*)/.exec(r.out)?.[1] ?? "";
    assert.match(picked, /Bristol-Myers Squibb|AstraZeneca/, picked);
    assert.match(picked, /originators with patents or exclusivities ahead/);
    assert.doesNotMatch(picked, /WATSON|TEVA|SUN PHARM|MYLAN|ACTAVIS/i, "no ANDA-only generic maker");
    // Trials where trials are imported: the first picks sponsor trials.
    assert.match(picked, /^[^(]+\([1-9]\d* trials?,/);
    const html = await Deno.readTextFile(`${dir}/demo/report.html`);
    const text = pageText(html);
    // Thin data are a sentence, not zeros: no pair shares a trial → no overlap matrix; no Part D → no
    // Medicare panel; no patents imported → no "0 patents".
    if (/No two of them share a trial/.test(text)) {
      assert.doesNotMatch(html, /Portfolio overlap between sponsors/);
    }
    assert.doesNotMatch(html, /Medicare Part D spend \(USD\)|Medicare spend is for 2025/);
    assert.doesNotMatch(text, /\b0 patents\b/);
    assert.match(text, /Not in this data: this store holds no patents; deno task import -- --patentsview/);
    // Readers see disease names, never the store's ids.
    assert.doesNotMatch(text, /CTGOV:[0-9a-f]{8}/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("on the spec's terms (spec-minimal: no resolution, no family fields) the Sponsors table, the sponsor scan and the regulatory landscape count the same approvals", async () => {
  const { dir, store } = await publicStore();
  try {
    await using sb = await startSandbox({ port: 0, store, quiet: true, profile: "spec-minimal" });
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const { inputs, sponsors } = await resolveInputs(
      client,
      { ...HEADLINE_INPUTS, sponsors: SPONSORS },
      ["sponsor", "regulatory"],
    );
    const counts: Record<string, [number, number, number]> = {};
    for (const [i, s] of SPONSORS.entries()) {
      // As the report asks each section: with the name the one resolution gave.
      const name = inputs.sponsors[i];
      const scan = await sponsorScan(client, { sponsor: name });
      const land = await regulatoryLandscape(client, { region: "US", sponsor: name });
      const bySource = land.bySource.toRecords().reduce((a, r) => a + Number(r.approvals), 0);
      counts[s] = [sponsors[i].approvals ?? 0, scan.approvals.height, bySource];
    }
    // Pfizer's four approvals are filed under four applicant names (its own, two divisions and a unit that
    // states it as parent); Bristol-Myers Squibb's under the trial sponsor's name, a name beginning with it
    // and a division's; Merck Sharp & Dohme's under the applicant that states Merck & Co as its parent.
    assert.deepEqual(counts, {
      "Pfizer": [4, 4, 4],
      "Bristol-Myers Squibb": [3, 3, 3],
      "Merck Sharp & Dohme": [1, 1, 1],
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("on the synthetic world's spec-minimal profile too, the Sponsors table counts the approvals the sponsor scan reads", async () => {
  await using sb = await startSandbox({
    port: 0,
    seed: 42,
    scale: "tiny",
    quiet: true,
    profile: "spec-minimal",
  });
  const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  const { inputs, sponsors } = await resolveInputs(client, HEADLINE_INPUTS, ["sponsor"]);
  assert.ok(sponsors.length >= 3);
  for (const [i, s] of sponsors.entries()) {
    const scan = await sponsorScan(client, { sponsor: inputs.sponsors[i] });
    assert.equal(s.approvals ?? 0, scan.approvals.height, s.input);
  }
});
