import type { ReactNode } from 'react';
import './login-page.css';

/**
 * The frame of the pages outside the shell (login, password retrieval): backdrop,
 * language switch, card. Plain markup without i18next or antd, so the login
 * document can render it on its few KB of JavaScript.
 */
export function AuthFrame({ title, subtitle, className, language, children }: { title: string; subtitle?: string; className?: string; language: ReactNode; children: ReactNode }) {
  return (
    <div className="login-page">
      <div className="login-page__lang">{language}</div>
      <section className={className ? `login-card ${className}` : 'login-card'}>
        <h1 className="login-card__heading">{title}</h1>
        {subtitle && <p className="login-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}

/** The picture code beside its input; clicking the picture asks for a new one. Its box keeps its size while the picture loads. */
export function CaptchaImage({ image, alt, refreshLabel, onRefresh }: { image?: string; alt: string; refreshLabel: string; onRefresh: () => void }) {
  return (
    <button type="button" className="login-captcha__image" title={refreshLabel} aria-label={refreshLabel} onClick={onRefresh}>
      {image && <img src={image} alt={alt} />}
    </button>
  );
}
