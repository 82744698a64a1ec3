import { describe, expect, it } from '@jest/globals';
import { activityTypeLabel, assetTypeLabel, checkStatusLabel, networkLabel, projectionStatusLabel } from './labels';

describe('labels for stored values', () => {
  it('gives each known value its words', () => {
    expect(assetTypeLabel('property')).toBe('Property');
    expect(networkLabel('polygon')).toBe('Polygon');
    expect(checkStatusLabel('pending')).toBe('Pending');
    expect(checkStatusLabel('passed')).toBe('Passed');
    expect(activityTypeLabel('kyc')).toBe('Verification');
    expect(projectionStatusLabel('catching-up')).toBe('Catching up');
  });

  it('shows a value it does not know (a newer server) in words, and no inherited property as a label', () => {
    expect(networkLabel('arbitrum-one')).toBe('Arbitrum one');
    expect(assetTypeLabel('constructor')).toBe('Constructor');
  });
});
