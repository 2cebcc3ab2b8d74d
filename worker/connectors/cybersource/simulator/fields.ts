/**
 * The request checks of the simulated API: each field a call needs, in the format the REST
 * models type it (strings for numbers of pixels, booleans for Java flags), each problem a `details`
 * entry of Cybersource's 400 (card-connectors.md §1.9): `{field, reason: MISSING_FIELD | INVALID_DATA}`.
 */
import { luhnValid } from "../../../../shared/cards";

/** One problem with a field, as Cybersource's 400 lists it. */
export interface Detail {
  field: string;
  reason: "MISSING_FIELD" | "INVALID_DATA";
}

/** The card types the simulator knows, with the prefix a number of that type must have (if any). */
const TYPE_PREFIX: Record<string, RegExp | null> = { "001": /^4/, "002": /^(5[1-5]|2[2-7])/, "003": /^3[47]/, "004": null, "005": null, "007": null, "054": null };

/** Collects the problems of one request body. */
export class FieldCheck {
  readonly details: Detail[] = [];

  constructor(private readonly body: unknown) {}

  /** The value at a dotted path, or undefined. */
  at(path: string): unknown {
    let value: unknown = this.body;
    for (const key of path.split(".")) value = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    return value;
  }

  /** A string at `path` matching `pattern`: MISSING_FIELD when absent (unless optional), INVALID_DATA when off. */
  text(path: string, pattern: RegExp, optional = false): string | undefined {
    const value = this.at(path);
    if (value === undefined || value === null || value === "") {
      if (!optional) this.fail(path, "MISSING_FIELD");
      return undefined;
    }
    if (typeof value !== "string" || !pattern.test(value)) return this.fail(path);
    return value;
  }

  /** A JSON boolean at `path` (the models type the Java flags so: "true" as text is INVALID_DATA). */
  flag(path: string, optional: boolean): void {
    const value = this.at(path);
    if (value === undefined) {
      if (!optional) this.fail(path, "MISSING_FIELD");
    } else if (typeof value !== "boolean") this.fail(path);
  }

  fail(field: string, reason: Detail["reason"] = "INVALID_DATA"): undefined {
    this.details.push({ field, reason });
    return undefined;
  }

  /**
   * `paymentInformation.card`: the number (digits, Luhn), expiry, and a known type that fits the
   * number. Answers the number and type when they hold.
   */
  card(): { number: string; type: string; expired: boolean } | undefined {
    const number = this.text("paymentInformation.card.number", /^\d{12,19}$/);
    const month = this.text("paymentInformation.card.expirationMonth", /^(0[1-9]|1[0-2])$/);
    const year = this.text("paymentInformation.card.expirationYear", /^\d{4}$/);
    const type = this.text("paymentInformation.card.type", /^\d{3}$/);
    if (number !== undefined && !luhnValid(number)) return this.fail("paymentInformation.card.number");
    if (type !== undefined) {
      const prefix = TYPE_PREFIX[type];
      if (prefix === undefined || (prefix !== null && number !== undefined && !prefix.test(number))) return this.fail("paymentInformation.card.type");
    }
    if (number === undefined || month === undefined || year === undefined || type === undefined) return undefined;
    const now = new Date();
    const expired = Number(year) * 12 + Number(month) - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth();
    return { number, type, expired };
  }

  /** `orderInformation.amountDetails`: a positive decimal string and an ISO 4217 code. */
  amount(): void {
    const total = this.text("orderInformation.amountDetails.totalAmount", /^\d{1,15}(\.\d{1,3})?$/);
    if (total !== undefined && Number(total) <= 0) this.fail("orderInformation.amountDetails.totalAmount");
    this.text("orderInformation.amountDetails.currency", /^[A-Z]{3}$/);
  }

  /** An absolute http(s) URL. */
  url(path: string): string | undefined {
    const value = this.text(path, /^https?:\/\/\S+$/);
    if (value !== undefined && !URL.canParse(value)) return this.fail(path);
    return value;
  }
}

/** The first 6 and last 4 digits of a card number: all a log may keep. */
export function maskPan(number: string): string {
  return number.length < 13 ? "*".repeat(number.length) : `${number.slice(0, 6)}${"*".repeat(number.length - 10)}${number.slice(-4)}`;
}
