/**
 * The loss-of-exclusivity calls beyond the catalysts, against raw HTTP of the sandbox: approval-record
 * expiries of exact trade names (any case; partial search matches dropped), each sponsor's approved drugs
 * (the share's denominator) and each drug's molecule ids. What the service cannot show is said: records
 * without dates (`dated: false`, via a loopback proxy that drops them), trade names whose call failed.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { drugForms, recordExpiries, sponsorDrugs } from "../../lib/analyses/_loe_fetch.ts";
import { raw, rawAll, withSandbox } from "../frames/_raw.ts";
import { hostile } from "../_hostile.ts";

type Sb = Parameters<Parameters<typeof withSandbox>[0]>[0];
type Rec = {
  trade_name: string;
  drugs: { name: string }[];
  patents: { expiry_date?: string }[];
  exclusivities: { code?: string; expiry_date?: string }[];
};
const line = (
  r: { trade_name: string; drug_names: readonly string[]; code: string | null; expiry_date: unknown },
) => `${r.trade_name}|${r.drug_names.join(",")}|${r.code}|${r.expiry_date}`;

/** Every dated expiry of the records whose trade name is `trade` (any case), from raw HTTP (`noCodes`: as if no exclusivity had a code). */
async function expiriesOf(sb: Sb, trade: string, noCodes = false): Promise<string[]> {
  const recs = await rawAll(sb, "/api/v1/regulatory", { trade_name: trade }, (b) => b.data as unknown[]);
  return (recs as unknown as Rec[]).filter((r) => r.trade_name.toLowerCase() === trade.toLowerCase())
    .flatMap((r) => {
      const drug_names = r.drugs.map((d) => d.name);
      const dated = (code: string | null, d?: string) =>
        d && /^\d{4}-\d{2}-\d{2}/.test(d)
          ? [line({ trade_name: r.trade_name, drug_names, code, expiry_date: d })]
          : [];
      return [
        ...r.patents.flatMap((p) => dated(null, p.expiry_date)),
        ...r.exclusivities.flatMap((x) => dated(noCodes ? "" : x.code ?? "", x.expiry_date)),
      ];
    });
}

/** A loopback proxy of the sandbox that rewrites each JSON body with `edit`. */
function proxyOf(sb: Sb, edit: (body: { data?: unknown }, url: URL) => void) {
  return hostile(async (req, url) => {
    const res = await fetch(`${sb.url}${url.pathname}${url.search}`, { headers: req.headers });
    const body = await res.json();
    edit(body, url);
    return Response.json(body, { status: res.status });
  });
}

Deno.test("recordExpiries(): every dated expiry of the records of exactly these trade names", async () => {
  await withSandbox(async (sb, ri) => {
    const c = await raw(sb, "/api/v1/tools/regulatory/catalysts", {
      sponsor: "Pfizer",
      windowDays: 3650,
      limit: 500,
    });
    const names = [...new Set((c.data.events as { trade_name: string | null }[]).map((e) => e.trade_name))]
      .filter((t): t is string => !!t).sort().slice(0, 6);
    const trades = [...names, names[0].toUpperCase(), "Zzzbrandnotreal"];
    const want = (await Promise.all(trades.map((t) => expiriesOf(sb, t)))).flat().sort();
    assert.ok(
      want.some((l) => l.includes("|null|")) && want.some((l) => !l.includes("|null|")),
      "patents and codes",
    );
    const got = await recordExpiries(ri, trades);
    assert.deepEqual(got.rows.map(line).sort(), want);
    assert.deepEqual([got.dated, got.failed, got.metas.length], [true, [], trades.length]);
    const none = await recordExpiries(ri, ["Zzzbrandnotreal"]);
    assert.deepEqual([none.rows, none.dated], [[], true], "no record is not a record without dates");
  });
});

Deno.test("recordExpiries(): records without readable dates say so; a failed call names its trade", async () => {
  await withSandbox(async (sb) => {
    const c = await raw(sb, "/api/v1/regulatory", { limit: 50 });
    const trade = (c.data as Rec[]).find((r) => r.exclusivities.length > 0)!.trade_name;
    const undated = proxyOf(sb, (b) => {
      for (const r of (b.data ?? []) as Rec[]) {
        for (const p of r.patents) delete p.expiry_date;
        for (const x of r.exclusivities) delete x.expiry_date;
      }
    });
    const uncoded = proxyOf(sb, (b) => {
      for (const r of (b.data ?? []) as Rec[]) for (const x of r.exclusivities) delete x.code;
    });
    const failing = hostile(() => Response.json({ success: false, error: "bad request" }, { status: 400 }));
    try {
      const client = (url: string) => createClient({ baseUrl: url, apiKey: sb.keys.pro, retry: 0 });
      const got = await recordExpiries(client(undated.url), [trade]);
      assert.deepEqual([got.rows, got.dated, got.failed], [[], false, []]);
      const codeless = await recordExpiries(client(uncoded.url), [trade]);
      const want = await expiriesOf(sb, trade, true);
      assert.deepEqual(
        codeless.rows.map(line).sort(),
        want.sort(),
        "an exclusivity without a code has code ''",
      );
      const failed = await recordExpiries(client(failing.url), [trade, "Other"]);
      assert.deepEqual([failed.rows, failed.dated, failed.failed.sort()], [
        [],
        true,
        ["Other", trade].sort(),
      ]);
    } finally {
      await Promise.all([undated.close(), uncoded.close(), failing.close()]);
    }
  });
});

Deno.test("recordExpiries(): a trade name past the cap of records read is named as not fetched in full", async () => {
  await withSandbox(async (sb) => {
    const page = await raw(sb, "/api/v1/regulatory", { limit: 1 });
    const rec = page.data[0] as Rec;
    // A register where the trade name's search pages on and on: 5,000 records, 100 a page.
    const endless = hostile((_req, url) => {
      const limit = Number(url.searchParams.get("limit") ?? 100);
      const n = Number(url.searchParams.get("page") ?? 1);
      const data = Array.from({ length: limit }, (_, i) => ({ ...rec, approval_id: `EMA:X${n}-${i}` }));
      return Response.json({ data, meta: { totalItems: 5000, page: n, limit } });
    });
    try {
      const ri = createClient({ baseUrl: endless.url, apiKey: sb.keys.pro, retry: 0 });
      const got = await recordExpiries(ri, [rec.trade_name]);
      assert.deepEqual(got.failed, [`${rec.trade_name} (over 2,000 records)`]);
      assert.equal(got.rows.length, 2000 * (rec.patents.length + rec.exclusivities.length));
    } finally {
      await endless.close();
    }
  });
});

Deno.test("recordExpiries(): one dated expiry is dated; a longer trade name and a record without exclusivities add nothing", async () => {
  await withSandbox(async (sb) => {
    const page = await raw(sb, "/api/v1/regulatory", { limit: 50 });
    const rec = (page.data as (Rec & { approval_id: string })[]).find((r) => r.exclusivities.length > 0)!;
    const x = rec.exclusivities[0];
    // Its drugs plus one without a name (a field the spec does not name): no name, not in drug_names.
    const only = { ...rec, patents: [], exclusivities: [x], drugs: [...rec.drugs, { chembl_id: "CHEMBL1" }] };
    const longer = { ...rec, approval_id: "EMA:LONGER-1", trade_name: `${rec.trade_name}plus` };
    const { exclusivities: _, ...noExclusivities } = { ...rec, approval_id: "EMA:NOEXCL-1", patents: [] };
    const server = hostile(() => {
      const data = [only, longer, noExclusivities];
      return Response.json({ data, meta: { totalItems: data.length, page: 1, limit: 100 } });
    });
    try {
      const ri = createClient({ baseUrl: server.url, apiKey: sb.keys.pro, retry: 0 });
      const got = await recordExpiries(ri, [rec.trade_name]);
      assert.deepEqual(got.rows.map(line), [
        line({
          trade_name: rec.trade_name,
          drug_names: rec.drugs.map((d) => d.name),
          code: x.code!,
          expiry_date: x.expiry_date,
        }),
      ]);
      assert.deepEqual([got.dated, got.failed], [true, []]);
    } finally {
      await server.close();
    }
  });
});

Deno.test("sponsorDrugs(): each sponsor's approved generic names, once; listed only with some", async () => {
  await withSandbox(async (sb, ri) => {
    const sponsors = ["Pfizer", "Novartis"];
    const want: string[] = [];
    const firstOf = new Map<string, string>(); // each sponsor's first listed drug
    for (const sponsor of sponsors) {
      const b = await raw(sb, "/api/v1/tools/regulatory/landscape", { sponsor });
      const rows = [...b.data.biologics, ...b.data.small_molecules_modern, ...b.data.commodities];
      firstOf.set(sponsor, `sponsor:${sponsor}|${rows[0]?.generic_name}`);
      for (const n of new Set(rows.map((r: { generic_name: string }) => r.generic_name))) {
        want.push(`sponsor:${sponsor}|${n}`);
      }
    }
    const got = await sponsorDrugs(ri, sponsors);
    assert.deepEqual(got.rows.map((r) => `${r.entity}|${r.drug_name}`).sort(), want.sort());
    assert.deepEqual([...got.listed].sort(), ["sponsor:Novartis", "sponsor:Pfizer"]);
    assert.equal(got.metas.length, 2);
    // A landscape whose drugs carry empty generic names lists nothing: the sponsor is not listed.
    // Novartis's first drug carries an empty name (left out); Pfizer's all do (not listed).
    const blank = proxyOf(sb, (b, url) => {
      const d = b.data as Record<string, { generic_name?: string }[]>;
      const rows = ["biologics", "small_molecules_modern", "commodities"].flatMap((k) => d[k] ?? []);
      for (const r of url.searchParams.get("sponsor") === "Pfizer" ? rows : rows.slice(0, 1)) {
        r.generic_name = "";
      }
    });
    try {
      const some = await sponsorDrugs(createClient({ baseUrl: blank.url, apiKey: sb.keys.pro }), sponsors);
      const first = firstOf.get("Novartis")!;
      const novartis = want.filter((w) => w.startsWith("sponsor:Novartis|"));
      assert.ok(novartis.length > 1);
      assert.deepEqual(
        some.rows.map((r) => `${r.entity}|${r.drug_name}`).sort(),
        novartis.filter((w) => w !== first),
      );
      assert.deepEqual([...some.listed], ["sponsor:Novartis"]);
    } finally {
      await blank.close();
    }
  });
});

Deno.test("drugForms(): the molecule ids of each drug and its related forms; an unknown drug has none", async () => {
  await withSandbox(async (sb, ri) => {
    const drugs = ["osimertinib", "voxelotor", "lorlatinib", "zzzotinib"];
    const want: string[] = [];
    let withIds = 0;
    let answered = 0;
    const related: string[] = []; // the related forms' ids alone
    for (const drug of drugs) {
      const b = await raw(sb, "/api/v1/tools/biology/drug-to-targets", { drug }).catch(() => null);
      if (b) answered++;
      for (const f of b?.data?.related_forms ?? []) related.push(`${drug}|${f.chembl_id}`);
      const ids = [
        b?.data?.drug?.chembl_id,
        ...(b?.data?.related_forms ?? []).map((f: { chembl_id: string }) => f.chembl_id),
      ]
        .filter(Boolean);
      if (ids.length) withIds++;
      for (const id of new Set(ids)) want.push(`${drug}|${id}`);
    }
    assert.ok(want.some((w) => w.startsWith("osimertinib|")) && withIds < drugs.length);
    const got = await drugForms(ri, drugs);
    assert.deepEqual(got.rows.map((r) => `${r.drug_name}|${r.chembl_id}`).sort(), want.sort());
    assert.equal(got.withIds, withIds);
    assert.equal(got.metas.length, answered, "every answered call is in the provenance");
    // Empty ids are no ids; an answer without the drug object still gives its related forms.
    const empty = proxyOf(sb, (b) => {
      const d = b.data as
        | { drug?: { chembl_id?: string }; related_forms?: { chembl_id?: string }[] }
        | undefined;
      if (d?.drug) d.drug.chembl_id = "";
      for (const f of d?.related_forms ?? []) f.chembl_id = "";
    });
    const noDrug = proxyOf(sb, (b) => void delete (b.data as { drug?: unknown } | undefined)?.drug);
    try {
      const none = await drugForms(createClient({ baseUrl: empty.url, apiKey: sb.keys.pro }), drugs);
      assert.deepEqual([none.rows, none.withIds], [[], 0]);
      const forms = await drugForms(createClient({ baseUrl: noDrug.url, apiKey: sb.keys.pro }), drugs);
      assert.ok(related.length > 0);
      assert.deepEqual(
        forms.rows.map((r) => `${r.drug_name}|${r.chembl_id}`).sort(),
        [...new Set(related)].sort(),
      );
    } finally {
      await Promise.all([empty.close(), noDrug.close()]);
    }
  });
});
