/**
 * All sandbox handlers by catalogue endpoint name.
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";
import { handlers as trials } from "./trials.ts";
import { handlers as regulatory } from "./regulatory.ts";
import { handlers as patents } from "./patents.ts";
import { handlers as registries } from "./registries.ts";
import { handlers as biology } from "./biology.ts";

/** Every handler; the server answers 501 for a catalogue endpoint without one. */
export const HANDLERS: HandlerTable = { ...trials, ...regulatory, ...patents, ...registries, ...biology };
