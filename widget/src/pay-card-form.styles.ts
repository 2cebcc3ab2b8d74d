/** `<pay-card-form>`'s look, on top of the shared theme (shared/ui/theme.styles.ts). */
import { css } from "lit";
import { themeStyles } from "../../shared/ui/theme.styles";

export const cardFormStyles = [
  themeStyles,
  css`
    [part="base"] {
      display: grid;
      gap: 12px;
    }
    /* The card frame: no border of its own; hidden until it has its words and colours. */
    iframe {
      display: block;
      width: 100%;
      height: 240px;
      border: 0;
      visibility: hidden;
    }
    iframe.ready {
      visibility: visible;
    }
    /* The frame's fields sit 4px in (room for their focus ring): align with them. */
    [part="base"] > :not(iframe) {
      margin-inline: 4px;
    }
    label {
      display: block;
      margin-bottom: 4px;
      font-size: 0.875em;
    }
    select {
      box-sizing: border-box;
      width: 100%;
      padding: 10px 12px;
      border: 1px solid #767676;
      border-radius: var(--_radius);
      background: var(--_background);
      color: inherit;
      font: inherit;
    }
    [part="error"] {
      color: var(--_error);
    }
    [part="error"]:empty {
      display: none;
    }
  `,
];
