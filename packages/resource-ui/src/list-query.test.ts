import { describe, expect, it } from 'vitest';
import { paramResource } from '@wb/contracts/resources/param';
import { projectResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { userResource } from '@wb/contracts/resources/org';
import { assetUrl, filtersOf, imageFileError, toListQuery } from './list-query';

describe('toListQuery', () => {
  it('maps paging to current/size and drops empty search values', () => {
    expect(toListQuery(paramResource, { current: 2, pageSize: 30, paramName: '', paramKey: '  ', keyword: 'x' })).toEqual({ current: 2, size: 30 });
    expect(toListQuery(paramResource, { current: 1, pageSize: 10, paramKey: ' account ' })).toEqual({ current: 1, size: 10, paramKey: 'account' });
  });

  it('defaults to page 1 of 10 and caps the size at 200', () => {
    expect(toListQuery(paramResource, {})).toEqual({ current: 1, size: 10 });
    expect(toListQuery(paramResource, { current: 1, pageSize: 5000 })).toEqual({ current: 1, size: 200 });
  });

  it('does not send fields that are not searchable', () => {
    expect(toListQuery(paramResource, { paramValue: 'x', remark: 'y' })).toEqual({ current: 1, size: 10 });
  });

  it("joins an 'in' search's choices with commas and drops an empty choice", () => {
    expect(toListQuery(vehicleResource, { projectId: ['3', '7'] })).toEqual({ current: 1, size: 10, projectId: '3,7' });
    expect(toListQuery(vehicleResource, { projectId: [] })).toEqual({ current: 1, size: 10 });
    expect(toListQuery(vehicleResource, { supplierId: '12', vehicleType: '2' })).toEqual({ current: 1, size: 10, supplierId: '12', vehicleType: '2' });
  });

  it('adds the fixed filters of the host, which win over the search form', () => {
    expect(toListQuery(vehicleResource, { current: 3, projectId: ['9'] }, { projectId: '1,2' })).toEqual({ current: 3, size: 10, projectId: '1,2' });
    // a fixed filter on a field without a search form (projects by id)
    expect(toListQuery(projectResource, {}, { ids: '4,5', empty: '' })).toEqual({ current: 1, size: 10, ids: '4,5' });
  });

  it("sends a 'range' search as the two bounds the list call takes", () => {
    const def = { fields: { ...userResource.fields, birthday: { ...userResource.fields.birthday, search: 'range' as const } } };
    expect(toListQuery(def, { birthday: ['2024-01-01 00:00:00', '2024-02-01 23:59:59'] })).toEqual({
      current: 1,
      size: 10,
      birthday_dategt: '2024-01-01 00:00:00',
      birthday_datelt: '2024-02-01 23:59:59',
    });
    const day = (text: string) => ({ format: () => text });
    expect(toListQuery(def, { birthday: [day('2024-03-01 00:00:00'), undefined] })).toEqual({ current: 1, size: 10, birthday_dategt: '2024-03-01 00:00:00' });
    expect(toListQuery(def, { birthday: '2024-01-01' })).toEqual({ current: 1, size: 10 });
  });

  it('exports the filters without the paging', () => {
    expect(filtersOf({ current: 2, size: 30, name: 'a', projectId: '1,2' })).toEqual({ name: 'a', projectId: '1,2' });
  });
});

describe('pictures', () => {
  it('puts server paths on the API host and leaves full addresses alone', () => {
    expect(assetUrl('/us-resource/oss/endpoint/file/a.png', 'http://api:8080/')).toBe('http://api:8080/us-resource/oss/endpoint/file/a.png');
    expect(assetUrl('/us-resource/oss/endpoint/file/a.png')).toBe('/us-resource/oss/endpoint/file/a.png');
    expect(assetUrl('https://cdn.example/x.png', 'http://api')).toBe('https://cdn.example/x.png');
    expect(assetUrl('', 'http://api')).toBe('');
    expect(assetUrl(undefined)).toBe('');
  });

  it('accepts jpg and png of at most 500 KB', () => {
    expect(imageFileError({ type: 'image/png', size: 500 * 1024 })).toBeNull();
    expect(imageFileError({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(imageFileError({ type: 'image/gif', size: 1 })).toBe('imageType');
    expect(imageFileError({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('imageSize');
  });
});
