import { WorkListPage } from './work-list';

/** /work-affairs/send: 已发事务. */
export default function WorkSendPage() {
  return <WorkListPage list="send" />;
}
