/**
 * Private: public data files in the publishers' formats, generated at registry scale for the import
 * benchmark — ClinicalTrials.gov v2 studies (NDJSON, or a zip of one JSON file per study), the Orange Book's
 * three `~`-delimited files, the wide Part D CSV. Written in chunks, so memory stays small.
 *
 * @module
 */
import { Zip, ZipDeflate } from "fflate";

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
