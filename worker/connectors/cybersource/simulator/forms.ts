/**
 * Reads the one form of a simulated Cardinal page as a browser would submit it: its action,
 * method and hidden fields, and whether the page's script submits it by itself. For tests (and
 * the CLI) that walk the step-up without a browser; it reads only the simulator's own markup.
 */

/** A page's form, as it would be submitted. */
export interface PageForm {
  action: string;
  method: string;
  /** The hidden inputs, by name (HTML character references decoded). */
  fields: Record<string, string>;
  /** The page's script submits the form on load. */
  autoSubmits: boolean;
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]!) : undefined;
};

/** The form of `html`; throws when it has none. */
export function formOf(html: string): PageForm {
  const form = /<form\b[^>]*>/.exec(html)?.[0];
  if (!form) throw new Error("the page has no form");
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, "name");
    if (name !== undefined && attribute(input, "type") === "hidden") fields[name] = attribute(input, "value") ?? "";
  }
  return {
    action: attribute(form, "action") ?? "",
    method: (attribute(form, "method") ?? "GET").toUpperCase(),
    fields,
    autoSubmits: /\.submit\(\)/.test(html),
  };
}
