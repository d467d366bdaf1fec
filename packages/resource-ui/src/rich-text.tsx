import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from 'antd';
import './rich-text.css';

// the editor (TipTap and ProseMirror) comes with the first form that has a rich-text field
const RichTextInput = lazy(() => import('./rich-text-input'));

/** A rich-text field of a form: ProForm.Item hands it value and onChange. */
export function RichText(props: ComponentProps<typeof RichTextInput>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextInput {...props} />
    </Suspense>
  );
}
