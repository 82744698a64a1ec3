import { notification } from 'antd';
import { useEffect } from 'react';
import { connectToaster } from '../../shared/toast';

/** Longest wait for a notice to be drawn before its caller goes on anyway (a hidden tab draws nothing). */
const DRAWN_WITHIN_MS = 3000;
let noticeCount = 0;

/**
 * Resolves once an element matching `selector` is in the document and a frame has been painted with it.
 * antd draws a notice in a later render than the call that opens it; on a busy machine that can be hundreds
 * of milliseconds, which a caller timing a redirect from the call would eat into.
 */
function drawn(selector: string): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      if (document.querySelector(selector) || performance.now() - started > DRAWN_WITHIN_MS) {
        requestAnimationFrame(() => resolve());
        return;
      }
      requestAnimationFrame(check);
    };
    check();
    // requestAnimationFrame does not run in a hidden tab: do not wait for ever there.
    window.setTimeout(resolve, DRAWN_WITHIN_MS);
  });
}

/**
 * The notification host (its own chunk): one toast at a time, 5 seconds each, at the bottom right. At the top they
 * sat where a page's next action is (the home's 'Start Tokenization' after a payment); on a phone they keep clear
 * of the floating menu button below them.
 */
export default function Toaster() {
  const [api, holder] = notification.useNotification({
    maxCount: 1,
    duration: 5,
    placement: 'bottomRight',
    bottom: window.matchMedia('(max-width: 767.98px)').matches ? 96 : 24,
  });
  useEffect(() => {
    connectToaster(({ kind, title, description }) => {
      const marker = `kauri-toast-${++noticeCount}`;
      api[kind]({ title, description, className: marker });
      return drawn(`.${marker}`);
    });
    return () => connectToaster(null);
  }, [api]);
  return holder;
}
