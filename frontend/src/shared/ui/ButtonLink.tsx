import { createLink } from '@tanstack/react-router';
import { Button } from 'antd';
import type { ComponentProps } from 'react';

/**
 * antd renders a Button as an anchor when it gets an href, so the router can drive it without nesting
 * a button in a link. The router drops a `type` prop on custom links, so the look is set with antd's
 * `color` and `variant` instead, and `type` is not accepted.
 */
function AnchorButton(props: Omit<ComponentProps<typeof Button>, 'type' | 'htmlType'>) {
  return <Button {...props} />;
}

/** A router link that looks like an antd Button: navigates client-side and keeps typed `to`. */
export const ButtonLink = createLink(AnchorButton);
