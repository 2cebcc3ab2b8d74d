/** `<dashboard-payment-links>`'s styles: links as cards in a column, long URLs that wrap, a QR code of a phone's width at most. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";
import { panelBox } from "../styles/panel.styles";

export const paymentLinksStyles = [
  baseStyles,
  listPageStyles,
  css`
    .links {
      display: grid;
      gap: 0.75rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .link {
      display: grid;
      gap: 0.5rem;
      ${panelBox}
    }
    h3 {
      margin: 0;
      font-size: 1.0625rem;
    }
    .facts {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 1rem;
    }
    .amount {
      font-weight: 700;
    }
    .url {
      overflow-wrap: anywhere;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 1rem;
    }
    summary {
      cursor: pointer;
      color: var(--_primary);
      padding: 0.5em 0;
    }
    .holds {
      display: grid;
      gap: 0.5rem;
      margin: 0.5rem 0 0;
      padding: 0;
      list-style: none;
    }
    .hold {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 1rem;
    }
    .qr {
      display: block;
      width: min(14rem, 100%);
      height: auto;
      margin-top: 0.5rem;
    }
  `,
];
