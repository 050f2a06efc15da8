// The editor's own words (not Decap's) in the language each staff member picks at /admin. Decap's
// interface follows the same choice through its `locale` setting.
import { fieldLabel } from "../../core/field-labels";
import { defaultLocale, isLocale, type Locale } from "../../core/locales";

/** The editor speaks the site's languages. */
export type EditorLanguage = Locale;

/** Where each browser remembers its user's choice. */
export const editorLanguageKey = "lfh-editor-language";

export function editorLanguage(stored: string | null | undefined): EditorLanguage {
  return isLocale(stored) ? stored : defaultLocale;
}

export interface EditorText {
  languageNames: Record<EditorLanguage, string>;
  toolsLabel: string;
  /** The switch's label, and each choice named in its own language. */
  languageSwitch: string;
  columnMissing: (language: string, fields: string[]) => string;
  fillBoth: string;
  characters: (count: number) => string;
  descriptionHint: string;
  slugHint: (example: string) => string;
  officesHint: string;
  fileMissing: (language: string, path: string) => string;
  missingTitle: string;
  missingNone: string;
  missingIntro: string;
  searchTitle: string;
  searchLabel: string;
  searchButton: string;
  searchNone: (query: string) => string;
  searchCount: (count: number, query: string) => string;
  loading: string;
  close: string;
  deletePage: string;
  deleteConfirm: (title: string, paths: string[]) => string;
}

const english: EditorText = {
  languageNames: { en: "English", es: "Spanish" },
  toolsLabel: "Staff tools",
  languageSwitch: "Editor language",
  columnMissing: (language, fields) => `The ${language} column is missing: ${fields.join(", ")}.`,
  fillBoth: "Fill in every field in both languages, then save.",
  characters: (count) => `${count} characters (70 to 160)`,
  descriptionHint: "70 to 160 characters: the text search engines show under the title.",
  slugHint: (example) =>
    `The page's address in this language: ${example}. If the page is already published and you change this, add the old value to Previous web addresses so old links keep working.`,
  officesHint:
    "All offices share the firm's phone number. Change it in [Firm settings → Firm facts → Phone](#/collections/settings/entries/firm).",
  fileMissing: (language, path) => `The ${language} page is missing (${path}).`,
  missingTitle: "Missing translations",
  missingNone: "Every page has both languages, with every required field filled in.",
  missingIntro: "Pages the next build would refuse. Open one to fill in what is missing, then save.",
  searchTitle: "Search everything",
  searchLabel: "Words or an amount to find in every page, setting and fee",
  searchButton: "Search",
  searchNone: (query) => `Nothing found for "${query}".`,
  searchCount: (count, query) => `${count} ${count === 1 ? "entry" : "entries"} with "${query}"`,
  loading: "Reading the content…",
  close: "Close",
  deletePage: "Delete this page…",
  deleteConfirm: (title, paths) =>
    `Delete "${title}" in both languages?\n\nThese files will be removed:\n${paths.join("\n")}\n\nThe next build takes the page off the site.`,
};

const spanish: EditorText = {
  languageNames: { en: "inglés", es: "español" },
  toolsLabel: "Herramientas",
  languageSwitch: "Idioma del editor",
  columnMissing: (language, fields) => `Falta la columna en ${language}: ${fields.join(", ")}.`,
  fillBoth: "Complete todos los campos en los dos idiomas y guarde.",
  characters: (count) => `${count} caracteres (de 70 a 160)`,
  descriptionHint: "De 70 a 160 caracteres: el texto que los buscadores muestran bajo el título.",
  slugHint: (example) =>
    `La dirección de la página en este idioma: ${example}. Si la página ya está publicada y la cambia, agregue la dirección anterior en Direcciones web anteriores para que los enlaces antiguos sigan funcionando.`,
  officesHint:
    "Todas las oficinas comparten el teléfono del bufete. Cámbielo en [Ajustes del bufete → Datos del bufete → Teléfono](#/collections/settings/entries/firm).",
  fileMissing: (language, path) => `Falta la página en ${language} (${path}).`,
  missingTitle: "Traducciones pendientes",
  missingNone: "Todas las páginas tienen los dos idiomas, con todos los campos obligatorios completos.",
  missingIntro: "Páginas que la próxima publicación rechazaría. Abra una, complete lo que falta y guarde.",
  searchTitle: "Buscar en todo",
  searchLabel: "Palabras o un monto para buscar en todas las páginas, ajustes y tarifas",
  searchButton: "Buscar",
  searchNone: (query) => `No se encontró nada con «${query}».`,
  searchCount: (count, query) => `${count} ${count === 1 ? "entrada" : "entradas"} con «${query}»`,
  loading: "Leyendo el contenido…",
  close: "Cerrar",
  deletePage: "Eliminar esta página…",
  deleteConfirm: (title, paths) =>
    `¿Eliminar «${title}» en los dos idiomas?\n\nSe borrarán estos archivos:\n${paths.join("\n")}\n\nLa próxima publicación quita la página del sitio.`,
};

export const editorTexts: Record<EditorLanguage, EditorText> = { en: english, es: spanish };

/** Field labels in Spanish, by field name; a name not listed keeps its English label. */
export const spanishFieldLabels: Record<string, string> = {
  a: "Respuesta",
  accessibilityEmail: "Correo de accesibilidad",
  agency: "Agencia",
  amount: "Monto",
  amounts: "Montos",
  analyticsId: "ID de analítica",
  atAGlance: "En resumen",
  author: "Autor",
  barAdmissions: "Colegios de abogados",
  benefits: "Beneficios",
  bilingualRequired: "Bilingüe obligatorio",
  body: "Texto",
  bookingUrl: "Enlace para agendar",
  cardPaymentUrl: "Enlace de pago con tarjeta",
  careersEmail: "Correo de empleos",
  cases: "Casos",
  category: "Categoría",
  choice: "Opción",
  city: "Ciudad",
  claim: "Afirmación",
  claimEs: "Afirmación en español",
  closes: "Cierra",
  consultationMinutes: "Minutos de consulta",
  days: "Días",
  defaultSiteUrl: "Dirección del sitio",
  department: "Departamento",
  description: "Descripción",
  duplicates: "Duplicados",
  education: "Estudios",
  effective: "Vigente desde",
  email: "Correo electrónico",
  employmentType: "Tipo de empleo",
  en: "Inglés",
  es: "Español",
  exitPopupPhone: "Teléfono del aviso de salida",
  facebook: "Facebook",
  fact: "Dato",
  facts: "Datos",
  faqs: "Preguntas frecuentes",
  fee: "Tarifa",
  fees: "Tarifas",
  focus: "Áreas de práctica",
  form: "Formulario",
  forms: "Formularios",
  foundedYear: "Año de fundación",
  h1: "Encabezado de la página",
  hours: "Horario",
  id: "Nombre de referencia",
  instagram: "Instagram",
  isHQ: "Oficina principal",
  items: "Elementos",
  jurisdiction: "Jurisdicción",
  kind: "Tipo",
  label: "Etiqueta",
  languages: "Idiomas",
  latitude: "Latitud",
  linkedin: "LinkedIn",
  locality: "Localidad",
  location: "Ubicación",
  longitude: "Longitud",
  max: "Hasta (dólares)",
  messagingNumber: "Número de mensajes",
  min: "Desde (dólares)",
  name: "Nombre",
  next: "Siguiente",
  note: "Nota",
  office: "Oficina",
  offices: "Oficinas",
  opens: "Abre",
  order: "Orden",
  page: "Página",
  pages: "Páginas",
  paths: "Casos típicos",
  pay: "Sueldo",
  payee: "A quién se paga",
  paymentUrl: "Enlace de pago",
  per: "Pagado",
  phone: "Teléfono",
  photo: "Foto",
  photoAlt: "Descripción de la foto",
  postalCode: "Código postal",
  posted: "Publicado el",
  previousSlugs: "Direcciones web anteriores",
  priceRange: "Rango de precios",
  privacyEmail: "Correo de privacidad",
  published: "Fecha de publicación",
  q: "Pregunta",
  reason: "Motivo",
  recaptchaSiteKey: "Clave de sitio de reCAPTCHA",
  related: "Páginas relacionadas",
  requirements: "Requisitos",
  responseHours: "Horas de respuesta",
  responsibilities: "Responsabilidades",
  responsibleAttorney: "Abogado responsable",
  risks: "Riesgos",
  role: "Cargo",
  section: "Sección",
  shortName: "Nombre corto",
  siteName: "Nombre del sitio",
  slug: "Dirección web",
  social: "Redes sociales",
  source: "Fuente",
  stats: "Cifras",
  status: "Estado",
  street: "Calle",
  summary: "Resumen",
  text: "Texto",
  time: "Hora",
  title: "Título",
  titleEs: "Título en español",
  topic: "Tema",
  topicExemptions: "Temas exentos",
  topics: "Temas",
  updated: "Actualizado",
  url: "Enlace",
  validThrough: "Válido hasta",
  variant: "Variante",
  verified: "Verificado",
  videoApiKey: "Clave de la API de video",
  videoChannelId: "ID del canal de video",
  when: "Cuándo",
  whenEs: "Cuándo, en español",
  who: "Quién",
  years: "Años",
  youtube: "YouTube",
};

/** Labels that differ from core/field-labels.ts (English, the build's own words), by language. */
const translatedFieldLabels: Record<EditorLanguage, Record<string, string>> = { en: {}, es: spanishFieldLabels };

/** A field's label in the editor's language. */
export function editorFieldLabel(name: string, language: EditorLanguage): string {
  return translatedFieldLabels[language][name] ?? fieldLabel(name);
}

/** Collections and files as staff name them in Spanish (by their configuration name). */
export const spanishCollectionLabels: Record<string, string> = {
  articles: "Artículos",
  "practice-areas": "Áreas de práctica",
  cities: "Ciudades",
  attorneys: "Abogados",
  jobs: "Ofertas de empleo",
  settings: "Ajustes del bufete",
  faq: "Preguntas frecuentes",
  facts: "Registro de datos legales",
};

export const spanishSingularLabels: Record<string, string> = {
  articles: "Artículo",
  "practice-areas": "Área de práctica",
  cities: "Ciudad",
  attorneys: "Abogado",
  jobs: "Oferta de empleo",
};

/** Files by collection and file name; the ledger's files are "Registro: {name}". */
export const spanishFileLabels: Record<string, string> = {
  "settings/firm": "Datos del bufete",
  "settings/offices": "Oficinas",
  "settings/fees": "Tabla de tarifas",
  "faq/faqs-en": "Página de preguntas frecuentes (inglés)",
  "faq/faqs-es": "Página de preguntas frecuentes (español)",
};

/** Choices by value, in Spanish (offices keep their city's name). */
export const spanishChoiceLabels: Record<string, string> = {
  FULL_TIME: "Tiempo completo",
  PART_TIME: "Medio tiempo",
  CONTRACTOR: "Contratista",
  INTERN: "Pasante",
  HOUR: "por hora",
  YEAR: "por año",
};
