import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OpsMe } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { TeamView } from "./team";

const lead: OpsMe = {
  name: "leitung",
  roles: ["author", "host"],
  member: true,
  admin: true,
  via: "session",
};
const operators = [
  {
    name: "leitung",
    roles: ["author", "host"],
    member: true,
    admin: true,
    createdAt: "2026-11-20T09:00:00Z",
  },
  {
    name: "mara",
    roles: ["author"],
    member: true,
    admin: false,
    createdAt: "2026-11-21T09:00:00Z",
  },
  { name: "olaf", roles: [], member: false, admin: false, createdAt: "2026-11-22T09:00:00Z" },
];

describe("the team page", () => {
  it("sets another operator's roles, never one's own", async () => {
    const server = fakeServer({
      "GET /api/ops/operators": () => json({ operators }),
      "PUT /api/ops/operators/mara/roles": ({ body }) =>
        json({ ...operators[1], ...(body as object) }),
      "PUT /api/ops/operators/olaf/roles": ({ body }) =>
        json({ ...operators[2], ...(body as object) }),
    });
    renderView(<TeamView me={lead} />);
    const own = await screen.findByRole("listitem", { name: "leitung" });
    for (const box of within(own).getAllByRole("checkbox")) {
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    const mara = screen.getByRole("listitem", { name: "mara" });
    fireEvent.click(within(mara).getByRole("checkbox", { name: "host: mara" }));
    fireEvent.click(within(mara).getByRole("button", { name: "Save the roles of mara" }));
    await within(mara).findByText("The roles of mara are saved.");
    expect(server.requests.at(-1)).toMatchObject({
      method: "PUT",
      body: { roles: ["author", "host"], member: true, admin: false },
    });
    expect(within(mara).queryByRole("button")).toBeNull();

    // An operator of another game gets this one; without it their roles here cannot be set.
    const olaf = screen.getByRole("listitem", { name: "olaf" });
    const host = within(olaf).getByRole("checkbox", { name: "host: olaf" }) as HTMLInputElement;
    expect(host.disabled).toBe(true);
    fireEvent.click(within(olaf).getByRole("checkbox", { name: "Sees this game: olaf" }));
    expect(host.disabled).toBe(false);
    fireEvent.click(host);
    fireEvent.click(within(olaf).getByRole("checkbox", { name: "Admin: olaf" }));
    fireEvent.click(within(olaf).getByRole("button", { name: "Save the roles of olaf" }));
    await within(olaf).findByText("The roles of olaf are saved.");
    expect(server.requests.at(-1)).toMatchObject({
      path: "/api/ops/operators/olaf/roles",
      body: { roles: ["host"], member: true, admin: true },
    });
  });

  it("adds an operator and shows the one-time password once", async () => {
    const server = fakeServer({
      "GET /api/ops/operators": () => json({ operators }),
      "POST /api/ops/operators": ({ body }) =>
        json(
          {
            ...(body as object),
            member: true,
            createdAt: "2026-11-26T10:00:00Z",
            password: "Einmal-Passwort-42",
          },
          201,
        ),
    });
    renderView(<TeamView me={lead} />);
    fireEvent.change(await screen.findByLabelText("Name (small letters, digits, . _ -)"), {
      target: { value: "Jonas" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "author: the new operator" }));
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await screen.findByText("Einmal-Passwort-42");
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "jonas",
      roles: ["author", "host"],
      admin: false,
    });
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === "/api/ops/operators")).toHaveLength(3),
    );
  });

  it("tells an operator who is no admin who manages the team, and asks nothing", () => {
    const server = fakeServer({});
    renderView(<TeamView me={{ ...lead, name: "mara", admin: false }} />);
    expect(screen.getByText("The team is managed by the installation's admins.")).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});
