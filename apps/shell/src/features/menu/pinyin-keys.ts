import { pinyin } from 'pinyin-pro';

/**
 * Full pinyin and initials of a Chinese menu name ('系统管理' → 'xitongguanli',
 * 'xtgl'). pinyin-pro carries a large dictionary: this module is imported
 * dynamically, when a search UI first opens.
 */
export function pinyinKeys(name: string): string[] {
  if (!/[\u3400-\u9fff]/.test(name)) return [];
  const options = { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as const;
  const full = pinyin(name, options).join('');
  const initials = pinyin(name, { ...options, pattern: 'first' }).join('');
  return [full, initials];
}
