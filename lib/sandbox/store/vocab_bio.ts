/**
 * Biology vocabulary: diseases (real names and ontology CURIEs, with a parent hierarchy) and
 * targets (real gene symbols). Identifiers are realistic in form; all records built on them are synthetic.
 *
 * @module
 */

/** A disease of the vocabulary. */
export interface DiseaseSpec {
  /** CURIE, e.g. `EFO:0000311`. */
  id: string;
  /** Canonical name. */
  name: string;
  /** Parent CURIE, or null for a root. */
  parent: string | null;
  /** Therapeutic area. */
  area: string;
  /** Phrase used in generated text. */
  text: string;
  /** Synonyms accepted by resolution. */
  synonyms: string[];
}

/** `id|name|parent|area|text term|synonyms(;)`; parents precede children. */
const DISEASE_LINES: readonly string[] = [
  "EFO:0000311|cancer||oncology|cancer|malignant neoplasm;tumor",
  "EFO:0001071|lung cancer|EFO:0000311|oncology|lung cancer|lung carcinoma",
  "EFO:0003060|non-small cell lung carcinoma|EFO:0001071|oncology|non-small cell lung cancer|NSCLC;non-small cell lung cancer",
  "EFO:0000702|small cell lung carcinoma|EFO:0001071|oncology|small cell lung cancer|SCLC",
  "EFO:0000305|breast cancer|EFO:0000311|oncology|breast cancer|breast carcinoma",
  "EFO:0005537|triple-negative breast cancer|EFO:0000305|oncology|triple-negative breast cancer|TNBC",
  "EFO:1000294|HER2-positive breast carcinoma|EFO:0000305|oncology|HER2-positive breast cancer|",
  "EFO:0005842|colorectal cancer|EFO:0000311|oncology|colorectal cancer|colorectal carcinoma",
  "EFO:0001663|prostate carcinoma|EFO:0000311|oncology|prostate cancer|prostate cancer",
  "EFO:0001075|ovarian carcinoma|EFO:0000311|oncology|ovarian cancer|ovarian cancer",
  "EFO:0002618|pancreatic carcinoma|EFO:0000311|oncology|pancreatic cancer|pancreatic cancer",
  "EFO:0000182|hepatocellular carcinoma|EFO:0000311|oncology|hepatocellular carcinoma|liver cancer;HCC",
  "EFO:0000756|melanoma|EFO:0000311|oncology|melanoma|cutaneous melanoma",
  "EFO:0000681|renal cell carcinoma|EFO:0000311|oncology|renal cell carcinoma|kidney cancer",
  "EFO:0000178|gastric carcinoma|EFO:0000311|oncology|gastric cancer|stomach cancer",
  "EFO:0000181|head and neck squamous cell carcinoma|EFO:0000311|oncology|head and neck cancer|HNSCC",
  "EFO:0000519|glioblastoma|EFO:0000311|oncology|glioblastoma|GBM",
  "EFO:0000565|leukemia|EFO:0000311|oncology|leukemia|leukaemia",
  "EFO:0000222|acute myeloid leukemia|EFO:0000565|oncology|acute myeloid leukemia|AML",
  "EFO:0000095|chronic lymphocytic leukemia|EFO:0000565|oncology|chronic lymphocytic leukemia|CLL",
  "EFO:0000574|lymphoma|EFO:0000311|oncology|lymphoma|",
  "EFO:0000403|diffuse large B-cell lymphoma|EFO:0000574|oncology|diffuse large B-cell lymphoma|DLBCL",
  "EFO:0001378|multiple myeloma|EFO:0000311|oncology|multiple myeloma|myeloma",
  "EFO:0000589|metabolic disease||metabolic|metabolic disease|",
  "EFO:0000400|diabetes mellitus|EFO:0000589|metabolic|diabetes|diabetes",
  "MONDO:0005148|type 2 diabetes mellitus|EFO:0000400|metabolic|type 2 diabetes|type 2 diabetes;T2D",
  "MONDO:0005147|type 1 diabetes mellitus|EFO:0000400|metabolic|type 1 diabetes|type 1 diabetes;T1D",
  "EFO:0001073|obesity|EFO:0000589|metabolic|obesity|",
  "EFO:1001249|nonalcoholic steatohepatitis|EFO:0000589|metabolic|nonalcoholic steatohepatitis|NASH;MASH",
  "EFO:0003913|hypercholesterolemia|EFO:0000589|metabolic|hypercholesterolemia|high cholesterol",
  "EFO:0000618|nervous system disease||neurology|neurological disease|",
  "MONDO:0004975|Alzheimer disease|EFO:0000618|neurology|Alzheimer's disease|Alzheimer's disease;AD",
  "MONDO:0005180|Parkinson disease|EFO:0000618|neurology|Parkinson's disease|Parkinson's disease",
  "EFO:0003885|multiple sclerosis|EFO:0000618|neurology|multiple sclerosis|MS",
  "MONDO:0004976|amyotrophic lateral sclerosis|EFO:0000618|neurology|amyotrophic lateral sclerosis|ALS",
  "EFO:0000474|epilepsy|EFO:0000618|neurology|epilepsy|seizure disorder",
  "EFO:0003821|migraine disorder|EFO:0000618|neurology|migraine|migraine",
  "MONDO:0001516|spinal muscular atrophy|EFO:0000618|neurology|spinal muscular atrophy|SMA",
  "EFO:0000677|mental or behavioural disorder||psychiatry|psychiatric disorder|",
  "EFO:0003761|major depressive disorder|EFO:0000677|psychiatry|major depressive disorder|depression;MDD",
  "EFO:0000692|schizophrenia|EFO:0000677|psychiatry|schizophrenia|",
  "EFO:0000289|bipolar disorder|EFO:0000677|psychiatry|bipolar disorder|",
  "EFO:0000319|cardiovascular disease||cardiovascular|cardiovascular disease|",
  "EFO:0003144|heart failure|EFO:0000319|cardiovascular|heart failure|",
  "EFO:0001645|coronary artery disease|EFO:0000319|cardiovascular|coronary artery disease|CAD",
  "EFO:0000275|atrial fibrillation|EFO:0000319|cardiovascular|atrial fibrillation|AF",
  "EFO:0000537|hypertension|EFO:0000319|cardiovascular|hypertension|high blood pressure",
  "EFO:0000540|immune system disease||immunology|immune-mediated disease|",
  "EFO:0000685|rheumatoid arthritis|EFO:0000540|immunology|rheumatoid arthritis|RA",
  "EFO:0003767|inflammatory bowel disease|EFO:0000540|immunology|inflammatory bowel disease|IBD",
  "EFO:0000384|Crohn's disease|EFO:0003767|immunology|Crohn's disease|Crohn disease",
  "EFO:0000729|ulcerative colitis|EFO:0003767|immunology|ulcerative colitis|UC",
  "EFO:0000676|psoriasis|EFO:0000540|immunology|plaque psoriasis|plaque psoriasis",
  "MONDO:0007915|systemic lupus erythematosus|EFO:0000540|immunology|systemic lupus erythematosus|SLE;lupus",
  "EFO:0000274|atopic eczema|EFO:0000540|immunology|atopic dermatitis|atopic dermatitis",
  "EFO:0000684|respiratory system disease||respiratory|respiratory disease|",
  "EFO:0000270|asthma|EFO:0000684|respiratory|asthma|",
  "EFO:0000341|chronic obstructive pulmonary disease|EFO:0000684|respiratory|COPD|COPD",
  "EFO:0000768|idiopathic pulmonary fibrosis|EFO:0000684|respiratory|idiopathic pulmonary fibrosis|IPF",
  "MONDO:0009061|cystic fibrosis|EFO:0000684|respiratory|cystic fibrosis|CF",
  "EFO:0005741|infectious disease||infectious|infection|",
  "EFO:0000764|HIV infection|EFO:0005741|infectious|HIV-1 infection|HIV;HIV-1 infection",
  "EFO:0004197|hepatitis B virus infection|EFO:0005741|infectious|chronic hepatitis B|hepatitis B",
  "EFO:0003047|hepatitis C virus infection|EFO:0005741|infectious|chronic hepatitis C|hepatitis C",
  "MONDO:0100096|COVID-19|EFO:0005741|infectious|COVID-19|SARS-CoV-2 infection",
  "EFO:0007328|influenza|EFO:0005741|infectious|influenza|flu",
  "EFO:0003086|kidney disease||nephrology|kidney disease|",
  "EFO:0003884|chronic kidney disease|EFO:0003086|nephrology|chronic kidney disease|CKD",
  "MONDO:0011382|sickle cell anemia|EFO:0005741|hematology|sickle cell disease|sickle cell disease",
  "MONDO:0010602|hemophilia A|EFO:0000540|hematology|hemophilia A|haemophilia A",
  "MONDO:0010679|Duchenne muscular dystrophy|EFO:0000618|neurology|Duchenne muscular dystrophy|DMD",
  "EFO:0002506|osteoarthritis|EFO:0000540|musculoskeletal|osteoarthritis|OA",
  "EFO:0003882|osteoporosis|EFO:0000589|musculoskeletal|osteoporosis|",
  "EFO:0001365|age-related macular degeneration|EFO:0000618|ophthalmology|neovascular age-related macular degeneration|AMD;wet AMD",
];

/** The disease vocabulary, parents before children. */
export const DISEASES: readonly DiseaseSpec[] = DISEASE_LINES.map((line) => {
  const [id, name, parent, area, text, syn] = line.split("|");
  return { id, name, parent: parent || null, area, text, synonyms: syn ? syn.split(";") : [] };
});

/** A target of the vocabulary. */
export interface TargetSpec {
  /** Gene symbol. */
  symbol: string;
  /** Ensembl gene id. */
  id: string;
  /** Protein name. */
  name: string;
  /** Target class. */
  cls: string;
  /** Aliases (protein names, legacy symbols). */
  aliases: string[];
  /** Diseases with strong association (CURIEs). */
  diseases: string[];
}

/** `symbol|ENSG|protein name|class|aliases(;)|strongly associated diseases(;)`. */
const TARGET_LINES: readonly string[] = [
  "EGFR|ENSG00000146648|Epidermal growth factor receptor|kinase|ERBB1;HER1|EFO:0003060;EFO:0001071;EFO:0005842;EFO:0000181",
  "KRAS|ENSG00000133703|GTPase KRas|enzyme|KRAS2|EFO:0003060;EFO:0005842;EFO:0002618",
  "PDCD1|ENSG00000188389|Programmed cell death protein 1|receptor|PD-1;PD1;CD279|EFO:0003060;EFO:0000756;EFO:0000181;EFO:0000681",
  "CD274|ENSG00000120217|Programmed cell death 1 ligand 1|receptor|PD-L1;PDL1|EFO:0003060;EFO:0000702;EFO:0000305",
  "ERBB2|ENSG00000141736|Receptor tyrosine-protein kinase erbB-2|kinase|HER2;NEU|EFO:1000294;EFO:0000305;EFO:0000178",
  "GLP1R|ENSG00000112164|Glucagon-like peptide 1 receptor|gpcr|GLP-1R;GLP-1 receptor|MONDO:0005148;EFO:0001073;EFO:1001249",
  "GIPR|ENSG00000010310|Gastric inhibitory polypeptide receptor|gpcr|GIP receptor|MONDO:0005148;EFO:0001073",
  "BACE1|ENSG00000186318|Beta-secretase 1|enzyme|BACE;ASP2|MONDO:0004975",
  "APP|ENSG00000142192|Amyloid-beta precursor protein|other|amyloid beta|MONDO:0004975",
  "MAPT|ENSG00000186868|Microtubule-associated protein tau|other|tau|MONDO:0004975",
  "ALK|ENSG00000171094|ALK tyrosine kinase receptor|kinase|CD246|EFO:0003060",
  "MET|ENSG00000105976|Hepatocyte growth factor receptor|kinase|c-Met;HGFR|EFO:0003060;EFO:0000182",
  "BRAF|ENSG00000157764|Serine/threonine-protein kinase B-raf|kinase|B-Raf|EFO:0000756;EFO:0005842",
  "VEGFA|ENSG00000112715|Vascular endothelial growth factor A|ligand|VEGF|EFO:0005842;EFO:0001365;EFO:0000681",
  "TNF|ENSG00000232810|Tumor necrosis factor|cytokine|TNF-alpha;TNFA|EFO:0000685;EFO:0000384;EFO:0000729;EFO:0000676",
  "IL6R|ENSG00000160712|Interleukin-6 receptor subunit alpha|receptor|IL-6R|EFO:0000685",
  "JAK1|ENSG00000162434|Tyrosine-protein kinase JAK1|kinase|Janus kinase 1|EFO:0000685;EFO:0000274;EFO:0000729",
  "JAK2|ENSG00000096968|Tyrosine-protein kinase JAK2|kinase|Janus kinase 2|EFO:0000685",
  "BTK|ENSG00000010671|Tyrosine-protein kinase BTK|kinase|Bruton tyrosine kinase|EFO:0000095;EFO:0000403;EFO:0003885",
  "MS4A1|ENSG00000156738|B-lymphocyte antigen CD20|other|CD20|EFO:0000403;EFO:0000095;EFO:0003885",
  "CD19|ENSG00000177455|B-lymphocyte antigen CD19|other|CD19 antigen|EFO:0000403",
  "PARP1|ENSG00000143799|Poly [ADP-ribose] polymerase 1|enzyme|PARP-1|EFO:0001075;EFO:0000305;EFO:0001663",
  "CDK4|ENSG00000135446|Cyclin-dependent kinase 4|kinase|CDK 4|EFO:0000305",
  "CDK6|ENSG00000105810|Cyclin-dependent kinase 6|kinase|CDK 6|EFO:0000305",
  "ESR1|ENSG00000091831|Estrogen receptor|nuclear receptor|ER-alpha;estrogen receptor alpha|EFO:0000305",
  "AR|ENSG00000169083|Androgen receptor|nuclear receptor|NR3C4|EFO:0001663",
  "PIK3CA|ENSG00000121879|PI3-kinase subunit alpha|kinase|PI3K-alpha|EFO:0000305",
  "MTOR|ENSG00000198793|Serine/threonine-protein kinase mTOR|kinase|FRAP1|EFO:0000681;EFO:0000305",
  "BCL2|ENSG00000171791|Apoptosis regulator Bcl-2|other|Bcl-2|EFO:0000095;EFO:0000222",
  "CTLA4|ENSG00000163599|Cytotoxic T-lymphocyte protein 4|receptor|CTLA-4;CD152|EFO:0000756;EFO:0000681",
  "DPP4|ENSG00000197635|Dipeptidyl peptidase 4|enzyme|DPP-4;CD26|MONDO:0005148",
  "SLC5A2|ENSG00000140675|Sodium/glucose cotransporter 2|transporter|SGLT2|MONDO:0005148;EFO:0003144;EFO:0003884",
  "INSR|ENSG00000171105|Insulin receptor|kinase|IR|MONDO:0005148;MONDO:0005147",
  "PCSK9|ENSG00000169174|Proprotein convertase subtilisin/kexin type 9|enzyme|NARC1|EFO:0003913;EFO:0001645",
  "HMGCR|ENSG00000113161|3-hydroxy-3-methylglutaryl-coenzyme A reductase|enzyme|HMG-CoA reductase|EFO:0003913;EFO:0001645",
  "IL17A|ENSG00000112115|Interleukin-17A|cytokine|IL-17A;IL17|EFO:0000676",
  "IL23A|ENSG00000110944|Interleukin-23 subunit alpha|cytokine|IL-23;p19|EFO:0000676;EFO:0000384",
  "IL4R|ENSG00000077238|Interleukin-4 receptor subunit alpha|receptor|IL-4R;CD124|EFO:0000274;EFO:0000270",
  "CFTR|ENSG00000001626|Cystic fibrosis transmembrane conductance regulator|ion channel|ABCC7|MONDO:0009061",
  "TYK2|ENSG00000105397|Non-receptor tyrosine-protein kinase TYK2|kinase|JTK1|EFO:0000676;MONDO:0007915",
  "S1PR1|ENSG00000170989|Sphingosine 1-phosphate receptor 1|gpcr|EDG1|EFO:0003885;EFO:0000729",
  "CD38|ENSG00000004468|ADP-ribosyl cyclase 1|enzyme|CD38 antigen|EFO:0001378",
  "TNFRSF17|ENSG00000048462|Tumor necrosis factor receptor superfamily member 17|receptor|BCMA|EFO:0001378",
  "FLT3|ENSG00000122025|Receptor-type tyrosine-protein kinase FLT3|kinase|CD135|EFO:0000222",
  "IDH1|ENSG00000138413|Isocitrate dehydrogenase [NADP] cytoplasmic|enzyme|IDH|EFO:0000222;EFO:0000519",
  "F10|ENSG00000126218|Coagulation factor X|enzyme|factor Xa|EFO:0000275",
  "ABL1|ENSG00000097007|Tyrosine-protein kinase ABL1|kinase|BCR-ABL|EFO:0000565",
  "KIT|ENSG00000157404|Mast/stem cell growth factor receptor Kit|kinase|CD117;c-KIT|EFO:0000565",
  "SLC6A4|ENSG00000108576|Sodium-dependent serotonin transporter|transporter|SERT;5-HTT|EFO:0003761",
  "DRD2|ENSG00000149295|D(2) dopamine receptor|gpcr|D2R|EFO:0000692;EFO:0000289",
  "ACHE|ENSG00000087085|Acetylcholinesterase|enzyme|AChE|MONDO:0004975",
  "CACNA1C|ENSG00000151067|Voltage-dependent L-type calcium channel subunit alpha-1C|ion channel|Cav1.2|EFO:0000537",
  "AGTR1|ENSG00000144891|Type-1 angiotensin II receptor|gpcr|AT1R|EFO:0000537;EFO:0003144",
  "ATP4A|ENSG00000105675|Potassium-transporting ATPase alpha chain 1|transporter|proton pump|EFO:0000178",
  "ADRB2|ENSG00000169252|Beta-2 adrenergic receptor|gpcr|beta2-AR|EFO:0000270;EFO:0000341",
  "CALCRL|ENSG00000064989|Calcitonin gene-related peptide type 1 receptor|gpcr|CGRP receptor|EFO:0003821",
  "SMN2|ENSG00000205571|Survival motor neuron protein 2|other|SMN|MONDO:0001516",
  "TNFSF11|ENSG00000120659|Tumor necrosis factor ligand superfamily member 11|cytokine|RANKL|EFO:0003882",
  "ITGA4|ENSG00000115232|Integrin alpha-4|receptor|CD49d;VLA-4|EFO:0003885;EFO:0000384",
  "LAG3|ENSG00000089692|Lymphocyte activation gene 3 protein|receptor|LAG-3;CD223|EFO:0000756",
  "TIGIT|ENSG00000181847|T-cell immunoreceptor with Ig and ITIM domains|receptor|VSIG9|EFO:0003060",
  "MYH7|ENSG00000092054|Myosin-7|other|beta-myosin heavy chain|EFO:0003144",
  "HBB|ENSG00000244734|Hemoglobin subunit beta|other|beta-globin|MONDO:0011382",
  "F8|ENSG00000185010|Coagulation factor VIII|other|FVIII|MONDO:0010602",
  "DMD|ENSG00000198947|Dystrophin|other|dystrophin|MONDO:0010679",
  "SNCA|ENSG00000145335|Alpha-synuclein|other|alpha-synuclein|MONDO:0005180",
  "LRRK2|ENSG00000188906|Leucine-rich repeat serine/threonine-protein kinase 2|kinase|dardarin|MONDO:0005180",
  "SOD1|ENSG00000142168|Superoxide dismutase [Cu-Zn]|enzyme|SOD|MONDO:0004976",
  "SV2A|ENSG00000159164|Synaptic vesicle glycoprotein 2A|transporter|SV2|EFO:0000474",
  "NR3C1|ENSG00000113580|Glucocorticoid receptor|nuclear receptor|GR|EFO:0000270;EFO:0000341",
  "POLB_HIV|ENSG00000070501|HIV-1 reverse transcriptase (host proxy)|enzyme|reverse transcriptase|EFO:0000764;EFO:0004197",
  "NS5B_HCV|ENSG00000900001|HCV NS5B polymerase (pathogen proxy)|enzyme|NS5B|EFO:0003047",
  "SPIKE_SARS2|ENSG00000900002|SARS-CoV-2 spike glycoprotein (pathogen proxy)|other|spike protein|MONDO:0100096",
];

/** The target vocabulary. */
export const TARGETS: readonly TargetSpec[] = TARGET_LINES.map((line) => {
  const [symbol, id, name, cls, aliases, diseases] = line.split("|");
  return { symbol, id, name, cls, aliases: aliases ? aliases.split(";") : [], diseases: diseases.split(";") };
});
