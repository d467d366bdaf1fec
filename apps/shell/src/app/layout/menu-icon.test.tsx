import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuIcon } from './menu-icon';

const iconName = (source: string | undefined, branch: boolean) =>
  render(<MenuIcon source={source} branch={branch} />)
    .container.querySelector('[role="img"]')
    ?.getAttribute('aria-label');

describe('MenuIcon', () => {
  afterEach(cleanup);

  it("shows the icon the menu's source names", () => {
    expect(iconName('setting', true)).toBe('setting');
    expect(iconName(' user-switch ', false)).toBe('user-switch');
  });

  it('falls back to a branch or page icon for an unknown or empty name, even an Object property', () => {
    expect(iconName('no-such-icon', true)).toBe('appstore');
    expect(iconName('', false)).toBe('file');
    expect(iconName('constructor', false)).toBe('file');
    expect(iconName(undefined, true)).toBe('appstore');
  });
});
