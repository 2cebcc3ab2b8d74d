/**
 * `{base}/pay.js`, the one script a seller's page loads (`<script type="module">`): it defines the
 * checkout's custom elements and exports their classes.
 *
 * Each element is defined once: a second copy of the script on the page (another URL, another
 * version) leaves the first definition in place instead of throwing.
 */
import { Pay3ds } from "./pay-3ds";
import { PayCardForm } from "./pay-card-form";
import { PayCheckout } from "./pay-checkout";
import { PayPix } from "./pay-pix";

export { Pay3ds, PayCheckout, PayPix };

if (!customElements.get("pay-checkout")) customElements.define("pay-checkout", PayCheckout);
if (!customElements.get("pay-pix")) customElements.define("pay-pix", PayPix);
if (!customElements.get("pay-3ds")) customElements.define("pay-3ds", Pay3ds);
if (!customElements.get("pay-card-form")) customElements.define("pay-card-form", PayCardForm);
