import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { setupI18n } from "../i18n/i18n";
import { formIssueMessage, formMessageText } from "./form-messages";
import {
  authTokenForm,
  changePasswordForm,
  newPasswordForm,
  phoneLoginForm,
  registrationForm,
  teamCodeForm,
} from "./form-schemas";

/** The message per field as the forms show it: the field's first issue. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: formIssueMessage });
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    shown[issue.path.join(".")] ??= formMessageText(i18next.t, issue.message);
  }
  return shown;
}

beforeAll(() => setupI18n("de"));

describe("form validation (spec 5)", () => {
  it("requires the login fields, trimmed", () => {
    expect(messages(phoneLoginForm, { phone: "  ", password: "" })).toEqual({
      phone: "Feld muss ausgefüllt werden",
      password: "Feld muss ausgefüllt werden",
    });
    expect(phoneLoginForm.parse({ phone: " 0171 1 ", password: " 123456 " })).toEqual({
      phone: "0171 1",
      password: "123456",
    });
  });

  it("wants a first name of at least 2 characters and the privacy notice acknowledged", () => {
    expect(messages(registrationForm, { firstName: " A ", phone: "0171", privacy: false })).toEqual(
      {
        firstName: "Bitte gib mindestens 2 Zeichen ein.",
        privacy: "Bitte bestätige das, um weiterzumachen.",
      },
    );
    expect(messages(registrationForm, { firstName: "", phone: "", privacy: true })).toEqual({
      firstName: "Feld muss ausgefüllt werden",
      phone: "Feld muss ausgefüllt werden",
    });
  });

  it("wants a new password of at least 6 characters, repeated exactly", () => {
    expect(messages(newPasswordForm, { password: "12345", repeat: "12345" })).toEqual({
      password: "Bitte gib mindestens 6 Zeichen ein.",
    });
    expect(messages(newPasswordForm, { password: "geheim1", repeat: "geheim2" })).toEqual({
      repeat: "Bitte wiederhole das Feld korrekt.",
    });
    expect(messages(newPasswordForm, { password: "", repeat: "" })).toEqual({
      password: "Feld muss ausgefüllt werden",
      repeat: "Feld muss ausgefüllt werden",
    });
    expect(messages(newPasswordForm, { password: "geheim1", repeat: " geheim1 " })).toEqual({});
  });

  it("a signed-in change wants the current password too, any stored one, trimmed", () => {
    expect(
      messages(changePasswordForm, { current: " ", password: "geheim1", repeat: "geheim1" }),
    ).toEqual({ current: "Feld muss ausgefüllt werden" });
    expect(messages(changePasswordForm, { password: "geheim1", repeat: "geheim1" })).toEqual({
      current: "Feld muss ausgefüllt werden",
    });
    expect(
      changePasswordForm.parse({ current: " 482913 ", password: "geheim1", repeat: "geheim1" }),
    ).toEqual({ current: "482913", password: "geheim1", repeat: "geheim1" });
    // The reset link and the SMS code as the current password ask for none.
    expect(messages(newPasswordForm, { password: "geheim1", repeat: "geheim1" })).toEqual({});
  });

  it("team code required, trimmed", () => {
    expect(messages(teamCodeForm, { code: " " })).toEqual({ code: "Feld muss ausgefüllt werden" });
    expect(teamCodeForm.parse({ code: " ab12cd34 " })).toEqual({ code: "ab12cd34" });
  });

  it("debug auth code required", () => {
    expect(messages(authTokenForm, { token: "  " })).toEqual({
      token: "Feld muss ausgefüllt werden",
    });
    expect(authTokenForm.parse({ token: " abc " })).toEqual({ token: "abc" });
  });

  it("names are trimmed", () => {
    expect(registrationForm.parse({ firstName: " Ida ", phone: "0171", privacy: true })).toEqual({
      firstName: "Ida",
      phone: "0171",
      privacy: true,
    });
  });

  it("shows the messages in the language chosen when they are shown", () => {
    const issue = formIssueMessage({
      code: "too_small",
      origin: "string",
      minimum: 6,
      inclusive: true,
      input: "",
      path: [],
    });
    expect(formMessageText(i18next.getFixedT("en"), issue)).toBe(
      "Please enter at least 6 characters.",
    );
    expect(formMessageText(i18next.getFixedT("en"), "required")).toBe("Value is required.");
  });
});
