// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getInstance, mount } from '../src/index.ts';

describe('without a DOM (server-side rendering)', () => {
  it('mount is a no-op that returns an inert instance', () => {
    expect(typeof window).toBe('undefined');
    const instance = mount({ portalOrigin: 'https://portal.example.com', el: '#x', registrarId: 'r' });
    expect(instance.iframe).toBeNull();
    expect(() => instance.update({ domainName: 'a.com' })).not.toThrow();
    expect(() => instance.destroy()).not.toThrow();
    expect(getInstance('#x')).toBeUndefined();
  });

  it('importing the script-tag entry does nothing', async () => {
    await expect(import('../src/widget.ts')).resolves.toBeDefined();
  });

  it('the React wrapper module loads without a DOM (it only mounts inside an effect)', async () => {
    const { createElement } = await import('react');
    const { DomainBrokerWidget } = await import('../src/react.ts');
    const element = createElement(DomainBrokerWidget, { portalOrigin: 'https://p.test', registrarId: 'r' });
    expect(element.type).toBe(DomainBrokerWidget);
  });
});
