import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as skeletons from './page-skeletons';

const pages = Object.entries(skeletons).filter(([name]) => name !== 'ProductCardSkeleton');

describe('the page skeletons', () => {
  it.each(pages)(
    '%s announces one status and is hidden from screen readers otherwise',
    (_, Page) => {
      const { container } = render(<Page />);
      const statuses = container.querySelectorAll('[role="status"]');
      expect(statuses).toHaveLength(1);
      expect(statuses[0]).toHaveTextContent(/…$/);
      // Every shape is decorative: nothing but the status has text or a role.
      expect(container.textContent?.replace(/\u00a0/g, '').trim()).toBe(statuses[0]!.textContent);
    },
  );

  it.each(pages)('%s carries no style attribute (the CSP refuses them)', (_, Page) => {
    expect(renderToString(<Page />)).not.toMatch(/\sstyle=/);
  });

  it('honours reduced motion', () => {
    const html = renderToString(<skeletons.ListingSkeleton />);
    const animated = html.match(/animate-pulse/g)?.length ?? 0;
    expect(animated).toBeGreaterThan(0);
    expect(html.match(/motion-reduce:animate-none/g)).toHaveLength(animated);
  });
});
