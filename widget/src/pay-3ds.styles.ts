/**
 * `<pay-3ds>`'s styles (adopted stylesheets: no <style> element and no style attribute, so a
 * seller's CSP needs no 'unsafe-inline'). The challenge window's size is a class
 * (`size-01` … `size-05`, see threeds/window-size.ts), never an inline style. The custom
 * properties, the button and the focus ring come from the shared theme (shared/ui/theme.styles.ts).
 */
import { css, unsafeCSS } from "lit";
import { themeStyles } from "../../shared/ui/theme.styles";
import { FIXED_WINDOW_SIZES } from "./threeds/window-size";

/** `.size-03 [part="challenge-frame"] {width: 500px; height: 600px}` and the others (our own numbers). */
const FIXED_SIZE_RULES = unsafeCSS(FIXED_WINDOW_SIZES.map((s) => `.size-${s.code} [part="challenge-frame"] { width: ${s.width}px; height: ${s.height}px; }`).join("\n"));

const ownStyles = css`
  [part="status"] {
    margin: 0;
  }
  [part="status"]:empty {
    display: none;
  }
  [part="status"].error {
    color: var(--_error);
  }

  /* Device data: loaded, never seen, never focused. */
  .device-frame {
    position: absolute;
    width: 1px;
    height: 1px;
    border: 0;
    opacity: 0;
    pointer-events: none;
    clip-path: inset(50%);
  }

  /* The challenge dialog: a manual popover (top layer, no light dismiss), centred. */
  [part="dialog"] {
    position: fixed;
    inset: 0;
    margin: auto;
    box-sizing: border-box;
    width: fit-content;
    height: fit-content;
    max-width: 100vw;
    max-height: 100dvh;
    padding: 12px 16px 16px;
    border: 0;
    border-radius: var(--_radius);
    background: var(--_background);
    color: var(--_text);
    box-shadow: 0 12px 40px rgb(0 0 0 / 0.35);
    overflow: auto;
    display: flex;
    flex-direction: column;
    z-index: 2147483647; /* when the browser has no popover (top layer) */
  }
  /* Hidden until shown as a popover (a browser without popovers drops this rule and shows it at once). */
  [part="dialog"][popover]:not(:popover-open) {
    display: none;
  }
  [part="dialog"]::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  [part="header"] {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
  [part="title"] {
    margin: 0;
    font-size: 1.125em;
    line-height: 1.3;
  }
  [part="hint"] {
    margin: 4px 0 12px;
    font-size: 0.875em;
    line-height: 1.4;
  }
  /* A secondary button over the theme's primary one. */
  [part="cancel"] {
    flex: none;
    font-size: 0.875em;
    padding: 0.25em 1em;
    border-color: currentColor;
    background: transparent;
    color: inherit;
  }
  /* Focused by script only (the dialog's name; the result after the challenge): no ring. */
  [part="title"]:focus,
  [part="status"]:focus {
    outline: none;
  }
  /* No border: the frame's box is exactly the EMV window size (the outline is a shadow). */
  [part="challenge-frame"] {
    display: block;
    border: 0;
    box-shadow: 0 0 0 1px rgb(0 0 0 / 0.15);
    border-radius: 4px;
    background: #fff;
    flex: none;
  }
  /* 01-04: the fixed EMV sizes, from the table the size is chosen by. */
  ${FIXED_SIZE_RULES}
  /* 05: the whole viewport, the frame filling what the heading leaves. */
  [part="dialog"].size-05 {
    width: 100%;
    height: 100%;
    max-width: none;
    max-height: none;
    margin: 0;
    border-radius: 0;
    padding: 8px 0 0;
    box-shadow: none;
  }
  .size-05 [part="header"],
  .size-05 [part="hint"] {
    padding: 0 12px;
  }
  .size-05 [part="hint"] {
    margin-bottom: 8px;
  }
  .size-05 [part="challenge-frame"] {
    width: 100%;
    flex: 1 1 auto;
    min-height: 0;
    box-shadow: 0 -1px 0 rgb(0 0 0 / 0.15);
    border-radius: 0;
  }
`;

/** The shared theme (custom properties, button, focus ring), then the element's own rules. */
export const pay3dsStyles = [themeStyles, ownStyles];
