/**
 * Drug vocabulary: real-ish drug names with brand names, salt forms, targets and action types,
 * indications, originators, first approval years and boxed warnings. Synthetic molecules are added
 * by the generator from {@link SYNTHETIC_STEMS}.
 *
 * @module
 */

/** A drug of the vocabulary. */
export interface DrugSpec {
  /** Lowercase INN. */
  generic: string;
  /** Brand names. */
  brands: string[];
  /** Salt suffix (e.g. `mesylate`), or empty. */
  salt: string;
  /** Modality: `sm` small molecule, `ab` antibody, `pr` protein, `ol` oligonucleotide. */
  modality: string;
  /** Targets with action types: `[symbol, ACTION]`. */
  targets: [string, string][];
  /** Indication CURIEs. */
  indications: string[];
  /** Originator family name. */
  originator: string;
  /** First approval year, or 0 when not approved. */
  firstYear: number;
  /** Max clinical phase. */
  maxPhase: number;
  /** Boxed warning text, or empty. */
  blackBox: string;
}

/** `generic|brands|salt|modality|SYMBOL:ACTION;...|indications|originator|first year|max phase|boxed warning`. */
const DRUG_LINES: readonly string[] = [
  "osimertinib|Tagrisso|mesylate|sm|EGFR:INHIBITOR|EFO:0003060|AstraZeneca|2015|4|",
  "gefitinib|Iressa||sm|EGFR:INHIBITOR|EFO:0003060|AstraZeneca|2003|4|",
  "erlotinib|Tarceva|hydrochloride|sm|EGFR:INHIBITOR|EFO:0003060;EFO:0002618|Roche|2004|4|",
  "afatinib|Gilotrif|dimaleate|sm|EGFR:INHIBITOR;ERBB2:INHIBITOR|EFO:0003060|Boehringer Ingelheim|2013|4|",
  "amivantamab|Rybrevant||ab|EGFR:ANTIBODY;MET:ANTIBODY|EFO:0003060|Johnson & Johnson|2021|4|",
  "sotorasib|Lumakras||sm|KRAS:INHIBITOR|EFO:0003060;EFO:0005842|Amgen|2021|4|",
  "adagrasib|Krazati||sm|KRAS:INHIBITOR|EFO:0003060;EFO:0005842|Bristol-Myers Squibb|2022|4|",
  "divarasib|||sm|KRAS:INHIBITOR|EFO:0003060|Roche|0|3|",
  "pembrolizumab|Keytruda||ab|PDCD1:ANTIBODY|EFO:0003060;EFO:0000756;EFO:0000181;EFO:0005537;EFO:0000681|Merck & Co|2014|4|",
  "nivolumab|Opdivo||ab|PDCD1:ANTIBODY|EFO:0003060;EFO:0000756;EFO:0000681;EFO:0000178|Bristol-Myers Squibb|2014|4|",
  "atezolizumab|Tecentriq||ab|CD274:ANTIBODY|EFO:0003060;EFO:0000702;EFO:0000182|Roche|2016|4|",
  "durvalumab|Imfinzi||ab|CD274:ANTIBODY|EFO:0003060;EFO:0000702|AstraZeneca|2017|4|",
  "ipilimumab|Yervoy||ab|CTLA4:ANTIBODY|EFO:0000756;EFO:0000681|Bristol-Myers Squibb|2011|4|",
  "relatlimab|||ab|LAG3:ANTIBODY|EFO:0000756|Bristol-Myers Squibb|0|3|",
  "tiragolumab|||ab|TIGIT:ANTIBODY|EFO:0003060|Roche|0|3|",
  "trastuzumab|Herceptin||ab|ERBB2:ANTIBODY|EFO:1000294;EFO:0000178|Roche|1998|4|Cardiomyopathy, infusion reactions, embryo-fetal toxicity",
  "pertuzumab|Perjeta||ab|ERBB2:ANTIBODY|EFO:1000294|Roche|2012|4|Left ventricular dysfunction, embryo-fetal toxicity",
  "trastuzumab deruxtecan|Enhertu||ab|ERBB2:ANTIBODY|EFO:1000294;EFO:0000305;EFO:0003060|Daiichi Sankyo|2019|4|Interstitial lung disease and embryo-fetal toxicity",
  "lapatinib|Tykerb|ditosylate|sm|ERBB2:INHIBITOR;EGFR:INHIBITOR|EFO:1000294|Novartis|2007|4|Hepatotoxicity",
  "alectinib|Alecensa|hydrochloride|sm|ALK:INHIBITOR|EFO:0003060|Roche|2015|4|",
  "crizotinib|Xalkori||sm|ALK:INHIBITOR;MET:INHIBITOR|EFO:0003060|Pfizer|2011|4|",
  "lorlatinib|Lorbrena||sm|ALK:INHIBITOR|EFO:0003060|Pfizer|2018|4|",
  "capmatinib|Tabrecta|hydrochloride|sm|MET:INHIBITOR|EFO:0003060|Novartis|2020|4|",
  "dabrafenib|Tafinlar|mesylate|sm|BRAF:INHIBITOR|EFO:0000756;EFO:0003060|Novartis|2013|4|",
  "vemurafenib|Zelboraf||sm|BRAF:INHIBITOR|EFO:0000756|Roche|2011|4|",
  "bevacizumab|Avastin||ab|VEGFA:ANTIBODY|EFO:0005842;EFO:0003060;EFO:0000519|Roche|2004|4|",
  "aflibercept|Eylea||pr|VEGFA:BINDING AGENT|EFO:0001365|Regeneron Pharmaceuticals|2011|4|",
  "palbociclib|Ibrance||sm|CDK4:INHIBITOR;CDK6:INHIBITOR|EFO:0000305|Pfizer|2015|4|",
  "ribociclib|Kisqali|succinate|sm|CDK4:INHIBITOR;CDK6:INHIBITOR|EFO:0000305|Novartis|2017|4|",
  "abemaciclib|Verzenio||sm|CDK4:INHIBITOR;CDK6:INHIBITOR|EFO:0000305|Eli Lilly and Company|2017|4|",
  "olaparib|Lynparza||sm|PARP1:INHIBITOR|EFO:0001075;EFO:0000305;EFO:0001663;EFO:0002618|AstraZeneca|2014|4|",
  "niraparib|Zejula|tosylate|sm|PARP1:INHIBITOR|EFO:0001075|GSK|2017|4|",
  "fulvestrant|Faslodex||sm|ESR1:DEGRADER|EFO:0000305|AstraZeneca|2002|4|",
  "tamoxifen|Nolvadex|citrate|sm|ESR1:MODULATOR|EFO:0000305|AstraZeneca|1977|4|Uterine malignancies, stroke and pulmonary embolism",
  "letrozole|Femara||sm|ESR1:MODULATOR|EFO:0000305|Novartis|1997|4|",
  "alpelisib|Piqray||sm|PIK3CA:INHIBITOR|EFO:0000305|Novartis|2019|4|",
  "everolimus|Afinitor||sm|MTOR:INHIBITOR|EFO:0000681;EFO:0000305|Novartis|2009|4|Malignancies and serious infections",
  "enzalutamide|Xtandi||sm|AR:ANTAGONIST|EFO:0001663|Pfizer|2012|4|",
  "abiraterone|Zytiga|acetate|sm|AR:INHIBITOR|EFO:0001663|Johnson & Johnson|2011|4|",
  "imatinib|Gleevec|mesylate|sm|ABL1:INHIBITOR;KIT:INHIBITOR|EFO:0000565|Novartis|2001|4|",
  "ibrutinib|Imbruvica||sm|BTK:INHIBITOR|EFO:0000095;EFO:0000403|AbbVie|2013|4|",
  "acalabrutinib|Calquence||sm|BTK:INHIBITOR|EFO:0000095|AstraZeneca|2017|4|",
  "tolebrutinib|||sm|BTK:INHIBITOR|EFO:0003885|Sanofi|0|3|",
  "rituximab|Rituxan||ab|MS4A1:ANTIBODY|EFO:0000403;EFO:0000095;EFO:0000685|Roche|1997|4|Fatal infusion reactions, hepatitis B reactivation, PML",
  "ocrelizumab|Ocrevus||ab|MS4A1:ANTIBODY|EFO:0003885|Roche|2017|4|",
  "venetoclax|Venclexta||sm|BCL2:INHIBITOR|EFO:0000095;EFO:0000222|AbbVie|2016|4|",
  "daratumumab|Darzalex||ab|CD38:ANTIBODY|EFO:0001378|Johnson & Johnson|2015|4|",
  "teclistamab|Tecvayli||ab|TNFRSF17:ANTIBODY|EFO:0001378|Johnson & Johnson|2022|4|Cytokine release syndrome and neurologic toxicity",
  "lenalidomide|Revlimid||sm|CD38:MODULATOR|EFO:0001378|Bristol-Myers Squibb|2005|4|Embryo-fetal toxicity, hematologic toxicity, venous thromboembolism",
  "gilteritinib|Xospata|fumarate|sm|FLT3:INHIBITOR|EFO:0000222|Astellas Pharma|2018|4|Differentiation syndrome",
  "ivosidenib|Tibsovo||sm|IDH1:INHIBITOR|EFO:0000222|Sanofi|2018|4|Differentiation syndrome",
  "semaglutide|Ozempic;Wegovy;Rybelsus||pr|GLP1R:AGONIST|MONDO:0005148;EFO:0001073;EFO:1001249|Novo Nordisk|2017|4|Risk of thyroid C-cell tumors",
  "liraglutide|Victoza;Saxenda||pr|GLP1R:AGONIST|MONDO:0005148;EFO:0001073|Novo Nordisk|2010|4|Risk of thyroid C-cell tumors",
  "dulaglutide|Trulicity||pr|GLP1R:AGONIST|MONDO:0005148|Eli Lilly and Company|2014|4|Risk of thyroid C-cell tumors",
  "tirzepatide|Mounjaro;Zepbound||pr|GLP1R:AGONIST;GIPR:AGONIST|MONDO:0005148;EFO:0001073|Eli Lilly and Company|2022|4|Risk of thyroid C-cell tumors",
  "orforglipron|||sm|GLP1R:AGONIST|EFO:0001073;MONDO:0005148|Eli Lilly and Company|0|3|",
  "danuglipron|||sm|GLP1R:AGONIST|EFO:0001073|Pfizer|0|2|",
  "metformin|Glucophage|hydrochloride|sm|INSR:MODULATOR|MONDO:0005148|Bristol-Myers Squibb|1995|4|Lactic acidosis",
  "sitagliptin|Januvia|phosphate|sm|DPP4:INHIBITOR|MONDO:0005148|Merck & Co|2006|4|",
  "empagliflozin|Jardiance||sm|SLC5A2:INHIBITOR|MONDO:0005148;EFO:0003144;EFO:0003884|Boehringer Ingelheim|2014|4|",
  "dapagliflozin|Farxiga|propanediol|sm|SLC5A2:INHIBITOR|MONDO:0005148;EFO:0003144;EFO:0003884|AstraZeneca|2014|4|",
  "insulin glargine|Lantus;Basaglar||pr|INSR:AGONIST|MONDO:0005148;MONDO:0005147|Sanofi|2000|4|",
  "insulin aspart|NovoLog;Fiasp||pr|INSR:AGONIST|MONDO:0005147;MONDO:0005148|Novo Nordisk|2000|4|",
  "verubecestat|||sm|BACE1:INHIBITOR|MONDO:0004975|Merck & Co|0|3|",
  "lanabecestat|||sm|BACE1:INHIBITOR|MONDO:0004975|AstraZeneca|0|3|",
  "atabecestat|||sm|BACE1:INHIBITOR|MONDO:0004975|Johnson & Johnson|0|2|",
  "lecanemab|Leqembi||ab|APP:ANTIBODY|MONDO:0004975|Eisai|2023|4|Amyloid-related imaging abnormalities",
  "donanemab|Kisunla||ab|APP:ANTIBODY|MONDO:0004975|Eli Lilly and Company|2024|4|Amyloid-related imaging abnormalities",
  "aducanumab|Aduhelm||ab|APP:ANTIBODY|MONDO:0004975|Biogen|2021|4|",
  "semorinemab|||ab|MAPT:ANTIBODY|MONDO:0004975|Roche|0|2|",
  "donepezil|Aricept|hydrochloride|sm|ACHE:INHIBITOR|MONDO:0004975|Eisai|1996|4|",
  "adalimumab|Humira||ab|TNF:ANTIBODY|EFO:0000685;EFO:0000384;EFO:0000729;EFO:0000676|AbbVie|2002|4|Serious infections and malignancy",
  "infliximab|Remicade||ab|TNF:ANTIBODY|EFO:0000384;EFO:0000729;EFO:0000685|Johnson & Johnson|1998|4|Serious infections and malignancy",
  "etanercept|Enbrel||pr|TNF:BINDING AGENT|EFO:0000685;EFO:0000676|Amgen|1998|4|Serious infections and malignancies",
  "tocilizumab|Actemra||ab|IL6R:ANTIBODY|EFO:0000685;MONDO:0100096|Roche|2010|4|Risk of serious infections",
  "tofacitinib|Xeljanz|citrate|sm|JAK1:INHIBITOR;JAK2:INHIBITOR|EFO:0000685;EFO:0000729|Pfizer|2012|4|Serious infections, mortality, malignancy, MACE, thrombosis",
  "upadacitinib|Rinvoq||sm|JAK1:INHIBITOR|EFO:0000685;EFO:0000274;EFO:0000729;EFO:0000384|AbbVie|2019|4|Serious infections, mortality, malignancy, MACE, thrombosis",
  "baricitinib|Olumiant||sm|JAK1:INHIBITOR;JAK2:INHIBITOR|EFO:0000685;MONDO:0100096|Eli Lilly and Company|2018|4|Serious infections, mortality, malignancy, MACE, thrombosis",
  "ruxolitinib|Jakafi|phosphate|sm|JAK1:INHIBITOR;JAK2:INHIBITOR|EFO:0000565|Incyte|2011|4|",
  "secukinumab|Cosentyx||ab|IL17A:ANTIBODY|EFO:0000676|Novartis|2015|4|",
  "ixekizumab|Taltz||ab|IL17A:ANTIBODY|EFO:0000676|Eli Lilly and Company|2016|4|",
  "risankizumab|Skyrizi||ab|IL23A:ANTIBODY|EFO:0000676;EFO:0000384|AbbVie|2019|4|",
  "dupilumab|Dupixent||ab|IL4R:ANTIBODY|EFO:0000274;EFO:0000270;EFO:0000341|Regeneron Pharmaceuticals|2017|4|",
  "deucravacitinib|Sotyktu||sm|TYK2:INHIBITOR|EFO:0000676|Bristol-Myers Squibb|2022|4|",
  "ozanimod|Zeposia|hydrochloride|sm|S1PR1:MODULATOR|EFO:0003885;EFO:0000729|Bristol-Myers Squibb|2020|4|",
  "fingolimod|Gilenya|hydrochloride|sm|S1PR1:MODULATOR|EFO:0003885|Novartis|2010|4|",
  "natalizumab|Tysabri||ab|ITGA4:ANTIBODY|EFO:0003885;EFO:0000384|Biogen|2004|4|Progressive multifocal leukoencephalopathy",
  "evolocumab|Repatha||ab|PCSK9:ANTIBODY|EFO:0003913;EFO:0001645|Amgen|2015|4|",
  "alirocumab|Praluent||ab|PCSK9:ANTIBODY|EFO:0003913|Regeneron Pharmaceuticals|2015|4|",
  "inclisiran|Leqvio|sodium|ol|PCSK9:INHIBITOR|EFO:0003913|Novartis|2021|4|",
  "atorvastatin|Lipitor|calcium|sm|HMGCR:INHIBITOR|EFO:0003913;EFO:0001645|Pfizer|1996|4|",
  "rosuvastatin|Crestor|calcium|sm|HMGCR:INHIBITOR|EFO:0003913|AstraZeneca|2003|4|",
  "apixaban|Eliquis||sm|F10:INHIBITOR|EFO:0000275|Bristol-Myers Squibb|2012|4|Premature discontinuation increases thrombotic risk; spinal hematoma",
  "rivaroxaban|Xarelto||sm|F10:INHIBITOR|EFO:0000275;EFO:0001645|Bayer|2011|4|Premature discontinuation increases thrombotic risk; spinal hematoma",
  "mavacamten|Camzyos||sm|MYH7:INHIBITOR|EFO:0003144|Bristol-Myers Squibb|2022|4|Risk of heart failure",
  "amlodipine|Norvasc|besylate|sm|CACNA1C:BLOCKER|EFO:0000537;EFO:0001645|Pfizer|1992|4|",
  "losartan|Cozaar|potassium|sm|AGTR1:ANTAGONIST|EFO:0000537|Merck & Co|1995|4|Fetal toxicity",
  "omeprazole|Prilosec|magnesium|sm|ATP4A:INHIBITOR|EFO:0000178|AstraZeneca|1989|4|",
  "albuterol|Ventolin;ProAir|sulfate|sm|ADRB2:AGONIST|EFO:0000270;EFO:0000341|GSK|1981|4|",
  "budesonide|Pulmicort;Entocort||sm|NR3C1:AGONIST|EFO:0000270;EFO:0000384|AstraZeneca|1997|4|",
  "fluticasone|Flovent|propionate|sm|NR3C1:AGONIST|EFO:0000270|GSK|1994|4|",
  "sertraline|Zoloft|hydrochloride|sm|SLC6A4:INHIBITOR|EFO:0003761|Pfizer|1991|4|Suicidal thoughts and behaviors",
  "escitalopram|Lexapro|oxalate|sm|SLC6A4:INHIBITOR|EFO:0003761|Takeda|2002|4|Suicidal thoughts and behaviors",
  "aripiprazole|Abilify||sm|DRD2:PARTIAL AGONIST|EFO:0000692;EFO:0000289;EFO:0003761|Bristol-Myers Squibb|2002|4|Increased mortality in elderly patients with dementia-related psychosis",
  "risperidone|Risperdal||sm|DRD2:ANTAGONIST|EFO:0000692;EFO:0000289|Johnson & Johnson|1993|4|Increased mortality in elderly patients with dementia-related psychosis",
  "levetiracetam|Keppra||sm|SV2A:MODULATOR|EFO:0000474|Takeda|1999|4|",
  "erenumab|Aimovig||ab|CALCRL:ANTIBODY|EFO:0003821|Amgen|2018|4|",
  "nusinersen|Spinraza|sodium|ol|SMN2:MODULATOR|MONDO:0001516|Biogen|2016|4|",
  "emicizumab|Hemlibra||ab|F8:ACTIVATOR|MONDO:0010602|Roche|2017|4|Thrombotic microangiopathy and thromboembolism",
  "ivacaftor|Kalydeco||sm|CFTR:MODULATOR|MONDO:0009061|Vertex Pharmaceuticals|2012|4|",
  "elexacaftor|Trikafta||sm|CFTR:MODULATOR|MONDO:0009061|Vertex Pharmaceuticals|2019|4|",
  "denosumab|Prolia;Xgeva||ab|TNFSF11:ANTIBODY|EFO:0003882|Amgen|2010|4|Severe hypocalcemia in advanced kidney disease",
  "voxelotor|Oxbryta||sm|HBB:MODULATOR|MONDO:0011382|Pfizer|2019|4|",
  "eteplirsen|Exondys 51||ol|DMD:MODULATOR|MONDO:0010679|Sandoz|2016|4|",
  "tenofovir disoproxil|Viread|fumarate|sm|POLB_HIV:INHIBITOR|EFO:0000764;EFO:0004197|Gilead Sciences|2001|4|Post-treatment exacerbation of hepatitis B",
  "dolutegravir|Tivicay|sodium|sm|POLB_HIV:INHIBITOR|EFO:0000764|GSK|2013|4|",
  "sofosbuvir|Sovaldi||sm|NS5B_HCV:INHIBITOR|EFO:0003047|Gilead Sciences|2013|4|Risk of hepatitis B reactivation",
  "nirmatrelvir|Paxlovid||sm|SPIKE_SARS2:INHIBITOR|MONDO:0100096|Pfizer|2023|4|Significant drug interactions",
  "remdesivir|Veklury||sm|SPIKE_SARS2:INHIBITOR|MONDO:0100096|Gilead Sciences|2020|4|",
  "prasinezumab|||ab|SNCA:ANTIBODY|MONDO:0005180|Roche|0|2|",
  "tofersen|Qalsody|sodium|ol|SOD1:INHIBITOR|MONDO:0004976|Biogen|2023|4|",
  "pirfenidone|Esbriet||sm|TNF:MODULATOR|EFO:0000768|Roche|2014|4|",
];

/** The drug vocabulary. */
export const DRUGS: readonly DrugSpec[] = DRUG_LINES.map((line) => {
  const [generic, brands, salt, modality, targets, indications, originator, year, phase, box] = line.split(
    "|",
  );
  return {
    generic,
    brands: brands ? brands.split(";") : [],
    salt,
    modality,
    targets: targets.split(";").map((t) => t.split(":") as [string, string]),
    indications: indications.split(";"),
    originator,
    firstYear: Number(year),
    maxPhase: Number(phase),
    blackBox: box,
  };
});

/** Name stems of synthetic molecules: `[stem, modality, action, target classes]`. */
export const SYNTHETIC_STEMS: readonly [string, string, string, string][] = [
  ["tinib", "sm", "INHIBITOR", "kinase"],
  ["rasib", "sm", "INHIBITOR", "enzyme"],
  ["parib", "sm", "INHIBITOR", "enzyme"],
  ["mab", "ab", "ANTIBODY", "receptor"],
  ["zumab", "ab", "ANTIBODY", "cytokine"],
  ["glutide", "pr", "AGONIST", "gpcr"],
  ["gliflozin", "sm", "INHIBITOR", "transporter"],
  ["stat", "sm", "INHIBITOR", "enzyme"],
  ["sartan", "sm", "ANTAGONIST", "gpcr"],
  ["pant", "sm", "ANTAGONIST", "gpcr"],
  ["cept", "pr", "BINDING AGENT", "cytokine"],
  ["dipine", "sm", "BLOCKER", "ion channel"],
  ["lutamide", "sm", "ANTAGONIST", "nuclear receptor"],
  ["mod", "sm", "MODULATOR", "receptor"],
  ["tide", "pr", "AGONIST", "gpcr"],
  ["ersen", "ol", "MODULATOR", "other"],
];

/** Prefix syllables of synthetic molecule names. */
export const MOLECULE_PREFIXES: readonly string[] = [
  "ab",
  "bel",
  "cor",
  "dal",
  "el",
  "fam",
  "gal",
  "hex",
  "ima",
  "jor",
  "kel",
  "lor",
  "mav",
  "nal",
  "obr",
  "pal",
  "qui",
  "ral",
  "sel",
  "tar",
  "ubr",
  "vel",
  "xen",
  "zan",
  "ner",
  "tol",
  "mir",
  "sov",
  "val",
  "dar",
];

/** Middle syllables of synthetic molecule names. */
export const MOLECULE_MIDDLES: readonly string[] = [
  "a",
  "e",
  "i",
  "o",
  "u",
  "ora",
  "ito",
  "enu",
  "ali",
  "ova",
  "eri",
];

/** Salt suffixes for synthetic salt forms. */
export const SALTS: readonly string[] = [
  "hydrochloride",
  "mesylate",
  "sodium",
  "maleate",
  "tartrate",
  "citrate",
];
