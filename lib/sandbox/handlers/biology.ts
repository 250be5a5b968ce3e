/**
 * Sandbox handlers: biology (placeholder until implemented).
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {};
