/**
 * One company, one answer (issue 39, data side): on an Orange Book edition of real applicant-name shapes
 * (tests/fixtures/public/orange_book_families/: units whose name states their parent — "A WHOLLY OWNED SUB
 * OF", "DIVISION OF", "DIV", "AN INDIRECT WHOLLY OWNED SUB OF" —, names beginning with another applicant's
 * full name, the short name "ORGANON" given to two full names, Merck & Co's units beside MERCK KGAA), the
 * linking step records each family the names state (`org_matches`, registry `name`), every sponsor filter
 * reaches the family's units, the autocomplete says when a name is ambiguous, offers did-you-mean for a
 * typo and lists organizations with no trial; the sponsor scan counts the family's approvals. A
 * patent-only GLEIF parent is found by the autocomplete. Expected values are read from the fixture files.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { statedParent } from "../../lib/sandbox/import/link_orgs.ts";
import { sponsorScan } from "../../lib/analyses/sponsor_scan.ts";
import { resolveOrganization } from "../../lib/analyses/_resolve_entity.ts";
import { baseName } from "../../lib/client/names.ts";
import { resolveName } from "../../lib/mcp/_lookups.ts";

const OB = new URL("../fixtures/public/orange_book_families/", import.meta.url).pathname;
const TODAY = "2026-01-15";

/** The fixture's products: full applicant name, short name, ingredient base name, trade name. */
async function products() {
  const [head, ...lines] = (await Deno.readTextFile(`${OB}products.txt`)).trim().split(/\r?\n/);
  const cols = head.split("~");
  return lines.map((l) =>
    Object.fromEntries(l.split("~").map((v, i) => [cols[i], v])) as Record<string, string>
  )
    .map((p) => ({
      full: p.Applicant_Full_Name,
      short: p.Applicant,
      drug: baseName(p.Ingredient),
      trade: p.Trade_Name,
    }));
}

Deno.test("statedParent reads the parent a name states, and nothing else", () => {
  const cases: [string, string | undefined][] = [
    ["FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC", "PFIZER INC"],
    [
      "ACTAVIS LABS FL INC AN INDIRECT WHOLLY OWNED SUB OF TEVA PHARMACEUTICALS USA INC",
      "TEVA PHARMACEUTICALS USA INC",
    ],
    ["MERCK SHARP AND DOHME LLC A SUB OF MERCK AND CO INC", "MERCK AND CO INC"],
    ["PARKE-DAVIS DIVISION OF PFIZER INC", "PFIZER INC"],
    ["APOTHECON INC DIV BRISTOL MYERS SQUIBB", "BRISTOL MYERS SQUIBB"],
    ["Genzyme, a Sanofi Company", "Sanofi"],
    ["Janssen Research & Development, LLC, an affiliate of Johnson & Johnson", "Johnson & Johnson"],
    ["Novartis Pharma AG, a subsidiary of Novartis AG", "Novartis AG"],
    ["PFIZER INC", undefined],
    ["BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE", undefined],
    ["University of California, San Francisco", undefined],
    ["PHARMA DIVISION LTD", undefined],
  ];
  for (const [name, parent] of cases) assert.equal(statedParent(name)?.parent, parent, name);
  // A division may be a department: linked only to an organization a source names or of a legal form.
  assert.equal(statedParent("National Cancer Institute Division of Cancer Prevention")?.owned, false);
  assert.equal(statedParent("ONYX PHARMACEUTICALS INC A WHOLLY OWNED SUB OF AMGEN INC")?.owned, true);
});

Deno.test("an edition's families: the names' parents are linked, every sponsor filter reaches the units, ambiguity and typos are said", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "ri-families-" });
  try {
    const store = `${dir}/ri.db`;
    await importPublicData({ store, orangeBook: OB, today: TODAY });
    const rows = await products();
    const drugsOf = (...fulls: string[]) =>
      [...new Set(rows.filter((p) => fulls.includes(p.full)).map((p) => p.drug))].sort();

    await t.step("org_matches records each family the names state, with its rule", () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const m = new Map(
          (db.prepare(
            "SELECT org_name, status, registry_name, rule FROM org_matches WHERE registry = 'name'",
          ).all() as { org_name: string; status: string; registry_name: string; rule: string }[])
            .map((r) => [r.org_name, r]),
        );
        const expect: [string, string, RegExp][] = [
          [
            "FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC",
            "PFIZER INC",
            /A WHOLLY OWNED SUB OF/,
          ],
          ["PARKE-DAVIS DIVISION OF PFIZER INC", "PFIZER INC", /DIVISION OF/],
          ["PFIZER LABORATORIES DIV PFIZER INC", "PFIZER INC", /"DIV"/],
          ["PFIZER CENTRAL RESEARCH", "PFIZER INC", /begins with the applicant's full name PFIZER INC/],
          [
            "BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE",
            "BRISTOL MYERS SQUIBB CO",
            /begins with the applicant's full name/,
          ],
          ["APOTHECON INC DIV BRISTOL MYERS SQUIBB", "BRISTOL MYERS SQUIBB CO", /"DIV"/],
          ["MERCK SHARP AND DOHME LLC A SUB OF MERCK AND CO INC", "MERCK AND CO INC", /A SUB OF/],
          ["MERCK SHARP AND DOHME LLC", "MERCK AND CO INC", /same name key as the unit/],
          ["ONYX PHARMACEUTICALS INC A WHOLLY OWNED SUB OF AMGEN INC", "AMGEN INC", /A WHOLLY OWNED SUB OF/],
          ["ORGANON LLC A SUB OF ORGANON AND CO", "ORGANON AND CO", /A SUB OF/],
        ];
        for (const [org, parent, rule] of expect) {
          const r = m.get(org);
          assert.ok(r, `${org} has a decision`);
          assert.equal(r.status, "MATCHED", org);
          assert.equal(r.registry_name, parent, org);
          assert.match(r.rule, rule, org);
        }
        for (const org of ["MERCK KGAA", "PFIZER INC", "ORGANON USA LLC", "EMD SERONO INC"]) {
          assert.equal(m.get(org), undefined, `${org} states no parent`);
        }
        const top = (name: string) =>
          (db.prepare(
            "SELECT t.name FROM organizations o JOIN organizations t ON t.id = o.ultimate_parent_id WHERE o.name = ?",
          ).get(name) as { name: string }).name;
        assert.equal(top("FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC"), "PFIZER INC");
        assert.equal(top("MERCK KGAA"), "MERCK KGAA");
      } finally {
        db.close();
      }
    });

    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const get = async (path: string, q: Record<string, string | number>) => {
      const u = new URL(path, sb.url);
      for (const [k, v] of Object.entries(q)) u.searchParams.set(k, String(v));
      const r = await fetch(u, { headers: { "x-api-key": sb.keys.pro } });
      return await r.json();
    };
    const landscape = async (sponsor: string) => {
      const b = await get("/api/v1/tools/regulatory/landscape", { sponsor });
      return ["biologics", "small_molecules_modern", "commodities"]
        .flatMap((tier) => (b.data[tier] as { generic_name: string }[]).map((d) => d.generic_name)).sort();
    };
    const catalystTrades = async (sponsor: string) =>
      [
        ...new Set(
          (await get("/api/v1/tools/regulatory/catalysts", { sponsor, windowDays: 3650, limit: 500 })).data
            .events
            .map((e: { trade_name: string }) => e.trade_name),
        ),
      ].sort();

    await t.step(
      "Pfizer, Bristol-Myers Squibb and Merck Sharp & Dohme reach their families' units' drugs",
      async () => {
        const pfizer = drugsOf(
          "PFIZER INC",
          "PFIZER LABORATORIES DIV PFIZER INC",
          "PARKE-DAVIS DIVISION OF PFIZER INC",
          "FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC",
          "PFIZER CENTRAL RESEARCH",
        );
        assert.equal(pfizer.length, 5);
        assert.deepEqual(await landscape("Pfizer"), pfizer);
        const bms = drugsOf(
          "BRISTOL MYERS SQUIBB CO",
          "BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE",
          "APOTHECON INC DIV BRISTOL MYERS SQUIBB",
        );
        assert.ok(bms.includes("apixaban"), "Eliquis's applicant is a BMS unit");
        assert.deepEqual(await landscape("Bristol-Myers Squibb"), bms);
        assert.ok((await catalystTrades("Bristol-Myers Squibb")).includes("ELIQUIS"));
        // Eliquis's approvals name the unit as their sponsor and BMS at the top of the chain.
        const eliquis = (await get("/api/v1/regulatory", { trade_name: "ELIQUIS" })).data as {
          sponsors: { name: string }[];
          sponsors_chain: { name: string }[];
        }[];
        assert.equal(eliquis.length, 2);
        for (const a of eliquis) {
          assert.deepEqual(a.sponsors.map((s) => s.name), [
            "BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE",
          ]);
          assert.deepEqual(a.sponsors_chain.map((s) => s.name), [
            "BRISTOL MYERS SQUIBB CO",
            "BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE",
          ]);
        }
        const msd = drugsOf(
          "MERCK SHARP AND DOHME LLC",
          "MERCK SHARP AND DOHME LLC A SUB OF MERCK AND CO INC",
        );
        assert.deepEqual(await landscape("Merck Sharp & Dohme"), msd);
        assert.ok(!msd.includes("levothyroxine"), "not MERCK KGAA's");
        assert.deepEqual(
          await landscape("Amgen"),
          drugsOf("AMGEN INC", "ONYX PHARMACEUTICALS INC A WHOLLY OWNED SUB OF AMGEN INC"),
        );
        assert.deepEqual(await catalystTrades("Pfizer"), ["IBRANCE", "VYNDAQEL"]);
      },
    );

    await t.step("a short applicant name reaches every full name filed under it", async () => {
      const fulls = [...new Set(rows.filter((p) => p.short === "ORGANON").map((p) => p.full))];
      assert.equal(fulls.length, 2);
      assert.deepEqual(await landscape("ORGANON"), drugsOf(...fulls));
      const r = await resolveOrganization(ri, "ORGANON");
      assert.equal(r.status, "resolved");
      assert.equal(r.derived, false);
      assert.deepEqual(r.families.flatMap((f) => f.units.map((u) => u.name)).sort(), fulls.sort());
      // The MCP server's name check says the same.
      const mcp = await resolveName(ri, "sponsor", "ORGANON") as { name?: string; note?: string };
      assert.equal(mcp.name, "ORGANON");
      assert.match(String(mcp.note), /2 organizations/);
      const merck = await resolveName(ri, "sponsor", "Merck") as { isError?: boolean; content?: unknown };
      assert.equal(merck.isError, true);
      assert.match(JSON.stringify(merck.content), /ambiguous.*MERCK KGAA/);
    });

    await t.step("'Merck' is a question naming both companies, each with its family and counts", async () => {
      const body = await get("/api/v1/tools/resolution/autocomplete", { query: "Merck", limit: 10 });
      assert.equal(body.resolution.status, "ambiguous");
      const fams = body.resolution.families as { name: string; approvalCount: number; units: unknown[] }[];
      assert.deepEqual(fams.map((f) => f.name).sort(), ["MERCK AND CO INC", "MERCK KGAA"]);
      assert.deepEqual(
        fams.map((f) => [f.name, f.approvalCount]).sort(),
        [["MERCK AND CO INC", 3], ["MERCK KGAA", 1]],
      );
      const families = new Set((body.data as { familyName: string }[]).map((r) => r.familyName));
      assert.ok(families.has("MERCK AND CO INC") && families.has("MERCK KGAA"), [...families].join(", "));
      const r = await resolveOrganization(ri, "Merck");
      assert.equal(r.status, "ambiguous");
      // A name of one family is not a question.
      assert.equal((await resolveOrganization(ri, "Merck Sharp & Dohme")).status, "resolved");
      assert.equal((await resolveOrganization(ri, "Pfizer")).status, "resolved");
      assert.equal((await resolveOrganization(ri, "Teva")).status, "resolved");
    });

    await t.step("a typo gets the closest names on a store", async () => {
      const body = await get("/api/v1/tools/resolution/autocomplete", { query: "Pfzer", limit: 10 });
      assert.equal(body.resolution.status, "unresolved");
      assert.ok(body.resolution.suggestions.includes("PFIZER INC"), body.resolution.suggestions.join(", "));
      assert.ok((body.data as { match: string }[]).every((r) => r.match === "similar"));
      const r = await resolveOrganization(ri, "Pfzer");
      assert.ok(r.suggestions.includes("PFIZER INC"));
    });

    await t.step("ranking: exact name first, then names starting with it, then a word inside", async () => {
      const body = await get("/api/v1/tools/resolution/autocomplete", { query: "Pfizer", limit: 10 });
      const data = body.data as { name: string; match: string; trialCount: number; approvalCount: number }[];
      assert.equal(data[0].name, "PFIZER INC");
      const order = ["exact", "prefix", "word", "contains"];
      const tiers = data.map((r) => order.indexOf(r.match));
      assert.deepEqual(tiers, [...tiers].sort((a, b) => a - b));
      assert.ok(data.some((r) => r.match === "word" && r.name.startsWith("FOLDRX")));
      assert.ok(data.every((r) => r.trialCount === 0), "an Orange Book store has no trials: counts are 0");
    });

    await t.step("the sponsor scan counts the family's approvals", async () => {
      const scan = await sponsorScan(ri, { sponsor: "Pfizer", from: 2024, to: 2025 });
      const want = rows.filter((p) => p.full.includes("PFIZER")).length;
      assert.equal(scan.summary.getColumn("approvals").toArray()[0], want);
      assert.equal(scan.sponsor.getColumn("resolved").toArray()[0], true);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a patent-only GLEIF parent is found by the autocomplete, with zero trials and approvals", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-gleif-patents-" });
  try {
    const store = `${dir}/ri.db`;
    const fx = new URL("../fixtures/public/", import.meta.url).pathname;
    await importPublicData({
      store,
      gleif: `${fx}gleif/golden`,
      patentsview: `${fx}patentsview`,
      today: TODAY,
    });
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const rows = (await ri.resolve.organizations({ query: "Novartis AG", limit: 10 })).rows as {
      name: string;
      lei: string | null;
      hierarchyLevel: string;
      trialCount: number;
      approvalCount: number;
      match?: string;
    }[];
    assert.ok(rows.length > 0, "found");
    assert.equal(rows[0].match, "exact");
    assert.equal(rows[0].hierarchyLevel, "GLOBAL PARENT");
    assert.equal(rows[0].lei, "5299000NOVARTIS0AG09");
    assert.deepEqual([rows[0].trialCount, rows[0].approvalCount], [0, 0]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the families the names state are derived again the same on a re-import", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-families-again-" });
  try {
    const store = `${dir}/ri.db`;
    const snapshot = () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const q = (sql: string) => db.prepare(sql).all().map((r) => Object.values(r).join("|"));
        return {
          matches: q(
            "SELECT org_id, status, registry_id, rule FROM org_matches WHERE registry = 'name' ORDER BY 1",
          ),
          parents: q("SELECT parent_id, child_id FROM org_parent ORDER BY 1, 2"),
          tops: q("SELECT id, ultimate_parent_id, depth FROM organizations ORDER BY id"),
          closure: q("SELECT * FROM org_closure ORDER BY 1, 2"),
        };
      } finally {
        db.close();
      }
    };
    await importPublicData({ store, orangeBook: OB, today: TODAY });
    const first = snapshot();
    assert.ok(first.parents.length >= 10, `${first.parents.length} parent links`);
    await importPublicData({ store, orangeBook: OB, today: TODAY });
    assert.deepEqual(snapshot(), first);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a name that is another applicant's plus only a legal form is another company, and says so", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-families-form-" });
  try {
    const head = (await Deno.readTextFile(`${OB}products.txt`)).split(/\r?\n/)[0];
    await Deno.mkdir(`${dir}/ob`);
    await Deno.writeTextFile(
      `${dir}/ob/products.txt`,
      [
        head,
        "APREPITANT~CAPSULE;ORAL~EMEND~MERCK~125MG~N~021549~002~~Mar 26, 2003~Yes~Yes~RX~MERCK",
        "LEVOTHYROXINE SODIUM~TABLET;ORAL~EUTHYROX~MERCK KGAA~0.1MG~N~021292~007~AB2~Jul 24, 2002~No~No~RX~MERCK KGAA",
        "APREPITANT~CAPSULE;ORAL~EMEND~MERCK RES~80MG~N~021549~001~~Mar 26, 2003~Yes~Yes~RX~MERCK RESEARCH LABORATORIES",
      ].join("\r\n") + "\r\n",
    );
    await importPublicData({ store: `${dir}/ri.db`, orangeBook: `${dir}/ob`, today: TODAY });
    const db = new DatabaseSync(`${dir}/ri.db`, { readOnly: true });
    try {
      const rows = Object.fromEntries(
        (db.prepare("SELECT org_name, status, rule FROM org_matches WHERE registry = 'name'").all() as {
          org_name: string;
          status: string;
          rule: string;
        }[]).map((r) => [r.org_name, `${r.status}: ${r.rule}`]),
      );
      assert.match(rows["MERCK KGAA"], /^UNRESOLVED: .*not linked: the rest is only a legal form/);
      assert.match(
        rows["MERCK RESEARCH LABORATORIES"],
        /^MATCHED: its name begins with the applicant's full name MERCK$/,
      );
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a trial sponsor and an applicant whose names differ only by a pharmaceutical or legal suffix are one company, unless another company's name begins with the same words", async () => {
  const SAMPLES = new URL("../../../shared/public-samples/", import.meta.url).pathname;
  const REPORT_OB = new URL("../report/fixtures/orange_book_families/", import.meta.url).pathname;
  const dir = await Deno.makeTempDir({ prefix: "ri-leading-words-" });
  try {
    // The report's edition (BOEHRINGER INGELHEIM PHARMACEUTICALS INC files Gilotrif and Jardiance; the
    // ClinicalTrials.gov sample's sponsor is "Boehringer Ingelheim"), plus applicants beside the sample's
    // sponsors "Novartis", "Takeda" and "University of Miami".
    const ob = `${dir}/ob`;
    await Deno.mkdir(ob);
    for (const f of ["products.txt", "patent.txt", "exclusivity.txt"]) {
      await Deno.copyFile(`${REPORT_OB}${f}`, `${ob}/${f}`);
    }
    const line = (ingredient: string, trade: string, no: string, full: string) =>
      `${ingredient}~TABLET;ORAL~${trade}~${
        full.split(" ")[0]
      }~10MG~N~${no}~001~~Jan 2, 2015~Yes~Yes~RX~${full}`;
    const products = (await Deno.readTextFile(`${ob}/products.txt`)).trimEnd();
    await Deno.writeTextFile(
      `${ob}/products.txt`,
      [
        products,
        line("VALSARTAN", "DIOVAN", "990001", "NOVARTIS PHARMS CORP"),
        line("PIOGLITAZONE HYDROCHLORIDE", "ACTOS", "990002", "TAKEDA PHARMS USA INC"),
        line("LANSOPRAZOLE", "PREVACID", "990003", "TAKEDA CHEMICAL INDUSTRIES LTD"),
        line("ADENOSINE", "ADENOSCAN", "990004", "UNIVERSITY OF MIAMI MEDICAL CENTER"),
      ].join("\n") + "\n",
    );
    const store = `${dir}/ri.db`;
    await importPublicData({ store, orangeBook: ob, ctgov: `${SAMPLES}clinicaltrials_gov_v2`, today: TODAY });
    const db = new DatabaseSync(store, { readOnly: true });
    try {
      const decision = (org: string) =>
        db.prepare(
          "SELECT status, registry_name, rule FROM org_matches WHERE registry = 'name' AND org_name = ?",
        ).get(org) as { status: string; registry_name: string; rule: string } | undefined;
      const top = (name: string) =>
        (db.prepare(
          "SELECT t.name FROM organizations o JOIN organizations t ON t.id = o.ultimate_parent_id WHERE o.name = ?",
        ).get(name) as { name: string }).name;
      // Joined, with the rule recorded.
      const bi = decision("BOEHRINGER INGELHEIM PHARMACEUTICALS INC");
      assert.equal(bi?.status, "MATCHED");
      assert.equal(bi?.registry_name, "Boehringer Ingelheim");
      assert.match(
        bi!.rule,
        /trial sponsor Boehringer Ingelheim's followed by a pharmaceutical or legal suffix/,
      );
      assert.equal(top("BOEHRINGER INGELHEIM PHARMACEUTICALS INC"), top("Boehringer Ingelheim"));
      assert.equal(decision("NOVARTIS PHARMS CORP")?.status, "MATCHED");
      assert.equal(top("NOVARTIS PHARMS CORP"), top("Novartis"));
      // Another company's name begins with "Takeda" (TAKEDA CHEMICAL INDUSTRIES LTD): not decidable, recorded, not joined.
      const takeda = decision("TAKEDA PHARMS USA INC");
      assert.equal(takeda?.status, "UNRESOLVED");
      assert.match(takeda!.rule, /not linked: TAKEDA CHEMICAL INDUSTRIES LTD also begins with that name/);
      assert.notEqual(top("TAKEDA PHARMS USA INC"), top("Takeda"));
      assert.notEqual(top("TAKEDA CHEMICAL INDUSTRIES LTD"), top("Takeda"));
      // A medical center is not its university: no decision, two organizations.
      assert.equal(decision("UNIVERSITY OF MIAMI MEDICAL CENTER"), undefined);
      assert.notEqual(top("UNIVERSITY OF MIAMI MEDICAL CENTER"), top("University of Miami"));
    } finally {
      db.close();
    }
    // The sponsor scan of the trial sponsor's name counts the applicant's approvals: as the sandbox says the
    // family, and on the spec's terms alone (the report's one rule, companiesByName).
    for (const profile of ["full", "spec-minimal"] as const) {
      await using sb = await startSandbox({ store, quiet: true, profile });
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      const r = await resolveOrganization(ri, "Boehringer Ingelheim");
      assert.equal(r.status, "resolved", profile);
      const units = r.families.flatMap((f) => f.units.map((u) => u.name));
      assert.ok(
        units.includes("BOEHRINGER INGELHEIM PHARMACEUTICALS INC"),
        `${profile}: ${units.join("; ")}`,
      );
      const scan = await sponsorScan(ri, { sponsor: "Boehringer Ingelheim" });
      assert.deepEqual(
        (scan.approvals.getColumn("trade_name").toArray() as string[]).sort(),
        ["GILOTRIF", "JARDIANCE"],
        profile,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
