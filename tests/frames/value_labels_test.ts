/**
 * Value labels (lib/frames/value_labels.ts) from their definition: every value of a vocabulary the spec
 * fixes has a label of its own (not empty, not the stored code when the code is not already words), the
 * columns that hold one vocabulary share its labels, and displayValue/valueLabel treat booleans, numbers,
 * nulls and unlisted text as documented.
 */
import assert from "node:assert/strict";
import {
  CATALYST_TYPES,
  DRUG_TIERS,
  HIERARCHY_LEVELS,
  MARKETING_STATUSES,
  TRIAL_PHASES,
  TRIAL_STATUSES,
  WORK_TYPES,
} from "../../lib/client/schemas/vocab.ts";
import { displayValue, VALUE_LABELS, valueLabel } from "../../lib/frames/value_labels.ts";

const VOCABULARIES: [string[], readonly string[]][] = [
  [["status", "overall_status"], TRIAL_STATUSES],
  [["phase", "phases"], TRIAL_PHASES],
  [["event_type"], CATALYST_TYPES],
  [["work_type"], WORK_TYPES],
  [["tier"], DRUG_TIERS],
  [["marketing_status"], MARKETING_STATUSES],
  [["hierarchy_level", "hierarchyLevel"], HIERARCHY_LEVELS],
];

Deno.test("every value of each vocabulary has a label in words, shared by every column that holds it", () => {
  for (const [columns, values] of VOCABULARIES) {
    for (const c of columns) {
      assert.deepEqual(Object.keys(VALUE_LABELS[c]).sort(), [...values].sort(), c);
      assert.equal(VALUE_LABELS[c], VALUE_LABELS[columns[0]], `${c} shares ${columns[0]}'s labels`);
    }
  }
  // "type" holds catalyst event types (the calendar) and work types (researcher output): both labelled.
  assert.deepEqual(Object.keys(VALUE_LABELS.type).sort(), [...CATALYST_TYPES, ...WORK_TYPES].sort());
  for (const [column, labels] of Object.entries(VALUE_LABELS)) {
    for (const [code, label] of Object.entries(labels)) {
      assert.match(
        label,
        /^[A-Z][A-Za-z0-9 ,/]*[a-z0-9]$|^EMA$/,
        `${column} ${code} → ${JSON.stringify(label)}`,
      );
      if (/[_A-Z]{3,}/.test(code) && code !== "EMA") assert.notEqual(label, code, `${column} ${code}`);
    }
  }
  // Each label names one value only (a legend never shows two values under one label).
  for (const labels of Object.values(VALUE_LABELS)) {
    assert.equal(new Set(Object.values(labels)).size, Object.keys(labels).length);
  }
});

Deno.test("displayValue: labels for listed values, Yes/No for booleans, entity prefix dropped, others unchanged", () => {
  assert.equal(displayValue("status", "ACTIVE_NOT_RECRUITING"), "Active, not recruiting");
  assert.equal(displayValue("overall_status", "RECRUITING"), "Recruiting");
  assert.equal(displayValue("when", "upcoming"), "Upcoming");
  assert.equal(displayValue("match_method", "no match"), "No match");
  assert.equal(displayValue("source", "FDA_PURPLE"), "FDA Purple Book");
  assert.equal(displayValue("anything", true), "Yes");
  assert.equal(displayValue("anything", false), "No");
  assert.equal(displayValue("status", "NEW_STATUS"), "NEW_STATUS", "an unlisted value as stored");
  assert.equal(displayValue("status", "sponsor:Pfizer"), "Pfizer");
  assert.equal(displayValue("title", "RECRUITING"), "RECRUITING", "labels are per column");
  const day = new Date("2026-11-20T00:00:00Z");
  for (const v of [7, 0, null, undefined, day, 12n]) assert.equal(displayValue("status", v), v);
});

Deno.test("valueLabel: always text; a missing value is 'unknown'", () => {
  assert.equal(valueLabel("tier", "small_molecules_modern"), "Modern small molecules");
  assert.equal(valueLabel("tier", null), "unknown");
  assert.equal(valueLabel("tier", undefined), "unknown");
  assert.equal(valueLabel("year", 2024), "2024");
  assert.equal(valueLabel("is_orphan", false), "No");
});
