import { lazy, Suspense } from 'react';
import { Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../../shared/i18n/shell-texts';
import { useTheme } from '../../shared/theme/theme-store';
import { PRESET_COLORS, THEME_KEYS, THEMES, themeKeyOf } from '../../shared/theme/themes';
import './theme-panel.css';

// antd's ColorPicker is large; it loads with its own chunk when the panel opens.
const ColorField = lazy(() => import('./color-field'));

/** The theme picker and theme colour picker of the top bar, kept per browser. */
export default function ThemePanel() {
  const { t } = useTranslation();
  const themeName = useTheme((s) => s.themeName);
  const setTheme = useTheme((s) => s.setTheme);
  const color = useTheme((s) => s.color);
  const setColor = useTheme((s) => s.setColor);
  const currentKey = themeKeyOf(themeName);
  return (
    <div className="wb-theme-panel">
      <Typography.Text strong>{t('theme.title')}</Typography.Text>
      <div className="wb-theme-panel__grid" role="radiogroup" aria-label={t('theme.title')}>
        {THEME_KEYS.map((key) => {
          const chrome = THEMES[key];
          const selected = key === currentKey;
          return (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={selected}
              className={`wb-theme-swatch${selected ? ' wb-theme-swatch--selected' : ''}`}
              onClick={() => setTheme(`theme-${key}`)}
              title={t(`theme.names.${key}`)}
            >
              <span className="wb-theme-swatch__preview" style={{ background: chrome.bodyBg }}>
                <span className="wb-theme-swatch__header" style={{ background: chrome.headerBg }} />
                <span className="wb-theme-swatch__sider" style={{ background: chrome.siderBg }} />
                {selected && <CheckOutlined className="wb-theme-swatch__check" style={{ color }} />}
              </span>
              <span className="wb-theme-swatch__name">{t(`theme.names.${key}`)}</span>
            </button>
          );
        })}
      </div>
      <Typography.Text strong>{t('theme.color')}</Typography.Text>
      <div className="wb-theme-panel__colors">
        {PRESET_COLORS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`wb-color-dot${preset.toLowerCase() === color.toLowerCase() ? ' wb-color-dot--selected' : ''}`}
            style={{ background: preset }}
            aria-label={preset}
            onClick={() => setColor(preset)}
          />
        ))}
        <Suspense fallback={null}>
          <ColorField value={color} onChange={setColor} label={t('theme.color')} />
        </Suspense>
      </div>
    </div>
  );
}
