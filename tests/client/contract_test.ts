/**
 * The contract check (`checkContract`, `deno task contract`) against the sandbox over loopback HTTP,
 * on all three profiles: full (everything present), spec-minimal (every sandbox-chosen field missing,
 * nothing broken) and variant (re-spelt keys reported, nothing broken); the scarce quota spent only
 * when asked; a free-tier key's 402s reported as skipped by tier; the key never in the output.
 */
import assert from "node:assert/strict";
import {
  checkContract,
  type ContractReport,
  createClient,
  type EndpointCheck,
  ENDPOINTS,
} from "../../lib/client/mod.ts";
import { PROFILES } from "../../lib/sandbox/mod.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";

const by = (r: ContractReport, name: string): EndpointCheck => r.endpoints.find((c) => c.endpoint === name)!;
const called = (r: ContractReport) => r.endpoints.filter((c) => c.fields !== undefined);

for (const profile of PROFILES) {
  Deno.test(`checkContract() on the ${profile} profile reports every endpoint and nothing broken`, async () => {
    await withSandbox(async (sb) => {
      const report = await checkContract(clientFor(sb, { retry: 0 }), {
        ids: { authorId: fixtures(sb).authorId },
      });
      assert.deepEqual(report.endpoints.map((c) => c.endpoint), Object.keys(ENDPOINTS));
      const bad = report.endpoints.filter((c) => !["ok", "skipped"].includes(c.status));
      assert.deepEqual(bad, [], `not ok: ${bad.map((c) => `${c.endpoint}: ${c.problem}`).join("; ")}`);
      for (const c of called(report)) {
        assert.equal(c.envelope, "as expected", c.endpoint);
        assert.deepEqual(c.fields!.spec.missing, [], `${c.endpoint} misses spec-named fields`);
        assert.ok(c.calls === 1, `${c.endpoint}: ${c.calls} calls`);
      }
      // Every key the sandbox sends is declared (spec-minimal drops what the schemas mark chosen).
      const unknown = called(report).flatMap((c) => c.fields!.unknown.map((k) => `${c.endpoint} ${k}`));
      assert.deepEqual(unknown, []);
      const skipped = report.endpoints.filter((c) => c.status === "skipped").map((c) => c.endpoint);
      assert.equal(by(report, "diseases.landscape").skipped?.reason, "quota");
      if (profile === "full") {
        assert.deepEqual(skipped, ["diseases.landscape"]);
        for (const c of called(report)) assert.deepEqual(c.fields!.chosen.missing, [], c.endpoint);
        assert.ok(called(report).every((c) => c.fields!.respelt.length === 0));
        // Every list answered with rows, so its row fields were audited (the portfolio's sponsor is a
        // sponsor of a trial in the condition, found by the composite search).
        assert.deepEqual(called(report).filter((c) => c.rows === 0).map((c) => c.endpoint), []);
      } else if (profile === "spec-minimal") {
        // The alert id is a field the spec does not name: without it, the single alert cannot be asked for.
        assert.deepEqual(skipped, ["diseases.landscape", "alerts.get"]);
        assert.match(by(report, "alerts.get").skipped!.why, /no alertId found \(offered by alerts\.list/);
        for (const c of called(report)) assert.deepEqual(c.fields!.chosen.present, [], c.endpoint);
        const withChosen = called(report).filter((c) => c.fields!.chosen.missing.length > 0);
        assert.ok(
          withChosen.length >= 20,
          `only ${withChosen.length} endpoints report chosen fields missing`,
        );
        assert.ok(by(report, "trials.search").fields!.chosen.missing.includes("data[].sponsors"));
      } else {
        assert.deepEqual(skipped, ["diseases.landscape"]);
        for (const c of called(report)) assert.deepEqual(c.fields!.chosen.missing, [], c.endpoint);
        assert.deepEqual(by(report, "trials.search").fields!.respelt, [
          { declared: "data[].completion_date", seen: "completionDate" },
        ]);
        const respelt = called(report).reduce((n, c) => n + c.fields!.respelt.length, 0);
        assert.ok(respelt >= 40, `${respelt} re-spelt keys reported`);
      }
    }, { profile });
  });
}

Deno.test("checkContract() spends the disease-landscape quota only when asked", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    const fx = fixtures(sb);
    const first = await checkContract(ri);
    assert.equal(by(first, "diseases.landscape").calls, 0);
    // The one call of the day is still there: the check did not spend it.
    await ri.diseases.landscape({ efo_id: fx.efoId });
    const spent = await checkContract(ri, { spendQuota: true });
    const c = by(spent, "diseases.landscape");
    assert.equal(c.status, "skipped");
    assert.deepEqual([c.skipped?.reason, c.http], ["quota", 429]);
  }, { quotas: { "diseases.landscape": { pos: 1 } } });
  await withSandbox(async (sb) => {
    const c = by(await checkContract(clientFor(sb), { spendQuota: true }), "diseases.landscape");
    assert.deepEqual([c.status, c.calls, c.envelope], ["ok", 1, "as expected"]);
  });
});

Deno.test("checkContract() with a free-tier key reports the 402 endpoints as skipped by tier", async () => {
  await withSandbox(async (sb) => {
    const report = await checkContract(createClient({ baseUrl: sb.url, apiKey: sb.keys.free, retry: 0 }));
    const byTier = report.endpoints.filter((c) => c.skipped?.reason === "tier");
    const above = Object.values(ENDPOINTS).filter((e) => e.tier !== "any" && e.name !== "diseases.landscape");
    assert.deepEqual(byTier.map((c) => c.endpoint).sort(), above.map((e) => e.name).sort());
    for (const c of byTier) {
      // The patent record needs an id from the patent search, which answered 402: not called.
      const expected = c.endpoint === "patents.get" ? [null, 0] : [402, 1];
      assert.deepEqual([c.http, c.calls], expected, c.endpoint);
    }
    assert.equal(report.summary.error + report.summary.broken, 0);
    // Told the tier, it does not call them at all.
    const told = await checkContract(createClient({ baseUrl: sb.url, apiKey: sb.keys.free }), {
      tier: "free",
    });
    assert.ok(told.endpoints.filter((c) => c.skipped?.reason === "tier").every((c) => c.calls === 0));
  });
});

async function cli(env: Record<string, string>, out: string, extra: string[] = []) {
  const r = await new Deno.Command(Deno.execPath(), {
    // The task's own least-privilege flags (deno.json "contract"), with the JSON written to a temp file.
    args: [
      "run",
      "--allow-net",
      "--allow-env=RI_BASE_URL,RI_API_KEY",
      `--allow-write=${out}`,
      "tools/contract.ts",
    ]
      .concat(["--out", out], extra),
    cwd: new URL("../../", import.meta.url),
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: r.code, stdout: text(r.stdout), stderr: text(r.stderr) };
}

Deno.test("deno task contract with RI_BASE_URL/RI_API_KEY prints the table, writes JSON, never the key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/contract.json`;
    await withSandbox(async (sb) => {
      const r = await cli({ RI_BASE_URL: sb.url, RI_API_KEY: sb.keys.pos }, out);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /trials\.search +ok +2xx/);
      assert.match(r.stdout, /diseases\.landscape +skipped .*quota/);
      const json = await Deno.readTextFile(out);
      assert.equal(JSON.parse(json).endpoints.length, Object.keys(ENDPOINTS).length);
      for (const text of [r.stdout, r.stderr, json]) assert.ok(!text.includes(sb.keys.pos), "the key leaked");
    }, { profile: "variant" });
    // RI_BASE_URL and RI_API_KEY swapped: the "URL" is the key, and it is never quoted.
    const swapped = await cli(
      { RI_BASE_URL: "demo-secret-key-42", RI_API_KEY: "https://ri.example.com" },
      out,
    );
    assert.equal(swapped.code, 2);
    assert.match(swapped.stderr, /RI_BASE_URL and RI_API_KEY look swapped/);
    assert.ok(!(swapped.stdout + swapped.stderr).includes("demo-secret-key-42"), "the key leaked");
    const none = await cli({ RI_BASE_URL: "", RI_API_KEY: "" }, out);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /RI_BASE_URL is not set[\s\S]*export RI_BASE_URL=[\s\S]*--sandbox/);
    // A misspelt profile is named, with the ones there are, before any sandbox starts.
    const typo = await cli({}, out, ["--sandbox", "varient"]);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /--sandbox takes one of full, spec-minimal, variant, got "varient"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
