import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, json, text } from "../../test/fake-server";
import { news, overview } from "../../test/fixtures";
import { renderView } from "../../test/render";
import { NewsView } from "./news";

const live = { overview: overview() };

describe("the news composer", () => {
  it("previews each language as the player's home shows it, the station's link too", async () => {
    fakeServer({ "GET /api/ops/news": () => json({ news: [] }) });
    renderView(<NewsView />, { live });
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: "Das Schloss ist heute zu.\nKommt morgen!" },
    });
    fireEvent.change(screen.getByLabelText("Link to a station (optional)"), {
      target: { value: "2" },
    });
    const german = screen.getByRole("figure", { name: "As players in German see it" });
    expect(within(german).getByText("Von der Spielleitung")).toBeTruthy();
    expect(within(german).getByText(/Das Schloss ist heute zu\./).textContent).toBe(
      "Das Schloss ist heute zu.\nKommt morgen!",
    );
    expect(within(german).getByText("Zu „Das Schloss“")).toBeTruthy();
    const english = screen.getByRole("figure", { name: "As players in English see it" });
    expect(within(english).getByText("(no text yet)")).toBeTruthy();
    expect(within(english).getByText("To “Das Schloss”")).toBeTruthy();
    // The formal German only once it is written.
    expect(screen.queryByRole("figure", { name: /German \(formal\)/ })).toBeNull();
    fireEvent.change(screen.getByLabelText("German (formal “Sie”), optional"), {
      target: { value: "Kommen Sie morgen!" },
    });
    expect(
      screen.getByRole("figure", { name: "As players in German (formal) see it" }),
    ).toBeTruthy();
    expect(await screen.findByText("No news sent yet.")).toBeTruthy();
  });

  it("names what is missing at its field and sends nothing", async () => {
    const server = fakeServer({ "GET /api/ops/news": () => json({ news: [] }) });
    renderView(<NewsView />, { live });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    const german = screen.getByLabelText("German (informal “du”)");
    expect(german.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(german);
    expect(german.getAttribute("aria-describedby")?.split(" ")).toContain("news-de-problem");
    expect(screen.getByText("Write the German and the English text.")).toBeTruthy();
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(0);
  });

  it("sends, empties the form and lists the news before the stream tells", async () => {
    const sent = news({ id: 5, text: { de: "Hallo", en: "Hello" }, stationId: 1 });
    const server = fakeServer({
      "GET /api/ops/news": () => json({ news: [news()] }),
      "POST /api/ops/news": () => json(sent),
    });
    renderView(<NewsView />, { live });
    await screen.findByText("Heute ist das Schloss zu.");
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: " Hallo " },
    });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Link to a station (optional)"), {
      target: { value: "1" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    expect((await screen.findByRole("status")).textContent).toBe("The news was sent.");
    expect(server.requests.find((request) => request.method === "POST")?.body).toEqual({
      text: { de: "Hallo", en: "Hello" },
      stationId: 1,
    });
    expect((screen.getByLabelText("English") as HTMLTextAreaElement).value).toBe("");
    const list = screen.getByRole("list", { name: "Sent news" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("Links to Der Marktplatz")).toBeTruthy();
  });

  it("shows the server's reason when sending fails, and keeps the texts", async () => {
    fakeServer({
      "GET /api/ops/news": () => json({ news: [] }),
      "POST /api/ops/news": () => text("no such station", 404),
    });
    renderView(<NewsView />, { live });
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: "Hallo" },
    });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server answered 404: no such station",
    );
    expect((screen.getByLabelText("English") as HTMLTextAreaElement).value).toBe("Hello");
  });
});

describe("the sent news", () => {
  it("can be withdrawn after a confirmation, and then show as withdrawn", async () => {
    const item = news({ id: 3 });
    fakeServer({
      "GET /api/ops/news": () => json({ news: [item] }),
      "DELETE /api/ops/news/3": () => json({ ...item, withdrawnAt: "2026-11-25T12:00:00Z" }),
    });
    renderView(<NewsView />, { live });
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, withdraw" }));
    await screen.findByText(/^Withdrawn /);
    expect(screen.queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  it("shows the list the stream sent, even when its own call fails", async () => {
    fakeServer({ "GET /api/ops/news": () => text("busy", 503) });
    renderView(<NewsView />, { live: { ...live, news: [news()] } });
    await act(async () => undefined);
    expect(screen.getByText("Heute ist das Schloss zu.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
