import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { station } from "../../test/fixtures";
import { renderView } from "../../test/render";
import { FunnelTable } from "./funnel-table";

const stations = [
  station({ activated: 1200, done: 900, wrongAnswers: 37, hintsUsed: 1450 }),
  station({ id: 2, name: "2-schloss", title: "Das Schloss", activated: 3, running: 3 }),
];

function table(language: "de" | "en") {
  renderView(
    <>
      <h2 id="funnel">Stationen</h2>
      <FunnelTable stations={stations} labelledBy="funnel" />
    </>,
    { language },
  );
  return screen.getByRole("table", { name: "Stationen" });
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("the stations' figures", () => {
  it("counts the hints taken after the wrong answers, formatted alike", () => {
    const rows = within(table("en")).getAllByRole("row");
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Station",
      "Started",
      "Running",
      "Idle",
      "Done",
      "Cancelled",
      "Mean time to done",
      "Wrong answers",
      "Hints",
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      "1,200",
      "0",
      "0",
      "900",
      "0",
      "–",
      "37",
      "1,450",
    ]);
    expect(cells(rows[2] as HTMLElement).at(-1)).toBe("0");
  });

  it("names the column in German", () => {
    const german = table("de");
    const headers = within(german)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers.slice(-2)).toEqual(["Falsche Antworten", "Tipps"]);
    expect(within(german).getByText("1.450")).toBeTruthy();
  });
});
