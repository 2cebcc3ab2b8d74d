/**
 * A section of the developers page (keys, webhooks, deliveries, settings, events): a bordered
 * panel with its heading, tables that scroll in their own region, inline forms that wrap on a
 * phone, and the form fields' styles.
 */
import { css } from "lit";
import { deliveryStyles } from "./delivery.styles";
import { fieldStyles } from "./form.styles";
import { panel } from "./panel.styles";

export const sectionStyles = [
  ...fieldStyles,
  deliveryStyles,
  css`
    .section {
      ${panel}
    }
    h2,
    h3 {
      margin: 0;
    }
    h3 {
      font-size: 1rem;
    }
    .inline-form {
      display: flex;
      flex-wrap: wrap;
      align-items: end;
      gap: 0.75rem 1rem;
    }
    .inline-form label {
      display: grid;
      gap: 0.25em;
    }
    .key,
    .url {
      overflow-wrap: anywhere;
      min-width: 10rem;
    }
    .row-actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem 1rem;
    }
  `,
];
