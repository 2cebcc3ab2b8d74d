/**
 * The dashboard page's own document styles (margins, background, font), adopted by main.ts as a
 * constructed stylesheet: the page's CSP allows no inline `<style>` or `style` attribute.
 */
import { css } from "lit";

export const pageStyles = css`
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    background: #f6f8fc;
    color: #1f1f1f;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  }
`;
