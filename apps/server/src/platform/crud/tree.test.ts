import { describe, expect, it } from 'vitest';
import { ancestorsUnder, buildTree } from './tree';

describe('buildTree', () => {
  it('nests rows under their parents and leaves leaves without a children key', () => {
    const tree = buildTree([
      { key: '1', parent: '0', label: 'root' },
      { key: '2', parent: '1', label: 'a' },
      { key: '3', parent: '2', label: 'b' },
      { key: '4', parent: '1', label: 'c' },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0].children!.map((n) => n.title)).toEqual(['a', 'c']);
    expect(tree[0].hasChildren).toBe(true);
    const leaf = tree[0].children![1];
    expect('children' in leaf).toBe(false);
    expect(leaf.hasChildren).toBe(false);
  });

  it('puts a node whose parent is missing at the top', () => {
    expect(buildTree([{ key: '5', parent: '99', label: 'orphan' }]).map((n) => n.key)).toEqual(['5']);
  });
});

describe('ancestorsUnder', () => {
  it('chains the parent onto its ancestors', () => {
    expect(ancestorsUnder('0')).toBe('0');
    expect(ancestorsUnder('0', { key: '7', ancestors: '0' })).toBe('0,7');
    expect(ancestorsUnder('00', { key: '440300', ancestors: '' })).toBe('00,440300');
  });
});
