import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isDeviceId } from '../constants.ts';
import {
  AppraisalDetailsBody,
  AppraisalDetailsQuery,
  appraisalDomain,
  CreateManualAppraisalBody,
  DOMAIN_INVALID_MESSAGE,
  extensionUnsupportedMessage,
  ManualAppraisalListQuery,
  SendAppraisalCertificateBody,
  UpdateExhibitConditionBody,
  UpdateManualAppraisalBody,
  UpdateUserIdInDomainBody,
} from './appraisal.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe('appraisal domain', () => {
  it('normalises what people paste and accepts the supported extensions', () => {
    expect(v.parse(appraisalDomain(), ' https://www.Example.COM/path?q=1 ')).toBe('example.com');
    expect(v.parse(appraisalDomain(), 'brand.io')).toBe('brand.io');
  });
  it("refuses no extension and special characters with the spec's message", () => {
    for (const bad of ['example', 'ex ample.com', 'exa$mple.com', 'a.b.com', '']) {
      expect(messages(appraisalDomain(), bad)).toEqual([DOMAIN_INVALID_MESSAGE]);
    }
  });
  it('refuses a well-formed name in another extension naming the supported ones', () => {
    for (const bad of ['example.de', 'art.museum', 'a.b.museum']) {
      expect(messages(appraisalDomain(), bad)).toEqual([
        'This extension is not supported. Supported extensions: .com, .net, .org, .xyz, .co, .io, .ca.',
      ]);
    }
  });
  it('follows the configured list', () => {
    expect(v.parse(appraisalDomain(['de']), 'beispiel.de')).toBe('beispiel.de');
    expect(messages(appraisalDomain(['de']), 'example.com')).toEqual([extensionUnsupportedMessage(['de'])]);
    expect(extensionUnsupportedMessage(['de'])).toBe(
      'This extension is not supported. Supported extensions: .de.',
    );
  });
});

describe('appraisal call', () => {
  it('takes referrerURL and botToken, nothing else', () => {
    expect(v.parse(AppraisalDetailsBody, { referrerURL: 'https://r.example/x', botToken: 't' })).toEqual({
      referrerURL: 'https://r.example/x',
      botToken: 't',
    });
    expect(v.parse(AppraisalDetailsBody, {})).toEqual({});
    expect(messages(AppraisalDetailsBody, { userUID: 'x' })).toEqual(['Unknown input field']);
    expect(messages(AppraisalDetailsQuery, { signals: 'yes' })).toEqual(['Invalid entry.']);
  });
  it('device ids are 16-64 url-safe characters', () => {
    expect(isDeviceId('a'.repeat(16))).toBe(true);
    expect(isDeviceId('a'.repeat(15))).toBe(false);
    expect(isDeviceId(`${'a'.repeat(20)}!`)).toBe(false);
    expect(isDeviceId(undefined)).toBe(false);
  });
  it('attaching searches needs a list of domains', () => {
    expect(v.parse(UpdateUserIdInDomainBody, { domainNames: ['Example.com '] })).toEqual({
      domainNames: ['example.com'],
    });
    expect(messages(UpdateUserIdInDomainBody, { domainNames: 'example.com' })).toEqual([
      'Please enter any one domain',
    ]);
  });
  it('certificate request: domain and email', () => {
    expect(
      v.parse(SendAppraisalCertificateBody, { domainName: 'example.com', email: 'A@B.co', name: 'Ann' }),
    ).toEqual({
      domainName: 'example.com',
      email: 'a@b.co',
      name: 'Ann',
    });
    expect(messages(SendAppraisalCertificateBody, { domainName: 'example.com', email: 'nope' })).toEqual([
      'Please Enter Valid Email Address',
    ]);
  });
});

describe('manual appraisals', () => {
  it('needs a nonzero whole value or the blocked flag', () => {
    expect(messages(CreateManualAppraisalBody, { domainName: 'example.com' })).toEqual([
      'Please enter domain value',
    ]);
    expect(messages(CreateManualAppraisalBody, { domainName: 'example.com', manualValue: 0 })).toEqual([
      'Please enter domain value',
    ]);
    expect(messages(CreateManualAppraisalBody, { domainName: 'example.com', manualValue: 12.5 })).toEqual([
      'Please enter domain value',
    ]);
    expect(v.parse(CreateManualAppraisalBody, { domainName: 'example.com', manualValue: '1500' })).toEqual({
      domainName: 'example.com',
      manualValue: 1500,
    });
    expect(v.parse(CreateManualAppraisalBody, { domainName: 'example.com', isBlocked: true })).toEqual({
      domainName: 'example.com',
      isBlocked: true,
    });
    expect(v.parse(UpdateManualAppraisalBody, { manualValue: 10 })).toEqual({ manualValue: 10 });
  });
  it('list query: defaults to createdAt DESC, 10 a page', () => {
    expect(v.parse(ManualAppraisalListQuery, {})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortType: 'desc',
    });
    expect(
      v.parse(ManualAppraisalListQuery, { page: '3', limit: '30', sortType: 'ASC', search: 'ex' }),
    ).toMatchObject({
      page: 3,
      limit: 30,
      sortType: 'asc',
      search: 'ex',
    });
    expect(messages(ManualAppraisalListQuery, { limit: '1000' })).toEqual(['Invalid entry.']);
    expect(messages(ManualAppraisalListQuery, { sortBy: 'password' })).toEqual(['Invalid entry.']);
  });
});

describe('category percentages', () => {
  it('accepts 0-100 as a number, a string or the list the GET answers', () => {
    expect(v.parse(UpdateExhibitConditionBody, { description: 25 })).toEqual({ description: 25 });
    expect(v.parse(UpdateExhibitConditionBody, { categoryName: 'Finance', description: '0' })).toEqual({
      categoryName: 'Finance',
      description: 0,
    });
    expect(v.parse(UpdateExhibitConditionBody, { description: [{ UID: 'x', description: '100' }] })).toEqual({
      description: 100,
    });
  });
  it('refuses anything outside 0-100', () => {
    for (const bad of [101, -1, 2.5, '1e2', 'abc', [], [{ description: 200 }]]) {
      expect(messages(UpdateExhibitConditionBody, { description: bad }).length).toBeGreaterThan(0);
    }
  });
});
