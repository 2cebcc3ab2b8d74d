/**
 * The API's errors in the reader's words: a problem's `code` and a refused field's `errors[].code`
 * (docs/errors.md's closed lists) looked up in the page's strings (i18n/problems.*.ts), never the
 * API's English `detail` or `message`. A code the strings lack (a newer server) gets the generic
 * sentence, also in the reader's language.
 */
import type { DashboardStrings } from "../i18n/locale";
import type { FieldProblem } from "./client";

/** The sentence for a problem `code`. */
export const problemMessage = (code: string, s: DashboardStrings): string => s.problems[code] ?? s.unknownProblem;

/** The sentence under a field the API refused. */
export const fieldMessage = (problem: FieldProblem, s: DashboardStrings): string => s.fieldProblems[problem.code] ?? s.unknownField;
