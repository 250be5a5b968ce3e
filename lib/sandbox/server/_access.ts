/**
 * Tenants, tiers, daily quotas and the injectable clock of the sandbox.
 *
 * @module
 */
import type { Endpoint } from "../../client/catalogue.ts";
import type { Tier } from "../../client/schemas/vocab.ts";
import type { Tenant } from "../handler.ts";
import { SandboxError } from "../handler.ts";

/** The fixed demo keys (documented in the README; safe to print). */
export const DEMO_KEYS: Readonly<Record<Tier, string>> = {
  free: "demo-free-key",
  pro: "demo-pro-key",
  pos: "demo-pos-key",
};

const TENANTS: ReadonlyMap<string, Tenant> = new Map(
  (Object.entries(DEMO_KEYS) as [Tier, string][]).map(([tier, key]) => [key, { id: `tenant-${tier}`, tier }]),
);

/** The tenant of an `x-api-key` value, or undefined (→ 401). */
export function tenantOf(key: string | null): Tenant | undefined {
  return key === null ? undefined : TENANTS.get(key);
}

const RANK: Readonly<Record<Tier, number>> = { free: 0, pro: 1, pos: 2 };
const TIER_NAME: Readonly<Record<Tier, string>> = {
  free: "Free",
  pro: "Pro",
  pos: "Pro workspace that includes trial probability-of-success",
};

/** Throw 402 when the tenant's tier is below the endpoint's. */
export function checkTier(endpoint: Endpoint, tenant: Tenant): void {
  if (endpoint.tier === "any" || RANK[tenant.tier] >= RANK[endpoint.tier]) return;
  throw new SandboxError(
    402,
    "payment_required",
    `${endpoint.name} requires a ${TIER_NAME[endpoint.tier]} tier (this workspace is ${
      TIER_NAME[tenant.tier]
    }); upgrade the workspace or use a key of that tier`,
  );
}

/** The injectable clock of a sandbox. */
export interface Clock {
  /** Current time. */
  now(): Date;
  /** Set the current time (later calls advance from there in real time). */
  set(at: Date): void;
  /** Move the clock forward by `ms` (negative moves it back). */
  advance(ms: number): void;
}

/** A clock over a base time source with an adjustable offset. */
export function createClock(base: () => Date = () => new Date()): Clock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    set: (at) => {
      offset = at.getTime() - base().getTime();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** Quota overrides: endpoint name → tier → calls per day. */
export type QuotaOverrides = Readonly<Record<string, Readonly<Partial<Record<Tier, number>>>>>;

const DAY_MS = 86_400_000;

/** Seconds until the next UTC midnight of `now` (at least 1). */
export function secondsToMidnight(now: Date): number {
  const next = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Per-tenant, per-endpoint daily call counters. */
export interface QuotaBook {
  /** Count a call; throws 429 `quota_exhausted` when the day's quota is used up. */
  take(endpoint: Endpoint, tenant: Tenant): void;
  /** Forget every counter. */
  reset(): void;
}

/** Create the quota book of a sandbox. */
export function createQuotaBook(clock: Clock, overrides: QuotaOverrides = {}): QuotaBook {
  const used = new Map<string, number>();
  return {
    take(endpoint, tenant) {
      const limit = overrides[endpoint.name]?.[tenant.tier] ?? endpoint.quota?.[tenant.tier];
      if (limit === undefined) return;
      const now = clock.now();
      const day = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
      const k = `${tenant.id}|${endpoint.name}|${day}`;
      const n = used.get(k) ?? 0;
      if (n >= limit) {
        const retry = secondsToMidnight(now);
        const err = new SandboxError(
          429,
          "quota_exhausted",
          `Daily quota of ${limit} calls to ${endpoint.name} is used up for this workspace; it resets at 00:00 UTC`,
        );
        (err as { retryAfterSeconds?: number }).retryAfterSeconds = retry;
        throw err;
      }
      used.set(k, n + 1);
    },
    reset: () => used.clear(),
  };
}
