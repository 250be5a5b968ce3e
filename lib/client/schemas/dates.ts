/**
 * Dates in any ISO-8601 form, read in one place. The spec fixes the format of query dates
 * (`YYYY-MM-DD`), of patent dates (`YYYYMMDD`, `last_updated` epoch ms) and of `lastApprovalDate`;
 * every other date a response carries may come in any ISO-8601 form — `2023-05-08`,
 * `2023-05-08T00:00:00Z`, `2023-05-08T00:00:00.000+00:00`, `20230508T083000+0530`, `2023-128`
 * (ordinal), `2023-W19-1` (week date) — and is read as the same date.
 *
 * **Time zones.** A row date is the calendar date *as written*: `2023-05-08T23:30:00-05:00` is
 * 8 May 2023 (the service's own calendar day), not 9 May (the UTC instant). Shifting to UTC would move
 * an approval or a trial start to another day — and across a month, quarter or year boundary in the
 * counts — whenever a service writes midnight in a zone west or east of UTC. A date-time field (an
 * instant: `fetched_at`, `last_updated`, …) is the instant: its offset is applied; one written without
 * an offset is taken as UTC.
 *
 * A reduced-precision date (`2023-05`, `2023`) names no day and is rejected, as is a date that does
 * not exist (`2023-02-30`).
 *
 * @module
 */

/** A date's parts as written, plus its time of day and offset when given. */
interface Parsed {
  readonly y: number;
  readonly m: number;
  readonly d: number;
  /** Milliseconds since midnight, as written (0 when no time is given). */
  readonly ms: number;
  /** Offset from UTC in minutes, or undefined when none is written. */
  readonly offset?: number;
}

const CAL = /^([+-]\d{6}|\d{4})(?:-(\d{2})-(\d{2})|(\d{2})(\d{2}))$/;
const ORD = /^([+-]\d{6}|\d{4})-?(\d{3})$/;
const WEEK = /^([+-]\d{6}|\d{4})-?W(\d{2})-?([1-7])$/;
const TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const monthDays = (y: number, m: number) =>
  [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Month and day of the `n`th day (1-based) of year `y`. */
function fromOrdinal(y: number, n: number): [number, number] | undefined {
  if (n < 1 || n > (leap(y) ? 366 : 365)) return undefined;
  let m = 1;
  while (n > monthDays(y, m)) n -= monthDays(y, m++);
  return [m, n];
}

function datePart(s: string): [number, number, number] | undefined {
  let c = CAL.exec(s);
  if (c) {
    const y = Number(c[1]), m = Number(c[2] ?? c[4]), d = Number(c[3] ?? c[5]);
    return m >= 1 && m <= 12 && d >= 1 && d <= monthDays(y, m) ? [y, m, d] : undefined;
  }
  if ((c = ORD.exec(s))) {
    const y = Number(c[1]), md = fromOrdinal(y, Number(c[2]));
    return md && [y, ...md];
  }
  if ((c = WEEK.exec(s))) {
    // ISO week 1 holds the year's first Thursday; its Monday is 4 January minus (weekday - 1).
    const y = Number(c[1]), week = Number(c[2]), wd = Number(c[3]);
    const jan4 = new Date(Date.UTC(0, 0, 4));
    jan4.setUTCFullYear(y);
    const monday = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
    const at = new Date(monday + ((week - 1) * 7 + wd - 1) * 86_400_000);
    const weeks = new Date(Date.UTC(0, 11, 28));
    weeks.setUTCFullYear(y); // 28 December is always in the year's last week
    const last = Math.floor((weeks.getTime() - monday) / (7 * 86_400_000)) + 1;
    return week >= 1 && week <= last
      ? [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()]
      : undefined;
  }
  return undefined;
}

function timePart(s: string): { ms: number; offset?: number } | undefined {
  const t = TIME.exec(s);
  if (!t) return undefined;
  const [h, mi, se] = [Number(t[1]), Number(t[2] ?? 0), Number(t[3] ?? 0)];
  if (h > 24 || mi > 59 || se > 60 || (h === 24 && (mi || se || Number(t[4] ?? 0)))) return undefined;
  // A fraction belongs to the smallest unit written (hours, minutes or seconds).
  const unit = t[3] !== undefined ? 1000 : t[2] !== undefined ? 60_000 : 3_600_000;
  const frac = t[4] ? Number(`0.${t[4]}`) * unit : 0;
  const ms = Math.round(((h * 60 + mi) * 60 + se) * 1000 + frac);
  if (!t[5]) return { ms };
  if (t[5] === "Z") return { ms, offset: 0 };
  const z = t[5].replace(":", "");
  const offset = (z[0] === "-" ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5) || 0));
  return Math.abs(offset) < 24 * 60 ? { ms, offset } : undefined;
}

/** Parse an ISO-8601 date or date-time (`T` or, as RFC 3339 allows, a space between the parts). */
function parse(s: string): Parsed | undefined {
  const at = s.search(/[T ]/);
  const date = datePart(at < 0 ? s : s.slice(0, at));
  if (!date) return undefined;
  const time = at < 0 ? { ms: 0 } : timePart(s.slice(at + 1));
  if (!time) return undefined;
  return { y: date[0], m: date[1], d: date[2], ...time };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * The calendar date, as written, of an ISO-8601 date or date-time.
 *
 * @param s A date (`2023-05-08`, `20230508`, `2023-128`, `2023-W19-1`) or date-time in any ISO-8601 form.
 * @returns `YYYY-MM-DD`, or undefined when `s` is not a complete ISO-8601 date.
 * @example The date as written, whatever the offset
 * ```ts
 * import assert from "node:assert/strict";
 * import { calendarDate } from "./dates.ts";
 * assert.equal(calendarDate("2023-05-08T23:30:00-05:00"), "2023-05-08");
 * assert.equal(calendarDate("2023-05-08T00:00:00.000+00:00"), "2023-05-08");
 * assert.equal(calendarDate("2023-05"), undefined);
 * ```
 */
export function calendarDate(s: string): string | undefined {
  if (s.length === 10 && s[4] === "-" && s[7] === "-" && CAL.test(s)) return datePart(s) && s; // the common form
  const p = parse(s.trim());
  if (!p) return undefined;
  const y = p.y >= 0 && p.y <= 9999 ? pad(p.y, 4) : `${p.y < 0 ? "-" : "+"}${pad(Math.abs(p.y), 6)}`;
  return `${y}-${pad(p.m)}-${pad(p.d)}`;
}

/**
 * The instant of an ISO-8601 date-time, in epoch milliseconds (no offset written: UTC; a date alone:
 * its midnight UTC).
 *
 * @param s A date-time or date in any ISO-8601 form.
 * @returns Epoch milliseconds, or NaN when `s` is not ISO-8601.
 */
export function instantMs(s: string): number {
  const p = parse(s.trim());
  if (!p) return NaN;
  const day = new Date(Date.UTC(2000, p.m - 1, p.d));
  day.setUTCFullYear(p.y);
  return day.getTime() + p.ms - (p.offset ?? 0) * 60_000;
}

/**
 * Whether a field schema reads any ISO-8601 form (`anyIsoDate`, `isoDateTime` in `common.ts`), and as what.
 *
 * @param schema A field schema (optional/nullable wrappers are looked through).
 * @returns `iso-date` (a calendar date), `iso-datetime` (an instant), or undefined for any other field.
 */
export function anyIsoFormOf(schema: unknown): "iso-date" | "iso-datetime" | undefined {
  // deno-lint-ignore no-explicit-any
  let s = schema as any;
  while (s?._zod) {
    const meta = s.meta?.();
    if (meta?.anyIsoForm) return meta.format;
    s = s._zod.def.innerType;
  }
  return undefined;
}
