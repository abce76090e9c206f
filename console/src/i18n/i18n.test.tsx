import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguageSwitch } from "../app/language-switch";
import { fill, I18nProvider, LANGUAGE_KEY, pickLanguage, textsOf, useI18n } from "./i18n";

describe("the console's language", () => {
  it("is the stored choice first, then the browser's first language the console has", () => {
    expect(pickLanguage("de", ["en-US"])).toBe("de");
    expect(pickLanguage(null, ["fr-FR", "de-AT", "en"])).toBe("de");
    expect(pickLanguage(null, ["EN-gb"])).toBe("en");
  });

  it("falls back to English for any other language or a stored value it does not know", () => {
    expect(pickLanguage(null, ["fr-FR", "it"])).toBe("en");
    expect(pickLanguage(null, [])).toBe("en");
    expect(pickLanguage("de-formal", ["fr"])).toBe("en");
  });
});

describe("texts", () => {
  it("fills in values and leaves a placeholder without one as it is", () => {
    expect(fill("{who} finished {title}", { who: "Wanderer 4117", title: "Der Marktplatz" })).toBe(
      "Wanderer 4117 finished Der Marktplatz",
    );
    expect(fill("{who} and {nobody}", { who: "Anna" })).toBe("Anna and {nobody}");
  });

  it("picks the plural form by count, per language", () => {
    expect(textsOf("en").tn("players.points", 1)).toBe("1 point");
    expect(textsOf("en").tn("players.points", 0)).toBe("0 points");
    expect(textsOf("de").tn("players.stationsDone", 1)).toBe("1 Station geschafft");
    expect(textsOf("de").tn("players.stationsDone", 3)).toBe("3 Stationen geschafft");
  });
});

function Heading() {
  const { t } = useI18n();
  return <h1>{t("nav.overview")}</h1>;
}

describe("the language switch", () => {
  it("changes the texts at once, stores the choice and sets the page's language", () => {
    localStorage.setItem(LANGUAGE_KEY, "de");
    const { unmount } = render(
      <I18nProvider>
        <Heading />
        <LanguageSwitch />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Übersicht");
    expect(document.documentElement.lang).toBe("de");

    fireEvent.change(screen.getByLabelText("Sprache"), { target: { value: "en" } });
    expect(screen.getByRole("heading").textContent).toBe("Overview");
    expect(screen.getByLabelText("Language")).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe("en");
    expect(document.documentElement.lang).toBe("en");

    unmount();
    render(
      <I18nProvider>
        <Heading />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading").textContent).toBe("Overview");
  });
});
