/** Four eyes in the audit: each decision event names who asked and who decided. */
import { decisionOf, decisionPeople, withDecisions } from './decisions.js';

describe('audit decisions', () => {
  it('names the requester and the decider of every kind of decision, and nothing for other events', () => {
    const asset = { assetId: 'a-1', ownerId: 'owner-1' };
    expect(decisionOf({ type: 'TokenizationApproved', data: { ...asset, approvedBy: 'admin-2' } })).toEqual({
      requestedBy: 'owner-1',
      decidedBy: 'admin-2',
    });
    expect(
      decisionOf({ type: 'SupplyChangeRejected', data: { ...asset, rejectedBy: 'admin-2', reason: 'No' } }),
    ).toEqual({ requestedBy: 'owner-1', decidedBy: 'admin-2' });
    expect(
      decisionOf({ type: 'InvestmentConfirmed', data: { investorId: 'inv-1', ownerId: 'o', confirmedBy: 'admin-3' } }),
    ).toEqual({ requestedBy: 'inv-1', decidedBy: 'admin-3' });
    // The settlement rule and the operator's tools decide as the system.
    expect(
      decisionOf({ type: 'InvestmentConfirmed', data: { investorId: 'inv-1', confirmedBy: 'settlement-rule' } }),
    ).toEqual({ requestedBy: 'inv-1', decidedBy: 'system:settlement-rule' });
    expect(
      decisionOf({ type: 'RoleGranted', data: { userId: 'u-1', grantedBy: { kind: 'system', name: 'admin-cli' } } }),
    ).toEqual({ requestedBy: 'u-1', decidedBy: 'system:admin-cli' });
    expect(
      decisionOf({ type: 'VerificationApproved', data: { userId: 'u-1', approvedBy: 'admin-2', verifiedAt: 'x' } }),
    ).toEqual({ requestedBy: 'u-1', decidedBy: 'admin-2' });
    expect(
      decisionOf({
        type: 'TransferAbandoned',
        data: { transferId: 't-1', fromInvestorId: 'seller-1', reason: 'x', abandonedBy: 'admin-2', abandonedAt: 'x' },
      }),
    ).toEqual({ requestedBy: 'seller-1', decidedBy: 'admin-2' });
    expect(decisionOf({ type: 'TokenizationRequested', data: asset })).toBeNull();
    expect(decisionOf({ type: 'constructor', data: {} })).toBeNull();
    expect(decisionOf({ type: 'TokenizationApproved', data: { assetId: 'a-1' } })).toBeNull();
    const events = [
      { type: 'TokenizationApproved', data: { ...asset, approvedBy: 'admin-2' } },
      { type: 'InvestmentConfirmed', data: { investorId: 'inv-1', confirmedBy: 'settlement-rule' } },
    ];
    expect(decisionPeople(events)).toEqual(['owner-1', 'admin-2', 'inv-1']);
    expect(withDecisions(events).map((e) => e.decision?.decidedBy)).toEqual(['admin-2', 'system:settlement-rule']);
  });
});
