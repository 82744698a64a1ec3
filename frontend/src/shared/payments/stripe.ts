import { loadStripe, type Stripe } from '@stripe/stripe-js';

// One Stripe.js per publishable key for the life of the page (Stripe asks for it to load once). Imported only by the
// Stripe forms, which load only when Stripe is the provider.
const stripes = new Map<string, Promise<Stripe | null>>();

export const stripeFor = (key: string): Promise<Stripe | null> =>
  stripes.get(key) ?? stripes.set(key, loadStripe(key)).get(key)!;
