import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductDescription, descriptionHtml } from './product-description';

declare global {
  interface Window {
    injected?: boolean;
  }
}

afterEach(() => {
  delete window.injected;
});

describe('the product description', () => {
  it('shows literal backslash-n sequences and real newlines as line breaks', () => {
    const { container } = render(
      <ProductDescription description={'<p>First</p>\\n<p>Second</p>\nThird line\r\nFourth'} />,
    );
    expect(container.querySelectorAll('br')).toHaveLength(3);
    expect(container.textContent).toBe('FirstSecondThird lineFourth');
    expect(container.innerHTML).not.toContain('\\n');
  });

  it('keeps harmless formatting', () => {
    const html = descriptionHtml('<p>Soft <strong>cotton</strong></p><ul><li>Size S/M</li></ul>');
    expect(html).toBe('<p>Soft <strong>cotton</strong></p><ul><li>Size S/M</li></ul>');
  });

  it('never lets an injected script or event handler in', () => {
    const attack =
      '<p>Nice</p><img src=x onerror="window.injected=true"><script>window.injected=true</script>' +
      '<a href="javascript:window.injected=true">link</a><svg><script>window.injected=true</script></svg>' +
      '<iframe src="https://example.com"></iframe><p onclick="window.injected=true">click</p>';
    const { container } = render(<ProductDescription description={attack} />);

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    container.querySelector('img')?.dispatchEvent(new Event('error'));
    container.querySelector('p')?.click();
    // dispatchEvent and click() run any handler before they return: nothing to wait for.
    expect(window.injected).toBeUndefined();
    expect(container).toHaveTextContent('Nice');
  });
});
