import { afterEach, describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { Menu } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useMenuClosedOnChoice } from './closed-on-choice';

/** A horizontal menu wired as the top bar wires it (app/layout/top-menu-bar.tsx). */
function Bar() {
  const box = useRef<HTMLDivElement>(null);
  const popups = useMenuClosedOnChoice(() => box.current);
  const items = [
    {
      key: 'more',
      label: 'More',
      children: [
        { key: 'a', label: 'Item A' },
        { key: 'b', label: 'Item B' },
      ],
    },
  ];
  return (
    <div ref={box} {...popups.triggerProps}>
      <Menu mode="horizontal" disabledOverflow items={items} {...popups.menuProps} onClick={popups.choose} />
    </div>
  );
}

const shown = () => screen.queryAllByRole('menuitem', { name: 'Item A' }).filter((item) => !item.closest('.ant-menu-submenu-hidden'));
const popup = () => screen.getByRole('menuitem', { name: 'Item A' }).closest('.ant-menu-submenu-popup')!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hovers 'More' until its popup shows, then enters the popup: antd means to open it again 0.1 s later. */
async function enterPopup(): Promise<void> {
  fireEvent.mouseEnter(screen.getByText('More'));
  await waitFor(() => expect(shown()).toHaveLength(1));
  fireEvent.mouseEnter(popup());
}

describe('useMenuClosedOnChoice', () => {
  afterEach(cleanup);

  it('keeps a submenu closed after a choice made within the 0.1 s it waits to open, the pointer still on it', async () => {
    render(<Bar />);
    await enterPopup();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Item A' }));
    await waitFor(() => expect(shown()).toHaveLength(0));
    await pause(300);
    expect(shown()).toHaveLength(0);
  });

  it('opens it again once the pointer is back on the bar', async () => {
    render(<Bar />);
    await enterPopup();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Item A' }));
    await pause(300);
    fireEvent.mouseEnter(screen.getByText('More'));
    await waitFor(() => expect(shown()).toHaveLength(1));
  });

  it('closes it when the pointer leaves without a choice', async () => {
    render(<Bar />);
    await enterPopup();
    fireEvent.mouseLeave(popup());
    await waitFor(() => expect(shown()).toHaveLength(0));
  });
});
