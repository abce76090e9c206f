import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../../test/fake-server";
import { renderView } from "../../test/render";
import { BlockPanel } from "./ink-block-panel";

const PATH = "stations/16-brunnen/script.de.ink";

/** The panel over a script kept here, the cursor on `line`, as the file editor holds them. */
function Script({ initial, line }: { initial: string; line: number }) {
  const [text, setText] = useState(initial);
  const [cursor, setCursor] = useState(line);
  return (
    <>
      <BlockPanel
        path={PATH}
        text={text}
        line={cursor}
        onEdit={(edit) => {
          setText(edit.text);
          setCursor(edit.from);
        }}
      />
      <pre data-testid="script">{text}</pre>
    </>
  );
}

const script = () => screen.getByTestId("script").textContent;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the script editor's building blocks", () => {
  it("puts a riddle in after the cursor's line from its form, with the points declared", () => {
    renderView(<Script initial={"Hallo!\n-> END"} line={1} />);
    expect(screen.getByText("The character writes: “Hallo!”")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Riddle" }));
    expect(screen.getByText("Goes in after line 1, where the cursor is.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(screen.getByRole("alert").textContent).toBe("Give at least one right answer.");
    type("Question (what the character asks)", "Welches Tier kräht dort?");
    type("Right answers, one per line", "Hahn\nGockel");
    type("Reply to a right answer (each line is a message)", "Genau!");
    type("Points for a right answer", "3");
    type("Reply to any other answer", "Leider nicht.");
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toBe(
      [
        "VAR points = 0",
        "Hallo!",
        "- (frage)",
        "Welches Tier kräht dort?",
        "+ [Hahn / Gockel #answer]",
        "    Genau!",
        "    ~ points = 3",
        "+ [#answer]",
        "    Leider nicht.",
        "    -> frage",
        "-",
        "-> END",
      ].join("\n"),
    );
    // The cursor stands on the block's first line: it is said in words and opens in its form.
    expect(screen.getByRole("heading", { name: "Line 3" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit this block in a form: Riddle" }));
    expect(screen.getByText("Changes lines 3 to 10.")).toBeTruthy();
    expect(
      (screen.getByLabelText("Right answers, one per line") as HTMLTextAreaElement).value,
    ).toBe("Hahn\nGockel");
    type("Right answers, one per line", "Hahn\nGockel\nGickel");
    fireEvent.click(screen.getByLabelText("Then ask the question again"));
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(script()).toContain("+ [Hahn / Gockel / Gickel #answer]");
    expect(script()).not.toContain("-> frage");
    // With the cursor inside the riddle, a new block goes in below it and its gather.
    fireEvent.click(screen.getByRole("button", { name: "Delayed message" }));
    expect(screen.getByText("Goes in after line 10, where the cursor is.")).toBeTruthy();
  });

  it("gives a riddle a ladder of hints, each with its text and cost", () => {
    renderView(<Script initial="Hallo!" line={1} />);
    fireEvent.click(screen.getByRole("button", { name: "Riddle" }));
    type("Question (what the character asks)", "Welches Tier kräht dort?");
    type("Right answers, one per line", "Hahn");
    type("Points for a right answer", "3");
    fireEvent.click(screen.getByRole("button", { name: "Add a hint" }));
    type("Button", "Einen Tipp [bitte]");
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(screen.getByRole("alert").textContent).toBe("Every hint needs a label and a text.");
    type("Hint (each line is a message)", "Er steht oben.\nGanz oben.");
    type("Costs points (0: free)", "2");
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toBe(
      [
        "VAR points = 0",
        "Hallo!",
        "- (frage)",
        "Welches Tier kräht dort?",
        "+ [Hahn #answer]",
        "    ~ points += 3",
        "* [Einen Tipp bitte #hint: 2]",
        "    Er steht oben.",
        "    Ganz oben.",
        "    -> frage",
        "+ [#answer]",
        "    -> frage",
        "-",
      ].join("\n"),
    );
    // Opened again, the hint is in its form and goes on removal.
    fireEvent.click(screen.getByRole("button", { name: "Edit this block in a form: Riddle" }));
    expect((screen.getByLabelText("Button") as HTMLInputElement).value).toBe("Einen Tipp bitte");
    fireEvent.click(screen.getByRole("button", { name: "Remove hint 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(script()).not.toContain("#hint");
    expect(script()).toContain("    ~ points += 3");
  });

  it("gives a riddle without a label one to go back to after a hint", () => {
    renderView(<Script initial={"Wer kräht?\n+ [Hahn #answer]\n-"} line={2} />);
    fireEvent.click(screen.getByRole("button", { name: "Edit this block in a form: Riddle" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a hint" }));
    type("Button", "Tipp");
    type("Hint (each line is a message)", "Oben.");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(script()).toBe(
      [
        "VAR points = 0",
        "- (frage)",
        "Wer kräht?",
        "+ [Hahn #answer]",
        "* [Tipp #hint: 1]",
        "    Oben.",
        "    -> frage",
        "-",
      ].join("\n"),
    );
  });

  it("writes buttons, a mission and a delayed message", () => {
    renderView(<Script initial="Hallo!" line={1} />);
    fireEvent.click(screen.getByRole("button", { name: "Buttons" }));
    const [left, right] = screen.getAllByLabelText("Label");
    fireEvent.change(left as HTMLElement, { target: { value: "Links [hin]" } });
    fireEvent.change(right as HTMLElement, { target: { value: "Rechts" } });
    fireEvent.click(screen.getAllByLabelText("Disappears once tapped")[1] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toBe(["Hallo!", "+ [Links hin]", "* [Rechts]", "-"].join("\n"));

    fireEvent.click(screen.getByRole("button", { name: "Photo, video or voice mission" }));
    type("Question (what the character asks)", "Zeig mir den Turm!");
    fireEvent.click(screen.getByLabelText("A video"));
    type("The task, as the host reads it while judging", "Der Turm");
    type("Points on approval", "2");
    type("Reply on approval (each line is a message)", "Schön!");
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toContain(
      ["Zeig mir den Turm!", "- (auftrag)", "+ [Der Turm #video #points: 2]", "    Schön!"].join(
        "\n",
      ),
    );
    expect(script()?.startsWith("VAR points = 0\n")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Delayed message" }));
    type("Message", "Da bin ich wieder!");
    type("Arrives after", "30");
    fireEvent.change(screen.getByLabelText("Unit"), { target: { value: "s" } });
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toContain("Da bin ich wieder! #delay: 30s");
    expect(screen.getByText("It arrives 30 seconds after the message before it.")).toBeTruthy();
  });

  it("translates a marked line in place, its tags kept and its mark gone", () => {
    renderView(<Script initial={"Hallo! #from: Max // übersetzen\n-> END"} line={1} />);
    expect(screen.getByText(/^Not translated yet/)).toBeTruthy();
    const field = screen.getByLabelText("This line in this language");
    expect((field as HTMLInputElement).value).toBe("Hallo!");
    fireEvent.change(field, { target: { value: "Hello!" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(script()).toBe("Hello! #from: Max\n-> END");
    expect(screen.queryByText(/^Not translated yet/)).toBeNull();
  });

  it("chooses a picture of the script's station, named by the station's id", async () => {
    fakeServer({
      "GET /api/ops/pack/draft": () =>
        json({
          base: 1,
          live: 1,
          baseNumber: 1,
          liveNumber: 1,
          changed: 0,
          files: [
            { path: `${PATH}`, hash: "a", size: 1, state: "same", by: null, at: null },
            {
              path: "stations/16-brunnen/brunnen.jpg",
              hash: "b",
              size: 1,
              state: "same",
              by: null,
              at: null,
            },
            {
              path: "stations/2-schloss/schloss.jpg",
              hash: "c",
              size: 1,
              state: "same",
              by: null,
              at: null,
            },
          ],
        }),
    });
    renderView(<Script initial="Hallo!" line={1} />);
    fireEvent.click(screen.getByRole("button", { name: "Picture or sound" }));
    const choice = screen.getByLabelText("Picture, sound or video of this station");
    await screen.findByRole("option", { name: "brunnen.jpg" });
    expect(screen.queryByRole("option", { name: "schloss.jpg" })).toBeNull();
    fireEvent.change(choice, { target: { value: "stations/16/brunnen.jpg" } });
    fireEvent.click(screen.getByRole("button", { name: "Insert" }));
    expect(script()).toBe("Hallo!\nstations/16/brunnen.jpg #content");
    expect(screen.getByText("Shows the picture stations/16/brunnen.jpg in the chat.")).toBeTruthy();
  });
});
