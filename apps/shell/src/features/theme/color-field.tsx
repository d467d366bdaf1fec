import { ColorPicker } from 'antd';

/**
 * The free colour picker beside the presets; hex only, the one format antd derives a palette from.
 * Its trigger is a button of ours, named and reached by the keyboard (antd's own is a bare
 * <div>, where a name is not allowed and the Tab key does not stop).
 */
export default function ColorField({ value, onChange, label }: { value: string; onChange: (hex: string) => void; label: string }) {
  return (
    <ColorPicker value={value} disabledAlpha format="hex" size="small" onChangeComplete={(c) => onChange(c.toHexString())}>
      <button type="button" className="wb-color-field" aria-label={label} title={label}>
        <span className="wb-color-field__swatch" style={{ background: value }} />
      </button>
    </ColorPicker>
  );
}
