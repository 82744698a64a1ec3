import { describe, expect, it } from '@jest/globals';
import { validateAuditSearch, validateAuthCallbackSearch, validateHomeSearch, validateTokenizeSearch } from './search';

describe('typed search params', () => {
  it('/: only the payment return marker and Stripe’s outcome', () => {
    expect(validateHomeSearch({ subscription: 'success', redirect_status: 'failed', payment_intent: 'pi_1' })).toEqual({
      subscription: 'success',
      redirect_status: 'failed',
    });
    expect(validateHomeSearch({ subscription: 'yes' })).toEqual({});
    expect(validateHomeSearch({})).toEqual({});
  });

  it('/tokenize: the draft’s id, or none', () => {
    expect(validateTokenizeSearch({ asset: '7f3c2a9e-0000-4000-8000-000000000001' })).toEqual({
      asset: '7f3c2a9e-0000-4000-8000-000000000001',
    });
    expect(validateTokenizeSearch({ asset: '' })).toEqual({});
    expect(validateTokenizeSearch({ asset: ['a', 'b'] })).toEqual({});
    expect(validateTokenizeSearch({ asset: { id: 'a' } })).toEqual({});
  });

  it('/tokenize: an analysis carried from the calculator, numbers read from text, the unusable dropped', () => {
    expect(
      validateTokenizeSearch({
        from: 'property-calculator',
        name: '12 Queen Street',
        assetType: 'property',
        totalValue: '1250000',
        tokenCount: '1000',
        description: 'Apartment in Auckland',
      }),
    ).toEqual({
      from: 'property-calculator',
      name: '12 Queen Street',
      assetType: 'property',
      totalValue: 1_250_000,
      tokenCount: 1000,
      description: 'Apartment in Auckland',
    });
    expect(
      validateTokenizeSearch({ from: 'elsewhere', assetType: 'boat', totalValue: '-5', tokenCount: '1.5' }),
    ).toEqual({});
  });

  it('/audit: the filters, trimmed; a time that is not one is dropped', () => {
    const from = '2026-01-01T00:00:00.000Z';
    const given = { stream: ' offering-1 ', type: 'OfferingCreated', actor: 'system:sweeper', from };
    expect(validateAuditSearch(given)).toEqual({
      stream: 'offering-1',
      type: 'OfferingCreated',
      actor: 'system:sweeper',
      from,
    });
    const unusable = { from: 'yesterday', to: '2026-02-30T99:00:00Z', stream: '   ', limit: '10' };
    expect(validateAuditSearch(unusable)).toEqual({});
  });

  it('/auth/callback: what the provider sends, a code of digits kept as text', () => {
    const returned = { code: 12345, state: 'st-1', iss: 'https://idp' };
    expect(validateAuthCallbackSearch(returned)).toEqual({ code: '12345', state: 'st-1' });
    const refused = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    expect(validateAuthCallbackSearch(refused)).toEqual(refused);
  });
});
