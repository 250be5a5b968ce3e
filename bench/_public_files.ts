/**
 * Private: public data files in the publishers' formats, generated at registry scale for the import
 * benchmark — ClinicalTrials.gov v2 studies (NDJSON, or a zip of one JSON file per study), the Orange Book's
 * three `~`-delimited files, the wide Part D CSV. Written in chunks, so memory stays small.
 *
 * @module
 */
import { Deflate, Zip, ZipDeflate } from "fflate";
import { crc32 } from "node:zlib";

const enc = new TextEncoder();
const SPONSORS = [
  "Pfizer",
  "Novartis Pharmaceuticals",
  "Bristol-Myers Squibb",
  "Merck Sharp & Dohme LLC",
  "AstraZeneca",
  "Eli Lilly and Company",
  "University of Oxford",
  "National Cancer Institute (NCI)",
  "Roche",
];
const CONDITIONS = [
  ["Breast Neoplasms", "D001943"],
  ["Heart Failure", "D006333"],
  ["Asthma", "D001249"],
  ["Diabetes Mellitus, Type 2", "D003924"],
  ["Lung Neoplasms", "D008175"],
  ["Obesity", "D009765"],
];
const STATUSES = [
  "RECRUITING",
  "COMPLETED",
  "ACTIVE_NOT_RECRUITING",
  "TERMINATED",
  "NOT_YET_RECRUITING",
  "WITHDRAWN",
  "UNKNOWN",
];
const PHASES = [["PHASE1"], ["PHASE2"], ["PHASE3"], ["PHASE1", "PHASE2"], ["PHASE4"], ["NA"], []];

/** One study record of the API v2 shape (about 1.5 KB of JSON). */
export function study(i: number): unknown {
  const pick = <T>(a: readonly T[], k: number) => a[(i * k + (i >> 3)) % a.length];
  const [cond, mesh] = pick(CONDITIONS, 7);
  const y = 2000 + (i % 26), m = String(1 + (i % 12)).padStart(2, "0");
  return {
    protocolSection: {
      identificationModule: {
        nctId: `NCT${String(i).padStart(8, "0")}`,
        briefTitle: `Study ${i} of Treatment ${i % 997} in ${cond}`,
        officialTitle: `A Randomized, Double-Blind Study of Treatment ${i % 997} in Adults With ${cond}`,
        organization: { fullName: pick(SPONSORS, 3), class: "INDUSTRY" },
      },
      statusModule: {
        overallStatus: pick(STATUSES, 5),
        statusVerifiedDate: `${y}-${m}`,
        startDateStruct: { date: i % 3 ? `${y}-${m}` : `${y}-${m}-15`, type: "ACTUAL" },
        completionDateStruct: { date: `${y + 3}-${m}`, type: "ESTIMATED" },
        lastUpdatePostDateStruct: { date: `${y + 1}-${m}-02`, type: "ACTUAL" },
      },
      sponsorCollaboratorsModule: {
        leadSponsor: { name: pick(SPONSORS, 3), class: i % 4 ? "INDUSTRY" : "OTHER" },
        collaborators: i % 5 ? [] : [{ name: pick(SPONSORS, 11), class: "OTHER" }],
      },
      descriptionModule: {
        briefSummary:
          `This study evaluates treatment ${i % 997} in participants with ${cond.toLowerCase()}. ` +
          "Participants are randomized to treatment or placebo and followed for safety and efficacy outcomes.",
      },
      conditionsModule: { conditions: [cond, `${cond} (stage ${i % 4})`], keywords: ["efficacy", "safety"] },
      designModule: {
        studyType: "INTERVENTIONAL",
        phases: pick(PHASES, 13),
        designInfo: {
          allocation: "RANDOMIZED",
          primaryPurpose: "TREATMENT",
          maskingInfo: { masking: "DOUBLE" },
        },
        enrollmentInfo: { count: 20 + (i % 900), type: "ACTUAL" },
      },
      armsInterventionsModule: {
        interventions: [{ type: "DRUG", name: `Treatment ${i % 997}` }, { type: "DRUG", name: "Placebo" }],
      },
      eligibilityModule: { sex: "ALL", minimumAge: "18 Years", healthyVolunteers: false },
      contactsLocationsModule: { locations: [{ country: "United States" }, { country: "Germany" }] },
    },
    derivedSection: { conditionBrowseModule: { meshes: [{ id: mesh, term: cond }] } },
    hasResults: false,
  };
}

async function chunked(path: string, n: number, line: (i: number) => string): Promise<void> {
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    let buf: string[] = [];
    for (let i = 1; i <= n; i++) {
      buf.push(line(i));
      if (buf.length === 5000 || i === n) (await f.write(enc.encode(buf.join(""))), buf = []);
    }
  } finally {
    f.close();
  }
}

/** `n` studies as NDJSON. */
export function ctgovNdjson(path: string, n: number): Promise<void> {
  return chunked(path, n, (i) => JSON.stringify(study(i)) + "\n");
}

/** `n` studies as a zip of one deflated JSON file per study (the bulk download's layout). */
export async function ctgovZip(path: string, n: number): Promise<void> {
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  try {
    for (let i = 1; i <= n; i++) {
      const file = new ZipDeflate(`NCT${String(i).padStart(8, "0")}.json`, { level: 1 });
      zip.add(file);
      file.push(enc.encode(JSON.stringify(study(i), null, 2)), true);
      if (parts.length > 200) { for (const p of parts.splice(0)) await f.write(p); }
    }
    zip.end();
    for (const p of parts.splice(0)) await f.write(p);
  } finally {
    f.close();
  }
}

const MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const obDate = (i: number) => `${MON[i % 12]} ${1 + (i % 28)}, ${2027 + (i % 12)}`;

/** The Orange Book's three files in `dir`, about the size of an edition (products, patents, exclusivities). */
export async function orangeBook(dir: string, products = 47_000): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const prodHead = "Ingredient~DF;Route~Trade_Name~Applicant~Strength~Appl_Type~Appl_No~Product_No~TE_Code~" +
    "Approval_Date~RLD~RS~Type~Applicant_Full_Name\r\n";
  await chunked(`${dir}/products.txt`, products, (i) => {
    const t = i % 4 ? "A" : "N", no = String(10_000 + Math.floor(i / 3)).padStart(6, "0");
    return (i === 1 ? prodHead : "") +
      `INGREDIENT ${i % 3001}~TABLET;ORAL~TRADE${i % 5003}~APPL${i % 700}~${i % 50}MG~${t}~${no}~` +
      `${String(1 + (i % 3)).padStart(3, "0")}~AB~${
        i % 50 ? obDate(i).replace(/20\d\d/, "2010") : "Approved Prior to Jan 1, 1982"
      }` +
      `~No~No~${["RX", "OTC", "DISCN"][i % 3]}~APPLICANT ${i % 700} INC\r\n`;
  });
  const patHead = "Appl_Type~Appl_No~Product_No~Patent_No~Patent_Expire_Date_Text~Drug_Substance_Flag~" +
    "Drug_Product_Flag~Patent_Use_Code~Delist_Flag~Submission_Date\r\n";
  await chunked(`${dir}/patent.txt`, Math.round(products * 0.45), (i) =>
    (i === 1 ? patHead : "") +
    `N~${String(10_000 + Math.floor(i * 4 / 3)).padStart(6, "0")}~001~${7_000_000 + i}${
      i % 20 ? "" : "*PED"
    }~` +
    `${obDate(i)}~${i % 2 ? "Y" : ""}~Y~${i % 3 ? `U-${i % 4000}` : ""}~${i % 97 ? "" : "Y"}~${
      obDate(i + 5)
    }\r\n`);
  await chunked(
    `${dir}/exclusivity.txt`,
    Math.round(products * 0.05),
    (i) =>
      (i === 1 ? "Appl_Type~Appl_No~Product_No~Exclusivity_Code~Exclusivity_Date\r\n" : "") +
      `N~${String(10_000 + Math.floor(i * 4 / 3)).padStart(6, "0")}~001~${
        ["NCE", "ODE-12", "I-900", "PED", "M-14"][i % 5]
      }~` +
      `${obDate(i)}\r\n`,
  );
}

/** The Part D wide CSV (five years), `rows` brand × generic × manufacturer rows plus their Overall rows. */
export function partD(path: string, rows = 14_000): Promise<void> {
  const years = [2019, 2020, 2021, 2022, 2023];
  const cols = [
    "Brnd_Name",
    "Gnrc_Name",
    "Tot_Mftr",
    "Mftr_Name",
    ...years.flatMap((y) =>
      [
        "Tot_Spndng",
        "Tot_Dsg_Unts",
        "Tot_Clms",
        "Tot_Benes",
        "Avg_Spnd_Per_Dsg_Unt_Wghtd",
        "Avg_Spnd_Per_Clm",
        "Avg_Spnd_Per_Bene",
        "Outlier_Flag",
      ].map((c) => `${c}_${y}`)
    ),
    "Chg_Avg_Spnd_Per_Dsg_Unt_22_23",
    "CAGR_Avg_Spnd_Per_Dsg_Unt_19_23",
  ];
  return chunked(path, rows, (i) => {
    const pair = Math.floor(i / 2), overall = i % 2 === 0;
    const vals = years.flatMap((
      y,
    ) => [
      (pair * 1013.17 + y).toFixed(2),
      "1000",
      String(10 + pair),
      i % 7 ? "" : "50",
      "1.5",
      "100.25",
      "300.75",
      "0",
    ]);
    return (i === 1 ? cols.join(",") + "\r\n" : "") +
      [
        `"Brand ${pair}, Inc"`,
        `Generic ${pair % 4000}`,
        "2",
        overall ? "Overall" : `Maker ${i % 90}`,
        ...vals,
        "0.05",
        "0.04",
      ].join(",") + "\r\n";
  });
}

/** Sizes of an Open Targets Platform release (24.09–25.x: about 4 million direct associations). */
export const OPEN_TARGETS_SIZE = {
  associations: 4_000_000,
  molecules: 15_000,
  targets: 62_000,
  diseases: 40_000,
  knownDrugs: 250_000,
} as const;

/**
 * An Open Targets release in the published layout (`<dataset>/part-0000N-….snappy.parquet`, current
 * dataset names), at `sizes`: nested datasets through Polars' JSON reader (as Spark would type them),
 * the associations from column arrays, 20,000 rows per part file as the release has.
 */
export async function openTargets(dir: string, sizes = OPEN_TARGETS_SIZE): Promise<void> {
  const pl = (await import("nodejs-polars")).default;
  const part = (name: string, i: number) => {
    Deno.mkdirSync(`${dir}/${name}`, { recursive: true });
    return `${dir}/${name}/part-${
      String(i).padStart(5, "0")
    }-5b0c6d1e-0000-4000-8000-000000000000-c000.snappy.parquet`;
  };
  const write = (name: string, n: number, per: number, rec: (i: number) => unknown) => {
    for (let p = 0; p * per < n; p++) {
      const lines: string[] = [];
      for (let i = p * per; i < Math.min(n, (p + 1) * per); i++) lines.push(JSON.stringify(rec(i)));
      pl.readJSON(Buffer.from(lines.join("\n")), { format: "lines" }).writeParquet(part(name, p));
    }
  };
  const gene = (i: number) => `ENSG${String(i).padStart(11, "0")}`;
  const efo = (
    i: number,
  ) => (i < 20 ? `OTAR_${String(i).padStart(7, "0")}` : `EFO_${String(i).padStart(7, "0")}`);
  const chembl = (i: number) => `CHEMBL${100000 + i}`;
  write("target", sizes.targets, 10_000, (i) => ({
    id: gene(i),
    approvedSymbol: `GENE${i}`,
    approvedName: `gene ${i} protein`,
    biotype: i % 4 ? "protein_coding" : "lncRNA",
    symbolSynonyms: [{ label: `G${i}A`, source: "HGNC" }, { label: `G${i}B`, source: "uniprot" }],
    nameSynonyms: [{ label: `protein ${i}`, source: "uniprot" }],
    targetClass: i % 3
      ? []
      : [{ id: i % 50, label: ["Kinase", "Enzyme", "Membrane receptor"][i % 3], level: "l1" }],
  }));
  write("disease", sizes.diseases, 10_000, (i) => ({
    id: efo(i),
    name: i < 20 ? `therapeutic area ${i} disease` : `disease ${i}`,
    dbXRefs: i % 4
      ? [`UMLS:C${String(i).padStart(7, "0")}`]
      : [`MeSH:D${String(i).padStart(6, "0")}`, `DOID:${i}`],
    parents: i < 20 ? [] : [efo(Math.floor(i / 2))],
    synonyms: { hasExactSynonym: [`disease ${i} syndrome`, `D${i}`], hasRelatedSynonym: [`condition ${i}`] },
    therapeuticAreas: i < 20 ? [] : [efo(i % 20), efo((i + 7) % 20)],
    ontology: { isTherapeuticArea: i < 20, leaf: i >= 20 },
  }));
  write("drug_molecule", sizes.molecules, 5_000, (i) => ({
    id: chembl(i),
    name: `DRUG${i}${i % 5 === 4 ? " HYDROCHLORIDE" : ""}`,
    drugType: i % 6 === 0 ? "Antibody" : "Small molecule",
    blackBoxWarning: i % 17 === 0,
    yearOfFirstApproval: i % 3 ? null : 1950 + (i % 75),
    maximumClinicalTrialPhase: [0.5, 1.0, 2.0, 3.0, 4.0][i % 5],
    isApproved: i % 3 === 0,
    parentId: i % 5 === 4 ? chembl(i - 1) : null,
    tradeNames: i % 3 ? [] : [`Brand${i}`],
    synonyms: [`DRUG-${i}`],
    childChemblIds: i % 5 === 3 ? [chembl(i + 1)] : [],
  }));
  write("drug_mechanism_of_action", Math.round(sizes.molecules * 0.45), 5_000, (i) => ({
    actionType: ["INHIBITOR", "AGONIST", "ANTAGONIST"][i % 3],
    mechanismOfAction: `Gene ${i % 5000} ${["inhibitor", "agonist", "antagonist"][i % 3]}`,
    chemblIds: [chembl((i * 2) % sizes.molecules)],
    targets: [gene(i % 5000)],
    targetType: "single protein",
  }));
  write("drug_indication", Math.round(sizes.molecules * 0.55), 5_000, (i) => ({
    id: chembl((i * 2) % sizes.molecules),
    indications: Array.from({ length: 1 + (i % 6) }, (_, k) => ({
      disease: efo(20 + ((i * 7 + k * 13) % (sizes.diseases - 20))),
      efoName: `disease ${k}`,
      maxPhaseForIndication: [0.5, 1.0, 2.0, 3.0, 4.0][(i + k) % 5],
    })),
    approvedIndications: [efo(20 + ((i * 7) % (sizes.diseases - 20)))],
  }));
  write("known_drug", sizes.knownDrugs, 50_000, (i) => ({
    drugId: chembl(i % sizes.molecules),
    targetId: gene(i % 5000),
    diseaseId: efo(20 + (i % (sizes.diseases - 20))),
    phase: [0.5, 1.0, 2.0, 3.0, 4.0][i % 5],
    mechanismOfAction: `Gene ${i % 5000} inhibitor`,
    targetClass: ["Enzyme"],
  }));
  const per = 20_000;
  for (let p = 0; p * per < sizes.associations; p++) {
    const n = Math.min(per, sizes.associations - p * per);
    const targetId: string[] = [], diseaseId: string[] = [];
    const score = new Float64Array(n), evidenceCount: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = p * per + k;
      // Each disease has its targets in one run (distinct pairs): disease i / 100, target scattered.
      diseaseId.push(efo(20 + (Math.floor(i / 100) % (sizes.diseases - 20))));
      targetId.push(gene((i * 7919 + Math.floor(i / ((sizes.diseases - 20) * 100))) % sizes.targets));
      score[k] = ((i * 2654435761) % 1000) / 1000;
      evidenceCount.push(1 + (i % 250));
    }
    pl.DataFrame({ diseaseId, targetId, score: [...score], evidenceCount }, {
      schema: { diseaseId: pl.Utf8, targetId: pl.Utf8, score: pl.Float64, evidenceCount: pl.Int64 },
    }).writeParquet(part("association_overall_direct", p));
  }
}

/** Write all of `bytes` at the file's position. */
async function writeAll(f: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  for (let off = 0; off < bytes.length;) off += await f.write(bytes.subarray(off));
}

/** Little-endian fields of a zip header: `[value, bytes]` pairs (8-byte values exact below 2^53). */
function le(...fields: [number, 2 | 4 | 8][]): Uint8Array {
  const out = new Uint8Array(fields.reduce((n, [, w]) => n + w, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [v, w] of fields) {
    if (w === 2) view.setUint16(at, v, true);
    else if (w === 4) view.setUint32(at, v, true);
    else view.setBigUint64(at, BigInt(v), true);
    at += w;
  }
  return out;
}

const FULL32 = 0xffffffff;

/**
 * One PatentsView table as published: tab-separated, every cell quoted, deflated in a zip of its own, laid
 * out as zip tools write a file they can seek in: sizes and CRC in the local header (no data descriptor),
 * and Zip64 fields where a table passes 4 GiB (the Zip64 extra in the local header when the first rows say
 * the text may reach 2 GiB, and then the Zip64 end records too).
 */
async function tsvZip(path: string, header: readonly string[], n: number, rows: (i: number) => string[][]) {
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  const name = enc.encode(path.split("/").pop()!.replace(/\.zip$/, ""));
  const cell = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const now = new Date();
  const dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
  const dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  let crc = 0, plain = 0, packed = 0, zip64 = false, headed = false;
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 1 }, (data) => {
    packed += data.length;
    parts.push(data);
  });
  /** The local header: version 4.5 with Zip64, method 8 (deflate); the sizes and CRC are set at the end. */
  const local = () =>
    new Uint8Array([
      ...le([0x04034b50, 4], [zip64 ? 45 : 20, 2], [0, 2], [8, 2], [dosTime, 2], [dosDate, 2], [crc, 4]),
      ...(zip64 ? le([FULL32, 4], [FULL32, 4]) : le([packed, 4], [plain, 4])),
      ...le([name.length, 2], [zip64 ? 20 : 0, 2]),
      ...name,
      ...(zip64 ? le([1, 2], [16, 2], [plain, 8], [packed, 8]) : []),
    ]);
  try {
    let buf = header.map(cell).join("\t") + "\n";
    for (let i = 1; i <= n; i++) {
      for (const r of rows(i)) buf += r.map(cell).join("\t") + "\n";
      if (buf.length > 1 << 20 || i === n) {
        const bytes = enc.encode(buf);
        if (!headed) {
          // From the first rows: a table that may reach 2 GiB of text gets the Zip64 local header.
          zip64 ||= (bytes.length / i) * n > 2 ** 31;
          (await writeAll(f, local()), headed = true);
        }
        (crc = crc32(bytes, crc), plain += bytes.length);
        deflate.push(bytes, i === n);
        buf = "";
        for (const p of parts.splice(0)) await writeAll(f, p);
      }
    }
    if (!zip64 && (plain > FULL32 || packed > FULL32)) {
      throw new RangeError(
        `${path}: ${plain} bytes, past 4 GiB without the Zip64 header the first rows chose`,
      );
    }
    const cdAt = local().length + packed;
    await f.seek(0, Deno.SeekMode.Start);
    await writeAll(f, local());
    await f.seek(cdAt, Deno.SeekMode.Start);
    const central = new Uint8Array([
      ...le([0x02014b50, 4], [zip64 ? 45 : 20, 2], [zip64 ? 45 : 20, 2], [0, 2], [8, 2], [dosTime, 2]),
      ...le([dosDate, 2], [crc, 4]),
      ...(zip64 ? le([FULL32, 4], [FULL32, 4]) : le([packed, 4], [plain, 4])),
      ...le([name.length, 2], [zip64 ? 20 : 0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [0, 4]),
      ...name,
      ...(zip64 ? le([1, 2], [16, 2], [plain, 8], [packed, 8]) : []),
    ]);
    await writeAll(f, central);
    const endAt = cdAt + central.length;
    if (zip64) {
      // The Zip64 end record and its locator, then the end record with its fields full.
      await writeAll(
        f,
        le(
          [0x06064b50, 4],
          [44, 8],
          [45, 2],
          [45, 2],
          [0, 4],
          [0, 4],
          [1, 8],
          [1, 8],
          [central.length, 8],
          [cdAt, 8],
          [0x07064b50, 4],
          [0, 4],
          [endAt, 8],
          [1, 4],
        ),
      );
    }
    await writeAll(
      f,
      le(
        [0x06054b50, 4],
        [0, 2],
        [0, 2],
        [1, 2],
        [1, 2],
        [central.length, 4],
        [zip64 ? FULL32 : cdAt, 4],
        [0, 2],
      ),
    );
  } finally {
    f.close();
  }
}

/**
 * The number of the `i`-th of `patents` generated patents: spread over the 8 million utility numbers granted
 * since 1976, consecutive above that (at the published 9.45 million, up to 13.4 million; the published
 * tables give the excess design, plant and reissue numbers, which the import reads the same way). Each
 * patent its own number: a step of `Math.floor(8e6 / patents)` alone is 0 there, which gave every
 * generated patent number 3930000 (one patent with all 61 million CPC rows).
 */
const pvId = (i: number, patents: number) =>
  String(3_930_000 + i * Math.max(1, Math.floor(8_000_000 / patents)));

/** CPC rows per patent in the published current-CPC table (59.8 M rows over 9.45 M patents). */
export const CPC_PER_PATENT = 6.33;

/**
 * PatentsView's tables in `dir` (each a `.tsv.zip` as published): `g_patent`, `g_application`,
 * `g_assignee_disambiguated` for `patents` patents (granted 1976–2025), and — unless `withCpc` is false —
 * `g_cpc_current` with 1–12 codes per patent (6.33 on average, as published), rows of a patent together.
 */
export async function patentsView(dir: string, patents: number, withCpc = true): Promise<number> {
  await Deno.mkdir(dir, { recursive: true });
  const id = (i: number) => pvId(i, patents);
  const date = (i: number) => {
    const y = 1976 + Math.floor((i / patents) * 50);
    return `${y}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
  };
  await tsvZip(
    `${dir}/g_patent.tsv.zip`,
    [
      "patent_id",
      "patent_type",
      "patent_date",
      "patent_title",
      "wipo_kind",
      "num_claims",
      "withdrawn",
      "filename",
    ],
    patents,
    (i) => [[id(i), "utility", date(i), `Compound ${i} and "uses" thereof`, "B2", "20", "0", "ipg.xml"]],
  );
  await tsvZip(
    `${dir}/g_application.tsv.zip`,
    ["application_id", "patent_id", "patent_application_type", "filing_date", "series_code", "rule_47_flag"],
    patents,
    (i) => [[`16/${i}`, id(i), "16", date(Math.max(1, i - 3000)), "16", "0"]],
  );
  await tsvZip(
    `${dir}/g_assignee_disambiguated.tsv.zip`,
    [
      "patent_id",
      "assignee_sequence",
      "assignee_id",
      "disambig_assignee_individual_name_first",
      "disambig_assignee_individual_name_last",
      "disambig_assignee_organization",
      "assignee_type",
      "location_id",
    ],
    patents,
    (
      i,
    ) => [[
      id(i),
      "0",
      `a${i % 40_000}`,
      "",
      "",
      `${SPONSORS[i % SPONSORS.length]} ${i % 40_000} Inc.`,
      "2",
      "l",
    ]],
  );
  if (!withCpc) return 0;
  let rows = 0;
  await tsvZip(
    `${dir}/g_cpc_current.tsv.zip`,
    ["patent_id", "cpc_sequence", "cpc_section", "cpc_class", "cpc_subclass", "cpc_group", "cpc_type"],
    patents,
    (i) => {
      const k = 1 + ((i * 7919) % 12) % 12; // 1..12, mean ≈ 6.5
      const out: string[][] = [];
      for (let s = 0; s < k; s++) {
        const sc = `${"ABCDEFGH"[(i + s) % 8]}${String(1 + ((i * 31 + s * 17) % 68)).padStart(2, "0")}${
          "ABCDEFGHJKLMNPQ"[(i + s * 3) % 15]
        }`;
        out.push([
          id(i),
          String(s),
          sc[0],
          sc.slice(0, 3),
          sc,
          `${sc}${1 + (i * s) % 99}/${(i + s) % 700}`,
          "additional",
        ]);
      }
      rows += k;
      return out;
    },
  );
  return rows;
}

/** Inventor and US-citation rows per patent in the published tables (24.0 M and 152.6 M over 9.45 M patents). */
export const INVENTORS_PER_PATENT = 2.54, CITATIONS_PER_PATENT = 16.1;

/**
 * `g_inventor_disambiguated` and `g_us_patent_citation` for the patents {@linkcode patentsView} wrote (each a
 * `.tsv.zip` as published): 1–4 inventors (2.5 on average) and 1–31 citations of earlier patents (16 on
 * average) per patent, rows of a patent together.
 */
export async function patentsViewLinks(
  dir: string,
  patents: number,
): Promise<{ inventors: number; citations: number }> {
  let inventors = 0, citations = 0;
  await tsvZip(
    `${dir}/g_inventor_disambiguated.tsv.zip`,
    [
      "patent_id",
      "inventor_sequence",
      "inventor_id",
      "disambig_inventor_name_first",
      "disambig_inventor_name_last",
      "gender_code",
      "location_id",
    ],
    patents,
    (i) => {
      const k = 1 + (i % 4);
      inventors += k;
      return Array.from(
        { length: k },
        (
          _,
          s,
        ) => [
          pvId(i, patents),
          String(s),
          `inv${(i * 7 + s) % 2_000_000}`,
          `First${s}`,
          `Last${i % 50_000}`,
          "F",
          "l",
        ],
      );
    },
  );
  await tsvZip(
    `${dir}/g_us_patent_citation.tsv.zip`,
    [
      "patent_id",
      "citation_sequence",
      "citation_patent_id",
      "citation_date",
      "record_name",
      "wipo_kind",
      "citation_category",
    ],
    patents,
    (i) => {
      const k = 1 + ((i * 13) % 31);
      citations += k;
      return Array.from({ length: k }, (_, s) => {
        // An earlier patent spread over all of them (a hash: `(i * 31 + …) % (i - 1)` was the same few
        // patents past i = 237,602, so only 100,811 patents were ever cited at the published size).
        const h = (Math.imul(i, 0x9e3779b1) ^ Math.imul(s + 1, 0x85ebca6b)) >>> 0;
        const j = i > 1 ? 1 + (h % (i - 1)) : 1;
        return [
          pvId(i, patents),
          String(s),
          pvId(j, patents),
          "2000-01-01",
          `Name${j % 1000}`,
          "B2",
          "cited by examiner",
        ];
      });
    },
  );
  return { inventors, citations };
}

/** NIH ExPORTER FY2022's published size: project rows (RePORTER_PRJ_C_FY2022.csv, 46 columns). */
export const NIH_ROWS = 83_575;

const NIH_HEAD = [
  "APPLICATION_ID",
  "ACTIVITY",
  "ADMINISTERING_IC",
  "APPLICATION_TYPE",
  "ARRA_FUNDED",
  "AWARD_NOTICE_DATE",
  "BUDGET_START",
  "BUDGET_END",
  "CFDA_CODE",
  "CORE_PROJECT_NUM",
  "ED_INST_TYPE",
  "FOA_NUMBER",
  "FULL_PROJECT_NUM",
  "FUNDING_ICs",
  "FUNDING_MECHANISM",
  "FY",
  "IC_NAME",
  "NIH_SPENDING_CATS",
  "ORG_CITY",
  "ORG_COUNTRY",
  "ORG_DEPT",
  "ORG_DISTRICT",
  "ORG_DUNS",
  "ORG_FIPS",
  "ORG_IPF_CODE",
  "ORG_NAME",
  "ORG_STATE",
  "ORG_ZIPCODE",
  "PHR",
  "PI_IDS",
  "PI_NAMEs",
  "PROGRAM_OFFICER_NAME",
  "PROJECT_START",
  "PROJECT_END",
  "PROJECT_TERMS",
  "PROJECT_TITLE",
  "SERIAL_NUMBER",
  "STUDY_SECTION",
  "STUDY_SECTION_NAME",
  "SUBPROJECT_ID",
  "SUFFIX",
  "SUPPORT_YEAR",
  "DIRECT_COST_AMT",
  "INDIRECT_COST_AMT",
  "TOTAL_COST",
  "TOTAL_COST_SUB_PROJECT",
];
const TERMS = Array.from({ length: 4000 }, (_, k) => `Term ${k} of the thesaurus`);
const CATS = ["Cancer", "Brain Disorders", "Clinical Research", "Genetics", "Neurosciences", "Rare Diseases"];
const ORGS = [
  "JOHNS HOPKINS UNIVERSITY",
  "UNIVERSITY OF CALIFORNIA LOS ANGELES",
  "STANFORD UNIVERSITY",
  "MAYO CLINIC",
];
const csvCell = (s: string) => /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;

/**
 * An ExPORTER fiscal year in `dir` at the published size: RePORTER_PRJ_C_FY2022.csv (`rows` applications,
 * 46 columns, about 100 project terms each, M/D/YYYY dates, CRLF) and RePORTER_PRJ_ABS_C_FY2022.csv (an
 * abstract of about 2,500 characters per application).
 */
export async function nihExporter(dir: string, rows = NIH_ROWS): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const sentence = "The project studies mechanisms of disease and tests new treatments in patients. ";
  await chunked(`${dir}/RePORTER_PRJ_C_FY2022.csv`, rows + 1, (i) => {
    if (i === 1) return NIH_HEAD.join(",") + "\r\n";
    const id = 10_000_000 + i, m = 1 + (i % 12), d = 1 + (i % 28);
    const terms = Array.from({ length: 100 }, (_, k) => TERMS[(i * 31 + k * 7) % TERMS.length]).join(";");
    const direct = 100_000 + (i % 900) * 1000, indirect = Math.round(direct * 0.4);
    const cells: Record<string, string> = {
      APPLICATION_ID: String(id),
      ACTIVITY: "R01",
      ADMINISTERING_IC: "CA",
      APPLICATION_TYPE: "5",
      AWARD_NOTICE_DATE: `${m}/${d}/2022`,
      BUDGET_START: `${m}/1/2022`,
      BUDGET_END: `${m}/1/2023`,
      CORE_PROJECT_NUM: `R01CA${200_000 + i}`,
      FULL_PROJECT_NUM: `5R01CA${200_000 + i}-03`,
      FUNDING_ICs: `NCI:${direct + indirect}\\`,
      FY: "2022",
      IC_NAME: "NATIONAL CANCER INSTITUTE",
      NIH_SPENDING_CATS: CATS.slice(0, 1 + (i % CATS.length)).join(";"),
      ORG_CITY: "BALTIMORE",
      ORG_COUNTRY: "UNITED STATES",
      ORG_NAME: i % 7 ? ORGS[i % ORGS.length] : `INSTITUTE ${i % 5000}, INC.`,
      PHR: sentence.repeat(6),
      PI_IDS: `${9_000_000 + i} (contact)`,
      PI_NAMEs: `DOE, JANE ${i} (contact);ROE, RICHARD`,
      PROJECT_START: `${m}/${d}/${2015 + (i % 8)}`,
      PROJECT_END: `${m}/${d}/${2024 + (i % 5)}`,
      PROJECT_TERMS: terms,
      PROJECT_TITLE: `Mechanisms of disease ${i % 997}: a study of treatment ${i}`,
      STUDY_SECTION_NAME: "Cancer Etiology Study Section",
      SUPPORT_YEAR: "3",
      DIRECT_COST_AMT: String(direct),
      INDIRECT_COST_AMT: String(indirect),
      TOTAL_COST: String(direct + indirect),
    };
    return NIH_HEAD.map((h) => csvCell(cells[h] ?? "")).join(",") + "\r\n";
  });
  await chunked(
    `${dir}/RePORTER_PRJ_ABS_C_FY2022.csv`,
    rows + 1,
    (i) => i === 1 ? "APPLICATION_ID,ABSTRACT_TEXT\r\n" : `${10_000_000 + i},"${sentence.repeat(30)}"\r\n`,
  );
}

/** CORDIS Horizon 2020's published size: projects (project.csv) and participations (organization.csv). */
export const CORDIS_SIZE = { projects: 35_389, organizations: 176_000 } as const;

/**
 * A CORDIS projects bundle in `dir` (project.csv, organization.csv, topics.csv; `;`-separated, every field
 * quoted, decimal commas, objectives of about 2,000 characters).
 */
export async function cordis(dir: string, sizes: { projects: number; organizations: number } = CORDIS_SIZE) {
  await Deno.mkdir(dir, { recursive: true });
  const q = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(";") + "\n";
  const objective = "The consortium will develop and validate new approaches for European research. ".repeat(
    25,
  );
  await chunked(`${dir}/project.csv`, sizes.projects + 1, (i) =>
    i === 1
      ? q([
        "id",
        "acronym",
        "status",
        "title",
        "startDate",
        "endDate",
        "totalCost",
        "ecMaxContribution",
        "legalBasis",
        "topics",
        "ecSignatureDate",
        "frameworkProgramme",
        "masterCall",
        "subCall",
        "fundingScheme",
        "nature",
        "objective",
        "contentUpdateDate",
        "rcn",
        "grantDoi",
      ])
      : q([
        String(100_000 + i),
        `ACR${i}`,
        "CLOSED",
        `Project ${i}; research on topic ${i % 300}`,
        `${2015 + (i % 6)}-0${1 + (i % 9)}-01`,
        `${2019 + (i % 6)}-0${1 + (i % 9)}-01`,
        `${1_000_000 + i},5`,
        `${900_000 + i},25`,
        "H2020-EU.3.1.",
        `SC1-BHC-${String(i % 40).padStart(2, "0")}-2019`,
        "2016-01-01",
        "H2020",
        "H2020-SC1-2019",
        "",
        "RIA",
        "",
        objective,
        "2024-03-20 14:20:11",
        String(200_000 + i),
        `10.3030/${100_000 + i}`,
      ]));
  const per = sizes.organizations / sizes.projects;
  await chunked(`${dir}/organization.csv`, sizes.organizations + 1, (i) => {
    if (i === 1) {
      return q([
        "projectID",
        "projectAcronym",
        "organisationID",
        "name",
        "shortName",
        "activityType",
        "city",
        "country",
        "contentUpdateDate",
        "rcn",
        "order",
        "role",
        "ecContribution",
        "netEcContribution",
        "totalCost",
        "endOfParticipation",
        "active",
      ]);
    }
    const p = 1 + Math.floor((i - 2) / per), order = 1 + ((i - 2) % Math.ceil(per));
    return q([
      String(100_000 + Math.min(p, sizes.projects) + 1),
      `ACR${p}`,
      String(900_000 + (i % 30_000)),
      `ORGANISATION ${i % 30_000}`,
      `ORG${i % 30_000}`,
      "HES",
      "Paris",
      "FR",
      "2024-03-20 14:20:11",
      "1",
      String(order),
      order === 1 ? "coordinator" : "participant",
      "100000,5",
      "100000,5",
      "100000,5",
      "false",
      "true",
    ]);
  });
  await chunked(
    `${dir}/topics.csv`,
    41,
    (i) =>
      i === 1 ? q(["projectID", "topic", "title", "rcn"]) : q([
        "",
        `SC1-BHC-${String(i - 2).padStart(2, "0")}-2019`,
        `Better health and care topic ${i - 2}`,
        "1",
      ]),
  );
}

/**
 * An OpenAlex snapshot subset folder in `dir`: `works/updated_date=2025-06-11/part_000.gz` with `works`
 * records of about 9 KB of JSON each (authorships, referenced works, an abstract index, topics, concepts),
 * `authors/updated_date=2025-06-08/part_000.gz` with `authors` records, `topics/…` with 4,516 topics;
 * gzipped JSON lines as published. Every 10th work is by an author among `A5000000001`–`A5000001000`
 * (the subset the benchmark keeps).
 */
export async function openAlex(dir: string, works: number, authors: number): Promise<void> {
  const { Gzip } = await import("fflate");
  const gzLines = async (path: string, n: number, line: (i: number) => string) => {
    await Deno.mkdir(path.replace(/\/[^/]+$/, ""), { recursive: true });
    const f = await Deno.open(path, { write: true, create: true, truncate: true });
    const parts: Uint8Array[] = [];
    const gz = new Gzip({ level: 1 }, (chunk) => parts.push(chunk));
    try {
      let buf: string[] = [];
      for (let i = 1; i <= n; i++) {
        buf.push(line(i));
        if (buf.length === 1000 || i === n) {
          gz.push(enc.encode(buf.join("")), i === n);
          buf = [];
          for (const p of parts.splice(0)) await f.write(p);
        }
      }
    } finally {
      f.close();
    }
  };
  const topic = (k: number) => ({
    id: `https://openalex.org/T${10_000 + k}`,
    display_name: `Research topic ${k}`,
    subfield: { id: "https://openalex.org/subfields/2730", display_name: "Oncology" },
    field: { id: "https://openalex.org/fields/27", display_name: "Medicine" },
    domain: { id: "https://openalex.org/domains/4", display_name: "Health Sciences" },
  });
  const words = "we studied the effect of treatment on outcomes in patients with disease and report results"
    .split(" ");
  const abstract = Object.fromEntries(words.map((w, k) => [w, [k, k + 16, k + 32, k + 48, k + 64]]));
  const authorId = (i: number) =>
    `https://openalex.org/A${i % 10 === 0 ? 5_000_000_001 + (i % 1000) : 5_100_000_000 + i}`;
  await gzLines(`${dir}/works/updated_date=2025-06-11/part_000.gz`, works, (i) =>
    JSON.stringify({
      id: `https://openalex.org/W${4_000_000_000 + i}`,
      doi: `https://doi.org/10.1234/w${i}`,
      title: `Work ${i} on treatment outcomes`,
      display_name: `Work ${i} on treatment outcomes`,
      publication_year: 2000 + (i % 25),
      publication_date: `${2000 + (i % 25)}-0${1 + (i % 9)}-15`,
      type: ["article", "review", "preprint", "book-chapter", "dataset"][i % 5],
      type_crossref: "journal-article",
      primary_location: {
        source: { id: "https://openalex.org/S1", display_name: "A Journal", type: "journal" },
      },
      open_access: { is_oa: i % 3 === 0, oa_status: "gold" },
      authorships: Array.from({ length: 6 }, (_, k) => ({
        author_position: k ? "middle" : "first",
        author: {
          id: k === 0 ? authorId(i) : `https://openalex.org/A${5_200_000_000 + ((i * 7 + k) % 5_000_000)}`,
          display_name: `Author ${k} of ${i}`,
          orcid: null,
        },
        institutions: [{
          id: `https://openalex.org/I${100 + (i % 5000)}`,
          display_name: `University ${i % 5000}`,
          ror: null,
          country_code: "US",
          type: "education",
        }],
        raw_author_name: `Author ${k}`,
      })),
      cited_by_count: i % 250,
      topics: [0, 1, 2].map((k) => ({ ...topic((i + k) % 4516), score: 0.9 - k * 0.1 })),
      concepts: Array.from(
        { length: 10 },
        (_, k) => ({ id: `https://openalex.org/C${k}`, display_name: `Concept ${k}`, level: 1, score: 0.5 }),
      ),
      referenced_works: Array.from({ length: 40 }, (_, k) =>
        `https://openalex.org/W${3_000_000_000 + i * 40 + k}`),
      abstract_inverted_index: abstract,
      updated_date: "2025-06-11T00:00:00.000000",
    }) + "\n");
  await gzLines(`${dir}/authors/updated_date=2025-06-08/part_000.gz`, authors, (i) =>
    JSON.stringify({
      id: i <= 1000
        ? `https://openalex.org/A${5_000_000_000 + i}`
        : `https://openalex.org/A${5_100_000_000 + i}`,
      display_name: `Author ${i}`,
      orcid: null,
      works_count: 10 + (i % 300),
      cited_by_count: 100 + (i % 5000),
      summary_stats: { "2yr_mean_citedness": 1.5, h_index: 1 + (i % 60), i10_index: 3 },
      last_known_institutions: [{
        id: `https://openalex.org/I${100 + (i % 5000)}`,
        display_name: `University ${i % 5000}`,
      }],
      topics: [0, 1].map((k) => ({ ...topic((i + k) % 4516), count: 3 })),
      counts_by_year: Array.from(
        { length: 10 },
        (_, k) => ({ year: 2024 - k, works_count: 2, cited_by_count: 20 }),
      ),
      updated_date: "2025-06-08T00:00:00.000000",
    }) + "\n");
  await gzLines(
    `${dir}/topics/updated_date=2025-05-01/part_000.gz`,
    4516,
    (i) => JSON.stringify({ ...topic(i - 1), keywords: ["a", "b"], works_count: 1000 }) + "\n",
  );
  await Deno.writeTextFile(
    `${dir}.subset.json`,
    JSON.stringify({
      snapshot: dir.split("/").pop(),
      authors: Array.from({ length: 1000 }, (_, k) => `A${5_000_000_001 + k}`),
    }),
  );
}
