import { Flex, Spin } from 'antd';

/** Shown while a page's code or data loads. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" description="Loading" />
    </Flex>
  );
}
