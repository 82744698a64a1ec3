import { describe, expect, it } from '@jest/globals';
import { withMotionPreference } from './reducedMotion';
import { theme } from '../../theme';

describe('the motion preference', () => {
  it('turns antd’s animations off, keeping the brand tokens, only when less motion is asked for', () => {
    const reduced = withMotionPreference(theme, true);
    expect(reduced.token).toEqual({ ...theme.token, motion: false });
    expect(reduced.components).toBe(theme.components);
    expect(withMotionPreference(theme, false)).toBe(theme);
  });
});
