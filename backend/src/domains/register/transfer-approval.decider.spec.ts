import { describe, expect, it } from '@jest/globals';
import { specify } from '../../testing/decider-spec.js';
import { approved, assetId, ownerId } from '../../testing/register-history.js';
import type { AssetStreamEvent, TransferApproval } from './events.js';
import { REGISTER_MESSAGES, register, type RegisterCommand } from './register.decider.js';

const { given } = specify(register);
const choose = (approval: TransferApproval, actorId = ownerId, actorIsAdmin = false): RegisterCommand => ({
  type: 'ChooseTransferApproval',
  assetId,
  approval,
  actorId,
  actorIsAdmin,
});
const chosen = (approval: TransferApproval, chosenBy: string): AssetStreamEvent => ({
  type: 'TransferApprovalChosen',
  data: { assetId, ownerId, approval, chosenBy },
});

describe('Register decider: who approves transfers between investors (issue 32)', () => {
  it('given an approved asset, when the owner hands approval to the admins, then it is recorded; again, nothing', () => {
    expect(given(approved).when(choose('admin')).events).toEqual([chosen('admin', ownerId)]);
    expect(given([...approved, chosen('admin', ownerId)]).when(choose('admin')).events).toEqual([]);
    // The owner's own setting already.
    expect(given(approved).when(choose('owner')).events).toEqual([]);
  });

  it('only an admin hands it back to the owner; nobody else sets it (the asset is not theirs to see)', () => {
    const handed = [...approved, chosen('admin', 'admin-1')];
    expect(given(handed).when(choose('owner')).error).toMatchObject({
      status: 403,
      message: REGISTER_MESSAGES.approvalBackToOwner,
    });
    expect(given(handed).when(choose('owner', 'admin-2', true)).events).toEqual([chosen('owner', 'admin-2')]);
    expect(given(approved).when(choose('admin', 'someone-else')).error).toMatchObject({ status: 404 });
    expect(given([]).when(choose('admin')).error).toMatchObject({ status: 404 });
  });
});
