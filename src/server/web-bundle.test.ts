import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { budgetFailures, closure, readWebBundle, routeSize, type BuildMetafile } from "../../scripts/web-bundle.ts";

// The bundle measurement behind the build's 250 kB budget (scripts/web-bundle.ts), on a made-up build.
const dir = await mkdtemp(join(tmpdir(), "meridian-web-bundle-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Random bytes, which gzip cannot shrink: a chunk's gzip size is about its size. */
const noise = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes));

async function fakeBuild(sizes: Record<string, number>): Promise<BuildMetafile> {
  const files: Record<string, Uint8Array> = {
    "assets/index-aaaaaa.js": noise(sizes.entry ?? 1000),
    "assets/shared-bbbbbb.js": noise(sizes.shared ?? 1000),
    "assets/login-page-cccccc.js": noise(sizes.login ?? 1000),
    "assets/app-shell-dddddd.js": noise(sizes.frame ?? 1000),
    "assets/group-home-page-eeeeee.js": noise(sizes.home ?? 1000),
    "assets/en-activation-ffffff.js": noise(100),
    "assets/en-wizard-overrides-gggggg.js": noise(100),
    "assets/wizard-page-hhhhhh.js": noise(sizes.wizard ?? 1000),
    "assets/en-iiiiii.js": noise(100),
  };
  for (const [path, text] of Object.entries(files)) await Bun.write(join(dir, path), text);
  await Bun.write(join(dir, "index.html"), `<html><head><script type="module" crossorigin src="/assets/index-aaaaaa.js"></script></head></html>`);
  const out = (path: string, entryPoint: string | undefined, imports: [string, "import-statement" | "dynamic-import"][]) => ({
    [`./${path}`]: { bytes: files[path]!.length, entryPoint, imports: imports.map(([p, kind]) => ({ path: `./${p}`, kind })) },
  });
  return {
    outputs: {
      ...out("assets/index-aaaaaa.js", "src/web/index.html", [
        ["assets/shared-bbbbbb.js", "import-statement"],
        ["assets/login-page-cccccc.js", "dynamic-import"],
        ["assets/app-shell-dddddd.js", "dynamic-import"],
        ["assets/group-home-page-eeeeee.js", "dynamic-import"],
        ["assets/wizard-page-hhhhhh.js", "dynamic-import"],
      ]),
      ...out("assets/shared-bbbbbb.js", undefined, []),
      ...out("assets/login-page-cccccc.js", "src/web/features/auth/login-page.tsx", [["assets/index-aaaaaa.js", "import-statement"]]),
      ...out("assets/app-shell-dddddd.js", "src/web/components/app-shell.tsx", [["assets/index-aaaaaa.js", "import-statement"]]),
      ...out("assets/group-home-page-eeeeee.js", "src/web/features/group/group-home-page.tsx", [["assets/index-aaaaaa.js", "import-statement"]]),
      ...out("assets/en-activation-ffffff.js", "src/domain/i18n/en-activation.ts", []),
      ...out("assets/en-wizard-overrides-gggggg.js", "src/domain/i18n/en-wizard-overrides.ts", []),
      ...out("assets/en-iiiiii.js", "src/domain/i18n/en.ts", [["assets/en-activation-ffffff.js", "import-statement"]]),
      ...out("assets/wizard-page-hhhhhh.js", "src/web/features/wizard/wizard-page.tsx", [["assets/index-aaaaaa.js", "import-statement"]]),
    },
  };
}

describe("web bundle measurement", () => {
  test("initial JavaScript is the entry and its static imports; a route adds its own chunks", async () => {
    const bundle = await readWebBundle(dir, await fakeBuild({}));
    expect(bundle.entry).toBe("/assets/index-aaaaaa.js");
    expect([...bundle.initial].sort()).toEqual(["/assets/index-aaaaaa.js", "/assets/shared-bbbbbb.js"]);
    expect(closure(bundle.chunks, ["/assets/en-iiiiii.js"]).size).toBe(2);
    const login = routeSize(bundle, "src/web/features/auth/login-page.tsx");
    expect(login.chunks).toBe(3);
    // A signed-in feature page: page + frame + every area's texts (and what those import).
    const wizard = routeSize(bundle, "src/web/features/wizard/wizard-page.tsx");
    expect(wizard.chunks).toBe(2 + 4);
    const home = routeSize(bundle, "src/web/features/group/group-home-page.tsx");
    expect(home.chunks).toBe(2 + 4);
    expect(home.gzip).toBe([...bundle.initial, ...["/assets/app-shell-dddddd.js", "/assets/group-home-page-eeeeee.js", "/assets/en-activation-ffffff.js", "/assets/en-wizard-overrides-gggggg.js"]].reduce((sum, url) => sum + bundle.chunks.get(url)!.gzip, 0));
    expect(budgetFailures(bundle)).toEqual([]);
  });

  test("over budget: the initial JavaScript or a first page fails; a large feature page alone does not", async () => {
    const bigWizard = await readWebBundle(dir, await fakeBuild({ wizard: 300_000 }));
    expect(budgetFailures(bigWizard)).toEqual([]);
    const bigEntry = await readWebBundle(dir, await fakeBuild({ entry: 260_000 }));
    expect(budgetFailures(bigEntry).join("\n")).toContain("initial JavaScript");
    const bigHome = await readWebBundle(dir, await fakeBuild({ home: 150_000, frame: 110_000 }));
    expect(budgetFailures(bigHome)).toEqual([expect.stringContaining("hrHome")]);
  });
});
