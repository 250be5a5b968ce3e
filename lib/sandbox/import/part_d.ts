/**
 * CMS "Medicare Part D Spending by Drug" (the wide CSV: one row per brand × generic × manufacturer plus the
 * `Overall` row of each brand/generic pair, then five years of `Tot_Spndng_<year>`, `Tot_Clms_<year>`,
 * `Tot_Benes_<year>` … columns) → the store's Medicare drug rows.
 *
 * - The years are read from the header (`Tot_Spndng_<yyyy>`), never assumed; the latest is served as
 *   the spending year (`year`) and recorded as the edition.
 * - One row per brand/generic pair, from its `Overall` row (the sum of its manufacturers); a pair listed
 *   without one (a single manufacturer) uses its manufacturer row. Manufacturer rows are never added
 *   to an `Overall` row.
 * - Spending is gross (before rebates). A pair without spending in the latest year is left out;
 *   suppressed counts (fewer than 11, an empty cell) are stored as 0.
 * - The brand is a brand name unless it equals the generic name (an unbranded generic row).
 * - Keyed by the pair (`partd:<brand>|<generic>`): a re-import replaces the whole set (a newer edition
 *   is a new five-year window).
 *
 * @module
 */
import { batched, type ImportStore } from "./_store.ts";
import { csvSink, readSource } from "./_read.ts";

interface Row {
  brand: string;
  generic: string;
  spend: number;
  claims: number;
  benes: number;
}

const num = (s: string | undefined): number | undefined => {
  const t = (s ?? "").replace(/[$,\s]/g, "");
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};

/** `apixaban` / `APIXABAN` → `Apixaban` (Part D's generic names are mostly in this form already). */
function titleCase(s: string): string {
  return s === s.toUpperCase() || s === s.toLowerCase()
    ? s.toLowerCase().replace(/(^|[\s/(-])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase())
    : s;
}

/** Import the Part D CSV at `path`; returns the rows written and the spending year. */
export async function importPartD(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string; year: number }> {
  const { db } = store;
  let col: Map<string, number> | undefined;
  let year = 0;
  const pairs = new Map<string, Row>();
  const overall = new Set<string>();
  const cell = (f: string[], name: string) => f[col!.get(name.toLowerCase()) ?? -1];
  await readSource(path, () =>
    csvSink((f) => {
      if (!col) {
        col = new Map(f.map((c, i) => [c.replace(/^\uFEFF/, "").trim().toLowerCase(), i]));
        const years = [...col.keys()].map((c) => /^tot_spndng_(\d{4})$/.exec(c)?.[1]).filter(Boolean).map(
          Number,
        );
        const missing = ["Brnd_Name", "Gnrc_Name", "Mftr_Name"].filter((c) => !col!.has(c.toLowerCase()));
        if (missing.length || years.length === 0) {
          throw new RangeError(
            `--part-d: ${path} has no ${
              [...missing, ...(years.length ? [] : ["Tot_Spndng_<year>"])].join(", ")
            } ` +
              `column (header: ${
                f.join(",").slice(0, 120)
              }); give the "Medicare Part D Spending by Drug" CSV`,
          );
        }
        year = Math.max(...years);
        return;
      }
      const brand = (cell(f, "Brnd_Name") ?? "").trim(), generic = (cell(f, "Gnrc_Name") ?? "").trim();
      if (!generic) return;
      const spend = num(cell(f, `Tot_Spndng_${year}`));
      const isOverall = (cell(f, "Mftr_Name") ?? "").trim().toLowerCase() === "overall";
      const id = `${brand}|${generic}`;
      if (spend === undefined) return;
      if (!isOverall && (overall.has(id) || pairs.has(id))) {
        // A second manufacturer row without an Overall row yet: wait for it (never sum manufacturers).
        if (!overall.has(id)) pairs.set(id, { ...pairs.get(id)!, spend: Number.NaN });
        return;
      }
      if (isOverall) overall.add(id);
      pairs.set(id, {
        brand,
        generic,
        spend,
        claims: num(cell(f, `Tot_Clms_${year}`)) ?? 0,
        benes: num(cell(f, `Tot_Benes_${year}`)) ?? 0,
      });
    }));
  db.exec("SAVEPOINT step");
  db.exec(
    "DELETE FROM medicare_brands WHERE medicare_key IN (SELECT key FROM medicare_drugs WHERE key LIKE 'partd:%')",
  );
  db.exec("DELETE FROM medicare_drugs WHERE key LIKE 'partd:%'");
  db.exec("RELEASE step");
  const ins = db.prepare(
    `INSERT INTO medicare_drugs (key, generic_name, brand_names_json, is_branded, total_spending, total_claims,
       total_beneficiaries, chembl_id, match_method, year) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'unmatched', ?)`,
  );
  const insB = db.prepare("INSERT INTO medicare_brands (medicare_key, brand_name) VALUES (?, ?)");
  let rows = 0;
  const tx = batched<Row>(db, 5000, (r) => {
    const branded = r.brand !== "" && r.brand.toLowerCase() !== r.generic.toLowerCase();
    const key = `partd:${r.brand}|${r.generic}`;
    ins.run(
      key,
      titleCase(r.generic),
      JSON.stringify(branded ? [r.brand] : []),
      branded ? 1 : 0,
      r.spend,
      Math.round(r.claims),
      Math.round(r.benes),
      year,
    );
    if (branded) insB.run(key, r.brand);
    rows++;
  });
  for (const r of pairs.values()) if (Number.isFinite(r.spend)) tx.add(r);
  tx.done();
  return { rows, edition: String(year), year };
}
