import { describe, expect, it } from 'vitest';
import { nestsDeeper } from './input-types';

describe('nestsDeeper', () => {
  it('counts the arrays and objects a JSON text opens, up to the limit and past it', () => {
    expect(nestsDeeper('[[[]]]', 3)).toBe(false);
    expect(nestsDeeper('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeper('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeper('{"a":{"b":[{}]}}', 3)).toBe(true);
    // side by side is not deeper
    expect(nestsDeeper('[[1],[2],[3],{"a":[]}]', 3)).toBe(false);
  });

  it('does not count brackets inside strings, whatever they escape', () => {
    expect(nestsDeeper('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeper('["\\"[[[[", "\\\\"]', 1)).toBe(false);
    // after an escaped backslash the quote closes the string: the brackets after it count
    expect(nestsDeeper('["\\\\", [[[]]]]', 3)).toBe(true);
  });
});
