/**
 * `Sandbox.advance` cost: a fresh store per preset advanced 1, 30 and 365 days (each from the same
 * fresh store state), with how much each advance changed.
 * `deno run -A bench/advance_bench.ts [--quick]` (`--quick`: tiny and small; else large too).
 *
 * @module
 */
import { advanceStore } from "../lib/sandbox/store/advance.ts";
import { createStore } from "../lib/sandbox/store/generate.ts";

const scales = Deno.args.includes("--quick")
  ? ["tiny", "small"] as const
  : ["tiny", "small", "large"] as const;
for (const scale of scales) {
  for (const days of [1, 30, 365]) {
    const store = createStore({ seed: 42, scale });
    const t = performance.now();
    const r = advanceStore(store, days, 42);
    const ms = performance.now() - t;
    store.close();
    console.log(
      `${scale.padEnd(5)} advance ${String(days).padStart(3)} d ${ms.toFixed(0).padStart(6)} ms  ` +
        `trials +${r.trials.added.length} changed ${r.trials.changed.length}, approvals +${r.approvals.added.length}, ` +
        `patents +${r.patents.added.length} moved ${
          r.patents.changed.filter((c) => c.field === "legal_status").length
        }, discontinued ${r.approvals.changed.length}, grants +${r.grants.added.length}, catalysts passed ${r.catalysts.passed.length} +${r.catalysts.added.length}, ` +
        `alerts fired ${r.alerts.fired.length}`,
    );
  }
}
