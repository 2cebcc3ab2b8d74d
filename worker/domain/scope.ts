/**
 * Whose data a request sees: a seller's, in the mode of its key. Test and live data never mix
 * (Stripe's rule): a test key cannot read, pay with or refer to a live resource, nor the reverse.
 */
export interface Scope {
  sellerId: string;
  livemode: boolean;
}
