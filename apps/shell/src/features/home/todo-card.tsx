import { Badge, Card, Empty, List, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BladeFlow } from '@wb/contracts/flow';
import { flowApi } from '../flow/api/flow-api';
import { handlePath, routeOfCategory } from '../flow/flow-routes';
import './home-texts';

/** How many of the user's tasks the card lists. */
export const HOME_TODO_COUNT = 5;
export const TODO_PAGE = '/work-affairs/todo';
export const CLAIM_PAGE = '/work-affairs/claim';

/**
 * 我的待办 on the workbench home: the first tasks of the user's to-do list, each opening its
 * handle page, and how many wait to be claimed. Not shown to a user the lists refuse.
 */
export function TodoCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const todo = useQuery({
    queryKey: ['flow', 'home', 'todo'],
    queryFn: () => flowApi.workList<BladeFlow>('todo', { current: 1, size: HOME_TODO_COUNT }, true),
  });
  const claim = useQuery({
    queryKey: ['flow', 'home', 'claim'],
    queryFn: () => flowApi.workList<BladeFlow>('claim', { current: 1, size: 1 }, true),
  });
  if (todo.isError && claim.isError) return null;
  const open = (task: BladeFlow) => navigate(handlePath(task.routeValue || routeOfCategory(task.category, []), task) ?? TODO_PAGE);
  const claimCount = claim.data?.total ?? 0;
  return (
    <Card
      title={
        <Space>
          {t('home.todo')}
          {(todo.data?.total ?? 0) > 0 && <Badge count={todo.data?.total} />}
        </Space>
      }
      className="wb-home-todo"
      extra={
        <Space size={16}>
          {claimCount > 0 && <a onClick={() => navigate(CLAIM_PAGE)}>{t('home.claimCount', { count: claimCount })}</a>}
          <a onClick={() => navigate(TODO_PAGE)}>{t('home.allTodo')}</a>
        </Space>
      }
    >
      {!todo.isPending && (todo.data?.records.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.todoEmpty')} />
      ) : (
        <List
          size="small"
          loading={todo.isPending}
          dataSource={todo.data?.records ?? []}
          renderItem={(task) => (
            <List.Item key={task.taskId} className="wb-home-todo__item" onClick={() => open(task)} style={{ cursor: 'pointer' }}>
              <List.Item.Meta
                title={
                  <a>
                    {task.processDefinitionName} · {task.taskName}
                  </a>
                }
                description={task.startUser}
              />
              <Typography.Text type="secondary">{task.createTime}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
