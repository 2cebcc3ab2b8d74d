/**
 * launch.ts's flag rules, without a browser: @sparticuz/chromium's defaults do carry the flags
 * that switch the same-origin policy off (so the filter has work to do), the filtered list
 * carries none, and the guard names each one. isolation.test.ts proves the result in Chromium.
 */
import sparticuz from "@sparticuz/chromium";
import { describe, expect, it } from "vitest";
import { BASE_ARGS, filterSparticuzArgs, UNSAFE_FLAGS, unsafeArgs } from "./launch";

describe("the browser's flags", () => {
  it("@sparticuz/chromium's defaults are unsafe as they are", () => {
    expect(unsafeArgs(sparticuz.args)).toEqual(
      expect.arrayContaining([
        "--disable-web-security",
        "--disable-site-isolation-trials",
        "--allow-running-insecure-content",
        "--single-process",
        expect.stringMatching(/^--disable-features=.*IsolateOrigins/),
      ]),
    );
  });

  it("filtered, they keep none of it, nor a feature list or headless mode of their own", () => {
    const kept = filterSparticuzArgs(sparticuz.args);
    expect(unsafeArgs(kept)).toEqual([]);
    expect(kept.filter((arg) => /^--(headless|disable-features|enable-features)\b/.test(arg))).toEqual([]);
    expect(kept).toContain("--no-sandbox"); // the rest stays
  });

  it("the guard names every unsafe flag, in any spelling of a feature list", () => {
    for (const flag of UNSAFE_FLAGS) expect(unsafeArgs([...BASE_ARGS, flag]), flag).toEqual([flag]);
    expect(unsafeArgs(["--disable-features=Translate,site-per-process"])).toHaveLength(1);
    expect(unsafeArgs(["--enable-features=SharedArrayBuffer"])).toHaveLength(1);
    expect(unsafeArgs(["--disable-features=Translate", "--unsafely-treat-insecure-origin-as-secure=http://a.test"])).toEqual([
      "--unsafely-treat-insecure-origin-as-secure=http://a.test",
    ]);
    expect(unsafeArgs(BASE_ARGS)).toEqual([]);
  });
});
