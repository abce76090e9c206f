import { screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { languages } from "@wegmarke/protocol";
import { FakeEventSource } from "../../test/fake-event-source";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe("login", () => {
  it("the phone number's placeholder is a digit-group pattern", () => {
    renderApp("/login");
    const phone = screen.getByLabelText("Handynummer");
    expect(phone.getAttribute("type")).toBe("tel");
    for (const language of languages) {
      expect(i18next.getFixedT(language)("login.phonePlaceholder")).toMatch(/^\+?\d+( \d+)+$/);
    }
    expect(phone.getAttribute("placeholder")).toBe(i18next.t("login.phonePlaceholder"));
  });

  it("has phone number and password, a register link, a forgot-password link and participate-for-free", () => {
    renderApp("/login");
    expect(screen.getByLabelText("Passwort")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Registrieren" }).getAttribute("href")).toBe(
      "/webapp/register",
    );
    expect(screen.getByRole("button", { name: "Passwort vergessen?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Kostenlos mitmachen" })).toBeTruthy();
  });
});
