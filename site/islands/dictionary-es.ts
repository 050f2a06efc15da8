// The Spanish island dictionary as its own file (see dictionaries.ts).
export { esIsland as dictionary } from "../../core/i18n/es";
