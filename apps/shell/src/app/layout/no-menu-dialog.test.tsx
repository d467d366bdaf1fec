import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setLanguage } from '../../shared/i18n/i18n';
import { NoMenuDialog } from './no-menu-dialog';

describe('no-menu dialog', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('zh');
  });

  it('tells the user to contact the administrator, in Chinese by default', () => {
    render(<NoMenuDialog open />);
    expect(screen.getByText('您的账号暂未配置菜单，请联系管理员')).toBeTruthy();
  });

  it('follows the language', async () => {
    await setLanguage('en');
    render(<NoMenuDialog open />);
    expect(screen.getByText('Your account has no menu configured yet, please contact the administrator')).toBeTruthy();
  });

  it('renders nothing while closed', () => {
    render(<NoMenuDialog open={false} />);
    expect(screen.queryByText('您的账号暂未配置菜单，请联系管理员')).toBeNull();
  });
});
