import { type RefObject, useEffect, useState } from 'react';

/** What a person types into or picks from: what a floating control must never sit on. */
export const FORM_FIELDS =
  'input:not([type="hidden"]), textarea, select, [contenteditable="true"], .ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, .ant-upload';

/**
 * What else it must not sit on: tables, whose cells are read side by side (the wizard's review of an asset is one,
 * and a phone shows its values at the right edge, under the button).
 */
export const READ_TOGETHER = 'table';

/** Room kept around the control, so a field's edge is not hidden either. */
const MARGIN = 8;

type Box = Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>;

/** Whether two boxes overlap once `margin` is added around the first. */
export function overlaps(a: Box, b: Box, margin = MARGIN): boolean {
  return (
    a.left - margin < b.right && a.right + margin > b.left && a.top - margin < b.bottom && a.bottom + margin > b.top
  );
}

/**
 * True while the element (a fixed, floating control) would cover a visible form field or table, or while a field has
 * the focus (a phone's keyboard then takes the bottom of the screen): the caller hides the control meanwhile.
 * Checked on scroll, resize, focus changes and changes to the page, once per frame at most.
 */
export function useCoversField(ref: RefObject<HTMLElement | null>, enabled = true): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const control = ref.current;
      if (!control) return;
      const box = control.getBoundingClientRect();
      const focused = document.activeElement instanceof Element && document.activeElement.matches(FORM_FIELDS);
      const hit =
        focused ||
        [...document.querySelectorAll(`${FORM_FIELDS}, ${READ_TOGETHER}`)].some((field) => {
          if (control.contains(field)) return false;
          const r = field.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && overlaps(box, r);
        });
      setCovers(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
    };
  }, [ref, enabled]);
  return covers;
}
