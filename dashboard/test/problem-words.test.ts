/**
 * The API's errors in the reader's language (docs/dashboard.md, "Errors"): every problem code of
 * the closed enum (worker/lib/problem.ts's ERROR_CODES) and every field code (worker/lib/field-codes.ts's
 * FIELD_CODES) has a sentence in pt-BR and in English, and no sentence names a code the server does
 * not have; a code the dashboard does not know yet falls back to a generic sentence in the reader's
 * language, never the API's English `detail`. The device's name is one function for the sessions
 * page and the audit log.
 */
import { describe, expect, it } from "vitest";
import { FIELD_CODES } from "../../worker/lib/field-codes";
import { ERROR_CODES } from "../../worker/lib/problem";
import { fieldMessage, problemMessage } from "../src/api/problem-words";
import { deviceName } from "../src/devices/device-name";
import type { DashboardStrings } from "../src/i18n/locale";
import { problemsEn } from "../src/i18n/problems.en";
import { problemsPtBR } from "../src/i18n/problems.pt-br";
import { en } from "../src/i18n/strings.en";
import { ptBR } from "../src/i18n/strings.pt-br";

const english = { ...en, ...problemsEn } as DashboardStrings;
const portuguese = { ...ptBR, ...problemsPtBR } as DashboardStrings;
const sorted = (o: object) => Object.keys(o).sort();

describe("the API's errors by their code", () => {
  it("every problem code and every field code has a sentence in both languages, and no other code does", () => {
    for (const words of [problemsEn, problemsPtBR]) {
      expect(sorted(words.problems)).toEqual(sorted(ERROR_CODES));
      expect(sorted(words.fieldProblems)).toEqual(sorted(FIELD_CODES));
    }
    // A translation is not the English sentence copied.
    const same = Object.keys(ERROR_CODES).filter((code) => problemsEn.problems[code] === problemsPtBR.problems[code]);
    expect(same).toEqual([]);
  });

  it("says a known code in the reader's language and an unknown one generically, never the API's detail", () => {
    expect(problemMessage("SERVICE_UNAVAILABLE", portuguese)).toBe("O serviço está indisponível agora. Tente de novo em instantes.");
    expect(problemMessage("SERVICE_UNAVAILABLE", english)).toBe("The service is unavailable right now. Try again in a moment.");
    expect(problemMessage("A_CODE_FROM_A_NEWER_SERVER", portuguese)).toBe("Algo deu errado. Tente de novo em instantes.");
    expect(problemMessage("HTTP_502", english)).toBe("Something went wrong. Try again in a moment.");
    const field = { path: "email", code: "invalid_format", message: "must be a valid email address" };
    expect(fieldMessage(field, portuguese)).toBe("Este valor não está no formato esperado.");
    expect(fieldMessage({ ...field, code: "brand_new" }, english)).toBe("This value is not valid.");
  });
});

describe("a device's name", () => {
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
  const edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0";
  it("is the browser on the system, in the reader's language", () => {
    expect(deviceName(chrome, portuguese)).toBe("Chrome no Linux");
    expect(deviceName(edge, english)).toBe("Edge on Windows");
    expect(deviceName("curl/8.0", portuguese)).toBe("Navegador desconhecido");
    expect(deviceName(null, english)).toBe("Unknown browser");
  });
});
