import { WorkListPage } from './work-list';

/** /work-affairs/claim: 待签事务. */
export default function WorkClaimPage() {
  return <WorkListPage list="claim" />;
}
