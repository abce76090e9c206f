import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { AddressSearch } from "./address-search";

const places = {
  places: [
    { label: "Marktplatz, Oberstadt, Marburg", latitude: 50.8101, longitude: 8.7702 },
    { label: "Marktplatz, Leipzig", latitude: 51.3397, longitude: 12.3731 },
  ],
  licence: "Data © OpenStreetMap contributors, ODbL 1.0.",
};

function search(query: string) {
  fireEvent.change(screen.getByRole("searchbox", { name: "Find an address" }), {
    target: { value: query },
  });
  fireEvent.click(screen.getByRole("button", { name: "Search" }));
}

describe("the station form's address search", () => {
  it("lists the places found with the data's licence, and puts the station at the one picked", async () => {
    const server = fakeServer({ "GET /api/ops/pack/draft/places": () => json(places) });
    const picked = vi.fn();
    renderView(<AddressSearch onPick={picked} />);
    search(" Marktplatz ");
    const list = await screen.findByRole("list", { name: /Places found/ });
    expect(screen.getByText("Data © OpenStreetMap contributors, ODbL 1.0.")).toBeTruthy();
    expect(Object.fromEntries(server.requests[0]?.query ?? [])).toEqual({
      q: "Marktplatz",
      lang: "en",
    });
    fireEvent.click(screen.getByRole("button", { name: "Marktplatz, Oberstadt, Marburg" }));
    expect(picked).toHaveBeenCalledWith(places.places[0]);
    expect(list.isConnected).toBe(false);
    expect(screen.getByRole("status").textContent).toBe(
      "The station now stands at: Marktplatz, Oberstadt, Marburg. Remember to save.",
    );
  });

  it("says when nothing was found, and the server's reason when the search failed", async () => {
    let answer = () => json({ places: [], licence: null });
    fakeServer({ "GET /api/ops/pack/draft/places": () => answer() });
    renderView(<AddressSearch onPick={vi.fn()} />);
    search("Atlantis");
    expect(await screen.findByText("Nothing found. Try a street and a town.")).toBeTruthy();
    answer = () =>
      text("the address search (nominatim.openstreetmap.org) did not answer; try again", 502);
    search("Schloss");
    expect(
      await screen.findByText(/did not answer; try again/, { selector: ".notice--error" }),
    ).toBeTruthy();
  });
});
