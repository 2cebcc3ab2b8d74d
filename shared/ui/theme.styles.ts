/**
 * What every checkout element shares: the theme's custom properties with their defaults, the
 * button, the visible focus ring and the visually-hidden helper. Lit adopts these as constructed
 * stylesheets, so a page's CSP without 'unsafe-inline' styles allows them.
 *
 * The custom properties (set them on the element or any ancestor; they inherit into shadow roots):
 * `--pay-color-primary` (buttons, focus ring, links), `--pay-color-text`, `--pay-color-background`,
 * `--pay-color-error`, `--pay-radius`, `--pay-font-family`, `--pay-font-size`.
 */
import { css } from "lit";

export const themeStyles = css`
  :host {
    --_primary: var(--pay-color-primary, #0b57d0);
    --_text: var(--pay-color-text, #1f1f1f);
    --_background: var(--pay-color-background, #ffffff);
    --_error: var(--pay-color-error, #b3261e);
    --_radius: var(--pay-radius, 8px);
    display: block;
    color: var(--_text);
    font-family: var(--pay-font-family, inherit);
    font-size: var(--pay-font-size, 1rem);
    line-height: 1.5;
  }
  :host([hidden]) {
    display: none;
  }
  button {
    font: inherit;
    min-height: 2.75em;
    padding: 0.5em 1.25em;
    border: 1px solid var(--_primary);
    border-radius: var(--_radius);
    background: var(--_primary);
    color: var(--_background);
    cursor: pointer;
  }
  button:disabled {
    cursor: progress;
    opacity: 0.7;
  }
  :focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 2px;
  }
  p {
    margin: 0;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
