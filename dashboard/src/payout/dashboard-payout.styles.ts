/** `<dashboard-payout>`'s styles: the payment page's fields (two columns where there is room), a list page's pager. */
import { css } from "lit";
import { paymentStyles } from "../payment/dashboard-payment.styles";
import { pagerRules } from "../styles/list-page.styles";

export const payoutStyles = [
  ...paymentStyles,
  css`
    ${pagerRules}
    h2 {
      margin: 0 0 0.5rem;
      font-size: 1.125rem;
    }
  `,
];
