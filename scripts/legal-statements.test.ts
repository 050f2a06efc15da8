// The statements an attorney review found could hurt a reader: each page must no longer say the
// harmful thing and must say what the reader needs, in both languages, as the visitor reads it
// (the rendered page, with the ledger facts it shows expanded).
import { describe, expect, it } from "vitest";
import type { Locale } from "../core/locales";
import { loadContent } from "../site/content/load.server";

/** The page's text as a reader sees it: rendered HTML without tags, spaces collapsed. */
function pageText(key: string, locale: Locale): string {
  return loadContent(key, locale)
    .html.replace(/<\/?(?:span|strong|em|a)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

interface Statement {
  /** What the review found, as the test's name. */
  name: string;
  keys: string[];
  /** Per language: sentences that must be gone, and points that must be there. */
  en: { gone: (string | RegExp)[]; present: (string | RegExp)[] };
  es: { gone: (string | RegExp)[]; present: (string | RegExp)[] };
}

const cities = ["dallas", "irving", "san-antonio", "katy", "cypress", "el-paso", "austin", "houston", "the-woodlands"];
const workPermitPages = [
  "practice-areas/employment-based/h-4-dependent",
  "practice-areas/deportation-asylum/asylum",
  "practice-areas/humanitarian/tps-temporary-protected-status",
  "practice-areas/family-based/marriage-based-green-card",
  "practice-areas/employment-based-green-cards/getting-a-green-card-through-marriage",
  "practice-areas/family-based/green-card-children",
  "practice-areas/family-based/green-card-parents",
  "practice-areas/employment-based/eb-2-advanced-degree-exceptional-ability",
  "practice-areas/employment-based-green-cards/eb-2-pilots",
];

const statements: Statement[] = [
  {
    name: "a Texas arrest, plea or state return order can reach a pending federal case",
    keys: ["blog/texas-immigration-laws-2025"],
    en: {
      gone: ["No. Those cases are federal.", "An SB 4 case does not change your federal immigration status"],
      present: ["abandons a pending green card application (Form I-485)", /ICE detention, often without bond/],
    },
    es: {
      gone: ["No. Esos casos son federales.", "no cambia su estatus migratorio federal"],
      present: [
        "abandona una solicitud de green card pendiente (formulario I-485)",
        /detención por ICE, muchas veces sin fianza/,
      ],
    },
  },
  {
    name: "a citizen's child who entered without inspection usually cannot adjust, and a denial can bring an NTA",
    keys: ["practice-areas/family-based/green-card-children"],
    en: {
      gone: ["In preference categories, a child must generally be in lawful status to adjust inside the US."],
      present: ["INA 245(a)", "a US citizen's child too", "Notice to Appear"],
    },
    es: {
      gone: ["En las categorías de preferencia, el hijo normalmente debe tener un estatus legal para arreglar"],
      present: ["INA 245(a)", "hijo de un ciudadano", "Notificación de Comparecencia"],
    },
  },
  {
    name: "EB-5 fees are dated and the November 2025 ruling is stated as reported, not as the current fee",
    keys: [
      "practice-areas/employment-based/eb-5-immigrant-investor",
      "practice-areas/employment-based-green-cards/conditional-permanent-resident",
    ],
    en: {
      gone: [/the USCIS filing fee is \$11,160/, /Form I-829, \$9,525/],
      present: ["We are following reports", "We could not confirm from USCIS which amounts it accepts today"],
    },
    es: {
      gone: [/la tarifa de USCIS es de \$11,160/, /I-829 de EB-5, de \$9,525/],
      present: ["Estamos siguiendo informes", "No pudimos confirmar con USCIS qué tarifas acepta hoy"],
    },
  },
  {
    name: "Katy says the Venezuelan TPS terminations took effect",
    keys: ["cities/katy"],
    en: {
      gone: ["has been the subject of terminations and court battles since 2025"],
      present: ["let the terminations take effect", "for Venezuela, the terminations have taken effect"],
    },
    es: {
      gone: ["ha pasado por terminaciones y batallas en los tribunales"],
      present: ["permitió que las terminaciones surtieran efecto", "las terminaciones ya surtieron efecto"],
    },
  },
  {
    name: "pages offering a work permit say renewals filed since October 30, 2025 are no longer extended",
    keys: workPermitPages,
    en: {
      gone: ["have changed several times in recent years. File renewals"],
      present: ["90 FR 48799", "you must stop working"],
    },
    es: {
      gone: ["han cambiado varias veces en los últimos años. Presente las renovaciones"],
      present: ["90 FR 48799", "debe dejar de trabajar"],
    },
  },
  {
    name: "every city page shows the Texas no-bond rule, the do-not-sign advice and SB 8",
    keys: cities.map((city) => `cities/${city}`),
    en: {
      gone: [],
      present: ["Buenrostro-Mendez", "do not sign anything before a lawyer has read it", "SB 8 (2025)"],
    },
    es: {
      gone: [],
      present: ["Buenrostro-Mendez", "no firme nada antes de que un abogado lo haya leído", "SB 8 de Texas (2025)"],
    },
  },
  {
    name: "birthright citizenship: the reported Supreme Court decision, said as reported",
    keys: ["practice-areas/citizenship/how-to-become-a-us-citizen"],
    en: {
      gone: ["it has been the subject of major federal court litigation"],
      present: [
        "We are following reports that the Supreme Court decided on June 30, 2026",
        "we have not yet been able to read the opinion",
      ],
    },
    es: {
      gone: ["esa orden ha sido objeto de litigios importantes"],
      present: [
        "Estamos siguiendo informes de que la Corte Suprema decidió el 30 de junio de 2026",
        "todavía no hemos podido leer la opinión",
      ],
    },
  },
  {
    name: "the T visa answer says statements can reach the defense in a criminal trial",
    keys: ["practice-areas/victims-of-crimes/t-visa"],
    en: {
      gone: ["No. Federal law protects the confidentiality of T visa applications."],
      present: ["can be disclosed to the defense", "8 U.S.C. 1367"],
    },
    es: {
      gone: ["No. La ley federal protege la confidencialidad de las solicitudes de visa T."],
      present: ["puede entregarse a la defensa", "8 U.S.C. 1367"],
    },
  },
  {
    name: "the EB-2 pilots page shows the immigrant-visa pause for 75 countries",
    keys: ["practice-areas/employment-based-green-cards/eb-2-pilots"],
    en: { gone: [], present: ["Changes since 2025 to check first", "75 countries", "Brazil, Colombia"] },
    es: { gone: [], present: ["Cambios desde 2025 que debe revisar primero", "75 países", "Brasil, Colombia"] },
  },
  {
    name: "the citizenship pages show the N-400 holds and cancelled oath ceremonies for travel-ban nationals",
    keys: ["practice-areas/citizenship/how-to-become-a-us-citizen", "practice-areas/citizenship/naturalization"],
    en: { gone: [], present: ["naturalization applications (Form N-400)", "oath ceremonies"] },
    es: { gone: [], present: ["las de naturalización (formulario N-400)", "ceremonias de juramento"] },
  },
  {
    name: "the H-2B page states the I-129 fee for named and unnamed workers, the Asylum Program Fee and the fraud fee",
    keys: ["practice-areas/employment-based/h-2b-temporary-non-specialty"],
    en: {
      gone: ["USCIS filing fees for Form I-129 depend on the category"],
      present: [
        /Named workers \(1 to 25 per petition\): \$[\d,]+ ?, or \$[\d,]+ ?for a small employer/,
        /Only unnamed workers: \$[\d,]+ ?, or \$[\d,]+/,
        /Fraud prevention and detection fee set by law for H-2B petitions: \$[\d,]+/,
      ],
    },
    es: {
      gone: ["Las tarifas de USCIS para el formulario I-129 dependen de la categoría"],
      present: [
        /Trabajadores nombrados \(de 1 a 25 por petición\): \$[\d,]+ ?, o \$[\d,]+ ?para un empleador pequeño/,
        /Solo trabajadores no nombrados: \$[\d,]+ ?, o \$[\d,]+/,
        /Tarifa de prevención y detección de fraude que fija la ley para las peticiones H-2B: \$[\d,]+/,
      ],
    },
  },
  {
    name: "the P-1 page states the I-129 fee for the P classifications with the small-employer amount",
    keys: ["practice-areas/employment-based/p-1-athletes-artists"],
    en: {
      gone: ["USCIS filing fees for Form I-129 depend on the visa category"],
      present: [/Form I-129 in the P classifications is \$[\d,]+ ?, or \$[\d,]+ ?for a small employer/],
    },
    es: {
      gone: ["Las tarifas de USCIS para el formulario I-129 dependen de la categoría de visa"],
      present: [/formulario I-129 en las clasificaciones P es de \$[\d,]+ ?, o de \$[\d,]+ ?para un empleador pequeño/],
    },
  },
  {
    name: "the VAWA page says federal law restricts disclosure, as the English does, not that it forbids it",
    keys: ["practice-areas/victims-of-crimes/vawa-lawyer"],
    en: { gone: [], present: ["federal law restricts disclosing information about your case"] },
    es: {
      gone: ["la ley federal prohíbe compartir"],
      present: ["la ley federal restringe que se comparta con él o ella la información de su caso"],
    },
  },
  {
    name: "the notario-fraud page names the Texas law, the EOIR roster and where to report, in both languages",
    keys: ["notario-fraud"],
    en: {
      gone: [],
      present: [
        "Texas Government Code section 406.017",
        "Business and Commerce Code section 17.46",
        "roster of recognized organizations and accredited representatives",
        "Unauthorized Practice of Law Committee",
      ],
    },
    es: {
      gone: [],
      present: [
        "La sección 406.017 del Código de Gobierno de Texas",
        "sección 17.46 del Código de Negocios y Comercio",
        "lista de organizaciones reconocidas y representantes acreditados",
        "Comité sobre el Ejercicio no Autorizado de la Abogacía",
      ],
    },
  },
  {
    name: "the immigration-law overview exists in Spanish and sends readers to the notario-fraud page",
    keys: ["immigration-law"],
    en: { gone: [], present: ["Our page on notario fraud", "does not cover a petition filed now"] },
    es: {
      gone: [],
      present: ["Nuestra página sobre el fraude de notarios", "no cubre una petición presentada ahora"],
    },
  },
];

describe("statements that could hurt a reader are corrected in both languages", () => {
  for (const statement of statements)
    it(statement.name, () => {
      for (const key of statement.keys)
        for (const locale of ["en", "es"] as const) {
          const text = pageText(key, locale);
          const where = `${locale} ${key}`;
          for (const gone of statement[locale].gone)
            expect(
              typeof gone === "string" ? text.includes(gone) : gone.test(text),
              `${where} still says ${gone}`,
            ).toBe(false);
          for (const present of statement[locale].present)
            expect(
              typeof present === "string" ? text.includes(present) : present.test(text),
              `${where} lacks ${present}`,
            ).toBe(true);
        }
    });

  it("the overview no longer calls the passed EB-5 grandfathering date a protection for new petitions", () => {
    const text = pageText("immigration-law", "en");
    expect(text).not.toContain("filed by September 30, 2026 are protected");
    expect(text).toContain("does not cover a petition filed now");
  });
});
