import Bowser from 'bowser';

/** The browser and system a user agent names, as people say them (Chrome · Windows); '-' for none. */
export function deviceName(ua: string): string {
  if (!ua) return '-';
  const { browser, os } = Bowser.parse(ua);
  return [browser.name, os.name].filter(Boolean).join(' · ') || ua.slice(0, 40);
}
