/**
 * The importer of each source in {@linkcode SOURCES} (kept apart from the table so that reading the table
 * loads no importer: the Open Targets reader loads Polars, which the sandbox server does not need).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import type { SourceId } from "./sources.ts";
import { importOrangeBook } from "./orange_book.ts";
import { importPartD } from "./part_d.ts";
import { importCtgov } from "./ctgov.ts";
import { importRor } from "./ror.ts";
import { importGleif } from "./gleif.ts";
import { importSecTickers } from "./sec_tickers.ts";
import { importPatentsView } from "./patentsview.ts";
import { importOpenTargets } from "./open_targets.ts";
import { importNihExporter } from "./nih_exporter.ts";
import { importCordis } from "./cordis.ts";
import { importOpenAlex } from "./openalex.ts";

/** What an importer did. */
export interface Imported {
  /** Rows (records) written. */
  readonly rows: number;
  /** The edition the data states (a release month, a year, a latest update). */
  readonly edition: string;
}

/** The importer of each source: streams the file, folder or zip at `path` into the store. */
export const RUNNERS: { readonly [K in SourceId]: (store: ImportStore, path: string) => Promise<Imported> } =
  {
    orange_book: importOrangeBook,
    part_d: importPartD,
    ctgov: importCtgov,
    nih_exporter: importNihExporter,
    cordis: importCordis,
    openalex: importOpenAlex,
    open_targets: importOpenTargets,
    patentsview: importPatentsView,
    ror: importRor,
    gleif: importGleif,
    sec_tickers: importSecTickers,
  };
