import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LTS_NODE_VERSION } from "./lts-node.mjs";

const root = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");
const major = (version: string) => version.match(/\d+/)?.[0];

/** What decisions/052-supported-node.md keeps in step across the repository. */
describe("the supported Node", () => {
  it("is in production the major version that npm test runs its Node tests on", () => {
    const image = read("deploy/Dockerfile").match(/^ARG NODE_IMAGE=node:(\d+)-/m)?.[1];
    expect(image).toBe(major(LTS_NODE_VERSION));
  });

  it("has one lowest version: the engines name it first, the bundle targets it, the server is typed for it", () => {
    const lowest = major(JSON.parse(read("package.json")).engines.node);
    const target = read("scripts/build.mjs").match(/target: "node(\d+)"/)?.[1];
    const types = major(JSON.parse(read("server/package.json")).devDependencies["@types/node"]);
    expect(lowest).toBeDefined();
    expect({ target, types }).toEqual({ target: lowest, types: lowest });
  });
});
