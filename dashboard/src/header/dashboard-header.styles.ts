/**
 * `<dashboard-header>`'s styles: who and the controls on the first row, the live mode's note (when
 * there is one) under them, the sections on the next. On a phone, who and the menu's button on the
 * first row, and the menu (sections, then the controls) in a column under them when open.
 */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { PHONE, WIDE } from "../styles/phone.styles";

export const headerStyles = [
  baseStyles,
  css`
    :host {
      display: block;
      background: var(--_background);
      border-bottom: 1px solid var(--_line);
    }
    header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 1.5rem;
      max-width: 72rem;
      margin: 0 auto;
      padding: 0.75rem 1rem;
      box-sizing: border-box;
    }
    .who {
      flex: 1 1 12rem;
      min-width: 0;
    }
    .seller {
      font-weight: 700;
      font-size: 1.125rem;
    }
    .member {
      color: var(--_muted);
      overflow-wrap: anywhere;
    }
    nav {
      order: 3;
      flex: 1 1 100%;
    }
    nav ul {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 1rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    nav a {
      display: inline-block;
      padding: 0.5em 0;
      font-weight: 600;
      text-decoration: none;
    }
    .sessions {
      display: inline-flex;
      align-items: center;
      min-height: 2.75em;
      font-weight: 600;
    }
    nav a[aria-current="page"],
    .sessions[aria-current="page"] {
      text-decoration: underline;
      text-underline-offset: 0.3em;
      text-decoration-thickness: 2px;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 0.75rem;
    }
    .switch {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      min-height: 2.75em;
    }
    .switch input {
      width: 1.25em;
      height: 1.25em;
      min-height: 0;
      margin: 0;
      accent-color: var(--_primary);
    }
    .badge.test {
      color: var(--_warn);
    }
    .badge.live {
      color: var(--_ok);
    }
    .mode-note {
      order: 2;
      flex: 1 1 100%;
      color: var(--_muted);
      font-size: 0.875rem;
    }
    .alert {
      max-width: 70rem;
      margin: 0.5rem auto;
    }
    .menu-toggle {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      border: 1px solid currentColor;
    }
    .bars::before {
      content: "☰";
    }
    @media ${WIDE} {
      /* The menu's children lay out as the header's own: the button is not needed. */
      .menu {
        display: contents;
      }
      .menu-toggle {
        display: none;
      }
    }
    @media ${PHONE} {
      .menu:not(.open) {
        display: none;
      }
      .menu.open {
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: 0.5rem;
        flex: 1 1 100%;
        order: 4;
      }
      .menu.open nav {
        order: 0;
      }
      nav ul {
        flex-direction: column;
      }
    }
  `,
];
