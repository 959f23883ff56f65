// The house's rules, read from the imports themselves (docs/architecture.md, "The feature graph"):
// the kernel imports only itself and packages; the shared domain only the kernel and itself; the
// features run one way (no cycle, type imports included); a feature uses another only through
// its face; and the graph drawn in the architecture guide is the graph the code has.
import { describe, expect, test } from "vitest";
import { cycleOf, drawnGraph, featureEdgesToDraw, featureGraph, kernelFolderEdges, placeOf, readImports, violations } from "./graph";

const imports = readImports();

describe("the import graph", () => {
  test("is read whole: type-only imports, re-exports and dynamic imports included", () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(imports.find((i) => i.from === "lib/session/route.ts" && i.to === "lib/auth/index.ts")?.typeOnly).toBe(true);
    expect(imports.find((i) => i.from === "instrumentation.ts" && i.to === "lib/startup.ts")?.typeOnly).toBe(false);
    expect(placeOf("lib/env.ts").layer).toBe("kernel");
    expect(placeOf("lib/startup.ts").layer).toBe("composition");
    expect(placeOf("lib/audit/entries.ts").layer).toBe("shared");
    expect(placeOf("lib/charges/ledger.ts")).toEqual({ layer: "feature", part: "charges" });
  });

  test("the kernel imports only the kernel and packages: a new feature is covered the day it is made", () => {
    expect(violations(imports, "kernel")).toEqual([]);
  });

  test("the kernel's folders run one way", () => {
    expect(cycleOf(kernelFolderEdges(imports))).toEqual([]);
  });

  test("the shared domain (access, the audit log's writer) imports only the kernel and itself", () => {
    expect(violations(imports, "shared")).toEqual([]);
  });

  test("no cycle between features: they run one way", () => {
    expect(cycleOf(featureGraph(imports))).toEqual([]);
  });

  test("a feature uses another only through its face: index.ts, or its schema, shape, types or view", () => {
    expect(violations(imports, "insides")).toEqual([]);
  });

  test("components never load a feature's server-side face (its index.ts) into the browser", () => {
    expect(violations(imports, "browser")).toEqual([]);
  });

  test("the graph drawn in docs/architecture.md is the features' imports, edge for edge", () => {
    const actual = featureEdgesToDraw(imports);
    const drawn = drawnGraph();
    const missing = [...actual].filter((e) => !drawn.has(e)).sort();
    const stale = [...drawn].filter((e) => !actual.has(e)).sort();
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });
});

describe("the rules find what they are for", () => {
  test("a cycle is found and named, through any number of features", () => {
    expect(cycleOf(new Set(["a --> b", "b --> c", "c --> a", "c --> d"]))).toEqual(["a", "b", "c", "a"]);
    expect(cycleOf(new Set(["a --> b", "b --> c", "a --> c"]))).toEqual([]);
  });

  test("a kernel file importing a feature, the shared domain importing a feature, a feature's insides", () => {
    const planted = [
      { from: "lib/momo/config.ts", to: "lib/sandbox/keys.ts", typeOnly: false },
      { from: "lib/env.ts", to: "lib/startup.ts", typeOnly: true },
      { from: "lib/audit/entries.ts", to: "lib/team/members.ts", typeOnly: true },
      { from: "lib/reversals/reversals.ts", to: "lib/charges/ledger.ts", typeOnly: false },
      { from: "lib/reversals/reversals.ts", to: "lib/charges/index.ts", typeOnly: false },
      { from: "lib/reversals/reversals.ts", to: "lib/charges/view.ts", typeOnly: false },
      { from: "components/charges/charge-form.tsx", to: "lib/charges/index.ts", typeOnly: false },
      { from: "components/charges/charge-form.tsx", to: "lib/charges/schema.ts", typeOnly: false },
    ];
    expect(violations(planted, "kernel")).toEqual(["lib/momo/config.ts → lib/sandbox/keys.ts", "lib/env.ts → lib/startup.ts"]);
    expect(violations(planted, "shared")).toEqual(["lib/audit/entries.ts → lib/team/members.ts"]);
    expect(violations(planted, "browser")).toEqual(["components/charges/charge-form.tsx → lib/charges/index.ts"]);
    expect(violations(planted, "insides")).toEqual([
      "lib/audit/entries.ts → lib/team/members.ts",
      "lib/reversals/reversals.ts → lib/charges/ledger.ts",
    ]);
  });
});
