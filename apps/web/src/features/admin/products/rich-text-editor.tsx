import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/field';
import {
  descriptionExtensions,
  editorContent,
  isAllowedLink,
  storedHtml,
} from './description-extensions';

export type RichTextEditorProps = {
  /** The editable area's id (the form focuses it when the description has an error). */
  id: string;
  labelId: string;
  describedBy?: string | undefined;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
};

type ToolState = {
  paragraph: boolean;
  h2: boolean;
  h3: boolean;
  h4: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  inTable: boolean;
};

const readTools = (editor: Editor): ToolState => ({
  paragraph: editor.isActive('paragraph') && !editor.isActive('table'),
  h2: editor.isActive('heading', { level: 2 }),
  h3: editor.isActive('heading', { level: 3 }),
  h4: editor.isActive('heading', { level: 4 }),
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  bulletList: editor.isActive('bulletList'),
  orderedList: editor.isActive('orderedList'),
  link: editor.isActive('link'),
  inTable: editor.isActive('table'),
});

const toolClass =
  'inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold text-ink hover:bg-sand-200 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-ink aria-pressed:text-sand-50';

type ToolProps = {
  label: string;
  pressed?: boolean | undefined;
  disabled?: boolean | undefined;
  onClick: () => void;
  children: ReactNode;
};

/** One toolbar button: its full name for screen readers and as its tooltip, a short face. */
function Tool({ label, pressed, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // The toolbar moves the focus with the arrow keys (one tab stop, WAI-ARIA toolbar).
      tabIndex={-1}
      // Keep the editor's selection: a click on a tool must not take the focus from the text.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolClass}
    >
      {children}
    </button>
  );
}

const Separator = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-sand-300" />;

const enabledButtons = (toolbar: HTMLElement | null) =>
  Array.from(toolbar?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);

/** Makes `current` (else the first enabled button) the toolbar's one tab stop. */
function settleTabStop(toolbar: HTMLElement | null, current?: HTMLButtonElement) {
  const all = enabledButtons(toolbar);
  const stop = current && all.includes(current) ? current : all[0];
  for (const button of all) button.tabIndex = button === stop ? 0 : -1;
}

/** Arrow keys, Home and End move among the toolbar's enabled buttons; one of them is tabbable. */
function useRovingToolbar() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = ref.current;
    // Buttons are enabled and disabled as the selection moves: keep exactly one tab stop.
    const observer = new MutationObserver(() => {
      if (!enabledButtons(toolbar).some((button) => button.tabIndex === 0)) settleTabStop(toolbar);
    });
    if (toolbar)
      observer.observe(toolbar, { attributes: true, subtree: true, attributeFilter: ['disabled'] });
    settleTabStop(toolbar);
    return () => observer.disconnect();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = enabledButtons(ref.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = {
      ArrowRight: all[(at + 1) % all.length],
      ArrowLeft: all[(at - 1 + all.length) % all.length],
      Home: all[0],
      End: all[all.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    settleTabStop(ref.current, next);
    next.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLButtonElement) settleTabStop(ref.current, event.target);
  };
  return { ref, onKeyDown, onFocus };
}

type LinkFormProps = {
  initial: string;
  onApply: (href: string) => void;
  onRemove: (() => void) | undefined;
  onClose: () => void;
};

/** The link's address, checked before it is set (http, https or mailto, as the server keeps). */
function LinkForm({ initial, onApply, onRemove, onClose }: LinkFormProps) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const apply = () => {
    const address = href.trim();
    if (!isAllowedLink(address)) {
      setError('Enter an address starting with https://, http:// or mailto:');
      return;
    }
    onApply(address);
  };
  return (
    <div
      role="group"
      aria-label="Link"
      className="flex flex-wrap items-end gap-2 border-b border-sand-200 bg-sand-50 px-3 py-2"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-href`} className="text-sm font-semibold text-ink">
          Link address
        </label>
        <input
          id={`${id}-href`}
          type="url"
          inputMode="url"
          autoComplete="url"
          // The form opens to type the address.
          autoFocus
          value={href}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            // Enter sets the link; it must not submit the product form around the editor.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            }
          }}
          className={`${fieldInputClass} py-1.5`}
        />
      </div>
      <Button size="sm" onClick={apply}>
        Set link
      </Button>
      {onRemove && (
        <Button size="sm" variant="secondary" onClick={onRemove}>
          Remove link
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The description's rich-text editor (TipTap), what shoppers will see as it is written: its own
 * module, loaded when the product editor shows it, so TipTap stays out of the back office's first
 * chunk and out of the storefront. It writes only what the server's sanitiser keeps.
 */
export default function RichTextEditor({
  id,
  labelId,
  describedBy,
  invalid,
  value,
  onChange,
}: RichTextEditorProps) {
  // What the editor last wrote: a value from outside (a reload after saving) replaces the text
  // only when it is something else.
  const written = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linking, setLinking] = useState(false);
  const toolbar = useRovingToolbar();

  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'prose-description min-h-48 px-4 py-3 leading-relaxed text-ink-muted focus:outline-none',
  };

  // Tab moves between a table's cells and indents list items: Escape leaves the text for the
  // toolbar, so the keyboard is never held in the editor.
  const handleKeyDown = (_view: unknown, event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Escape') return false;
    toolbar.ref.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
    return true;
  };

  const editor = useEditor({
    extensions: descriptionExtensions(),
    content: editorContent(value),
    // The CSP (style-src 'self') refuses injected <style>; index.css has the editor's rules.
    injectCSS: false,
    editorProps: { attributes, handleKeyDown },
    onUpdate: ({ editor: changed }) => {
      const html = storedHtml(changed.getHTML());
      written.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes, handleKeyDown } });
    // The attributes follow the error and its description only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, invalid, describedBy]);

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    editor.commands.setContent(editorContent(value), { emitUpdate: false });
  }, [editor, value]);

  const tools = useEditorState({ editor, selector: ({ editor: e }) => readTools(e) });
  const chain = () => editor.chain().focus();

  const closeLink = () => {
    setLinking(false);
    editor.commands.focus();
  };
  const applyLink = (href: string) => {
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(false);
  };

  return (
    <div
      className={`overflow-hidden rounded-xl border bg-white ${invalid ? 'border-danger' : 'border-[#9a7b5c]'} focus-within:border-terracotta-700`}
    >
      <div
        ref={toolbar.ref}
        role="toolbar"
        aria-label="Description formatting"
        aria-controls={id}
        onKeyDown={toolbar.onKeyDown}
        onFocus={toolbar.onFocus}
        className="flex flex-wrap items-center gap-0.5 border-b border-sand-200 bg-sand-100 px-2 py-1.5"
      >
        <Tool
          label="Paragraph"
          pressed={tools.paragraph && !tools.h2 && !tools.h3 && !tools.h4}
          onClick={() => chain().setParagraph().run()}
        >
          ¶
        </Tool>
        {([2, 3, 4] as const).map((level) => (
          <Tool
            key={level}
            label={`Heading ${level}`}
            pressed={tools[`h${level}`]}
            onClick={() => chain().toggleHeading({ level }).run()}
          >
            H{level}
          </Tool>
        ))}
        <Separator />
        <Tool label="Bold" pressed={tools.bold} onClick={() => chain().toggleBold().run()}>
          <span className="font-bold">B</span>
        </Tool>
        <Tool label="Italic" pressed={tools.italic} onClick={() => chain().toggleItalic().run()}>
          <span className="font-display italic">I</span>
        </Tool>
        <Separator />
        <Tool
          label="Bulleted list"
          pressed={tools.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          • ≡
        </Tool>
        <Tool
          label="Numbered list"
          pressed={tools.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1.≡
        </Tool>
        <Tool label="Link" pressed={tools.link} onClick={() => setLinking(true)}>
          <span className="underline">Link</span>
        </Tool>
        <Separator />
        <Tool
          label="Insert table"
          disabled={tools.inTable}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          Table
        </Tool>
        <Tool label="Add row" disabled={!tools.inTable} onClick={() => chain().addRowAfter().run()}>
          +Row
        </Tool>
        <Tool
          label="Delete row"
          disabled={!tools.inTable}
          onClick={() => chain().deleteRow().run()}
        >
          −Row
        </Tool>
        <Tool
          label="Add column"
          disabled={!tools.inTable}
          onClick={() => chain().addColumnAfter().run()}
        >
          +Col
        </Tool>
        <Tool
          label="Delete column"
          disabled={!tools.inTable}
          onClick={() => chain().deleteColumn().run()}
        >
          −Col
        </Tool>
        <Tool
          label="Delete table"
          disabled={!tools.inTable}
          onClick={() => chain().deleteTable().run()}
        >
          ✕Table
        </Tool>
      </div>
      {linking && (
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onApply={applyLink}
          onRemove={
            tools.link
              ? () => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setLinking(false);
                }
              : undefined
          }
          onClose={closeLink}
        />
      )}
      <div className="max-h-[32rem] overflow-auto">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
