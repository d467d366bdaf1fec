import { describe, expect, it } from 'vitest';
import { fitTopMenus } from './top-menu-fit';

describe('fitTopMenus', () => {
  it('shows every item when all fit', () => {
    expect(fitTopMenus([60, 80, 80], 220, 40, 1)).toEqual([0, 1, 2]);
  });

  it('shows the first that fit beside the more item', () => {
    expect(fitTopMenus([60, 80, 80, 80], 260, 40, 1)).toEqual([0, 1, 2]);
  });

  it('puts a selected item that would be hidden in place of the last shown', () => {
    expect(fitTopMenus([60, 80, 80, 80, 80], 260, 40, 4)).toEqual([0, 1, 4]);
  });

  it('keeps home and the selected item even when only they fit', () => {
    expect(fitTopMenus([60, 80, 80, 120], 150, 40, 3)).toEqual([0, 3]);
  });
});
