/** The build's minifier of Lit css`…` templates: smaller, and the same rules. */
import { describe, expect, it } from "vitest";
import { minifyLitCss } from "../../widget/vite.config";

const transform = (code: string) => {
  const hook = minifyLitCss().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, "/repo/widget/src/x.styles.ts")?.code;
};

describe("minifyLitCss", () => {
  it("drops comments and spaces, keeps descendant pseudo-classes, calc() and interpolations", () => {
    const source = "const s = css`\n  /* the host */\n  :host {\n    display: block;\n    margin: calc(1px + 2px) 0;\n  }\n  a :hover, b > i { color: ${unsafeCSS(x)}; }\n`;";
    expect(transform(source)).toBe("const s = css`:host{display:block;margin:calc(1px + 2px) 0}a :hover,b>i{color:${unsafeCSS(x)}}`;");
  });

  it("leaves files outside widget/src and code without css`` alone", () => {
    const hook = minifyLitCss().transform as (code: string, id: string) => unknown;
    expect(hook("const s = css` a { b: c } `;", "/repo/node_modules/lit/x.js")).toBeNull();
    expect(transform("const x = 1;")).toBeUndefined();
  });
});
