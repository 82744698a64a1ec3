import { Table, type TableProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

/**
 * antd's Table, whose sideways-scrolling area takes the keyboard's focus when it scrolls, so its arrow keys reach
 * the columns a narrow screen hides (WCAG 2.1.1; axe-core's scrollable-region-focusable). antd renders that area
 * itself and offers no prop for it.
 */
export function ScrollTable<T extends object>(props: TableProps<T>) {
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const area of wrapper.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      const scrolls = area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight;
      if (scrolls && area.tabIndex !== 0) area.tabIndex = 0;
      else if (!scrolls && area.hasAttribute('tabindex')) area.removeAttribute('tabindex');
    }
  });
  return (
    <div ref={wrapper}>
      <Table<T> {...props} />
    </div>
  );
}
