import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { PhonePreview } from "./phone-preview";

const playing = (id: string, desk: boolean) => ({
  ok: true,
  path: `/preview/${id}/webapp/`,
  digest: "4378117ae270",
  desk,
  fast: false,
  languages: ["de", "en"],
});

const frame = () => screen.getByTitle<HTMLIFrameElement>("The draft on a phone");

describe("the draft played beside the editor", () => {
  it("frames the player app at the station, at the desk unless unticked", async () => {
    const server = fakeServer({
      "POST /api/ops/pack/draft/preview": ({ body }) =>
        json(playing((body as { desk: boolean }).desk ? "desk1" : "walk1", false)),
    });
    renderView(<PhonePreview start="station/16" />);
    fireEvent.click(screen.getByRole("button", { name: "Play the draft" }));
    await waitFor(() =>
      expect(frame().getAttribute("src")).toBe("/preview/desk1/webapp/station/16"),
    );
    expect(server.requests.at(-1)?.body).toEqual({ desk: true, fast: false });
    expect(screen.getByText("Plays the draft's files 4378117ae270.")).toBeTruthy();

    // Walking instead: another game, a new player.
    fireEvent.click(screen.getByRole("checkbox", { name: /At the desk/ }));
    await waitFor(() =>
      expect(frame().getAttribute("src")).toBe("/preview/walk1/webapp/station/16"),
    );
    expect(server.requests.at(-1)?.body).toEqual({ desk: false, fast: false });

    // Quicker: another game again.
    fireEvent.click(screen.getByRole("checkbox", { name: /^Quick/ }));
    await waitFor(() => expect(server.requests.at(-1)?.body).toEqual({ desk: false, fast: true }));
  });

  it("starts the station's dialogue at a knot picked, and at its beginning again", async () => {
    const server = fakeServer({
      "POST /api/ops/pack/draft/preview": () => json(playing("k1", true)),
    });
    renderView(
      <PhonePreview
        start="station/16"
        places={{
          file: "stations/16-muehle/script.en.ink",
          names: ["frage", "muehle.innen"],
          language: "en",
        }}
      />,
    );
    const startAt = screen.getByRole("combobox", { name: "Start the station's dialogue at" });
    fireEvent.change(startAt, { target: { value: "muehle.innen" } });
    fireEvent.click(screen.getByRole("button", { name: "Play the draft" }));
    await waitFor(() =>
      expect(server.requests.at(-1)?.body).toEqual({
        desk: true,
        fast: false,
        start: { file: "stations/16-muehle/script.en.ink", knot: "muehle.innen" },
      }),
    );
    // In the script's language.
    await waitFor(() =>
      expect(frame().getAttribute("src")).toBe("/preview/k1/webapp/station/16?lang=en"),
    );
    fireEvent.change(startAt, { target: { value: "" } });
    await waitFor(() => expect(server.requests.at(-1)?.body).toEqual({ desk: true, fast: false }));
    expect(server.requests).toHaveLength(2);
  });

  it("starts over as a new player, forgetting only the preview's keys, in the language chosen", async () => {
    fakeServer({ "POST /api/ops/pack/draft/preview": () => json(playing("p1", true)) });
    renderView(<PhonePreview />);
    fireEvent.click(screen.getByRole("button", { name: "Play the draft" }));
    await waitFor(() => expect(frame().getAttribute("src")).toBe("/preview/p1/webapp/"));
    localStorage.setItem("wegmarke.preview.p1.config", "{}");
    localStorage.setItem("wegmarke.preview.p2.config", "{}");
    localStorage.setItem("wegmarke.config", "{}");
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    await waitFor(() => expect(localStorage.getItem("wegmarke.preview.p1.config")).toBeNull());
    expect(localStorage.getItem("wegmarke.preview.p2.config")).toBe("{}");
    expect(localStorage.getItem("wegmarke.config")).toBe("{}");

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), {
      target: { value: "en" },
    });
    await waitFor(() => expect(frame().getAttribute("src")).toBe("/preview/p1/webapp/?lang=en"));
  });

  it("shows the check's problems when the draft cannot play", async () => {
    fakeServer({
      "POST /api/ops/pack/draft/preview": () =>
        json(
          {
            ok: false,
            check: {
              ok: false,
              errors: 1,
              warnings: 0,
              groups: [
                {
                  kind: "station",
                  folder: "stations/16-muehle",
                  id: 16,
                  title: "Die Alte Mühle",
                  problems: [
                    {
                      file: "stations/16-muehle/script.de.ink",
                      line: 12,
                      message: "Divert target not found: '-> ENDE'",
                      severity: "error",
                    },
                  ],
                },
              ],
            },
          },
          422,
        ),
    });
    renderView(<PhonePreview />);
    fireEvent.click(screen.getByRole("button", { name: "Play the draft" }));
    await screen.findByText("The draft has errors the game cannot play with:");
    expect(screen.getByText(/Divert target not found/)).toBeTruthy();
    expect(screen.queryByTitle("The draft on a phone")).toBeNull();
  });
});
