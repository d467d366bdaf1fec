import { ColorPicker } from 'antd';

/** The free colour picker beside the presets; hex only, the one format antd derives a palette from. */
export default function ColorField({ value, onChange, label }: { value: string; onChange: (hex: string) => void; label: string }) {
  return <ColorPicker value={value} disabledAlpha format="hex" size="small" aria-label={label} onChangeComplete={(c) => onChange(c.toHexString())} />;
}
