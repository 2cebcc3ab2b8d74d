import { describe, expect, it } from "vitest";
import { parseBrCode, readBrCode } from "../../../test/support/brcode-reader";
import { BrCodeError, buildDynamicBrCode, crc16ccitt } from "./brcode";

// Static example from the BCB BR Code manual (Manual de Padrões para Iniciação do Pix).
const BCB_STATIC_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

const base = {
  locationUrl: "pay.example.com/pix/v2/cobv/abc",
  amountMinor: 1000,
  merchantName: "Loja Exemplo",
  merchantCity: "Brasilia",
};

/** Top-level field value by id. */
function field(payload: string, id: string): string | undefined {
  return parseBrCode(payload).find((f) => f.id === id)?.value;
}

describe("crc16ccitt", () => {
  it("matches the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16ccitt("123456789")).toBe("29B1");
  });

  it("reproduces the CRC of the BCB manual's static example", () => {
    expect(crc16ccitt(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("pads to 4 uppercase hex digits and hashes UTF-8 bytes", () => {
    expect(crc16ccitt("")).toBe("FFFF");
    // Expected values from an independent byte-wise implementation: "é" is C3 A9 in
    // UTF-8 (7ACB); hashing it as the single Latin-1/UTF-16 unit E9 would give 8DF7.
    expect(crc16ccitt("é")).toBe("7ACB");
    expect(crc16ccitt("São Paulo")).toBe("E390");
  });
});

describe("readBrCode on the BCB example", () => {
  it("reads the static example's fields", () => {
    expect(readBrCode(BCB_STATIC_EXAMPLE)).toEqual({
      payloadFormat: "01",
      pointOfInitiation: undefined,
      gui: "br.gov.bcb.pix",
      key: "123e4567-e12b-12d1-a456-426655440000",
      url: undefined,
      mcc: "0000",
      currency: "986",
      amount: undefined,
      country: "BR",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***",
      crc: "1D3D",
    });
  });

  it("rejects a bad CRC", () => {
    expect(() => readBrCode(BCB_STATIC_EXAMPLE.slice(0, -4) + "1D3E")).toThrow(/bad CRC/);
  });

  it("rejects an altered body even though the CRC field is intact", () => {
    const tampered = BCB_STATIC_EXAMPLE.replace("Fulano de Tal", "Fulano de Tel");
    expect(() => readBrCode(tampered)).toThrow(BrCodeError);
  });

  it("rejects a payload without a CRC field", () => {
    expect(() => readBrCode(BCB_STATIC_EXAMPLE.slice(0, -8))).toThrow(/CRC field/);
  });

  it("rejects lengths that overrun, even with a matching CRC", () => {
    const body = "000201" + "5999Fulano" + "6304";
    expect(() => readBrCode(body + crc16ccitt(body))).toThrow(/overruns/);
  });

  it("rejects malformed length digits", () => {
    expect(() => parseBrCode("00A201")).toThrow(/malformed/);
  });
});

describe("parseBrCode", () => {
  it("builds the tree with children for templates 26 and 62", () => {
    const fields = parseBrCode(BCB_STATIC_EXAMPLE);
    expect(fields.map((f) => f.id)).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    const t26 = fields.find((f) => f.id === "26")!;
    expect(t26.length).toBe(58);
    expect(t26.children).toEqual([
      { id: "00", length: 14, value: "br.gov.bcb.pix" },
      { id: "01", length: 36, value: "123e4567-e12b-12d1-a456-426655440000" },
    ]);
    expect(fields.find((f) => f.id === "62")!.children).toEqual([{ id: "05", length: 3, value: "***" }]);
    expect(fields.find((f) => f.id === "59")!.children).toBeUndefined();
  });
});

describe("buildDynamicBrCode", () => {
  it("emits the fields in the manual's order with exact values", () => {
    const payload = buildDynamicBrCode({ ...base, amountMinor: 123456 });
    const body =
      "000201" +
      "010212" +
      "2653" + "0014br.gov.bcb.pix" + "2531pay.example.com/pix/v2/cobv/abc" +
      "52040000" +
      "5303986" +
      "54071234.56" +
      "5802BR" +
      "5912Loja Exemplo" +
      "6008Brasilia" +
      "62070503***" +
      "6304";
    expect(payload).toBe(body + crc16ccitt(body));
  });

  it.each([
    [1, "0.01"],
    [99, "0.99"],
    [100, "1.00"],
    [101, "1.01"],
    [123456, "1234.56"],
    [123456789, "1234567.89"],
    [999_999_999_999, "9999999999.99"],
  ])("formats %i centavos as %s", (amountMinor, text) => {
    expect(field(buildDynamicBrCode({ ...base, amountMinor }), "54")).toBe(text);
  });

  it.each([0, -1, 1.5, Number.NaN, 1_000_000_000_000, Number.MAX_SAFE_INTEGER + 1])(
    "rejects amountMinor %s",
    (amountMinor) => {
      expect(() => buildDynamicBrCode({ ...base, amountMinor })).toThrow(BrCodeError);
    },
  );

  it("strips accents and keeps lengths in step with the ASCII text", () => {
    const payload = buildDynamicBrCode({ ...base, merchantName: "Ação Café Ltda", merchantCity: "São Paulo" });
    expect(payload).toContain("5914Acao Cafe Ltda");
    expect(payload).toContain("6009Sao Paulo");
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
    expect(readBrCode(payload).merchantCity).toBe("Sao Paulo");
  });

  it("truncates long names to 25 and cities to 15 after cleaning", () => {
    const payload = buildDynamicBrCode({
      ...base,
      merchantName: "Comércio de Eletrônicos Ñandú e Filhos S.A.",
      merchantCity: "São José dos Campos",
    });
    const r = readBrCode(payload);
    expect(r.merchantName).toBe("Comercio de Eletronicos N");
    expect(r.merchantName).toHaveLength(25);
    expect(r.merchantCity).toBe("Sao Jose dos Ca");
    expect(payload).toContain("5925Comercio de Eletronicos N6015Sao Jose dos Ca");
  });

  it("drops non-printable and non-Latin characters, collapses spaces, trims", () => {
    const r = readBrCode(
      buildDynamicBrCode({ ...base, merchantName: "  \tLoja 🛒 \u0000Ünïcode\n 日本 ", merchantCity: "Curitiba\u200b" }),
    );
    expect(r.merchantName).toBe("Loja Unicode");
    expect(r.merchantCity).toBe("Curitiba");
  });

  it("does not leave a trailing space when truncation lands on one", () => {
    const r = readBrCode(buildDynamicBrCode({ ...base, merchantCity: "Rio de Janeiro X" })); // 15th char is " "
    expect(r.merchantCity).toBe("Rio de Janeiro");
  });

  it("throws a clear error when a name or city is empty after cleaning", () => {
    expect(() => buildDynamicBrCode({ ...base, merchantName: "日本語 🙂" })).toThrow(/merchantName is empty/);
    expect(() => buildDynamicBrCode({ ...base, merchantCity: "   " })).toThrow(/merchantCity is empty/);
  });

  it("accepts a 77-char URL and rejects 78 chars, a scheme or non-ASCII", () => {
    const u77 = "pay.example.com/" + "a".repeat(61);
    expect(u77).toHaveLength(77);
    const payload = buildDynamicBrCode({ ...base, locationUrl: u77 });
    expect(parseBrCode(payload).find((f) => f.id === "26")!.length).toBe(99);
    expect(readBrCode(payload).url).toBe(u77);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: u77 + "a" })).toThrow(/77/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: "https://pay.example.com/x" })).toThrow(/scheme/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: "pay.example.com/ç" })).toThrow(/ASCII/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: "" })).toThrow(BrCodeError);
  });

  it("uses the given MCC and rejects a malformed one", () => {
    expect(readBrCode(buildDynamicBrCode({ ...base, mcc: "5812" })).mcc).toBe("5812");
    expect(() => buildDynamicBrCode({ ...base, mcc: "58" })).toThrow(/mcc/);
  });

  it("round-trips many generated inputs through readBrCode", () => {
    const names = ["Fulano de Tal", "José Ávila", "ÇÃÕ Ñ Ü", "A", "x".repeat(40), "Padaria Pão Quente & Cia"];
    const cities = ["BRASILIA", "São Paulo", "Florianópolis", "Itaquaquecetuba", "Rio"];
    const amounts = [1, 2, 10, 99, 100, 101, 999, 1000, 5050, 123456, 123456789, 999_999_999_999];
    let n = 0;
    for (const [i, amountMinor] of amounts.entries()) {
      for (const [j, merchantName] of names.entries()) {
        const merchantCity = cities[(i + j) % cities.length]!;
        const locationUrl = `qr.example.com.br/v2/cobv/${"t".repeat((i * 7 + j) % 40)}${i}-${j}`;
        const payload = buildDynamicBrCode({ locationUrl, amountMinor, merchantName, merchantCity });
        const r = readBrCode(payload);
        expect(r).toMatchObject({
          payloadFormat: "01",
          pointOfInitiation: "12",
          gui: "br.gov.bcb.pix",
          url: locationUrl,
          mcc: "0000",
          currency: "986",
          country: "BR",
          txid: "***",
          crc: payload.slice(-4),
        });
        // The amount read back equals the integer we put in, compared as integers.
        expect(Number(r.amount!.replace(".", ""))).toBe(amountMinor);
        expect(r.merchantName.length).toBeLessThanOrEqual(25);
        expect(r.merchantCity.length).toBeLessThanOrEqual(15);
        // Re-serialising the parsed tree gives the payload back byte for byte.
        const reserialised = parseBrCode(payload)
          .map((f) => f.id + String(f.length).padStart(2, "0") + f.value)
          .join("");
        expect(reserialised).toBe(payload);
        n++;
      }
    }
    expect(n).toBe(amounts.length * names.length);
  });
});
