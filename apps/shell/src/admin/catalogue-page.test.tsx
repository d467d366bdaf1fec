import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { resourceByPage } from '@wb/contracts/resources/catalogue';
import CataloguePage from './catalogue-page';

afterEach(cleanup);

describe('the catalogue page', () => {
  it('finds the resource of each generic admin page', () => {
    for (const path of ['/system/dept', '/system/post', '/base/region', '/system/param', '/system/subapp', '/monitor/api', '/desk/notice'])
      expect(resourceByPage(path), path).toBeDefined();
  });

  it('falls back to the virtual page for a menu path no resource has', () => {
    render(<CataloguePage path="/tool/no-such-page" fallback={<span>virtual</span>} />);
    expect(screen.getByText('virtual')).toBeTruthy();
  });
});
