import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { setupI18n } from "../i18n/i18n";
import { ConfirmProvider, useConfirm } from "./confirm";
import { FlashProvider, useFlash } from "./flash";

function Asker() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState("none");
  const ask = async () =>
    setAnswer(
      String(
        await confirm({
          title: "Wirklich?",
          text: "Sicher?",
          confirmLabel: "Ja",
          cancelLabel: "Nein",
        }),
      ),
    );
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        Fragen
      </button>
      <output>{answer}</output>
    </>
  );
}

function renderAsker() {
  render(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
  );
  const opener = screen.getByRole("button", { name: "Fragen" });
  opener.focus();
  fireEvent.click(opener);
  return screen.getByRole("dialog", { name: "Wirklich?" });
}

describe("confirm dialog", () => {
  it("is a modal dialog with the focus on its first button", () => {
    const dialog = renderAsker();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nein" }));
  });

  it("keeps the focus inside: Tab from the last button goes to the first", () => {
    const dialog = renderAsker();
    screen.getByRole("button", { name: "Ja" }).focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Nein" }));
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ja" }));
  });

  it("Escape cancels and gives the focus back", async () => {
    const dialog = renderAsker();
    await act(async () => void fireEvent.keyDown(dialog, { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("false");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fragen" }));
  });

  it("resolves true on confirm", async () => {
    renderAsker();
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Ja" })));
    expect(screen.getByRole("status").textContent).toBe("true");
  });
});

function Flasher({ reload }: { reload?: true | (() => void) }) {
  const { show } = useFlash();
  return (
    <button type="button" onClick={() => show({ text: "Hoppla", reload })}>
      Melden
    </button>
  );
}

describe("flash message", () => {
  it("shows a message with a close button", () => {
    void setupI18n("de");
    render(
      <FlashProvider>
        <Flasher />
      </FlashProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Melden" }));
    expect(screen.getByRole("alert").textContent).toContain("Hoppla");
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers reload instead when flagged", () => {
    void setupI18n("de");
    render(
      <FlashProvider>
        <Flasher reload />
      </FlashProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Melden" }));
    expect(screen.getByRole("button", { name: "Neu laden" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Schließen" })).toBeNull();
  });

  it("runs the sender's own reload in place of the page's, and the message goes", () => {
    void setupI18n("de");
    let reloaded = 0;
    render(
      <FlashProvider>
        <Flasher reload={() => reloaded++} />
      </FlashProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Melden" }));
    fireEvent.click(screen.getByRole("button", { name: "Neu laden" }));
    expect(reloaded).toBe(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
