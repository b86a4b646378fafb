import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
// The server's own sanitiser: what the editor writes must come out of it unchanged.
import { sanitizeDescription } from '../../../../../api/src/modules/admin-products/description';
import {
  descriptionExtensions,
  editorContent,
  isAllowedLink,
  storedHtml,
} from './description-extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function anEditor(content = '') {
  editor = new Editor({ extensions: descriptionExtensions(), content: editorContent(content) });
  return editor;
}

describe('the description editor’s HTML', () => {
  it('writes a heading, formatting, lists, a link and a size chart the sanitiser keeps unchanged', () => {
    const e = anEditor();
    /** Runs the editor's commands one at a time, as toolbar clicks and typing would. */
    const steps = (...commands: ((c: Editor['commands']) => boolean)[]) => {
      for (const command of commands) command(e.commands);
    };
    const type = (text: string) => (c: Editor['commands']) => c.insertContent(text);
    steps(
      (c) => c.focus(),
      (c) => c.setHeading({ level: 2 }),
      type('Size chart'),
      (c) => c.enter(),
      (c) => c.setParagraph(),
      type('Measured '),
      (c) => c.setBold(),
      type('flat'),
      (c) => c.unsetBold(),
      (c) => c.setItalic(),
      type(' in inches'),
      (c) => c.unsetItalic(),
      (c) => c.setHardBreak(),
      type('by hand & "carefully"'),
      (c) => c.enter(),
      (c) => c.toggleBulletList(),
      type('Soft'),
      (c) => c.enter(),
      type('Warm'),
      (c) => c.enter(),
      (c) => c.enter(),
      (c) => c.toggleOrderedList(),
      type('Wash cold'),
      (c) => c.enter(),
      (c) => c.enter(),
      (c) => c.setHeading({ level: 4 }),
      type('Care'),
      (c) => c.enter(),
      (c) => c.setParagraph(),
      type('See '),
      (c) => c.setMark('link', { href: 'https://example.com/care?a=1&b=2' }),
      type('care guide'),
      (c) => c.unsetMark('link'),
      type(' or '),
      (c) => c.setMark('link', { href: 'mailto:shop@example.com' }),
      type('mail'),
      (c) => c.unsetMark('link'),
      (c) => c.enter(),
      (c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
    );
    for (const text of ['Size', 'Chest', 'Length', 'S/M', '34-36 in', '27 in'])
      steps(type(text), (c) => c.goToNextCell());
    steps(
      (c) => c.addRowAfter(),
      (c) => c.addColumnAfter(),
    );

    const html = storedHtml(e.getHTML());
    expect(html).toContain('<h2>Size chart</h2>');
    expect(html).toContain('<strong>flat</strong>');
    expect(html).toContain('<em> in inches</em><br />');
    expect(html).toContain('<ul><li><p>Soft</p></li><li><p>Warm</p></li></ul>');
    expect(html).toContain('<ol><li><p>Wash cold</p></li></ol>');
    expect(html).toContain('<h4>Care</h4>');
    expect(html).toContain(
      '<a rel="noopener" href="https://example.com/care?a=1&amp;b=2">care guide</a>',
    );
    expect(html).toContain('<table><tbody><tr><th><p>Size</p></th>');
    expect(html).toContain('<td><p>S/M</p></td>');
    // 3 x 3 with its header row, then a row and a column added: 4 x 4.
    expect(html.match(/<tr>/g)).toHaveLength(4);
    expect(html.match(/<th>/g)).toHaveLength(4);
    expect(html.match(/<td>/g)).toHaveLength(12);
    expect(html).not.toMatch(/style=|colgroup|class=|target=|colwidth/);
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('opens a stored size chart and writes it back as the sanitiser keeps it', () => {
    const stored =
      '<h3>Fit</h3><p>Line one\\nLine two</p><table><tbody><tr><th scope="col">Size</th>' +
      '<th colspan="2">Chest</th></tr><tr><td>S/M</td><td>34</td><td>86</td></tr></tbody></table>';
    const html = storedHtml(anEditor(stored).getHTML());
    expect(html).toBe(
      '<h3>Fit</h3><p>Line one<br />Line two</p><table><tbody><tr><th scope="col"><p>Size</p></th>' +
        '<th colspan="2"><p>Chest</p></th></tr><tr><td><p>S/M</p></td><td><p>34</p></td><td><p>86</p></td></tr></tbody></table>',
    );
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops what the shop does not allow when it opens pasted HTML', () => {
    const html = storedHtml(
      anEditor(
        '<h1>Big</h1><blockquote><p>Quote</p></blockquote><p><code>x</code><s>old</s><u>u</u></p><hr><table style="width:9px"><colgroup><col style="width:90px"></colgroup><tbody><tr><td style="text-align:right" colwidth="90">1</td></tr></tbody></table>',
      ).getHTML(),
    );
    expect(html).not.toMatch(/<h1|blockquote|<code|<s>|<u>|<hr|style=|colgroup|colwidth/);
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('writes nothing for an empty editor', () => {
    expect(storedHtml(anEditor().getHTML())).toBe('');
  });
});

describe('isAllowedLink', () => {
  it('takes http, https and mailto addresses only', () => {
    expect(isAllowedLink('https://example.com/size')).toBe(true);
    expect(isAllowedLink('http://example.com')).toBe(true);
    expect(isAllowedLink('mailto:shop@example.com')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      'mailto:nobody',
      'https://',
      '',
    ])
      expect(isAllowedLink(bad)).toBe(false);
  });
});
