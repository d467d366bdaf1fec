import { describe, expect, it } from 'vitest';
import { openableTarget } from './use-query-actions';

const ORIGIN = 'https://workbench.example.com';
const HOSTS = ['report.example.com', '*.partner.example.com'];

describe('?target= opens only this site and the allow-listed hosts', () => {
  it('opens a path of this site, as a path', () => {
    expect(openableTarget('/health', ORIGIN, HOSTS)).toBe('/health');
    expect(openableTarget('https://workbench.example.com/system/param?x=1#a', ORIGIN, HOSTS)).toBe('/system/param?x=1#a');
  });

  it('opens an allow-listed host (exact or by wildcard), as the full address', () => {
    expect(openableTarget('https://report.example.com/daily?d=1', ORIGIN, HOSTS)).toBe('https://report.example.com/daily?d=1');
    expect(openableTarget('https://bi.partner.example.com/x', ORIGIN, HOSTS)).toBe('https://bi.partner.example.com/x');
  });

  it('refuses any other host, also ones that merely look alike', () => {
    expect(openableTarget('https://evil.example.net/phish', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('https://report.example.com.evil.net/', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('https://partner.example.com/', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('//evil.example.net/x', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('https://workbench.example.com@evil.example.net/', ORIGIN, HOSTS)).toBeUndefined();
  });

  it('refuses scripts and data, and nothing is nothing', () => {
    expect(openableTarget('javascript:alert(1)', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('data:text/html,<script>alert(1)</script>', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget('', ORIGIN, HOSTS)).toBeUndefined();
    expect(openableTarget(null, ORIGIN, HOSTS)).toBeUndefined();
  });

  it('with no list, only this site', () => {
    expect(openableTarget('https://report.example.com/daily', ORIGIN, [])).toBeUndefined();
    expect(openableTarget('/wel/index', ORIGIN, [])).toBe('/wel/index');
  });
});
