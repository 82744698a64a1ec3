import { tierOfPrice } from './stripe-provider.js';

describe('Stripe prices → tiers', () => {
  it('reads a subscription item’s price back through the configured price ids, and nothing else', () => {
    const prices = { professional: 'price_pro', enterprise: 'price_ent' };
    expect(tierOfPrice(prices, 'price_pro')).toBe('professional');
    expect(tierOfPrice(prices, 'price_ent')).toBe('enterprise');
    expect(tierOfPrice(prices, 'price_other')).toBeNull();
    expect(tierOfPrice({ professional: '', enterprise: 'price_ent' }, '')).toBeNull();
  });
});
