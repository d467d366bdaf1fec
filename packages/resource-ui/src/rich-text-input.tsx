import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { SafeHtml } from './safe-html';

interface Props {
  value?: string | null;
  onChange?(value: string): void;
  readonly?: boolean;
  id?: string;
  t(key: string): string;
}

/** What an editor holds when nothing was written. */
const EMPTY = /^(<p>\s*<\/p>)*$/;

/**
 * A rich-text field (TipTap): paragraphs, headings, bold, italic, lists, quotes and links, kept
 * as HTML. Loaded with the form that needs it, never with the list page. Read-only, it shows the
 * HTML sanitised.
 */
export default function RichTextInput({ value, onChange, readonly, id, t }: Props) {
  // what the editor last said it holds: a different value came from outside
  const held = useRef(value ?? '');
  const editor = useEditor({
    extensions: [StarterKit],
    content: value ?? '',
    editable: !readonly,
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      held.current = EMPTY.test(html) ? '' : html;
      onChange?.(held.current);
    },
  });
  // a value set from outside (the record loaded after the dialog opened)
  useEffect(() => {
    if (!editor || editor.isDestroyed || (value ?? '') === held.current) return;
    held.current = value ?? '';
    editor.commands.setContent(held.current, { emitUpdate: false });
  }, [editor, value]);

  if (readonly) return <SafeHtml html={value ?? ''} className="wb-rich-text" />;
  const tool = (key: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip title={t(`crud.rich.${key}`)} key={key}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={t(`crud.rich.${key}`)} onMouseDown={(e) => e.preventDefault()} onClick={run} />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div className="wb-rich-text wb-rich-text--editing" id={id}>
      {editor && (
        <Space size={2} className="wb-rich-text__toolbar" wrap>
          {tool('heading', <b>H</b>, () => chain().toggleHeading({ level: 3 }).run(), editor.isActive('heading'))}
          {tool('bold', <BoldOutlined />, () => chain().toggleBold().run(), editor.isActive('bold'))}
          {tool('italic', <ItalicOutlined />, () => chain().toggleItalic().run(), editor.isActive('italic'))}
          {tool('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
          {tool('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
          {tool('undo', <UndoOutlined />, () => chain().undo().run())}
          {tool('redo', <RedoOutlined />, () => chain().redo().run())}
        </Space>
      )}
      <EditorContent editor={editor} className="wb-rich-text__content" />
    </div>
  );
}
