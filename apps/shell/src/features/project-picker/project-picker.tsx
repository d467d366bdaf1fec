import { useMemo } from 'react';
import { Cascader } from 'antd';
import type { DefaultOptionType } from 'antd/es/cascader';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProjectTreeNode } from '@wb/contracts/project';
import { escapeClosesSearch } from '@wb/resource-ui/select-escape';
import { useSession } from '../../shared/session-store';
import { projectTreeQuery } from './api/project-tree';
import { toSelected } from './project-choice';
import { applyProject, useProject } from './project-store';
import './project-picker.css';

/** The picker is 250 px wide in the top bar. */
const WIDTH = 250;

function matches(input: string, path: DefaultOptionType[]): boolean {
  const wanted = input.trim().toLowerCase();
  return path.some((option) =>
    String(option.name ?? '')
      .toLowerCase()
      .includes(wanted),
  );
}

/**
 * The project and city cascader of the top bar: company → city → project,
 * searchable by name, 'no data' when nothing matches. Picking a project or an
 * 'all' entry makes it current (project-store.ts). Loaded lazily with its own
 * chunk: the Cascader is large and the header shows a placeholder meanwhile.
 */
export default function ProjectPicker() {
  const { t } = useTranslation();
  const tree = useQuery(projectTreeQuery);
  const current = useProject((s) => s.current);
  const userId = useSession((s) => s.userInfo?.user_id);
  const tenantId = useSession((s) => s.tenantId);
  const options = useMemo(() => (tree.data ?? []) as unknown as DefaultOptionType[], [tree.data]);

  return (
    <Cascader
      className="wb-project-picker"
      popupClassName="wb-project-picker__popup"
      style={{ width: WIDTH }}
      options={options}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
      value={current.list.length ? current.list : undefined}
      placeholder={t('project.placeholder')}
      notFoundContent={t('project.noData')}
      loading={tree.isPending}
      allowClear={false}
      expandTrigger="hover"
      showSearch={{ filter: matches, limit: 50 }}
      aria-label={t('project.label')}
      displayRender={(labels) => labels[labels.length - 1]}
      onKeyDown={escapeClosesSearch}
      onChange={(_ids, nodes) => {
        const path = nodes as unknown as ProjectTreeNode[] | undefined;
        if (!path?.length) return;
        applyProject(toSelected(path), { tenantId, userId }, { refresh: true });
      }}
    />
  );
}
