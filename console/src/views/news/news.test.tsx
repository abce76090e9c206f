import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
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

  it("asks first, naming the players it reaches and the languages written and missing", async () => {
    const server = fakeServer({
      "GET /api/ops/news": () => json({ news: [] }),
      "GET /api/ops/news/audience": () =>
        json({ players: 1234, byLanguage: { de: 1000, "de-formal": 34, en: 200 } }),
    });
    renderView(<NewsView />, { live });
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: "Hallo" },
    });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    const question = await screen.findByRole("group", {
      name: "Send this news to all 1234 players?",
    });
    expect(screen.getByText("Written in: German, English.")).toBeTruthy();
    expect(
      screen.getByText(
        "Not written in German (formal): 34 players play in it and see the text in German.",
      ),
    ).toBeTruthy();
    // Nothing is sent before the confirmation; "Keep editing" has the focus.
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Keep editing"));
    fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("group")).toBeNull();

    // With the formal German written, nothing is missing; a change asks again.
    fireEvent.change(screen.getByLabelText("German (formal “Sie”), optional"), {
      target: { value: "Guten Tag" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    await screen.findByText("Written in: German, English, German (formal).");
    expect(screen.queryByText(/^Not written/)).toBeNull();
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello!" } });
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("sends after the confirmation, empties the form and lists the news before the stream tells", async () => {
    const sent = news({ id: 5, text: { de: "Hallo", en: "Hello" }, stationId: 1 });
    const server = fakeServer({
      "GET /api/ops/news": () => json({ news: [news()] }),
      "GET /api/ops/news/audience": () =>
        json({ players: 1, byLanguage: { de: 1, "de-formal": 0, en: 0 } }),
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
    await screen.findByRole("group", { name: "Send this news to the 1 player?" });
    expect(
      screen.getByText(
        "Not written in German (formal): 0 players play in it and see the text in German.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, send to 1 player" }));
    expect((await screen.findByRole("status")).textContent).toBe("The news was sent.");
    expect(server.requests.find((request) => request.method === "POST")?.body).toEqual({
      text: { de: "Hallo", en: "Hello" },
      stationId: 1,
    });
    expect((screen.getByLabelText("English") as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByRole("group")).toBeNull();
    const list = screen.getByRole("list", { name: "Sent news" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("Links to Der Marktplatz")).toBeTruthy();
  });

  it("sends urgent news when the host ticks it, and marks them in the list", async () => {
    const sent = news({ id: 6, text: { de: "Turm zu!", en: "Tower closed!" }, urgent: true });
    const server = fakeServer({
      "GET /api/ops/news": () => json({ news: [news()] }),
      "GET /api/ops/news/audience": () =>
        json({ players: 2, byLanguage: { de: 1, "de-formal": 0, en: 1 } }),
      "POST /api/ops/news": () => json(sent),
    });
    renderView(<NewsView />, { live });
    await screen.findByText("Heute ist das Schloss zu.");
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: "Turm zu!" },
    });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Tower closed!" } });
    const urgent = screen.getByRole("checkbox", { name: "Urgent" });
    expect(urgent.getAttribute("aria-describedby")).toBe("news-urgent-hint");
    fireEvent.click(urgent);
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, send to 2 players" }));
    await screen.findByRole("status");
    expect(server.requests.find((request) => request.method === "POST")?.body).toEqual({
      text: { de: "Turm zu!", en: "Tower closed!" },
      urgent: true,
    });
    expect((screen.getByRole("checkbox", { name: "Urgent" }) as HTMLInputElement).checked).toBe(
      false,
    );
    const items = within(screen.getByRole("list", { name: "Sent news" })).getAllByRole("listitem");
    expect(within(items[0] as HTMLElement).getByText("Urgent")).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText("Urgent")).toBeNull();
  });

  it("shows the server's reason when sending fails, and keeps the texts", async () => {
    fakeServer({
      "GET /api/ops/news": () => json({ news: [] }),
      "GET /api/ops/news/audience": () =>
        json({ players: 2, byLanguage: { de: 1, "de-formal": 0, en: 1 } }),
      "POST /api/ops/news": () => text("no such station", 404),
    });
    renderView(<NewsView />, { live });
    fireEvent.change(screen.getByLabelText("German (informal “du”)"), {
      target: { value: "Hallo" },
    });
    fireEvent.change(screen.getByLabelText("English"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send to every player" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, send to 2 players" }));
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
