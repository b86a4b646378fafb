import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-layout';

describe('renderMail', () => {
  it('writes the same content as text and as HTML, escaping what it puts into HTML', () => {
    const { text, html } = renderMail({
      greeting: 'Hi <Ana> & co,',
      paragraphs: ['Welcome to the shop.'],
      action: { label: 'Verify my email', url: 'http://localhost:3000/verify/1/abc?x=1&y="2"' },
      afterAction: ['The link is valid for 24 hours.'],
      supportEmail: 'help@shop.test',
    });
    expect(text).toContain('Hi <Ana> & co,');
    expect(text).toContain('Verify my email: http://localhost:3000/verify/1/abc?x=1&y="2"');
    expect(text).toContain('The link is valid for 24 hours.');
    expect(text).toContain('help@shop.test');
    expect(html).toContain('Hi &lt;Ana&gt; &amp; co,');
    expect(html).toContain('href="http://localhost:3000/verify/1/abc?x=1&amp;y=&quot;2&quot;"');
    expect(html).not.toContain('<Ana>');
  });
});
