import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../config";
import { readStation, writeStation } from "./station-form";
import { slugOf } from "./pack-forms";

const demo = (folder: string) =>
  readFile(resolve(repoRoot, "content/demo/stations", folder, "station.yaml"), "utf8");

describe("the studio's station form", () => {
  it("reads a station.yaml with its defaults, and writes back only what changed", async () => {
    const yaml = await demo("14-kirchhof");
    const read = readStation(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.id).toBe(14);
    expect(read.form).toMatchObject({
      name: "kirchhof",
      character: { de: "Der Türmer", en: "The Tower Keeper" },
      latitude: 50.8097,
      trigger: "qr",
      radius: null,
      texts: {
        de: { title: "Der Lutherische Kirchhof", descDone: "", longDesc: "" },
        en: { title: "The Lutheran Churchyard" },
      },
    });
    // Unchanged, the file stays as it is, comments included.
    expect(writeStation(yaml, read.form)).toBe(yaml);

    const written = writeStation(yaml, {
      ...read.form,
      latitude: 50.81,
      trigger: "near",
      radius: 60,
      texts: {
        ...read.form.texts,
        de: {
          title: "Der Kirchhof",
          desc: "Oben an der Treppe.",
          descDone: "Geschafft!",
          longDesc: "",
        },
        "de-formal": { title: "", desc: "", descDone: "", longDesc: "" },
      },
    });
    expect(written).toContain("# Opens only through its QR code");
    expect(written).toContain("latitude: 50.81\n");
    expect(written).toMatch(/^trigger: near$/m);
    expect(written).toMatch(/^radius: 60$/m);
    // What the form left alone keeps its style.
    expect(written).toContain("character: { de: Der Türmer, en: The Tower Keeper }\n");
    expect(written).toContain(
      "    title: Der Kirchhof\n    desc: Oben an der Treppe.\n    descDone: Geschafft!\n",
    );
    expect(written).not.toContain("de-formal");
    const again = readStation(written);
    expect(again.ok && again.form.texts.en?.title).toBe("The Lutheran Churchyard");
    expect(again.ok && again.form.radius).toBe(60);
    // Back to the list: the optional keys go.
    const listed = writeStation(written, { ...read.form, trigger: "list", radius: null });
    expect(listed).not.toMatch(/^(trigger|radius):/m);
  });

  it("reads the idle reminder, changes its parts where they stand, and adds or drops it", async () => {
    const yaml = await demo("8-weidenhaeuser-bruecke");
    const read = readStation(yaml);
    if (!read.ok) throw new Error(read.reason);
    const reminder = read.form.reminder;
    expect(reminder?.after).toBe("5m");
    expect(reminder?.text.en).toMatch(/^Croak\? Are you still there\?/);
    expect(reminder?.hint.de).toMatch(/^Quak! Kommst du nicht weiter\?/);
    if (!reminder) throw new Error("the frog has a reminder");
    expect(writeStation(yaml, read.form)).toBe(yaml);

    // A new wait, and the hint offer gone: the comment above the text stays.
    const changed = writeStation(yaml, {
      ...read.form,
      reminder: { ...reminder, after: "90s", hint: { de: "", en: " " } },
    });
    expect(changed).toMatch(/^ {2}after: 90s$/m);
    expect(changed).not.toMatch(/^ {2}hint:/m);
    expect(changed).toContain("Quak? Bist du noch da?");
    const again = readStation(changed);
    expect(again.ok && again.form.reminder).toEqual({ ...reminder, after: "90s", hint: {} });

    // No reminder: the key goes; a station without one gets it whole.
    const none = writeStation(yaml, { ...read.form, reminder: null });
    expect(none).not.toMatch(/^reminder:/m);
    const back = writeStation(none, {
      ...read.form,
      reminder: { after: "2m", text: { de: "Noch da?", en: "" }, hint: {} },
    });
    const added = readStation(back);
    expect(added.ok && added.form.reminder).toEqual({
      after: "2m",
      text: { de: "Noch da?" },
      hint: {},
    });
    expect(added.ok && { ...added.form, reminder: null }).toEqual({ ...read.form, reminder: null });
  });

  it("writes one character as a name and several as a map", async () => {
    const yaml = await demo("1-marktplatz");
    const read = readStation(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.form.character).toEqual({ de: "Lena" });
    const both = writeStation(yaml, { ...read.form, character: { de: "Lena", en: "Lena B." } });
    expect(readStation(both)).toMatchObject({
      ok: true,
      form: { character: { de: "Lena", en: "Lena B." } },
    });
    expect(writeStation(both, { ...read.form, character: { de: "Lena", en: "" } })).toContain(
      "character: Lena\n",
    );
  });

  it("reads and writes the station's picture where it stands, and drops it for none", async () => {
    const yaml = await demo("3-elisabethkirche");
    const read = readStation(yaml);
    if (!read.ok) throw new Error(read.reason);
    expect(read.form.image).toBe("stations/3/elisabethkirche.jpg");
    const other = writeStation(yaml, { ...read.form, image: "stations/3/rosen.png" });
    // Only the value changes: every other line stays as it was.
    expect(other).toBe(
      yaml.replace("image: stations/3/elisabethkirche.jpg", "image: stations/3/rosen.png"),
    );
    const none = writeStation(yaml, { ...read.form, image: "" });
    expect(none).not.toMatch(/^image:/m);
    expect(readStation(none)).toMatchObject({ ok: true, form: { image: "" } });

    const plain = await demo("1-marktplatz");
    const unpictured = readStation(plain);
    if (!unpictured.ok) throw new Error(unpictured.reason);
    expect(unpictured.form.image).toBe("");
    const pictured = writeStation(plain, { ...unpictured.form, image: "stations/1/rathaus.jpg" });
    expect(pictured).toMatch(/^image: stations\/1\/rathaus\.jpg$/m);
    expect(pictured.split("\n").filter((line) => line.startsWith("#"))).toEqual(
      plain.split("\n").filter((line) => line.startsWith("#")),
    );
  });

  it("refuses a file the loader would refuse, saying why", () => {
    expect(readStation("id: 3\nname: [")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^station.yaml cannot be read/) as string,
    });
    expect(readStation("id: 3\nname: x\n")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("latitude") as string,
    });
  });

  it("names a new station's folder after its title", () => {
    expect(slugOf("Die Alte Mühle an der Lahn")).toBe("die-alte-muehle-an-der-lahn");
    expect(slugOf("Straße & Brücke!")).toBe("strasse-bruecke");
    expect(slugOf("¿?")).toBe("station");
  });
});
