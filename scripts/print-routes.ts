// Prints the route map: key, kind, English and Spanish paths.
import { allPages } from "../core/routes";
for (const p of allPages)
  console.log(
    `${p.key}\t${p.kind}\ten=${p.paths.en ?? "-"}\tes=${p.paths.es ?? "-"}${p.canonicalKey ? "\tDUPLICATE of " + p.canonicalKey + " (no file)" : ""}`,
  );
