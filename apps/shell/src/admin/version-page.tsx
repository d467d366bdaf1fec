import { versionResource, versionStepResource } from '@wb/contracts/resources/version';
import { ParentChildPage } from '@wb/resource-ui/parent-child-page';
import { ShellResourceHost } from './shell-resource-host';

/** /system/version: the versions, and below them the steps of the chosen version's guide. */
export default function VersionPage() {
  return (
    <ShellResourceHost>
      <ParentChildPage parent={versionResource} child={versionStepResource} layout="vertical" />
    </ShellResourceHost>
  );
}
