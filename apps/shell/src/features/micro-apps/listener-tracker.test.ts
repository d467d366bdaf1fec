import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeAppListeners, trackAppListeners } from './listener-tracker';

/** A second JavaScript realm, as a sub-app's sandbox iframe is. */
function appRealm(): Window & { eval: (code: string) => unknown } {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe.contentWindow as Window & { eval: (code: string) => unknown };
}

/** A listener created by the app's own code, so a function of its realm. */
function appListener(realm: Window & { eval: (code: string) => unknown }, calls: string[]): EventListener {
  const record = (type: string) => calls.push(type);
  return (realm.eval('(record) => function listener(event) { record(event.type); }') as (r: typeof record) => EventListener)(record);
}

describe('listener tracker', () => {
  afterEach(() => {
    removeAppListeners('coredata');
    removeAppListeners('other');
    document.body.replaceChildren();
  });

  it("removes what an app's code left on the shell's document and window when the app goes", () => {
    const realm = appRealm();
    trackAppListeners('coredata', realm);
    const calls: string[] = [];
    document.addEventListener('selectionchange', appListener(realm, calls));
    window.addEventListener('keydown', appListener(realm, calls));
    document.dispatchEvent(new Event('selectionchange'));
    expect(calls).toEqual(['selectionchange']);

    removeAppListeners('coredata');
    document.dispatchEvent(new Event('selectionchange'));
    window.dispatchEvent(new Event('keydown'));
    expect(calls).toEqual(['selectionchange']);
  });

  it("leaves the shell's own listeners and other apps' listeners alone", () => {
    const coredata = appRealm();
    const other = appRealm();
    trackAppListeners('coredata', coredata);
    trackAppListeners('other', other);
    const shell = vi.fn();
    const calls: string[] = [];
    document.addEventListener('visibilitychange', shell);
    document.addEventListener('visibilitychange', appListener(other, calls));

    removeAppListeners('coredata');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(shell).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['visibilitychange']);
    document.removeEventListener('visibilitychange', shell);
  });

  it('forgets a listener the app removed itself', () => {
    const realm = appRealm();
    trackAppListeners('coredata', realm);
    const calls: string[] = [];
    const listener = appListener(realm, calls);
    document.addEventListener('wheel', listener);
    document.removeEventListener('wheel', listener);
    const remove = vi.spyOn(document, 'removeEventListener');
    removeAppListeners('coredata');
    expect(remove).not.toHaveBeenCalled();
  });
});
