import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { AssetEvent } from './events.js';

/** The asset stream's old event shapes (listed in domains/upcasters.ts). */
export const assetUpcasters: UpcasterTable<AssetEvent['type']> = {
  /** InvestorAdded v1 did not name the person its `personal` is about; v2 does (the investor). */
  InvestorAdded: [
    (data) => {
      const v1 = data as { investorId: string };
      return { ...v1, subjectId: v1.investorId };
    },
  ],
};
