import type { AnyResourceDef } from '../resource';
import * as access from './access';
import * as desk from './desk';
import * as develop from './develop';
import * as incident from './incident';
import * as logs from './logs';
import * as mdm from './mdm';
import * as mdmOperations from './mdm-operations';
import * as notify from './notify';
import * as org from './org';
import * as oss from './oss';
import * as param from './param';
import * as report from './report';
import * as sms from './sms';
import * as smsOutbox from './sms-outbox';
import * as subApp from './sub-app';
import * as subscription from './subscription';
import * as version from './version';

/**
 * Every resource of the product: each module's `resources`, in menu order (a new
 * definition joins its module's list). The server checks each is registered, the
 * menu seed adds a page for each one with `page`, and the shell shows the generic
 * page at that path unless it registers a page of its own.
 */
export const RESOURCES: AnyResourceDef[] = (
  [org, access, develop, param, notify, desk, incident, version, subApp, sms, smsOutbox, oss, logs, report, mdm, mdmOperations, subscription] as {
    resources: readonly AnyResourceDef[];
  }[]
).flatMap((m) => m.resources);

export const resourceByName = (name: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.name === name);
export const resourceByPage = (path: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.page?.path === path);
