import { describe, expect, it } from 'vitest';
import { absolutizeAssets } from './entry-loader';

describe('entry page', () => {
  const entry = 'http://apps.test/vue2/';

  it('makes relative asset addresses absolute against the entry, quoted or not (a minified vue-cli page)', () => {
    const page = '<script defer src=./js/chunk-vendors.1.js></script><script src="js/app.2.js"></script><link href=css/app.css rel=stylesheet>';
    const out = absolutizeAssets(page, entry);
    expect(out).toContain('src="http://apps.test/vue2/js/chunk-vendors.1.js"');
    expect(out).toContain('src="http://apps.test/vue2/js/app.2.js"');
    expect(out).toContain('href="http://apps.test/vue2/css/app.css"');
  });

  it('leaves absolute, root-relative, data and fragment addresses and inline text alone', () => {
    const page =
      '<script type="module" src="/react17/assets/index.js"></script><img src="data:image/png;base64,AA"><link href="https://cdn.test/a.css"><a href="js/x.js">js/x.js</a><script>var src="js/y.js"</script>';
    expect(absolutizeAssets(page, entry)).toBe(page);
  });
});
