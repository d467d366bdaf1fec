import { describe, expect, it } from 'vitest';
import { paramResource } from '@wb/contracts/resources/param';
import { projectResource, vehicleResource } from '@wb/contracts/resources/mdm';
import { subAppResource } from '@wb/contracts/resources/sub-app';
import { assetUrl, filtersOf, imageFileError, initialFormValues, refFields, toFormValues, toListQuery, toSubmitBody } from './list-query';

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

  it('exports the filters without the paging', () => {
    expect(filtersOf({ current: 2, size: 30, name: 'a', projectId: '1,2' })).toEqual({ name: 'a', projectId: '1,2' });
  });
});

describe('value mapping', () => {
  it("submits only the def's fields, with the id when editing", () => {
    const values = { paramName: 'n', paramKey: 'k', paramValue: 'v', createTime: 'x', tenantId: '000000' };
    expect(toSubmitBody(paramResource, values)).toEqual({ paramName: 'n', paramKey: 'k', paramValue: 'v' });
    expect(toSubmitBody(paramResource, values, '12')).toEqual({ id: '12', paramName: 'n', paramKey: 'k', paramValue: 'v' });
  });

  it('sends switches as 0/1 and a cleared ref or picture as an empty string', () => {
    expect(toSubmitBody(vehicleResource, { plateNo: '粤A1', vehicleType: '1', projectId: '3', supplierId: null, inService: false })).toEqual({
      plateNo: '粤A1',
      vehicleType: '1',
      projectId: '3',
      supplierId: '',
      inService: 0,
    });
    expect(toSubmitBody(vehicleResource, { inService: true }).inService).toBe(1);
    expect(toSubmitBody(projectResource, { name: 'p', logoUrl: null }, '5')).toEqual({ id: '5', name: 'p', logoUrl: '' });
  });

  it('shows a record in the form with switches as booleans and no choice for an empty ref', () => {
    const record = { id: '8', plateNo: '粤A1', vehicleType: '2', projectId: '3', supplierId: '', inService: 1, createTime: 'x' };
    expect(toFormValues(vehicleResource, record)).toEqual({ plateNo: '粤A1', vehicleType: '2', projectId: '3', supplierId: undefined, inService: true });
    expect(toFormValues(vehicleResource, { ...record, inService: 0, supplierId: '0' })).toMatchObject({ inService: false, supplierId: undefined });
  });

  it('starts a new record with the defaults of the def', () => {
    expect(initialFormValues(vehicleResource)).toEqual({ inService: true });
    expect(initialFormValues(subAppResource)).toEqual({ exec: true, fiber: true, alive: true, isDashboardApp: false, default: false, sort: 0 });
    expect(initialFormValues(paramResource)).toEqual({});
  });

  it('lists the ref fields with the service of their options', () => {
    expect(refFields(projectResource)).toEqual([
      { name: 'companyId', basePath: '/wwy-us-mdm/api/v1/company' },
      { name: 'cityId', basePath: '/wwy-us-mdm/api/v1/city' },
    ]);
    expect(refFields(paramResource)).toEqual([]);
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
