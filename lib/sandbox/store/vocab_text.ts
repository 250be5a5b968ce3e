/**
 * Text vocabulary: OpenAlex-like topics, CPC codes with descriptions, journal venues and the
 * sentence templates used to write trial summaries, grant abstracts and patent texts.
 *
 * @module
 */

/** Topics: `name|subfield|field|domain|areas(;)` (areas = therapeutic areas the topic covers). */
export const TOPIC_LINES: readonly string[] = [
  "Lung Cancer Treatments and Mutations|Oncology|Medicine|Health Sciences|oncology",
  "Cancer Immunotherapy and Biomarkers|Oncology|Medicine|Health Sciences|oncology",
  "Breast Cancer Treatment Studies|Oncology|Medicine|Health Sciences|oncology",
  "Colorectal Cancer Treatments and Studies|Oncology|Medicine|Health Sciences|oncology",
  "Chronic Lymphocytic Leukemia Research|Hematology|Medicine|Health Sciences|oncology;hematology",
  "Multiple Myeloma Research and Treatments|Hematology|Medicine|Health Sciences|oncology;hematology",
  "Diabetes Treatment and Management|Endocrinology, Diabetes and Metabolism|Medicine|Health Sciences|metabolic",
  "Obesity, Physical Activity, Diet|Endocrinology, Diabetes and Metabolism|Medicine|Health Sciences|metabolic",
  "Lipoproteins and Cardiovascular Health|Cardiology and Cardiovascular Medicine|Medicine|Health Sciences|metabolic;cardiovascular",
  "Alzheimer's disease research and treatments|Neurology|Medicine|Health Sciences|neurology",
  "Parkinson's Disease Mechanisms and Treatments|Neurology|Medicine|Health Sciences|neurology",
  "Multiple Sclerosis Research Studies|Neurology|Medicine|Health Sciences|neurology",
  "Epilepsy research and treatment|Neurology|Medicine|Health Sciences|neurology",
  "Migraine and Headache Studies|Neurology|Medicine|Health Sciences|neurology",
  "Depression and Antidepressant Response|Psychiatry and Mental Health|Medicine|Health Sciences|psychiatry",
  "Schizophrenia research and treatment|Psychiatry and Mental Health|Medicine|Health Sciences|psychiatry",
  "Heart Failure Treatment and Management|Cardiology and Cardiovascular Medicine|Medicine|Health Sciences|cardiovascular",
  "Atrial Fibrillation Management and Outcomes|Cardiology and Cardiovascular Medicine|Medicine|Health Sciences|cardiovascular",
  "Rheumatoid Arthritis Research and Therapies|Rheumatology|Medicine|Health Sciences|immunology;musculoskeletal",
  "Inflammatory Bowel Disease|Gastroenterology|Medicine|Health Sciences|immunology",
  "Psoriasis: Treatment and Pathogenesis|Dermatology|Medicine|Health Sciences|immunology",
  "Asthma and respiratory diseases|Pulmonary and Respiratory Medicine|Medicine|Health Sciences|respiratory",
  "Cystic Fibrosis Research Advances|Pulmonary and Respiratory Medicine|Medicine|Health Sciences|respiratory",
  "HIV/AIDS drug development and treatment|Infectious Diseases|Medicine|Health Sciences|infectious",
  "Hepatitis B Virus Studies|Infectious Diseases|Medicine|Health Sciences|infectious",
  "COVID-19 Clinical Research Studies|Infectious Diseases|Medicine|Health Sciences|infectious",
  "Chronic Kidney Disease and Diabetes|Nephrology|Medicine|Health Sciences|nephrology;metabolic",
  "Hemoglobinopathies and Related Disorders|Hematology|Medicine|Health Sciences|hematology",
  "Muscle Physiology and Disorders|Genetics|Biochemistry, Genetics and Molecular Biology|Life Sciences|neurology",
  "Retinal Diseases and Treatments|Ophthalmology|Medicine|Health Sciences|ophthalmology",
  "Bone health and osteoporosis research|Endocrinology, Diabetes and Metabolism|Medicine|Health Sciences|musculoskeletal",
  "Monoclonal and Polyclonal Antibodies Research|Immunology|Immunology and Microbiology|Life Sciences|oncology;immunology",
  "Protein Kinase Inhibitors in Cancer|Molecular Biology|Biochemistry, Genetics and Molecular Biology|Life Sciences|oncology",
  "Clinical Trials and Regulatory Science|Pharmacology|Pharmacology, Toxicology and Pharmaceutics|Life Sciences|",
];

/** CPC codes: `code|description`. */
export const CPC_LINES: readonly string[] = [
  "A61K31/517|Medicinal preparations containing quinazolines, e.g. gefitinib",
  "A61K31/506|Medicinal preparations containing pyrimidines condensed with heterocyclic rings",
  "A61K31/4439|Medicinal preparations containing pyridines with oxadiazole rings",
  "A61K39/395|Medicinal preparations containing antibodies or immunoglobulins",
  "A61K38/26|Glucagons; glucagon-like peptides",
  "A61K38/28|Insulins",
  "A61K9/20|Pills, tablets or lozenges",
  "A61K9/0019|Injectable compositions; intramuscular, intravenous, arterial, subcutaneous administration",
  "A61K47/68|Antibody-drug conjugates",
  "A61P35/00|Antineoplastic agents",
  "A61P3/10|Drugs for hyperglycaemia, e.g. antidiabetics",
  "A61P3/04|Anorexiants; antiobesity agents",
  "A61P25/28|Drugs for dementia, e.g. Alzheimer's disease",
  "A61P37/06|Immunosuppressants, e.g. drugs for graft rejection",
  "A61P29/00|Non-central analgesic, antipyretic or anti-inflammatory agents",
  "A61P9/00|Drugs for disorders of the cardiovascular system",
  "A61P11/06|Antiasthmatics",
  "A61P31/18|Antivirals for HIV",
  "C07D401/14|Heterocyclic compounds containing three or more hetero rings with nitrogen",
  "C07D403/12|Heterocyclic compounds linked by a chain containing hetero atoms",
  "C07D487/04|Ortho-condensed heterocyclic systems",
  "C07K16/28|Antibodies against receptors, cell surface antigens or cell surface determinants",
  "C07K16/2818|Antibodies against CD28 or CTLA-4 or PD-1",
  "C07K14/605|Glucagons",
  "C12N15/113|Non-coding nucleic acids modulating the expression of genes, e.g. antisense oligonucleotides",
  "C12N5/0636|T lymphocytes",
  "C12Q1/6886|Nucleic acid detection of cancer markers",
  "G01N33/574|Immunoassay for cancer",
  "G16H20/10|ICT for drugs or medications, e.g. dosing",
  "G16H50/20|ICT for computer-aided diagnosis",
];

/** Scholarly venues. */
export const VENUES: readonly string[] = [
  "The New England Journal of Medicine",
  "The Lancet",
  "Journal of Clinical Oncology",
  "Nature Medicine",
  "JAMA",
  "Annals of Oncology",
  "Diabetes Care",
  "Blood",
  "Nature",
  "bioRxiv",
  "medRxiv",
  "Clinical Cancer Research",
  "Alzheimer's & Dementia",
  "The BMJ",
  "PLOS ONE",
];

/** Trial title templates: `{Phase}`, `{drug}`, `{comparator}`, `{disease}`, `{population}`. */
export const TRIAL_TITLES: readonly string[] = [
  "A {Phase} Study of {drug} Versus {comparator} in Patients With {disease}",
  "{Phase}, Randomized, Double-Blind Trial of {drug} in Adults With {disease}",
  "Efficacy and Safety of {drug} in {population} With {disease}",
  "Open-Label {Phase} Study of {drug} Combined With {comparator} for {disease}",
  "A Study to Evaluate {drug} in Participants With Previously Treated {disease}",
  "Long-Term Extension Study of {drug} in {disease}",
];

/** Trial summary sentences (same placeholders plus `{target}`, `{endpoint}`). */
export const TRIAL_SENTENCES: readonly string[] = [
  "This study evaluates the efficacy and safety of {drug} in participants with {disease}.",
  "Participants will be randomized to receive {drug} or {comparator} until disease progression or unacceptable toxicity.",
  "The primary endpoint is {endpoint}.",
  "{drug} is designed to target {target}, which is implicated in {disease}.",
  "Secondary endpoints include overall survival, objective response rate and quality of life.",
  "Eligible patients have a confirmed diagnosis of {disease} and adequate organ function.",
  "Pharmacokinetics and biomarkers of response will be characterized in all participants.",
  "The trial will enroll {population} at sites in multiple countries.",
];

/** Endpoints per therapeutic area (default first). */
export const ENDPOINTS: Record<string, string> = {
  oncology: "progression-free survival assessed by blinded independent central review",
  metabolic: "change from baseline in HbA1c and body weight at week 52",
  neurology: "change from baseline in the clinical dementia rating scale and disability progression",
  default: "the proportion of participants achieving clinical response at week 24",
};

/** Grant title templates: `{disease}`, `{target}`, `{method}`. */
export const GRANT_TITLES: readonly string[] = [
  "Targeting {target} in {disease}",
  "Mechanisms of resistance to therapy in {disease}",
  "{method} approaches to understand {disease}",
  "Biomarkers of progression in {disease}",
  "Novel {method} strategies against {target} for {disease}",
];

/** Research methods for grant and patent text. */
export const METHODS: readonly string[] = [
  "Single-cell sequencing",
  "Machine learning",
  "CRISPR screening",
  "Structural biology",
  "Organoid",
  "Population cohort",
  "Proteomic",
  "Gene therapy",
  "Cell therapy",
  "Real-world evidence",
];
