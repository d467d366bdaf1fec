import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';

/**
 * The login form's fields, drawn as antd's Form.Item, Input and Input.Password
 * draw themselves (vertical layout, large size) but without antd's code: their
 * styles are antd's own, rendered at build time under this class prefix
 * (prerender.tsx), so they look like every other form of the product and cost
 * the login document no JavaScript. The prefix keeps those styles off the
 * signed-in shell's antd components, which later share the document.
 * form-parts.test.tsx checks the markup against antd's.
 */
export const LOGIN_PREFIX = 'wb-login';

const cls = (...names: (string | false | undefined)[]) =>
  names
    .filter(Boolean)
    .map((n) => `${LOGIN_PREFIX}-${n as string}`)
    .join(' ');

/** antd's form item margin (large size), which a shown message takes the place of */
const HELP_HEIGHT = 24;

export function formClass(): string {
  return cls('form', 'form-vertical', 'form-hide-required-mark', 'form-large');
}

/** A labelled field with its message below, as antd's Form.Item (vertical). */
export function FormItem({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={cls('form-item', !!error && 'form-item-with-help', !!error && 'form-item-has-error', 'form-item-vertical')}>
      <div className={cls('row', 'form-item-row')}>
        <div className={cls('col', 'form-item-label')}>
          <label htmlFor={id} className={cls('form-item-required', 'form-item-required-mark-hidden')} title={label}>
            {label}
          </label>
        </div>
        <div className={cls('col', 'form-item-control')}>
          <div className={cls('form-item-control-input')}>
            <div className={cls('form-item-control-input-content')}>{children}</div>
          </div>
          {error && (
            <div className={cls('form-item-additional')} style={{ minHeight: HELP_HEIGHT }}>
              <div id={`${id}_help`} className={cls('form-item-explain', 'form-item-explain-connected')} role="alert">
                <div className={cls('form-item-explain-error')}>{error}</div>
              </div>
            </div>
          )}
        </div>
      </div>
      {error && <div className={cls('form-item-margin-offset')} style={{ marginBottom: -HELP_HEIGHT }} />}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & { id: string; invalid?: boolean };

/**
 * Uncontrolled on purpose: what the user typed before the scripts ran stays in
 * the field through hydration, and the form reads the fields when submitted.
 */
export function TextInput({ invalid, ...props }: InputProps) {
  return (
    <input
      {...props}
      type="text"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${props.id}_help` : undefined}
      className={cls('input', 'input-lg', 'input-outlined', invalid && 'input-status-error')}
    />
  );
}

function Icon({ icon, label, onClick }: { icon: IconDefinition; label: string; onClick: () => void }) {
  const svg = icon.icon as { attrs: Record<string, string>; children?: { attrs: Record<string, string> }[] };
  return (
    <span role="img" aria-label={label} tabIndex={-1} className={`anticon anticon-${icon.name} ${LOGIN_PREFIX}-input-password-icon`} onClick={onClick}>
      <svg viewBox={svg.attrs.viewBox} focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {svg.children?.map((child, i) => (
          <path key={i} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}

/** A password field with antd's eye to show what was typed. */
export function PasswordInput({ invalid, ...props }: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={cls('input-affix-wrapper', 'input-affix-wrapper-lg', 'input-outlined', invalid && 'input-status-error', 'input-password')}>
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${props.id}_help` : undefined}
        className={cls('input', 'input-lg')}
      />
      <span className={cls('input-suffix')}>
        <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} label={visible ? 'eye' : 'eye-invisible'} onClick={() => setVisible((v) => !v)} />
      </span>
    </span>
  );
}
