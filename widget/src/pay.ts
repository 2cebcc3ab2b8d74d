/**
 * `{base}/pay.js`, the one script a seller's page loads (`<script type="module">`): it defines the
 * checkout's custom elements and exports their classes.
 *
 * Each element is defined once: a second copy of the script on the page (another URL, another
 * version) leaves the first definition in place instead of throwing.
 */
import { PayCheckout } from "./pay-checkout";

export { PayCheckout };

if (!customElements.get("pay-checkout")) customElements.define("pay-checkout", PayCheckout);
