import { registerUpcaster } from '../../platform/event-store/upcasters.js';

/** InvestorAdded v1 did not name the person its `personal` is about; v2 does (the investor). */
registerUpcaster('InvestorAdded', 1, (data) => {
  const v1 = data as { investorId: string };
  return { ...v1, subjectId: v1.investorId };
});
