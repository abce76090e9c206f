import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LANGUAGE_KEY } from "../i18n/i18n";
import { fakeEventSource, fakeServer, json, text } from "../test/fake-server";
import { overview } from "../test/fixtures";
import { App } from "./app";

const expiresAt = "2026-11-26T10:00:00Z";
const anna = { name: "anna", via: "session", expiresAt };

beforeEach(() => {
  fakeEventSource();
  localStorage.setItem(LANGUAGE_KEY, "en");
  window.history.replaceState(null, "", "/ops/");
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the operator's password", () => {
  it("must be chosen after a sign-in with a one-time password, before the console opens", async () => {
    const server = fakeServer({
      "GET /api/ops/me": () => json({ ...anna, passwordChangeRequired: true }),
      "PUT /api/ops/password": ({ body }) => {
        const { current } = body as { current: string };
        return current === "one-time" ? json(anna) : text("wrong current password", 403);
      },
      "GET /api/ops/overview": () => json(overview()),
    });
    render(<App />);
    await screen.findByRole("heading", { name: "Choose your password" });
    expect(screen.queryByRole("navigation")).toBeNull();

    fill("One-time password", "one-time");
    fill("New password", "Schwalbe-42");
    fill("New password again", "Schwalbe-43");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The two new passwords differ.");
    fill("New password", "kurz");
    fill("New password again", "kurz");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The new password needs at least 6 characters.",
    );
    expect(server.requests.filter((r) => r.method === "PUT")).toHaveLength(0);

    fill("One-time password", "guessed");
    fill("New password", "Schwalbe-42");
    fill("New password again", "Schwalbe-42");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The current password is wrong.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("One-time password"));

    fill("One-time password", "one-time");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    expect(server.requests.filter((r) => r.method === "PUT").at(-1)?.body).toEqual({
      current: "one-time",
      password: "Schwalbe-42",
    });
  });

  it("is changed from the header's link, with the server's refusal of a common one", async () => {
    fakeServer({
      "GET /api/ops/me": () => json(anna),
      "GET /api/ops/overview": () => json(overview()),
      "PUT /api/ops/password": ({ body }) =>
        (body as { password: string }).password === "passwort"
          ? text("password too common", 400)
          : json(anna),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    fireEvent.click(screen.getByRole("link", { name: "Password" }));
    await screen.findByRole("heading", { level: 1, name: "Change password" });
    expect(window.location.pathname).toBe("/ops/password");

    fill("Current password", "Schwalbe-42");
    fill("New password", "passwort");
    fill("New password again", "passwort");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("This password is too common. Choose another.")).toBeTruthy();
    fill("New password", "Kirschbaum-7");
    fill("New password again", "Kirschbaum-7");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByText("The password was changed.")).getAttribute("role")).toBe(
      "status",
    );
  });

  it("has no link for the operator token, which has no password", async () => {
    fakeServer({
      "GET /api/ops/me": () => json({ name: null, via: "token" }),
      "GET /api/ops/overview": () => json(overview()),
    });
    render(<App />);
    await screen.findByRole("heading", { level: 1, name: "Overview" });
    expect(screen.queryByRole("link", { name: "Password" })).toBeNull();
  });
});
