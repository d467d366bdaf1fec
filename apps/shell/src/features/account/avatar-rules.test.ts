import { describe, expect, it } from 'vitest';
import { resourceUrl } from '../../shared/resource-url';
import { avatarFileError } from './avatar-rules';

describe('avatar file rules', () => {
  it('accepts jpg and png up to 500 kb', () => {
    expect(avatarFileError({ name: 'me.png', type: 'image/png', size: 500 * 1024 })).toBeNull();
    expect(avatarFileError({ name: 'me.JPG', type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('refuses other types with the type message, bigger files with the size message', () => {
    expect(avatarFileError({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe('头像只能是 JPG 或 PNG 格式');
    expect(avatarFileError({ name: 'me.png.exe', type: 'image/png', size: 1000 })).toBe('头像只能是 JPG 或 PNG 格式');
    expect(avatarFileError({ name: 'me.png', type: 'image/png', size: 500 * 1024 + 1 })).toBe('头像大小不能超过 500KB');
  });

  it('shows server links from the API host', () => {
    expect(resourceUrl('/us-resource/oss/endpoint/file/a.png', '')).toBe('/us-resource/oss/endpoint/file/a.png');
    expect(resourceUrl('/us-resource/oss/endpoint/file/a.png', 'https://api.example.com/')).toBe('https://api.example.com/us-resource/oss/endpoint/file/a.png');
    expect(resourceUrl('https://cdn.example.com/a.png', 'https://api.example.com')).toBe('https://cdn.example.com/a.png');
  });
});
