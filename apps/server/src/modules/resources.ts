import type { FastifyInstance } from 'fastify';
import {
  apiScopeResource,
  clientResource,
  dataScopeResource,
  datasourceResource,
  menuResource,
  tenantPackageResource,
  tenantResource,
  topMenuResource,
} from '@wb/contracts/resources/access';
import { cityResource, companyResource, projectResource, supplierResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { facilityResource, gridResource, iotResource, jobLocationResource, mdmUserResource } from '@wb/contracts/resources/mdm-operations';
import { deptResource, dictBizResource, dictResource, postResource, regionResource, roleResource, userResource } from '@wb/contracts/resources/org';
import { RESOURCES } from '@wb/contracts/resources/catalogue';
import { codeResource, modelResource } from '@wb/contracts/resources/develop';
import { messageNotifyResource, systemNotifyResource } from '@wb/contracts/resources/notify';
import { isSecretParam, paramResource, SHELL_PARAMS } from '@wb/contracts/resources/param';
import { incidentResource } from '@wb/contracts/resources/incident';
import { deskNoticeResource } from '@wb/contracts/resources/desk';
import { apiLogResource, errorLogResource, usualLogResource } from '@wb/contracts/resources/logs';
import { versionResource, versionStepResource } from '@wb/contracts/resources/version';
import { smsOutboxResource } from '@wb/contracts/resources/sms-outbox';
import { smsResource } from '@wb/contracts/resources/sms';
import { attachResource, ossResource } from '@wb/contracts/resources/oss';
import { reportResource } from '@wb/contracts/resources/report';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { subscribePackageResource } from '@wb/contracts/resources/subscription';
import * as t from '../db/schema/index';
import { crudDeps, type AppContext } from '../platform/context';
import { registerResource } from '../platform/crud/routes';
import { announces } from '../platform/changes';
import { dictionaryOptions, dictionaryRoutes } from './system/dictionary';
import { subAppOptions } from './system/sub-app';
import { regionSelect } from './system/region-select';
import { userOptions } from './user/users';
import { apiLogFamilyFields, errorLogFamilyFields, usualLogFamilyFields } from './log/family-fields';
import { roleOptions } from './authority/roles';
import { apiScopeOptions, checkScopeTables, dataScopeOptions } from './authority/scopes';
import { clientOptions } from './system/client';
import { tenantOptions } from './system/tenant';
import { menuOptions, topMenuOptions } from './system/menus';
import { datasourceOptions } from './develop/datasource';
import { modelOptions } from './develop/models';
import { codeOptions } from './develop/codes';
import { modelRoutes } from './develop/model-routes';
import { codeRoutes } from './develop/code-routes';
import { messageNotifyOptions, systemNotifyOptions } from './system/notify';
import { incidentOptions } from './desk/incidents';
import { versionOptions } from './system/version';
import { subscribePackageOptions } from './mdm/subscription-packages';
import { vehicleOptions } from './mdm/vehicles';
import { facilityOptions } from './mdm/facilities';
import { gridOptions } from './mdm/grids';
import { iotOptions } from './mdm/iot-devices';
import { jobLocationOptions } from './mdm/job-locations';
import { mdmUserOptions } from './mdm/people';
import { smsOptions } from './resource/sms';
import { attachOptions, ossOptions } from './resource/oss';
import { reportOptions } from './report/report';

/**
 * Every resource and its table: the whole server side of a plain entity is its
 * line here. Entities with behaviour of their own pass their options (hooks,
 * actions, extra views) from their module.
 */
export function resourceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const deps = crudDeps(ctx);
    registerResource(app, deps, paramResource, t.param, {
      hooks: announces(ctx.changes, 'params'),
      openDetail: { field: 'paramKey', values: SHELL_PARAMS },
      secret: { fields: ['paramValue'], when: isSecretParam },
    });
    registerResource(app, deps, systemNotifyResource, t.systemNotify, systemNotifyOptions(ctx));
    registerResource(app, deps, messageNotifyResource, t.messageNotify, messageNotifyOptions(ctx));
    registerResource(app, deps, deskNoticeResource, t.deskNotice);
    registerResource(app, deps, incidentResource, t.incident, incidentOptions(ctx));
    registerResource(app, deps, versionResource, t.versionManage, versionOptions(ctx));
    registerResource(app, deps, versionStepResource, t.versionGuideStep);
    registerResource(app, deps, subAppResource, t.subApp, subAppOptions(ctx));
    registerResource(app, deps, companyResource, t.company);
    registerResource(app, deps, cityResource, t.city);
    registerResource(app, deps, projectResource, t.project);
    registerResource(app, deps, supplierResource, t.supplier);
    registerResource(app, deps, vehicleResource, t.vehicle, vehicleOptions());
    registerResource(app, deps, facilityResource, t.facility, facilityOptions());
    registerResource(app, deps, gridResource, t.grid, gridOptions());
    registerResource(app, deps, iotResource, t.iotDevice, iotOptions());
    registerResource(app, deps, jobLocationResource, t.jobLocation, jobLocationOptions());
    registerResource(app, deps, mdmUserResource, t.mdmUser, mdmUserOptions());
    registerResource(app, deps, subscribePackageResource, t.subscribePackage, subscribePackageOptions(ctx));
    registerResource(app, deps, deptResource, t.dept);
    registerResource(app, deps, postResource, t.post);
    registerResource(app, deps, roleResource, t.role, roleOptions(ctx));
    registerResource(app, deps, regionResource, t.region);
    regionSelect(app, ctx.resources);
    const dicts = registerResource(app, deps, dictResource, t.dict, dictionaryOptions());
    const bizDicts = registerResource(app, deps, dictBizResource, t.dictBiz, dictionaryOptions());
    await app.register(dictionaryRoutes(dicts, dictResource.basePath));
    await app.register(dictionaryRoutes(bizDicts, dictBizResource.basePath));
    registerResource(app, deps, userResource, t.user, userOptions(ctx));
    registerResource(app, deps, smsResource, t.sms, smsOptions(ctx.database.db, ctx.sms, ctx.outbound));
    registerResource(app, deps, smsOutboxResource, t.smsOutbox);
    registerResource(app, deps, ossResource, t.oss, ossOptions(ctx.database.db, ctx.outbound));
    registerResource(
      app,
      deps,
      attachResource,
      t.attach,
      attachOptions(ctx.stores, (err, msg) => app.log.warn({ err }, msg)),
    );
    registerResource(app, deps, reportResource, t.report, reportOptions(ctx));
    registerResource(app, deps, usualLogResource, t.usualLog, usualLogFamilyFields);
    // kept in the logs' own database (Database.logs)
    const logDeps = { ...deps, db: ctx.database.logs };
    registerResource(app, logDeps, apiLogResource, t.apiLog, {
      ...apiLogFamilyFields,
      partialIndexes: { status: { holds: (v) => v !== t.USUAL_STATUS, condition: t.unusualStatus(t.apiLog.status) } },
    });
    registerResource(app, logDeps, errorLogResource, t.errorLog, errorLogFamilyFields);
    registerResource(app, deps, menuResource, t.menu, menuOptions(ctx));
    registerResource(app, deps, topMenuResource, t.topMenu, topMenuOptions(ctx));
    registerResource(app, deps, tenantResource, t.tenant, tenantOptions(ctx));
    registerResource(app, deps, tenantPackageResource, t.tenantPackage, { hooks: announces(ctx.changes, 'tenants') });
    registerResource(app, deps, clientResource, t.client, clientOptions(ctx));
    registerResource(app, deps, datasourceResource, t.datasource, datasourceOptions(ctx));
    registerResource(app, deps, modelResource, t.developModel, modelOptions(ctx));
    registerResource(app, deps, codeResource, t.developCode, codeOptions(ctx));
    await app.register(modelRoutes(ctx));
    await app.register(codeRoutes(ctx));
    registerResource(app, deps, dataScopeResource, t.dataScope, dataScopeOptions(ctx));
    registerResource(app, deps, apiScopeResource, t.apiScope, apiScopeOptions(ctx));

    // a definition the shell shows and the seed grants must have its calls here
    const missing = RESOURCES.filter((d) => !ctx.resources.has(d.name)).map((d) => d.name);
    if (missing.length) throw new Error(`resources defined but not registered on the server: ${missing.join(', ')}`);
    checkScopeTables(ctx.resources);
  };
}
