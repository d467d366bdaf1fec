import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { recordError } from '../error-log/capture';
import { PageLoading } from '../../shared/ui/page-loading';
import { subAppRegistryQuery } from './api/registry';
import { isDeployed, MODULE_NOT_FOUND, SubAppLookupError } from './registry';
import { useAppAccess, useSubAppRoute } from './use-sub-app-route';
import './micro-apps-texts';

/**
 * What the menu page shows for a path a sub-app owns. The app itself lives in
 * the layout's stage (micro-app-stage.tsx), which survives route changes; this
 * is only what is not the app: the registry loading, an app that is not
 * deployed, a path no app is registered for (MODULE_NOT_FOUND).
 */
export function SubAppOutlet() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const route = useSubAppRoute();
  const access = useAppAccess();
  const navigate = useNavigate();
  const missing = !route.pending && !route.failed && !route.descriptor;

  useEffect(() => {
    // A failed sub-module lookup is MODULE_NOT_FOUND; it also goes to the local error log.
    if (missing) recordError(new SubAppLookupError(route.path), 'micro-apps');
  }, [missing, route.path]);

  if (route.pending) return <PageLoading />;
  if (route.failed) {
    return (
      <Result
        status="warning"
        title={t('microApps.registryFailed')}
        extra={
          <Button type="primary" onClick={() => void queryClient.refetchQueries({ queryKey: subAppRegistryQuery.queryKey })}>
            {t('microApps.retry')}
          </Button>
        }
      />
    );
  }
  const app = route.descriptor;
  if (!app) {
    return (
      <Result className="wb-microapp-not-found" status="404" title={t('microApps.notFound')} subTitle={t('microApps.notFoundDesc', { path: route.path, code: MODULE_NOT_FOUND })} />
    );
  }
  if (!isDeployed(app)) {
    // only those who may configure sub-apps get here (the others are not given its menus): say what to fill in, and where;
    // the app's name as its top menu shows it (menu-names-en.ts in English)
    const name = t(`menuNames.app_${app.serviceName}`, { defaultValue: app.name });
    return (
      <Result
        className="wb-microapp-not-deployed"
        status="info"
        title={t('microApps.notDeployed', { name })}
        subTitle={
          <>
            <p>{t('microApps.notDeployedDesc', { name, serviceName: app.serviceName })}</p>
            <p>{t('microApps.notDeployedSteps', { name, serviceName: app.serviceName })}</p>
          </>
        }
        extra={
          access?.any ? (
            <Button type="primary" onClick={() => navigate(subAppResource.page!.path)}>
              {t('microApps.openRegistry')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  // The stage shows the app.
  return null;
}
