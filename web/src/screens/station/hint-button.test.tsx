import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18next } from "../../i18n/i18n";
import { FakeEventSource } from "../../test/fake-event-source";
import { playerStatus } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";
import { ChoiceButton } from "./choice-button";

afterEach(async () => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
  await i18next.changeLanguage("de");
});

const hint = (cost: number) => ({ target: "c1", text: "Einen Tipp, bitte", hint: { cost } });

describe("a hint button", () => {
  it.each([
    [1, "−1 Punkt", "Einen Tipp, bitte (kostet 1 Punkt)"],
    [2, "−2 Punkte", "Einen Tipp, bitte (kostet 2 Punkte)"],
  ])("costing %i shows %s beside its text", (cost, shown, name) => {
    render(<ChoiceButton button={hint(cost)} busy={false} onPress={() => undefined} />);
    const button = screen.getByRole("button", { name });
    expect(button.className).toContain("choice-button--hint");
    expect(within(button).getByText(shown).getAttribute("aria-hidden")).toBe("true");
    expect(button.querySelector("svg")).not.toBeNull();
  });

  it("shows no cost when it is free", () => {
    render(<ChoiceButton button={hint(0)} busy={false} onPress={() => undefined} />);
    const button = screen.getByRole("button", { name: "Einen Tipp, bitte" });
    expect(button.className).toContain("choice-button--hint");
    expect(button.textContent).toBe("Einen Tipp, bitte");
  });

  it("says the cost in English", async () => {
    await act(() => i18next.changeLanguage("en"));
    const button = { target: "c2", text: "Another hint", hint: { cost: 2 } };
    render(<ChoiceButton button={button} busy={false} onPress={() => undefined} />);
    expect(screen.getByRole("button", { name: "Another hint (costs 2 points)" })).toBeTruthy();
    expect(screen.getByText("−2 points")).toBeTruthy();
  });

  it("an ordinary button has neither the lightbulb nor a cost", () => {
    const button = { target: "a", text: "Die Aussicht" };
    render(<ChoiceButton button={button} busy={false} onPress={() => undefined} />);
    const shown = screen.getByRole("button", { name: "Die Aussicht" });
    expect(shown.className).toBe("choice-button");
    expect(shown.querySelector("svg")).toBeNull();
  });

  it("stands beside the answer field and sends its tap like any button", async () => {
    const { calls } = renderApp("/station/2", { token: "abc" });
    const stream = () => FakeEventSource.latest();
    act(() => {
      stream().send("playerstatus", playerStatus({ CurrentStation: 2, ActiveStations: [2] }));
      stream().send("buttongroup-start", { StationID: 2 }, 1);
      stream().send(
        "webbutton",
        { StationID: 2, Target: "c1", Text: "Einen Tipp, bitte", Hint: { Cost: 1 } },
        2,
      );
      stream().send("buttoninput-expected", { StationID: 2 }, 3);
      stream().send("answer-expected", { StationID: 2 }, 4);
    });
    const button = await screen.findByRole("button", { name: /^Einen Tipp, bitte/ });
    expect(button.textContent).toContain("−1 Punkt");
    expect(screen.getByRole("textbox", { name: "Deine Antwort" })).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ StationID: 2, Button: "c1", Hash: "abc" }),
    );
  });
});
