import { paramResource } from '@wb/contracts/resources/param';
import { ShellResourcePage } from './shell-resource-host';

/** /system/param (admin spec §2): the generic page with the param definition. */
export default function ParamPage() {
  return <ShellResourcePage def={paramResource} />;
}
