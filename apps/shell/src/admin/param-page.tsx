import { paramResource } from '@wb/contracts/resources/param';
import { ResourcePage } from './resource-page';

/** /system/param (admin spec §2): the generic page with the param definition. */
export default function ParamPage() {
  return <ResourcePage def={paramResource} />;
}
