/**
 * Private: label placement for scatter charts. Each label must read as its own dot's: it is placed in
 * priority order (best rank first) at one of eight spots around its dot (right, left, above, below,
 * then the four diagonals), and a spot is taken only when the label stays inside the plot, covers no
 * dot (its own included) and no label placed before, and its own dot is strictly the nearest dot to the
 * label's box (edge to edge), so no reader takes it for a neighbour's label.
 *
 * Where no spot beside the dot qualifies (a crowded cluster), the same eight spots are tried further out
 * ({@link RINGS}) with a leader line from the dot's edge to the label: the label and its line then cover
 * no dot and no label, and the line passes through no other dot (but those overlapping its own).
 *
 * The first label that finds no such spot ends the placement: lower ranks are never labelled while a
 * better rank is not, so the labelled ranks are always 1…k.
 *
 * @module
 */
import { textWidth } from "./_compose.ts";

/** A mark in pixel space (a dot: centre and radius), in label priority order. */
export interface LabelCandidate {
  /** Centre x in pixels. */
  readonly x: number;
  /** Centre y in pixels. */
  readonly y: number;
  /** The label ("" for a dot that is only an obstacle). */
  readonly text: string;
  /** Radius of the dot. @default {0} */
  readonly r?: number;
}

/** A placed label: its candidate's index, offset from the dot's centre and text anchor. */
export interface PlacedLabel {
  readonly index: number;
  readonly dx: number;
  readonly dy: number;
  readonly anchor: "start" | "end" | "middle";
  /** Leader line (pixels, from the dot's edge to the label's box), for a label set apart from its dot. */
  readonly leader?: readonly [x1: number, y1: number, x2: number, y2: number];
}

type Box = readonly [x: number, y: number, w: number, h: number];

/** Gap in pixels between a label's box and its dot's edge (right/left/above/below spots). */
const GAP = 5;
/** Extra distances (pixels) at which the spots are tried again, with a leader line, beyond the first. */
const RINGS = [14, 28, 44, 64, 88, 120];

/** Distance from a box to a circle's edge (≤ 0: they overlap). */
function gap([bx, by, bw, bh]: Box, cx: number, cy: number, r: number): number {
  const nx = Math.max(bx, Math.min(cx, bx + bw)), ny = Math.max(by, Math.min(cy, by + bh));
  return Math.hypot(cx - nx, cy - ny) - r;
}

const overlaps = (a: Box, b: Box) =>
  a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/** The eight spots around a dot of radius `r` for a label `w` × `h`, in order of preference. */
function spots(r: number, w: number, h: number, e = 0): (Omit<PlacedLabel, "index"> & { box: Box })[] {
  const g = Math.round(r + GAP + e), v = Math.round(r + h / 2 + 2 + e), d = Math.round((r + GAP + e) * 0.72);
  const at = (dx: number, dy: number, anchor: PlacedLabel["anchor"]) => {
    const x0 = anchor === "start" ? dx : anchor === "end" ? dx - w : dx - w / 2;
    return { dx, dy, anchor, box: [x0, dy - h / 2, w, h] as Box };
  };
  return [
    at(g, 0, "start"),
    at(-g, 0, "end"),
    at(0, -v, "middle"),
    at(0, v, "middle"),
    at(d, -d - h / 2, "start"),
    at(-d, -d - h / 2, "end"),
    at(d, d + h / 2, "start"),
    at(-d, d + h / 2, "end"),
  ];
}

/**
 * Place labels (see the module doc): every candidate is a dot and an obstacle; those with text are
 * labelled in order until one cannot be.
 *
 * @param candidates Dots in priority order (best first).
 * @param bounds The plot area in pixels (`width`/`height`: its right and bottom edges).
 * @param size Font size in pixels.
 * @returns The placed labels, in priority order.
 */
export function declutter(
  candidates: readonly LabelCandidate[],
  bounds: { left?: number; top?: number; width: number; height: number },
  size = 10,
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken: Box[] = [];
  const h = size * 1.2;
  const lines: (readonly [number, number, number, number])[] = [];
  for (const [index, c] of candidates.entries()) {
    if (!c.text) continue;
    const r = c.r ?? 0, w = textWidth(c.text, size);
    const fits = (box: Box) =>
      box[0] >= (bounds.left ?? 0) && box[1] >= (bounds.top ?? 0) && box[0] + box[2] <= bounds.width &&
      box[1] + box[3] <= bounds.height && !taken.some((t) => overlaps(t, box)) &&
      !lines.some((l) => crosses(l, box));
    const others = candidates.filter((_, i) => i !== index);
    let found: PlacedLabel | undefined, foundBox: Box | undefined;
    for (const e of [0, ...RINGS]) {
      for (const s of spots(r, w, h, e)) {
        const box: Box = [c.x + s.box[0], c.y + s.box[1], s.box[2], s.box[3]];
        if (!fits(box)) continue;
        const own = gap(box, c.x, c.y, r);
        if (own <= 0) continue;
        if (e === 0) {
          if (!others.every((o) => gap(box, o.x, o.y, o.r ?? 0) > own)) continue;
          found = { index, dx: s.dx, dy: s.dy, anchor: s.anchor };
        } else {
          const leader = leaderTo(c.x, c.y, r, box);
          // A line from a dot inside a cluster must cross the dots overlapping it; it crosses no other.
          const apart = (o: LabelCandidate) => Math.hypot(o.x - c.x, o.y - c.y) >= r + (o.r ?? 0);
          if (
            others.some((o) => gap(box, o.x, o.y, o.r ?? 0) <= 0 || (apart(o) && segmentGap(leader, o) < 2))
          ) {
            continue;
          }
          if (taken.some((t) => crosses(leader, t))) continue;
          found = { index, dx: s.dx, dy: s.dy, anchor: s.anchor, leader };
        }
        foundBox = box;
        break;
      }
      if (found) break;
    }
    if (!found || !foundBox) break;
    taken.push(foundBox);
    if (found.leader) lines.push(found.leader);
    placed.push(found);
  }
  return placed;
}

/** The segment from a dot's edge to the nearest point of a box. */
function leaderTo(
  cx: number,
  cy: number,
  r: number,
  [bx, by, bw, bh]: Box,
): [number, number, number, number] {
  const nx = Math.max(bx, Math.min(cx, bx + bw)), ny = Math.max(by, Math.min(cy, by + bh));
  const len = Math.hypot(nx - cx, ny - cy);
  return [cx + (nx - cx) * r / len, cy + (ny - cy) * r / len, nx, ny];
}

/** Distance from a segment to a dot's edge (≤ 0: the segment passes through the dot). */
function segmentGap([x1, y1, x2, y2]: readonly number[], o: LabelCandidate): number {
  const dx = x2 - x1, dy = y2 - y1, len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((o.x - x1) * dx + (o.y - y1) * dy) / len2));
  return Math.hypot(o.x - (x1 + t * dx), o.y - (y1 + t * dy)) - (o.r ?? 0);
}

/** True when a segment enters a box (sampled; leaders are short). */
function crosses([x1, y1, x2, y2]: readonly number[], [bx, by, bw, bh]: Box): boolean {
  for (let i = 0; i <= 20; i++) {
    const x = x1 + (x2 - x1) * i / 20, y = y1 + (y2 - y1) * i / 20;
    if (x > bx && x < bx + bw && y > by && y < by + bh) return true;
  }
  return false;
}
