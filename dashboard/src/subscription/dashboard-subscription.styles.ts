/** `<dashboard-subscription>`'s styles: the payment page's fields (two columns where there is room), the cancel panel. */
import { css } from "lit";
import { paymentStyles } from "../payment/dashboard-payment.styles";
import { fieldStyles } from "../styles/form.styles";

export const subscriptionStyles = [
  ...fieldStyles,
  ...paymentStyles,
  css`
    .panel {
      justify-items: start;
    }
    .nowrap {
      white-space: nowrap;
    }
  `,
];
