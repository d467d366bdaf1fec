import { WorkListPage } from './work-list';

/** /work-affairs/done: 办结事务. */
export default function WorkDonePage() {
  return <WorkListPage list="done" />;
}
