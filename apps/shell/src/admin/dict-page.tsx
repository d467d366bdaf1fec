import { DICT_MESSAGES, dictBizResource, dictResource, dictViews } from '@wb/contracts/resources/org';
import { ParentChildPage, type ParentChildPageProps } from '@wb/resource-ui/parent-child-page';
import { ShellResourceHost } from './shell-resource-host';

/** The two tables of a dictionary: an item (a child row) needs its key, a code (a parent row) has none. */
function views(def: typeof dictResource): Pick<ParentChildPageProps, 'parent' | 'child'> {
  const { parents, children } = dictViews(def);
  const dictKey = { ...children.fields.dictKey, required: DICT_MESSAGES.keyRequired };
  return { parent: parents, child: { ...children, fields: { ...children.fields, dictKey } } };
}

// Built once: the page keeps its state while the objects stay the same.
const SYSTEM = views(dictResource);
const BUSINESS = views(dictBizResource);

function DictPage({ views: { parent, child }, layout }: { views: Pick<ParentChildPageProps, 'parent' | 'child'>; layout: ParentChildPageProps['layout'] }) {
  return (
    <ShellResourceHost>
      <ParentChildPage parent={parent} child={child} layout={layout} />
    </ShellResourceHost>
  );
}

/** /system/dict */
export const SystemDictPage = () => <DictPage views={SYSTEM} layout="horizontal" />;
/** /system/dictbiz */
export const BizDictPage = () => <DictPage views={BUSINESS} layout="horizontal" />;
/** /dict-horizontal/index: the system dictionary, codes beside items */
export const DictHorizontalPage = SystemDictPage;
/** /dict-vertical/index: the system dictionary, items below the codes */
export const DictVerticalPage = () => <DictPage views={SYSTEM} layout="vertical" />;
