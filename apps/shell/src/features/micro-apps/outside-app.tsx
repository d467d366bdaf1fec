import type { SubAppDescriptor } from '@wb/contracts/resources/sub-app';
import { useWindowHeight } from '../../shared/ui/use-window-height';
import { SubAppFrame, useHeldHost } from './micro-app-stage';
import { useHostWiring } from './use-host-wiring';

/**
 * A sub-app on a page outside the shell (/work/trajectoryPage, /batchDialogFullScreen): the
 * whole window, no header or menu, wired to the shell as on a menu page. Not kept alive: leaving
 * the page destroys it.
 */
export function OutsideApp({ descriptor, route }: { descriptor: SubAppDescriptor; route: string }) {
  useHeldHost();
  useHostWiring(true);
  const height = useWindowHeight();
  return <SubAppFrame descriptor={descriptor} visible height={height} route={route} />;
}
