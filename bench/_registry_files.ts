/**
 * Private: the identifier registries' files in their published layouts, generated at published size for
 * the import benchmark — the ROR data dump (one JSON array of schema v2 records, indented as the dump
 * is), GLEIF's golden copy CSVs (LEI-CDF with its address, other-name and registration columns, every
 * field quoted, CRLF; RR-CDF with direct and ultimate parents) and SEC's company_tickers.json. A share of
 * the records carries the names the generated Orange Book's applicants use ("APPLICANT <n> INC"), so the
 * linking step has matches and families to build. Written in chunks, so memory stays small.
 *
 * @module
 */
const enc = new TextEncoder();

async function chunked(path: string, n: number, item: (i: number) => string, head = "", tail = "") {
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    let buf: string[] = [head];
    for (let i = 0; i < n; i++) {
      buf.push(item(i));
      if (buf.length >= 2000) (await f.write(enc.encode(buf.join(""))), buf = []);
    }
    buf.push(tail);
    await f.write(enc.encode(buf.join("")));
  } finally {
    f.close();
  }
}

const B32 = "0123456789abcdefghjkmnpqrstvwxyz";
/** A ROR-shaped id (0 + 6 base-32 characters + 2 digits) for record `i`. */
export function rorId(i: number): string {
  let s = "";
  for (let k = 0, v = i; k < 6; k++, v = Math.floor(v / 32)) s = B32[v % 32] + s;
  return `0${s}${String(i % 100).padStart(2, "0")}`;
}

/** A LEI with valid ISO 17442 check digits for record `i`. */
export function leiOf(i: number): string {
  const body = `5493${String(i).padStart(14, "0")}`;
  let rem = 0;
  for (const ch of body + "00") {
    const v = parseInt(ch, 36);
    rem = (v >= 10 ? rem * 100 + v : rem * 10 + v) % 97;
  }
  return body + String(98 - rem).padStart(2, "0");
}

const TYPES = [
  "education",
  "company",
  "healthcare",
  "facility",
  "nonprofit",
  "government",
  "funder",
  "other",
];
const COUNTRIES = [
  ["US", "United States"],
  ["GB", "United Kingdom"],
  ["DE", "Germany"],
  ["FR", "France"],
  [
    "CN",
    "China",
  ],
  ["JP", "Japan"],
  ["CH", "Switzerland"],
  ["IN", "India"],
];

/**
 * The ROR dump (`n` records, default ~120,000 as published): every 7th record is the child of a record
 * below it; records under 700 are named after the generated Orange Book's applicants.
 */
export function rorDump(path: string, n = 120_000): Promise<void> {
  return chunked(
    path,
    n,
    (i) => {
      const [cc, cn] = COUNTRIES[i % COUNTRIES.length];
      const name = i < 700 ? `Applicant ${i} (United States)` : `Institute of Research ${i}`;
      const parent = i % 7 === 3 && i > 10
        ? [{ label: `Institute ${i - 3}`, type: "parent", id: `https://ror.org/${rorId(i - 3)}` }]
        : [];
      const children = i % 7 === 0 && i + 3 < n
        ? [{ label: `Institute ${i + 3}`, type: "child", id: `https://ror.org/${rorId(i + 3)}` }]
        : [];
      const rec = {
        admin: {
          created: { date: "2018-11-14", schema_version: "1.0" },
          last_modified: { date: `2024-${String(1 + (i % 10)).padStart(2, "0")}-15`, schema_version: "2.1" },
        },
        domains: [`inst${i}.example.org`],
        established: 1900 + (i % 120),
        external_ids: [
          { all: [`grid.${i}.1`], preferred: `grid.${i}.1`, type: "grid" },
          {
            all: [`0000 0000 ${String(i).padStart(8, "0").replace(/(\d{4})(\d{4})/, "$1 $2")}`],
            preferred: null,
            type: "isni",
          },
          { all: [`Q${100000 + i}`], preferred: `Q${100000 + i}`, type: "wikidata" },
        ],
        id: `https://ror.org/${rorId(i)}`,
        links: [{ type: "website", value: `https://inst${i}.example.org` }],
        locations: [{
          geonames_details: {
            continent_code: "EU",
            continent_name: "Europe",
            country_code: cc,
            country_name: cn,
            country_subdivision_code: null,
            country_subdivision_name: null,
            lat: 48.1,
            lng: 11.5,
            name: `City ${i % 3000}`,
          },
          geonames_id: 2_800_000 + (i % 50_000),
        }],
        names: [
          { lang: "en", types: ["ror_display", "label"], value: name },
          ...(i % 3 === 0 ? [{ lang: null, types: ["alias"], value: `${name} Alias` }] : []),
          ...(i % 4 === 0 ? [{ lang: null, types: ["acronym"], value: `I${i % 9999}` }] : []),
          ...(i % 5 === 0 ? [{ lang: "de", types: ["label"], value: `Forschungsinstitut ${i}` }] : []),
        ],
        relationships: [...parent, ...children],
        status: i % 50 === 0 ? "inactive" : "active",
        types: i < 700 ? ["company"] : [TYPES[i % TYPES.length]],
      };
      return (i ? ",\n" : "") + JSON.stringify(rec, null, 2).replace(/^/gm, "  ");
    },
    "[\n",
    "\n]\n",
  );
}

const ADDRESS = [
  "FirstAddressLine",
  "AddressNumber",
  "AddressNumberWithinBuilding",
  "MailRouting",
  "AdditionalAddressLine.1",
  "AdditionalAddressLine.2",
  "AdditionalAddressLine.3",
  "City",
  "Region",
  "Country",
  "PostalCode",
];
/** The LEI-CDF golden copy header (its columns in published order, the repeated groups at their published counts). */
export const LEI_HEADER: readonly string[] = [
  "LEI",
  "Entity.LegalName",
  "Entity.LegalName.xmllang",
  ...[1, 2, 3, 4, 5].flatMap((n) =>
    ["", ".xmllang", ".type"].map((s) => `Entity.OtherEntityNames.OtherEntityName.${n}${s}`)
  ),
  ...[1, 2, 3, 4, 5].flatMap((n) =>
    ["", ".xmllang", ".type"].map((s) =>
      `Entity.TransliteratedOtherEntityNames.TransliteratedOtherEntityName.${n}${s}`
    )
  ),
  "Entity.LegalAddress.xmllang",
  ...ADDRESS.map((a) => `Entity.LegalAddress.${a}`),
  "Entity.HeadquartersAddress.xmllang",
  ...ADDRESS.map((a) => `Entity.HeadquartersAddress.${a}`),
  ...[1, 2, 3, 4, 5].flatMap((n) =>
    ["xmllang", "type", ...ADDRESS].map((a) => `Entity.OtherAddresses.OtherAddress.${n}.${a}`)
  ),
  "Entity.RegistrationAuthority.RegistrationAuthorityID",
  "Entity.RegistrationAuthority.OtherRegistrationAuthorityID",
  "Entity.RegistrationAuthority.RegistrationAuthorityEntityID",
  "Entity.LegalJurisdiction",
  "Entity.EntityCategory",
  "Entity.EntitySubCategory",
  "Entity.LegalForm.EntityLegalFormCode",
  "Entity.LegalForm.OtherLegalForm",
  "Entity.AssociatedEntity.type",
  "Entity.AssociatedEntity.AssociatedLEI",
  "Entity.AssociatedEntity.AssociatedEntityName",
  "Entity.AssociatedEntity.AssociatedEntityName.xmllang",
  "Entity.EntityStatus",
  "Entity.EntityCreationDate",
  "Entity.EntityExpirationDate",
  "Entity.EntityExpirationReason",
  "Entity.SuccessorEntity.SuccessorLEI",
  "Entity.SuccessorEntity.SuccessorEntityName",
  "Entity.SuccessorEntity.SuccessorEntityName.xmllang",
  "Registration.InitialRegistrationDate",
  "Registration.LastUpdateDate",
  "Registration.RegistrationStatus",
  "Registration.NextRenewalDate",
  "Registration.ManagingLOU",
  "Registration.ValidationSources",
  "Registration.ValidationAuthority.ValidationAuthorityID",
  "Registration.ValidationAuthority.OtherValidationAuthorityID",
  "Registration.ValidationAuthority.ValidationAuthorityEntityID",
  "Registration.OtherValidationAuthorities.OtherValidationAuthority.1.ValidationAuthorityID",
  "Registration.OtherValidationAuthorities.OtherValidationAuthority.1.ValidationAuthorityEntityID",
  "ConformityFlag",
];

/** The RR-CDF golden copy header. */
export const RR_HEADER: readonly string[] = [
  "Relationship.StartNode.NodeID",
  "Relationship.StartNode.NodeIDType",
  "Relationship.EndNode.NodeID",
  "Relationship.EndNode.NodeIDType",
  "Relationship.RelationshipType",
  "Relationship.RelationshipStatus",
  ...[1, 2, 3].flatMap((n) =>
    ["startDate", "endDate", "periodType"].map((p) => `Relationship.Period.${n}.${p}`)
  ),
  "Relationship.Quantifiers.1.MeasurementMethod",
  "Relationship.Quantifiers.1.QuantifierAmount",
  "Relationship.Quantifiers.1.QuantifierUnits",
  "Relationship.RelationshipQualifiers.1.QualifierDimension",
  "Relationship.RelationshipQualifiers.1.QualifierCategory",
  "Registration.InitialRegistrationDate",
  "Registration.LastUpdateDate",
  "Registration.RegistrationStatus",
  "Registration.NextRenewalDate",
  "Registration.ManagingLOU",
  "Registration.ValidationSources",
  "Registration.ValidationDocuments",
  "Registration.ValidationReference",
];

const quoted = (cells: readonly string[]) =>
  cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(",") + "\r\n";

/**
 * GLEIF's golden copy in `dir`: `leis` LEI records (default 2.5 M, as published) and `relations`
 * relationship records (default 600,000: a direct and an ultimate parent for every child, every 8th
 * entity being a child of the family head below it). Records under 700 carry the generated Orange
 * Book's applicant names, under a group head per 50.
 */
export async function gleifGoldenCopy(dir: string, leis = 2_500_000, relations = 600_000): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const col = new Map(LEI_HEADER.map((h, i) => [h, i]));
  await chunked(`${dir}/20241101-0800-gleif-goldencopy-lei2-golden-copy.csv`, leis, (i) => {
    const cells = new Array<string>(LEI_HEADER.length).fill("");
    const [cc] = COUNTRIES[i % COUNTRIES.length];
    const set = (k: string, v: string) => (cells[col.get(k)!] = v);
    set("LEI", leiOf(i));
    set(
      "Entity.LegalName",
      i < 700 ? `APPLICANT ${i} INC.` : i < 714 ? `APPLICANT GROUP ${i - 700} AG` : `COMPANY ${i} GMBH`,
    );
    set("Entity.LegalName.xmllang", "en");
    if (i % 6 === 0) {
      set("Entity.OtherEntityNames.OtherEntityName.1", `Company ${i} Trading`);
      set("Entity.OtherEntityNames.OtherEntityName.1.xmllang", "en");
      set("Entity.OtherEntityNames.OtherEntityName.1.type", "TRADING_OR_OPERATING_NAME");
    }
    for (const a of ["LegalAddress", "HeadquartersAddress"]) {
      set(`Entity.${a}.xmllang`, "en");
      set(`Entity.${a}.FirstAddressLine`, `${i % 900} Main Street`);
      set(`Entity.${a}.City`, `City ${i % 3000}`);
      set(`Entity.${a}.Country`, cc);
      set(`Entity.${a}.PostalCode`, String(10000 + (i % 89999)));
    }
    set("Entity.RegistrationAuthority.RegistrationAuthorityID", "RA000665");
    set("Entity.RegistrationAuthority.RegistrationAuthorityEntityID", String(i));
    set("Entity.LegalJurisdiction", cc);
    set("Entity.EntityCategory", i % 10 === 0 ? "FUND" : "GENERAL");
    set("Entity.LegalForm.EntityLegalFormCode", "8888");
    set("Entity.EntityStatus", i % 15 === 0 ? "INACTIVE" : "ACTIVE");
    set("Entity.EntityCreationDate", "2001-01-01T00:00:00Z");
    set("Registration.InitialRegistrationDate", "2014-05-01T00:00:00Z");
    set("Registration.LastUpdateDate", `2024-${String(1 + (i % 10)).padStart(2, "0")}-01T08:00:00Z`);
    set("Registration.RegistrationStatus", i % 4 === 0 ? "LAPSED" : "ISSUED");
    set("Registration.NextRenewalDate", "2025-05-01T00:00:00Z");
    set("Registration.ManagingLOU", "5493001KJTIIGC8Y1R12");
    set("Registration.ValidationSources", "FULLY_CORROBORATED");
    set("Registration.ValidationAuthority.ValidationAuthorityID", "RA000665");
    set("Registration.ValidationAuthority.ValidationAuthorityEntityID", String(i));
    set("ConformityFlag", "CONFORMING");
    return quoted(cells);
  }, quoted(LEI_HEADER));
  await chunked(`${dir}/20241101-0800-gleif-goldencopy-rr-golden-copy.csv`, relations, (r) => {
    const k = Math.floor(r / 2), ultimate = r % 2 === 1;
    // Applicants report their group head; other children every 8th entity under the one 3 below it.
    const child = k < 700 ? k : 714 + k * 8;
    const parent = k < 700 ? 700 + (k % 14) : child - 3;
    const cells = [
      leiOf(child),
      "LEI",
      leiOf(parent),
      "LEI",
      ultimate ? "IS_ULTIMATELY_CONSOLIDATED_BY" : "IS_DIRECTLY_CONSOLIDATED_BY",
      k % 20 === 0 && k >= 700 ? "INACTIVE" : "ACTIVE",
      "2019-01-01T00:00:00Z",
      "",
      "RELATIONSHIP_PERIOD",
      "2023-01-01T00:00:00Z",
      "2023-12-31T00:00:00Z",
      "ACCOUNTING_PERIOD",
      ...new Array(RR_HEADER.length - 12).fill(""),
    ];
    cells[RR_HEADER.indexOf("Registration.InitialRegistrationDate")] = "2018-02-26T09:27:31Z";
    cells[RR_HEADER.indexOf("Registration.LastUpdateDate")] = "2024-10-01T00:30:04Z";
    cells[RR_HEADER.indexOf("Registration.RegistrationStatus")] = "PUBLISHED";
    cells[RR_HEADER.indexOf("Registration.ManagingLOU")] = "5493001KJTIIGC8Y1R12";
    cells[RR_HEADER.indexOf("Registration.ValidationSources")] = "FULLY_CORROBORATED";
    cells[RR_HEADER.indexOf("Registration.ValidationDocuments")] = "ACCOUNTS_FILING";
    return quoted(cells);
  }, quoted(RR_HEADER));
}

/** SEC's company_tickers.json (`n` entries, default 10,000 as published); entries under 700 are the applicants. */
export function secTickers(path: string, n = 10_000): Promise<void> {
  return chunked(
    path,
    n,
    (i) =>
      (i ? "," : "") +
      `"${i}":${
        JSON.stringify({
          cik_str: 1_000_000 + i,
          ticker: `T${i.toString(36).toUpperCase()}`,
          title: i < 700 ? `APPLICANT ${i} INC` : `COMPANY ${i} CORP`,
        })
      }`,
    "{",
    "}",
  );
}
