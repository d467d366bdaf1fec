import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FIRST_PAGE } from '@wb/contracts/constants';
import { paramResource } from '@wb/contracts/resources/param';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { ssoAddress } from '../../features/menu/api/link-tickets';
import { menuLabel } from '../../features/menu/menu-label';
import { findMenuInRoutes } from '../../features/menu/menu-resolution';
import { useMenuIndex } from '../../features/menu/use-menu-index';
import { subAppRegistryQuery } from '../../features/micro-apps/api/registry';
import { OutsideApp } from '../../features/micro-apps/outside-app';
import { innerRoute, isDeployed } from '../../features/micro-apps/registry';
import '../../features/micro-apps/micro-apps-texts';
import '../../shared/i18n/shell-texts';
import { ThemeScope } from '../../shared/theme/theme-scope';
import { PageLoading } from '../../shared/ui/page-loading';
import { usePageTitle } from '../../shared/ui/use-page-title';
import './outside-page.css';

export type OutsidePageKind = 'parking' | 'trajectoryPage' | 'trajectoryPerson' | 'dispatch';

/** Who provides each page: a sub-app of the registry, or the parking system by single sign-on. */
const PROVIDERS: Record<OutsidePageKind, { app: string } | { sso: string }> = {
  parking: { sso: 'parking' },
  trajectoryPage: { app: 'work' },
  trajectoryPerson: { app: 'work' },
  dispatch: { app: 'create-order' },
};

/**
 * Pages outside the shell (/parking, /work/trajectoryPage, /work/trajectoryPerson,
 * /batchDialogFullScreen): full screen, no header and no sidebar. Each belongs to another
 * system: a sub-app with an address is shown here full screen, /parking goes on to the
 * parking system's single sign-on. Until the provider is configured, whoever may configure it
 * is told what to fill in and where; everyone else, to ask an administrator.
 */
export default function OutsidePage({ kind }: { kind: OutsidePageKind }) {
  const { t } = useTranslation();
  usePageTitle(t(`outside.${kind}`));
  const provider = PROVIDERS[kind];
  return <ThemeScope>{'app' in provider ? <AppProvided kind={kind} serviceName={provider.app} /> : <SsoProvided kind={kind} systemType={provider.sso} />}</ThemeScope>;
}

function AppProvided({ kind, serviceName }: { kind: OutsidePageKind; serviceName: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const registry = useQuery(subAppRegistryQuery);
  const mayConfigure = useMayOpen(subAppResource.page!.path);
  if (registry.isPending) return <PageLoading />;
  const app = registry.data?.find((d) => d.serviceName === serviceName);
  if (app && isDeployed(app)) return <OutsideApp descriptor={app} route={innerRoute(app, pathname, search)} />;
  const name = menuLabel(t, `app_${serviceName}`, app?.name ?? serviceName);
  return (
    <Explained
      kind={kind}
      steps={mayConfigure ? t('microApps.notDeployedDesc', { name, serviceName }) : t('outside.notConnected')}
      to={mayConfigure ? subAppResource.page!.path : undefined}
      label={t('microApps.openRegistry')}
    />
  );
}

/** /parking goes on to the parking system, signed in by a one-minute ticket (as the 智慧停车 link does). */
function SsoProvided({ kind, systemType }: { kind: OutsidePageKind; systemType: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [error, setError] = useState<string>();
  const mayConfigure = useMayOpen(paramResource.page!.path);
  useEffect(() => {
    let live = true;
    ssoAddress(systemType, new URLSearchParams(search).get('parkCode') ?? undefined).then(
      (address) => live && window.location.replace(address),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [systemType, search]);
  if (error === undefined) return <PageLoading />;
  return (
    <Explained
      kind={kind}
      steps={
        <>
          <p>{t('outside.ssoFailed', { error })}</p>
          <p>{mayConfigure ? t('outside.parkingSteps') : t('outside.notConnected')}</p>
        </>
      }
      to={mayConfigure ? paramResource.page!.path : undefined}
      label={t('outside.openParams')}
    />
  );
}

/** Whether the user's menus lead to a page (undefined while they load: not yet). */
function useMayOpen(path: string): boolean {
  const index = useMenuIndex();
  return !index.pending && !!findMenuInRoutes(index.routesByTop, path);
}

/** What the page is, why it is not here, and the way on: to where it is configured, or home. */
function Explained({ kind, steps, to, label }: { kind: OutsidePageKind; steps: ReactNode; to?: string; label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="wb-outside" data-page={kind}>
      <Result
        status="info"
        title={t(`outside.${kind}`)}
        subTitle={
          <>
            <p>{t(`outside.${kind}Desc`)}</p>
            {typeof steps === 'string' ? <p>{steps}</p> : steps}
          </>
        }
        extra={[
          to && (
            <Button key="configure" type="primary" onClick={() => navigate(to)}>
              {label}
            </Button>
          ),
          <Button key="home" type={to ? 'default' : 'primary'} onClick={() => navigate(FIRST_PAGE)}>
            {t('page.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
