import { WorkListPage } from './work-list';

/** /work-affairs/start: 发起事务. */
export default function WorkStartPage() {
  return <WorkListPage list="start" />;
}
