/**
 * The report on imported public data (the fixture files through `deno task import`), where sections come
 * back empty: an empty catalyst calendar and an empty Medicare section are sentences that count from the
 * store's reference day (2026-11-21, not the wall clock), the header names the imported sources, and the
 * page's text carries no stored code, entity key, column name or loopback address.
 */
import assert from "node:assert/strict";
import { dropStore, importedStore } from "../sandbox/_helpers.ts";
import { codesIn, pageText } from "./_codes.ts";
import { taskFlags } from "../_tasks.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;
const flags = taskFlags("report");

Deno.test("report on an imported store: empty sections are sentences from the data's reference day, in words", async () => {
  const store = await importedStore();
  const out = `${store.replace(/\/ri\.db$/, "")}/out`;
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        config,
        ...flags,
        main,
        "--store",
        store,
        "--sponsors",
        "Pfizer",
        "--indication",
        "EFO:0003060",
        "--window-days",
        "30",
        "--sections",
        "catalysts,regulatory,medicare,exclusivity",
        "--formats",
        "html",
        "--out",
        out,
      ],
      env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", INIT_CWD: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, err.slice(-3000));
    const html = await Deno.readTextFile(`${out}/report.html`);
    const text = pageText(html);
    assert.match(text, /Data: imported public data: \S/);
    assert.doesNotMatch(html, /127\.0\.0\.1/);
    // The fixture's catalysts lie beyond 30 days: the calendar is one sentence, counted from the store's day.
    const empty = [...html.matchAll(/<p class="empty"[^>]*>([\s\S]*?)<\/p>/g)].map((m) =>
      pageText(m[1].replace(/<\/?span[^>]*>/g, "")).trim()
    );
    assert.ok(
      empty.includes(
        "No approval, patent expiry or exclusivity expiry of Pfizer within 30 days of 2026-11-21; " +
          "the widest window (--window-days 3650) may find some.",
      ),
      empty.join("\n"),
    );
    assert.doesNotMatch(text, /today 20\d\d-/, "no wall-clock 'today'");
    const found = codesIn(text);
    assert.deepEqual(found, [], `on the page:\n${found.join("\n")}`);
  } finally {
    await dropStore(store);
  }
});
