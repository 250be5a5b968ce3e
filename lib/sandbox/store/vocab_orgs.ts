/**
 * Organization vocabulary: corporate families (real-looking names, synthetic identifiers), academic
 * and hospital sponsors, and name parts for synthetic biotechs and unresolved mentions.
 *
 * @module
 */

/** A corporate family: the global parent plus `>`-separated parent_of chains below it. */
export interface FamilySpec {
  /** Global parent name (the canonical entity). */
  name: string;
  /** SEC tickers of the parent's LEI (may be empty: private companies). */
  tickers: readonly string[];
  /** ISO country code. */
  country: string;
  /** Chains below the parent, e.g. `"Wyeth LLC>Wyeth Pharmaceuticals LLC"`. */
  subs: readonly string[];
  /** Raw spellings seen in registries, patents and labels (become mention nodes). */
  raw: readonly string[];
  /** Relative activity weight (trials, patents, approvals). */
  weight: number;
}

/**
 * Pharma families, one per line: `name|tickers|country|weight|subs|raw`. `subs` are `;`-separated
 * `>`-chains below the parent (parent_of edges); `raw` are `;`-separated registry/patent/label spellings
 * (mention nodes resolving to the parent, or to the entity after `=>`). The first six are the documented anchors.
 */
const FAMILY_LINES: readonly string[] = [
  "Pfizer|PFE|US|10|Pfizer Inc.>Wyeth LLC>Wyeth Pharmaceuticals LLC>Wyeth Holdings Europe>Pfizer Ireland Pharmaceuticals;Pfizer Inc.>Seagen Inc.;Pfizer Inc.>Hospira, Inc.;Pfizer Inc.>Arena Pharmaceuticals|PFIZER INC;Pfizer Inc;Pfizer Pharmaceuticals Ltd;WYETH LLC=>Wyeth LLC;SEAGEN INC=>Seagen Inc.",
  "Merck & Co|MRK|US|9|Merck Sharp & Dohme LLC>MSD International GmbH>MSD Ireland;Merck Sharp & Dohme LLC>Acceleron Pharma|MERCK SHARP DOHME=>Merck Sharp & Dohme LLC;Merck Sharp & Dohme Corp.;MSD;Merck & Co., Inc.",
  "Novartis|NVS,NVSEF|CH|9|Novartis Pharma AG>Novartis Pharmaceuticals Corporation;Novartis Pharma AG>Novartis Gene Therapies>AveXis Research;Novartis Pharma AG>Advanced Accelerator Applications|NOVARTIS AG;Novartis Pharmaceuticals;NOVARTIS PHARMS CORP",
  "Roche|RHHBY,RHHVF|CH|9|F. Hoffmann-La Roche AG>Genentech, Inc.>Genentech USA>Genentech Research Holdings;F. Hoffmann-La Roche AG>Chugai Pharmaceutical;F. Hoffmann-La Roche AG>Foundation Medicine;F. Hoffmann-La Roche AG>Spark Therapeutics|HOFFMANN LA ROCHE;Hoffmann-La Roche;GENENTECH INC=>Genentech, Inc.;Genentech Inc.=>Genentech, Inc.",
  "AstraZeneca|AZN,AZNCF|GB|9|AstraZeneca AB>AstraZeneca Pharmaceuticals LP;AstraZeneca AB>Alexion Pharmaceuticals>Alexion Europe;AstraZeneca AB>MedImmune LLC;AstraZeneca AB>Acerta Pharma|ASTRAZENECA AB;AstraZeneca UK Ltd;ASTRAZENECA PHARMS;MEDIMMUNE LLC=>MedImmune LLC",
  "Bristol-Myers Squibb|BMY|US|8|Bristol-Myers Squibb Company>Celgene Corporation>Juno Therapeutics;Bristol-Myers Squibb Company>MyoKardia;Bristol-Myers Squibb Company>Mirati Therapeutics;Bristol-Myers Squibb Company>Karuna Therapeutics|BRISTOL MYERS SQUIBB;Bristol Myers Squibb Co;CELGENE CORP=>Celgene Corporation;BMS",
  "Eli Lilly and Company|LLY|US|8|Loxo Oncology|ELI LILLY AND CO;Lilly",
  "Johnson & Johnson|JNJ|US|8|Janssen Pharmaceuticals>Janssen Research & Development, LLC;Janssen Pharmaceuticals>Janssen Biotech|JANSSEN PHARMS=>Janssen Pharmaceuticals;Janssen Research & Development;JOHNSON & JOHNSON",
  "Sanofi|SNY|FR|7|Genzyme Corporation;Sanofi Pasteur|SANOFI AVENTIS;Sanofi-Aventis",
  "GSK|GSK|GB|7|ViiV Healthcare;GlaxoSmithKline Biologicals|GLAXOSMITHKLINE;GlaxoSmithKline LLC",
  "AbbVie|ABBV|US|7|Allergan>Allergan Sales LLC;Pharmacyclics|ABBVIE INC;AbbVie Inc.",
  "Amgen|AMGN|US|6|Horizon Therapeutics|AMGEN INC;Amgen Inc.",
  "Gilead Sciences|GILD|US|6|Kite Pharma|GILEAD SCIENCES INC",
  "Novo Nordisk|NVO,NONOF|DK|6|Novo Nordisk Inc.|NOVO NORDISK AS;Novo Nordisk A/S",
  "Bayer|BAYRY|DE|5|Bayer HealthCare Pharmaceuticals|BAYER AG;Bayer Healthcare",
  "Takeda|TAK|JP|5|Shire;Millennium Pharmaceuticals|TAKEDA PHARMS;Takeda Pharmaceutical Company Limited",
  "Boehringer Ingelheim||DE|5|Boehringer Ingelheim Pharmaceuticals|BOEHRINGER INGELHEIM",
  "Biogen|BIIB|US|4||BIOGEN INC;Biogen Idec",
  "Regeneron Pharmaceuticals|REGN|US|4||REGENERON PHARMS",
  "Vertex Pharmaceuticals|VRTX|US|3||VERTEX PHARMS INC",
  "Moderna|MRNA|US|3||MODERNATX INC;ModernaTX, Inc.",
  "Daiichi Sankyo|DSNKY|JP|3||DAIICHI SANKYO CO LTD",
  "Astellas Pharma|ALPMY|JP|3||ASTELLAS PHARMA INC",
  "Eisai|ESALY|JP|3||EISAI CO LTD",
  "Incyte|INCY|US|2||INCYTE CORP",
  "Teva Pharmaceutical Industries|TEVA|IL|3|Teva Pharmaceuticals USA|TEVA PHARMS USA=>Teva Pharmaceuticals USA",
  "Viatris|VTRS|US|3|Mylan Pharmaceuticals|MYLAN PHARMS INC",
  "Sandoz|SDZNY|CH|3||SANDOZ INC",
  "Sun Pharmaceutical Industries||IN|2||SUN PHARMA GLOBAL",
];

/** Pharma families parsed from {@link FAMILY_LINES}. */
export const PHARMA_FAMILIES: readonly FamilySpec[] = FAMILY_LINES.map((line) => {
  const [name, tickers, country, weight, subs, raw] = line.split("|");
  const list = (s: string, sep: string) => (s ? s.split(sep) : []);
  return {
    name,
    tickers: list(tickers, ","),
    country,
    weight: Number(weight),
    subs: list(subs, ";"),
    raw: list(raw, ";"),
  };
});

/** Generic manufacturers used as applicants of commodity (ANDA) approvals. */
export const GENERIC_MAKERS: readonly string[] = [
  "Teva Pharmaceutical Industries",
  "Viatris",
  "Sandoz",
  "Sun Pharmaceutical Industries",
];

/** Academic, hospital and government sponsors: `name|type|country`. */
export const INSTITUTIONS: readonly string[] = [
  "Dana-Farber Cancer Institute|hospital|US",
  "M.D. Anderson Cancer Center|hospital|US",
  "Memorial Sloan Kettering Cancer Center|hospital|US",
  "Mayo Clinic|hospital|US",
  "National Cancer Institute (NCI)|government|US",
  "Massachusetts General Hospital|hospital|US",
  "Stanford University|academic|US",
  "Johns Hopkins University|academic|US",
  "Duke University|academic|US",
  "University of California, San Francisco|academic|US",
  "University of Oxford|academic|GB",
  "University College London|academic|GB",
  "Karolinska Institutet|academic|SE",
  "Assistance Publique - Hôpitaux de Paris|hospital|FR",
  "Gustave Roussy|hospital|FR",
  "Charité – Universitätsmedizin Berlin|hospital|DE",
  "University Hospital Heidelberg|hospital|DE",
  "Peking Union Medical College Hospital|hospital|CN",
  "Sun Yat-sen University|academic|CN",
  "Fudan University|academic|CN",
  "Seoul National University Hospital|hospital|KR",
  "Yonsei University|academic|KR",
  "University of Tokyo|academic|JP",
  "University of Toronto|academic|CA",
  "National Institute of Allergy and Infectious Diseases (NIAID)|government|US",
];

/** Syllables and suffixes for synthetic biotech names. */
export const BIOTECH_PARTS = {
  heads: [
    "Aur",
    "Cel",
    "Nov",
    "Ther",
    "Gen",
    "Vel",
    "Zyn",
    "Ark",
    "Hel",
    "Onc",
    "Lum",
    "Cyt",
    "Prax",
    "Ver",
    "Neu",
    "Imm",
  ],
  tails: [
    "elion",
    "axis",
    "ora",
    "ivant",
    "ogen",
    "antis",
    "ego",
    "ara",
    "ix",
    "ovo",
    "ella",
    "ira",
    "una",
    "etra",
  ],
  suffixes: [
    "Therapeutics",
    "Bio",
    "Pharmaceuticals",
    "Biosciences",
    "Oncology",
    "Medicines",
    "Biotherapeutics",
  ],
};

/** Unresolved sponsor mentions that never resolve (investigators, sites, small clinics). */
export const ORPHAN_MENTION_PATTERNS: readonly string[] = [
  "Investigator Site {n}",
  "Dr. {name}",
  "{city} Clinical Research Center",
  "Hospital Universitario {city}",
  "{city} Regional Medical Center",
];

/** Cities for mention names. */
export const CITIES: readonly string[] = [
  "Madrid",
  "Lyon",
  "Milan",
  "Boston",
  "Seattle",
  "Houston",
  "Osaka",
  "Shanghai",
  "Warsaw",
  "Lisbon",
  "Toronto",
  "Sydney",
  "Leuven",
  "Porto",
  "Krakow",
  "Denver",
  "Vienna",
  "Ghent",
  "Nagoya",
  "Chengdu",
];

/** Given and family names for researchers, inventors and PIs. */
export const PERSON_NAMES = {
  given: [
    "Wei",
    "Maria",
    "James",
    "Anna",
    "Hiroshi",
    "Sofia",
    "David",
    "Li",
    "Elena",
    "Mohammed",
    "Laura",
    "Jun",
    "Thomas",
    "Priya",
    "Carlos",
    "Julia",
    "Kenji",
    "Fatima",
    "Peter",
    "Ingrid",
    "Ahmed",
    "Chen",
    "Olivia",
    "Rafael",
  ],
  family: [
    "Zhang",
    "Garcia",
    "Smith",
    "Muller",
    "Tanaka",
    "Rossi",
    "Kim",
    "Wang",
    "Johansson",
    "Patel",
    "Nguyen",
    "Silva",
    "Kowalski",
    "Martin",
    "Chen",
    "Dubois",
    "Okafor",
    "Fischer",
    "Sato",
    "Lopez",
    "Novak",
    "Cohen",
    "Haddad",
    "Li",
  ],
};
