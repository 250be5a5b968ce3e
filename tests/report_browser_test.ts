/**
 * The report in a real browser: generates `report.html` with the demo (`main.ts`, sandbox at the tiny scale)
 * into a temporary folder, opens it in headless Chromium driven over the DevTools protocol (a WebSocket from
 * Deno, no extra dependency), fails on any console error, uncaught exception or failed resource, checks
 * every image decoded, and saves a full-page screenshot (its path is printed; `RI_SCREENSHOT` sets it).
 *
 * Chromium is `/usr/bin/chromium` (Debian's `chromium` package) or `RI_CHROMIUM`. When it is missing the
 * test is reported as ignored with the reason in its name; with `RI_REQUIRE_CHROMIUM=1` (set by `.ci/run`)
 * a missing Chromium is a failure instead.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CHROMIUM = Deno.env.get("RI_CHROMIUM") ?? "/usr/bin/chromium";
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WIDTH = 1280;

const missing = await Deno.stat(CHROMIUM).then(() => "", () => `chromium not installed (${CHROMIUM})`);

// deno-lint-ignore no-explicit-any
type Json = any;

/** A minimal DevTools protocol client: numbered commands, events to listeners, flat sessions. */
class Cdp {
  #ws: WebSocket;
  #id = 0;
  #pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void; method: string }>();
  readonly events: { method: string; params: Json; sessionId?: string }[] = [];
  #waiters: { test: (e: { method: string; params: Json }) => boolean; resolve: () => void }[] = [];

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.id !== undefined) {
        const p = this.#pending.get(msg.id);
        this.#pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
        else p?.resolve(msg.result);
        return;
      }
      this.events.push(msg);
      this.#waiters = this.#waiters.filter((w) => (w.test(msg) ? (w.resolve(), false) : true));
    };
  }

  static connect(url: string): Promise<Cdp> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.onopen = () => resolve(new Cdp(ws));
      ws.onerror = (e) =>
        reject(new Error(`DevTools WebSocket ${url}: ${(e as ErrorEvent).message ?? e.type}`));
    });
  }

  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    const id = ++this.#id;
    this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject, method }));
  }

  /** Resolves at the first event (already seen or future) that passes `test`. */
  waitFor(test: (e: { method: string; params: Json }) => boolean): Promise<void> {
    if (this.events.some(test)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  close(): Promise<void> {
    if (this.#ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    const closed = new Promise<void>((resolve) => (this.#ws.onclose = () => resolve()));
    this.#ws.close();
    return closed;
  }
}

/**
 * Generates a report at the tiny scale into `dir` (the demo without `args`, else the report command with
 * them); returns the path of `report.html`.
 */
async function generateReport(dir: string, args: string[] = []): Promise<string> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...(args.length ? [...args, "--out", dir] : [])],
    cwd: ROOT,
    env: { RI_OUT_DIR: dir, RI_SCALE: "tiny", NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const html = join(dir, "report.html");
  const log = new TextDecoder().decode(stderr);
  assert.equal(code, 0, `the demo failed (exit ${code}):\n${log.slice(-2000)}`);
  await Deno.stat(html).catch(() => assert.fail(`the demo wrote no ${html}:\n${log.slice(-2000)}`));
  return html;
}

/** Starts headless Chromium with a fresh profile; resolves with the browser's DevTools WebSocket URL. */
async function launch(
  profile: string,
): Promise<{ child: Deno.ChildProcess; url: string; log: () => string; drained: Promise<void> }> {
  const child = new Deno.Command(CHROMIUM, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      `--window-size=${WIDTH},900`,
      "about:blank",
    ],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const reading = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) text += chunk;
  })();
  const url = await new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const m = text.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) {
        clearInterval(poll);
        resolve(m[1]);
      }
    }, 50);
    child.status.then((s) => {
      clearInterval(poll);
      reject(new Error(`chromium exited (${s.code}) before DevTools listened:\n${text.slice(-2000)}`));
    });
  });
  return { child, url, log: () => text, drained: reading };
}

/** What went wrong in the page, as readable lines. */
function problems(events: Cdp["events"]): string[] {
  const out: string[] = [];
  for (const { method, params: p } of events) {
    if (method === "Runtime.consoleAPICalled" && (p.type === "error" || p.type === "assert")) {
      out.push(`console.${p.type}: ${p.args.map((a: Json) => a.value ?? a.description ?? "").join(" ")}`);
    } else if (method === "Runtime.exceptionThrown") {
      out.push(`uncaught: ${p.exceptionDetails.exception?.description ?? p.exceptionDetails.text}`);
    } else if (method === "Log.entryAdded" && p.entry.level === "error") {
      out.push(`log (${p.entry.source}): ${p.entry.text}${p.entry.url ? ` ${p.entry.url}` : ""}`);
    } else if (method === "Network.loadingFailed" && !p.canceled) {
      out.push(`failed resource (${p.type}): ${p.errorText} ${p.blockedReason ?? ""}`.trim());
    } else if (method === "Network.responseReceived" && p.response.status >= 400) {
      out.push(`HTTP ${p.response.status}: ${p.response.url}`);
    }
  }
  return out;
}

interface Opened {
  /** Console errors, uncaught exceptions and failed resources, as readable lines. */
  readonly issues: string[];
  /** What the page holds. */
  readonly page: {
    title: string;
    images: number;
    broken: string[];
    svgs: number;
    tables: number;
    overflowX: number;
    scrolling: string[];
    headers: string[];
    dtypeLines: number;
    charts: { png: string; width: number; box: number; data: string[] }[];
  };
  /** Full-page screenshot (PNG bytes) and its height in CSS pixels. */
  readonly png: Uint8Array;
  readonly height: number;
}

/** Opens `html` in a fresh headless Chromium, waits for load and images, takes a full-page screenshot. */
async function openInChromium(html: string): Promise<Opened> {
  const profile = await Deno.makeTempDir({ prefix: "ri_chromium_profile_" });
  const { child, url, log, drained } = await launch(profile);
  const cdp = await Cdp.connect(url);
  try {
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
    for (const domain of ["Page", "Runtime", "Log", "Network"]) {
      await cdp.send(`${domain}.enable`, {}, sessionId);
    }
    const viewport = (height: number) =>
      cdp.send("Emulation.setDeviceMetricsOverride", {
        width: WIDTH,
        height,
        deviceScaleFactor: 1,
        mobile: false,
      }, sessionId);
    await viewport(900);
    const loaded = cdp.waitFor((e) => e.method === "Page.loadEventFired");
    const nav = await cdp.send("Page.navigate", { url: pathToFileURL(html).href }, sessionId);
    assert.equal(nav.errorText, undefined, `navigation failed: ${nav.errorText}`);
    await loaded;
    const page = (await cdp.send("Runtime.evaluate", {
      expression: `(async () => {
        await Promise.all([...document.images].map((i) => i.decode().catch(() => {})));
        return {
          title: document.title,
          images: document.images.length,
          broken: [...document.images].filter((i) => !i.complete || i.naturalWidth === 0)
            .map((i) => i.alt || i.src.slice(0, 80)),
          svgs: document.querySelectorAll("svg").length,
          tables: document.querySelectorAll("table").length,
          overflowX: document.documentElement.scrollWidth - window.innerWidth,
          // Tables wider than their box (they would scroll sideways), by heading.
          scrolling: [...document.querySelectorAll(".ri-frame")].filter((f) => f.scrollWidth > f.clientWidth + 1)
            .map((f) => f.firstElementChild?.textContent ?? "?"),
          headers: [...document.querySelectorAll(".ri-frame th")].map((th) => th.textContent),
          dtypeLines: document.querySelectorAll(".ri-dtype").length,
          charts: [...document.querySelectorAll(".chart")].map((c) => ({
            png: c.dataset.png,
            width: Math.round(c.querySelector("svg").getBoundingClientRect().width),
            box: Math.round(c.clientWidth),
            data: [...(c.nextElementSibling?.classList.contains("chart-data")
              ? c.nextElementSibling.querySelectorAll("a") : [])].map((a) => a.getAttribute("href")),
          })),
        };
      })()`,
      awaitPromise: true,
      returnByValue: true,
    }, sessionId)).result.value;
    // Full-page screenshot: the viewport grown to the content height.
    const { cssContentSize } = await cdp.send("Page.getLayoutMetrics", {}, sessionId);
    const height = Math.ceil(cssContentSize.height);
    await viewport(height);
    const shot = await cdp.send(
      "Page.captureScreenshot",
      { format: "png", captureBeyondViewport: true },
      sessionId,
    );
    const png = Uint8Array.from(atob(shot.data), (c) => c.charCodeAt(0));
    await cdp.send("Browser.close").catch(() => {});
    return { issues: problems(cdp.events), page, png, height };
  } catch (e) {
    throw new Error(
      `${e instanceof Error ? e.message : e}\n--- chromium stderr (tail) ---\n${log().slice(-1500)}`,
    );
  } finally {
    await cdp.close();
    try {
      child.kill("SIGKILL");
    } catch { /* already exited */ }
    await child.status;
    await drained;
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

if (missing && Deno.env.get("RI_REQUIRE_CHROMIUM") === "1") {
  Deno.test("report in a browser: chromium is required (RI_REQUIRE_CHROMIUM=1)", () => {
    assert.fail(`RI_REQUIRE_CHROMIUM=1 but ${missing}; install Debian's chromium package`);
  });
} else if (missing) {
  console.log(`report in a browser: SKIPPED — ${missing}`);
  Deno.test({ name: `report in a browser: SKIPPED — ${missing}`, ignore: true, fn: () => {} });
} else {
  Deno.test("report.html opens in headless Chromium with no console error or failed resource", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_report_browser_" });
    const { issues, page, png, height } = await openInChromium(await generateReport(dir));
    assert.deepEqual(issues, [], `the page reported problems:\n${issues.join("\n")}`);
    assert.deepEqual(page.broken, [], "every image decodes");
    assert.ok(
      page.images + page.svgs >= 9,
      `the charts are on the page (${page.images} img, ${page.svgs} svg)`,
    );
    assert.ok(page.tables >= 1, "the tables are on the page");
    assert.ok(page.overflowX <= 0, `no horizontal scrolling at ${WIDTH}px (overflow ${page.overflowX}px)`);
    assert.deepEqual([...png.slice(1, 4)], [80, 78, 71], "a PNG");
    // The report and the screenshot stay in the temporary folder for a look.
    const path = Deno.env.get("RI_SCREENSHOT") ?? join(dir, "report_fullpage.png");
    await Deno.writeFile(path, png);
    console.log(
      `report in a browser: "${page.title}", ${page.images} images, ${page.svgs} svgs, ${page.tables} tables, ` +
        `${WIDTH}×${height} px; screenshot ${path}`,
    );
  });

  Deno.test("the report for two sponsors and a condition at 1280 px: no sideways scroll, charts at page width with their data exported, headers as labels", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_report_two_" });
    const html = await generateReport(dir, ["--sponsors", "Pfizer,Novartis", "--condition", "lung cancer"]);
    const { issues, page, png } = await openInChromium(html);
    assert.deepEqual(issues, [], issues.join("\n"));
    assert.ok(page.overflowX <= 0, `no horizontal scrolling at ${WIDTH}px (overflow ${page.overflowX}px)`);
    assert.deepEqual(page.scrolling, [], "no table scrolls sideways");
    assert.equal(page.dtypeLines, 0, "no dtype line under the headers");
    const names = page.headers.filter((h) => /_|^[a-z]/.test(h));
    assert.deepEqual(names, [], "every header is a label (no snake_case, capitalised)");
    assert.ok(page.charts.length >= 7, `${page.charts.length} charts`);
    const files = new Set([...Deno.readDirSync(dir)].map((e) => e.name));
    const XLSX = await import("@e965/xlsx");
    const wb = XLSX.read(await Deno.readFile(join(dir, "report.xlsx")));
    const contents = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Contents, { header: 1 });
    const csvOfSheet = new Map(contents.slice(4).map((r) => [String(r[4]), String(r[0])]));
    for (const c of page.charts) {
      // The page's content box is about 990 px; a chart drawn at 550 px in it would waste half of it.
      assert.ok(c.width >= c.box * 0.9, `${c.png}: ${c.width} px wide in a ${c.box} px box`);
      assert.ok(c.data.length > 0, `${c.png}: the page links the chart's data`);
      for (const f of c.data) {
        assert.ok(files.has(f), `${c.png}: ${f} written`);
        assert.ok(wb.SheetNames.includes(csvOfSheet.get(f) ?? ""), `${c.png}: ${f} is a workbook sheet`);
      }
    }
    const path = join(dir, "report_two_sponsors.png");
    await Deno.writeFile(path, png);
    console.log(`two sponsors: ${page.charts.length} charts, ${page.tables} tables; screenshot ${path}`);
  });

  Deno.test("openInChromium() catches a console error, an uncaught exception and a missing image", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_browser_selfcheck_" });
    const html = join(dir, "bad.html");
    await Deno.writeTextFile(
      html,
      `<!doctype html><title>bad</title><img alt="missing" src="missing.png">` +
        `<script>console.error("boom");</script><script>throw new Error("thrown");</script>`,
    );
    const { issues, page } = await openInChromium(html);
    await Deno.remove(dir, { recursive: true });
    assert.ok(issues.some((i) => i.includes("console.error: boom")), issues.join("\n"));
    assert.ok(issues.some((i) => i.startsWith("uncaught:") && i.includes("thrown")), issues.join("\n"));
    assert.ok(issues.some((i) => /failed resource|missing\.png/.test(i)), issues.join("\n"));
    assert.deepEqual(page.broken, ["missing"]);
  });
}
