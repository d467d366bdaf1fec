import { WorkListPage } from './work-list';

/** /work-affairs/todo: 待办事务. */
export default function WorkTodoPage() {
  return <WorkListPage list="todo" />;
}
