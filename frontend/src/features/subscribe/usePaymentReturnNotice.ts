import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { currentUserQuery } from '../../api/auth';
import { billingQuery, subscriptionStatusQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { HomeSearch } from '../../shared/search';
import { useToast } from '../../shared/toast';
import { paymentReturn, takeSubscribingTo } from './paymentReturn';

/** On the home page: confirms a completed subscription payment, cleans the address, refreshes the plan. */
export function usePaymentReturnNotice(search: HomeSearch): void {
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Once per return, even when StrictMode runs the effect twice or the address is still being cleaned.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const payment = paymentReturn(search, takeSubscribingTo);
    if (!payment) return;
    handled.current = true;
    // The messages module loads only on a failed return: it stays out of every visitor's first load.
    if (payment.failed)
      void import('@kauri/messages').then(({ ERROR_TITLES }) =>
        toast.error(ERROR_TITLES.paymentFailed, 'The payment was not completed. Please try again.'),
      );
    else toast.success('Payment Successful', `Successfully subscribed to ${payment.planName} plan!`);
    void navigate({ to: '/', search: {}, hash: true, replace: true });
    void refreshAfterWrite(queryClient, currentUserQuery, subscriptionStatusQuery, billingQuery);
  }, [search, toast, queryClient, navigate]);
}
