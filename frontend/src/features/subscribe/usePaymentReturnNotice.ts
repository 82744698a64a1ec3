import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from '../../api/auth';
import { billingQuery, subscriptionStatusQuery } from '../../api/queries';
import { useToast } from '../toast';
import { takePaymentReturn } from './paymentReturn';

/** On the home page: confirms a completed subscription payment, cleans the address, refreshes the plan. */
export function usePaymentReturnNotice(): void {
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    const payment = takePaymentReturn();
    if (!payment) return;
    if (payment.failed) toast.error('Payment Failed', 'The payment was not completed. Please try again.');
    else toast.success('Payment Successful', `Successfully subscribed to ${payment.planName} plan!`);
    for (const query of [currentUserQuery, subscriptionStatusQuery, billingQuery]) void queryClient.invalidateQueries({ queryKey: query.queryKey });
  }, [toast, queryClient]);
}
