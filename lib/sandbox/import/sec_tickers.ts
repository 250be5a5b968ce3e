/**
 * SEC's company tickers file (`company_tickers.json`: `{"0": {"cik_str": 320193, "ticker": "AAPL",
 * "title": "Apple Inc."}, …}`, about 10,000 registrants) → `sec_entities` (ticker, CIK as SEC writes it
 * in its URLs — ten digits with leading zeros —, the registrant's name). The LEI of a registrant is not in
 * the file: the linking step (link_orgs.ts) joins it through the GLEIF records by name, so lei-to-ticker
 * and catalysts by `ticker` answer once GLEIF is imported too.
 *
 * - Fields are read by name; an entry without a ticker, a CIK or a title is refused, naming it.
 * - Tickers are stored upper case (SEC writes `BRK-B`); one CIK may have several tickers.
 * - The file is a snapshot: a re-import replaces every row.
 * - The file states no date: the edition is the date its name carries (`company_tickers_2024-11-01.json`),
 *   else `undated` — never the day the file was copied.
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { fileError, readSource, wholeSink } from "./_read.ts";

/** Import SEC's company tickers JSON at `path`. */
export async function importSecTickers(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const entries: { ticker: string; cik: string; name: string }[] = [];
  let files = 0, edition = "";
  await readSource(path, (file) => {
    if (!file.toLowerCase().endsWith(".json")) return undefined;
    files++;
    const m = /(\d{4})-?(\d{2})-?(\d{2})/.exec(file.split("/").pop() ?? file);
    if (m) edition = `${m[1]}-${m[2]}-${m[3]}`;
    return wholeSink((text) => {
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        throw fileError("--sec-tickers", file, 1, text.trim(), "JSON (SEC's company_tickers.json)");
      }
      if (typeof v !== "object" || v === null || Array.isArray(v)) {
        throw fileError(
          "--sec-tickers",
          file,
          1,
          text.trim(),
          'SEC\'s company_tickers.json ({"0": {"cik_str", "ticker", "title"}, …})',
        );
      }
      for (const [k, e] of Object.entries(v as Record<string, Record<string, unknown>>)) {
        const ticker = typeof e?.ticker === "string" ? e.ticker.trim().toUpperCase() : "";
        const cik = typeof e?.cik_str === "number" || typeof e?.cik_str === "string"
          ? String(e.cik_str).trim()
          : "";
        const name = typeof e?.title === "string" ? e.title.trim() : "";
        if (!ticker || !/^\d{1,10}$/.test(cik) || !name) {
          throw fileError(
            "--sec-tickers",
            file,
            undefined,
            `"${k}": ${JSON.stringify(e)}`,
            "an entry with cik_str (digits), ticker and title",
          );
        }
        entries.push({ ticker, cik: cik.padStart(10, "0"), name });
      }
    });
  });
  if (files === 0 || entries.length === 0) {
    throw new RangeError(
      `--sec-tickers: no ticker in ${path}; give SEC's company_tickers.json ` +
        "(https://www.sec.gov/files/company_tickers.json)",
    );
  }
  db.exec("DELETE FROM sec_entities");
  const ins = db.prepare(
    `INSERT INTO sec_entities (ticker, cik, name, lei) VALUES (?, ?, ?, NULL)
     ON CONFLICT(ticker) DO UPDATE SET cik = excluded.cik, name = excluded.name`,
  );
  for (const e of entries) ins.run(e.ticker, e.cik, e.name);
  return { rows: entries.length, edition: edition || "undated" };
}
