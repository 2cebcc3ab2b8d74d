/**
 * Pieces of rules that several dashboard styles share, written into their rules where they stand
 * (`.x { display: grid; ${panelBox} }`), so the cascade is the same as if spelt out in each.
 */
import { css } from "lit";

/** A bordered box on the page's background, with a 1rem padding: a panel's or a card's frame. */
export const panelBox = css`
  padding: 1rem;
  border: 1px solid var(--_line);
  border-radius: var(--_radius);
  background: var(--_background);
`;

/** A panel: its heading and contents down a grid, in a bordered box (a form's panel, a section, the refund). */
export const panel = css`
  display: grid;
  gap: 0.75rem;
  ${panelBox}
`;

/** A card in a grid of cards (a member, a session): its lines from the top, in a bordered box. */
export const card = css`
  display: grid;
  align-content: start;
  gap: 0.5rem;
  ${panelBox}
`;

/** A list of cards, as many columns as fit (one on a phone), without bullets. */
export const cardGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(22rem, 100%), 1fr));
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A card's facts (`<dl>` of `<div>`s): names in the muted colour beside their values. */
export const factsRules = css`
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 1rem;
    margin: 0;
  }
  dl > div {
    display: contents;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
  }
`;

/** A button that ends or removes something, in the error colour. */
export const dangerRules = css`
  button.danger {
    color: var(--_error);
    border-color: var(--_error);
  }
`;

/** A form's fields one above the other, the button at the start; each field a label above its input, full width up to the form's own maximum. */
export const stackedFormRules = css`
  form {
    display: grid;
    gap: 0.75rem;
    justify-items: start;
  }
  .field {
    display: grid;
    gap: 0.25em;
    width: 100%;
  }
`;
