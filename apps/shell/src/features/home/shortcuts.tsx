import { useState } from 'react';
import { Button, Card, Empty } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../shared/navigation';
import { ICONS } from '../../shared/ui/icons';
import { menuLabel } from '../menu/menu-label';
import { topMenuUses } from './menu-use';
import './home-texts';

/** The user's most opened menu pages, learned from what they open (menu-use.ts). */
export function Shortcuts() {
  const { t } = useTranslation();
  // read once per visit of the page: the counts change as the user goes elsewhere
  const [uses] = useState(() => topMenuUses(8));
  return (
    <Card title={t('home.shortcuts')} className="wb-home-shortcuts">
      {uses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.shortcutsEmpty')} />
      ) : (
        <div className="wb-home-shortcuts__grid">
          {uses.map((use) => {
            const Icon = ICONS.get(use.icon ?? '') ?? FileOutlined;
            return (
              <Button key={use.id} className="wb-home-shortcut" icon={<Icon />} onClick={() => navigateTo(use.path)}>
                {menuLabel(t, use.code, use.name)}
              </Button>
            );
          })}
        </div>
      )}
    </Card>
  );
}
