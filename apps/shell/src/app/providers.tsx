import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
// Deep imports: the entry must not import antd's index, whose static graph reaches
// every component (vite.config.ts groups chunks by that graph).
import ConfigProvider from 'antd/es/config-provider';
import message from 'antd/es/message';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../shared/query-client';
import { setMessageApi } from '../shared/feedback';
import { useReducedMotion } from '../shared/ui/use-reduced-motion';
import { defaultReadableTokens } from '../shared/theme/default-tokens';

const DEFAULT_TOKENS = defaultReadableTokens();

/**
 * Registers a context-aware message instance for code outside React. antd's
 * <App> would also pull Modal and notification into the entry chunk; the
 * layout registers the modal instead (feedback.ts).
 */
function MessageBridge() {
  const [api, holder] = message.useMessage({ maxCount: 1 });
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  return holder;
}

export function Providers({ children }: { children: ReactNode }) {
  // Re-renders on language change so antd's texts follow i18next.
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? enUS : zhCN;
  const motion = !useReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={{ ...DEFAULT_TOKENS, token: { ...DEFAULT_TOKENS.token, motion } }}>
        <MessageBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
