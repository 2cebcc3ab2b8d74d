/** `<pay-pix>`'s styles (the shared theme comes first: shared/ui/theme.styles.ts). */
import { css } from "lit";
import { themeStyles } from "../../shared/ui/theme.styles";

export const pixStyles = [
  themeStyles,
  css`
    .pix {
      display: grid;
      /* Never wider than the checkout, whatever its content's min-content. */
      grid-template-columns: minmax(0, 1fr);
      gap: 0.75em;
    }
    .title {
      font-weight: 600;
    }
    .qr {
      justify-self: center;
      width: min(100%, 15em);
      aspect-ratio: 1;
      padding: 0.5em;
      box-sizing: border-box;
      border-radius: var(--_radius);
      background: #ffffff; /* a QR reads best dark on white, whatever the theme */
    }
    .qr svg {
      display: block;
      width: 100%;
      height: 100%;
    }
    .qr.missing {
      aspect-ratio: auto;
      width: auto;
      padding: 0;
      background: none;
    }
    /* The code and Copy on one line when they fit; else Copy under the code, as wide. */
    .code-row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5em;
    }
    .code-row button {
      flex: 1 0 auto;
    }
    input {
      flex: 999 1 10em;
      min-width: 0;
      font: inherit;
      font-family: ui-monospace, monospace;
      font-size: 0.875em;
      padding: 0.5em 0.75em;
      border: 1px solid var(--_text);
      border-radius: var(--_radius);
      background: var(--_background);
      color: var(--_text);
    }
    .countdown .time {
      font-variant-numeric: tabular-nums;
      font-weight: 600;
    }
    .expired {
      padding: 0.75em 1em;
      border: 1px solid var(--_error);
      border-radius: var(--_radius);
    }
  `,
];
