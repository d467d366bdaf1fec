import { useEffect, useState } from 'react';
import { Card, Empty, Spin, Tree } from 'antd';
import type { TreeNode } from '@wb/contracts/resource';
import { deptResource } from '@wb/contracts/resources/org';
import { useResourceHost } from '@wb/resource-ui/host';
import { treeNodes } from '@wb/resource-ui/resource-api';

interface Props {
  title: string;
  /** the chosen department's id */
  value?: string;
  /** a click on a node chooses it, a second click on it lets it go */
  onChange(id: string | undefined): void;
}

/** The tenant's departments as a tree, to narrow a list to one of them (and those below it). */
export function DeptTree({ title, value, onChange }: Props) {
  const { transport } = useResourceHost();
  const [nodes, setNodes] = useState<TreeNode[] | null>(null);

  useEffect(() => {
    let live = true;
    // a failure leaves the tree empty; the host's client has shown why
    void treeNodes(transport, deptResource.basePath)
      .catch(() => [])
      .then((list) => live && setNodes(list));
    return () => {
      live = false;
    };
  }, [transport]);

  return (
    <Card size="small" title={title} style={{ width: 240 }} styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflow: 'auto' } }}>
      {nodes === null ? (
        <Spin />
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree<TreeNode>
          blockNode
          treeData={nodes}
          fieldNames={{ title: 'title', key: 'id', children: 'children' }}
          // mounted once the nodes are there, so the first level opens
          defaultExpandedKeys={nodes.map((node) => node.id)}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys.length > 0 ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
