/**
 * Headless Chromium driven over the DevTools protocol (a WebSocket from Deno, no extra dependency), for the
 * browser tests: open a local HTML file with a fresh profile, collect console errors, uncaught exceptions and
 * failed resources, evaluate an expression in the page, take a full-page screenshot.
 *
 * Chromium is `/usr/bin/chromium` (Debian's `chromium` package) or `RI_CHROMIUM`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

/** The Chromium binary. */
export const CHROMIUM: string = Deno.env.get("RI_CHROMIUM") ?? "/usr/bin/chromium";
/** Viewport width in CSS pixels. */
export const WIDTH = 1280;
/** Why the browser tests cannot run ("" when Chromium is there). */
export const chromiumMissing: string = await Deno.stat(CHROMIUM).then(
  () => "",
  () => `chromium not installed (${CHROMIUM})`,
);

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
    // Chromium's own temporary folder (org.chromium.Chromium.*, left behind when it is killed) goes into
    // the profile, which is removed afterwards: a test leaves nothing in the system's temporary folder.
    env: { TMPDIR: profile },
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

/** What {@linkcode openInChromium} saw. */
export interface Opened<T> {
  /** Console errors, uncaught exceptions and failed resources, as readable lines. */
  readonly issues: string[];
  /** The value of the evaluated expression. */
  readonly value: T;
  /** Full-page screenshot (PNG bytes) and its height in CSS pixels. */
  readonly png: Uint8Array;
  readonly height: number;
}

/**
 * Opens `html` in a fresh headless Chromium, waits for load, evaluates `expression` in the page (awaited,
 * returned by value), takes a full-page screenshot.
 */
export async function openInChromium<T = Json>(html: string, expression: string): Promise<Opened<T>> {
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
    const value = (await cdp.send("Runtime.evaluate", {
      expression,
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
    return { issues: problems(cdp.events), value, png, height };
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
