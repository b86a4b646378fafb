import { render, screen, within } from '@testing-library/react';
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

  it('shows headings and a size chart in a focusable region named by its caption or heading', () => {
    render(
      <ProductDescription
        description={
          '<h2>Fit</h2><p>Relaxed</p><h3>Size chart</h3>\n<table style="width:900px" onclick="x()">\n<tbody><tr><th scope="col" colspan="1">Size</th><th scope="col">Chest</th></tr>\n' +
          '<tr><td>S/M</td><td rowspan="1">34-36 in</td></tr></tbody></table>' +
          '<table><caption>Length</caption><tbody><tr><td>L</td></tr></tbody></table>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Fit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Size chart' })).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Size chart' });
    expect(chart).toHaveAttribute('tabindex', '0');
    const table = within(chart).getByRole('table');
    expect(table).not.toHaveAttribute('style');
    expect(table).not.toHaveAttribute('onclick');
    expect(within(table).getByRole('columnheader', { name: 'Chest' })).toHaveAttribute(
      'scope',
      'col',
    );
    expect(within(table).getByRole('cell', { name: '34-36 in' })).toHaveAttribute('rowspan', '1');
    // The newlines between rows are not line breaks inside the table.
    expect(table.querySelector('br')).toBeNull();
    const length = screen.getByRole('region', { name: 'Length' });
    expect(within(length).getByRole('table', { name: 'Length' })).toBeInTheDocument();
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
