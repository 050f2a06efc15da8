// The English island dictionary as its own file (see dictionaries.ts).
export { enIsland as dictionary } from "../../core/i18n/en";
