import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html';

describe('rich text shown read-only', () => {
  it('keeps the formatting and drops what would run', () => {
    const html =
      '<p>维护<strong>通知</strong><script>window.x=1</script><img src="a.png" onerror="window.x=2"><a href="javascript:alert(1)">链接</a><iframe src="https://x"></iframe></p>';
    expect(sanitizeHtml(html)).toBe('<p>维护<strong>通知</strong><img src="a.png"><a>链接</a></p>');
    const { container } = render(<SafeHtml html={html} />);
    expect(container.querySelector('strong')?.textContent).toBe('通知');
    expect(container.querySelectorAll('script, iframe, [onerror]')).toHaveLength(0);
  });
});
