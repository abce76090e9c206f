import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { StudioView } from "./studio";

const edit = {
  hash: "m".repeat(64),
  by: null,
  at: null,
  form: {
    image: {
      path: "map/oberstadt.svg",
      bounds: [
        [50.805, 8.762],
        [50.817, 8.779],
      ],
    },
    tiles: null,
  },
  pictures: ["map/oberstadt.svg", "map/neu.png"],
  stations: [
    { folder: "stations/1-marktplatz", title: "Der Marktplatz", latitude: 50.81, longitude: 8.77 },
  ],
};

beforeEach(() => window.history.replaceState(null, "", "/ops/studio?map"));

describe("the studio's map form", () => {
  it("moves an edge, refuses crossed edges, and saves the picture's corners", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/map": () => json(edit),
      "PUT /api/ops/pack/draft/map": () =>
        json({
          ok: true,
          file: {
            path: "game.yaml",
            hash: "n".repeat(64),
            size: 1,
            state: "changed",
            by: null,
            at: null,
          },
        }),
    });
    renderView(<StudioView />);
    await screen.findByRole("heading", { name: "The game's map" });
    const save = screen.getByRole("button", { name: "Save to the draft" });
    const south = screen.getByLabelText("South edge (latitude)");
    fireEvent.change(south, { target: { value: "50.9" } });
    await screen.findByText(
      "The south edge must lie below the north edge, and the west edge left of the east edge.",
    );
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(south, { target: { value: "50.804" } });
    fireEvent.change(screen.getByLabelText("Picture"), { target: { value: "map/neu.png" } });
    fireEvent.click(save);
    await screen.findByText("Saved to the draft.");
    expect(server.requests.find((request) => request.method === "PUT")?.body).toEqual({
      replaces: "m".repeat(64),
      form: {
        image: {
          path: "map/neu.png",
          bounds: [
            [50.804, 8.762],
            [50.817, 8.779],
          ],
        },
        tiles: null,
      },
    });
  });

  it("asks for a picture or tiles before it saves a map without either", async () => {
    fakeServer({ "GET /api/ops/pack/draft/map": () => json(edit) });
    renderView(<StudioView />);
    await screen.findByRole("heading", { name: "The game's map" });
    fireEvent.change(screen.getByLabelText("Picture"), { target: { value: "" } });
    await screen.findByText("The map needs a picture, tiles or both.");
    expect(screen.getByRole("button", { name: "Save to the draft" }).hasAttribute("disabled")).toBe(
      true,
    );
  });

  it("offers map styles by name with their attribution, and an address of one's own", async () => {
    const server = fakeServer({
      "GET /api/ops/pack/draft/map": () => json(edit),
      "PUT /api/ops/pack/draft/map": () =>
        json({
          ok: true,
          file: {
            path: "game.yaml",
            hash: "n".repeat(64),
            size: 1,
            state: "changed",
            by: null,
            at: null,
          },
        }),
    });
    renderView(<StudioView />);
    await screen.findByRole("heading", { name: "The game's map" });
    const style = screen.getByLabelText("Map style");
    expect((style as HTMLSelectElement).value).toBe("");
    fireEvent.change(style, { target: { value: "carto-voyager" } });
    // Said beside the choice (and on the map's corner).
    const said = screen.getAllByText("© OpenStreetMap contributors © CARTO");
    expect(said.some((element) => element.className === "muted")).toBe(true);
    expect(screen.queryByLabelText("Tile address with {z}, {x} and {y}")).toBeNull();
    fireEvent.change(style, { target: { value: "own" } });
    fireEvent.change(screen.getByLabelText("Tile address with {z}, {x} and {y}"), {
      target: { value: "https://tiles.example.org/{z}/{x}/{y}.png" },
    });
    fireEvent.change(screen.getByLabelText("Attribution (shown on the map)"), {
      target: { value: "© Stadt Marburg" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save to the draft" }));
    await screen.findByText("Saved to the draft.");
    const sent = server.requests.find((request) => request.method === "PUT")?.body as {
      form: { tiles: unknown };
    };
    expect(sent.form.tiles).toEqual({
      url: "https://tiles.example.org/{z}/{x}/{y}.png",
      attribution: "© Stadt Marburg",
    });
  });
});
