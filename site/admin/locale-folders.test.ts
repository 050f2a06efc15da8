import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { withLocaleFolders } from "./locale-folders";

/**
 * A storage backend with the surface every Decap backend has (the live site's GitHub one too):
 * files by path in the site's layout, read with `getEntry`, written with `persistEntry`.
 */
class Repository {
  files = new Map<string, string>();
  getEntry(path: string) {
    const data = this.files.get(path);
    return data === undefined
      ? Promise.reject(new Error(`Not Found: ${path}`))
      : Promise.resolve({ file: { path }, data });
  }
  persistEntry(entry: { dataFiles: { path: string; raw: string }[] }) {
    for (const file of entry.dataFiles) this.files.set(file.path, file.raw);
    return Promise.resolve();
  }
}

const offices = `# Every office shares the firm's phone (Firm settings).
offices:
  - id: "houston" # the main office
    city: Houston
    street: "1200 Smith St"
  - id: "katy"
    city: Katy
    street: "400 Grand Pkwy"
`;

describe("saves through any storage backend", () => {
  it("change only the edited line of a file the backend has, with its comments and quotes", async () => {
    const repository = new Repository();
    repository.files.set("content/settings/offices.yaml", offices);
    const backend = withLocaleFolders(repository);
    // What Decap sends: the same values in its own style, one street changed.
    const raw = stringify({
      offices: [
        { city: "Houston", id: "houston", street: "1200 Smith St" },
        { city: "Katy", id: "katy", street: "410 Grand Pkwy" },
      ],
    });
    await backend.persistEntry({ dataFiles: [{ path: "content/settings/offices.yaml", raw }] });
    expect(repository.files.get("content/settings/offices.yaml")).toBe(
      offices.replace("400 Grand Pkwy", "410 Grand Pkwy"),
    );
  });

  it("write a new page in each language's folder as the editor sent it", async () => {
    const repository = new Repository();
    const backend = withLocaleFolders(repository);
    const raw = "---\ntitle: New guide\n---\n\nText.\n";
    await backend.persistEntry({ dataFiles: [{ path: "content/blog/es/nueva-guia.md", raw }] });
    expect([...repository.files]).toEqual([["content/es/blog/nueva-guia.md", raw]]);
  });
});
