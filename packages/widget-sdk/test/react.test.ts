import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainBrokerWidgetProps } from '../src/react.ts';
import { attachFrame, PORTAL } from './helpers.ts';

// react-dom is not a dependency of this package; preact/compat implements the same hooks API, which is
// all the wrapper uses, so it stands in for React here.
vi.mock('react', async () => await import('preact/compat'));

const { DomainBrokerWidget } = await import('../src/react.ts');
const { getInstance } = await import('../src/index.ts');

let root: HTMLDivElement;

beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
});

afterEach(() => {
  render(null, root);
  root.remove();
});

const base: DomainBrokerWidgetProps = {
  portalOrigin: PORTAL,
  registrarId: 'demo-registrar',
  domainName: 'a.com',
};

async function show(props: DomainBrokerWidgetProps) {
  await act(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the React component rendered through preact/compat
    render(h(DomainBrokerWidget as any, props), root);
  });
  const box = root.firstElementChild as HTMLElement;
  return { box, instance: getInstance(box) };
}

describe('DomainBrokerWidget (React wrapper)', () => {
  it('mounts one iframe into its own box after render', async () => {
    const { box, instance } = await show({ ...base, className: 'offer' });
    expect(box.className).toBe('offer');
    expect(box.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(instance?.iframe?.src ?? '').searchParams.get('domainName')).toBe('a.com');
  });

  it('forwards prop changes through update, without remounting', async () => {
    const first = await show(base);
    const frame = attachFrame(first.instance!);
    frame.send('ready', {});
    const second = await show({ ...base, domainName: 'b.com', theme: 'dark' });
    expect(second.instance).toBe(first.instance);
    expect(frame.win.postMessage.mock.calls.at(-1)?.[0]).toMatchObject({
      type: 'update',
      payload: { domainName: 'b.com', theme: 'dark' },
    });
  });

  it('calls the latest onEvent without remounting', async () => {
    const seen: string[] = [];
    const first = await show({ ...base, onEvent: () => seen.push('old') });
    const frame = attachFrame(first.instance!);
    await show({ ...base, onEvent: () => seen.push('new') });
    expect(getInstance(first.box)).toBe(first.instance);
    frame.send('ready', {});
    expect(seen).toEqual(['new']);
  });

  it('remounts when the registrar or mode changes', async () => {
    const first = await show(base);
    const second = await show({ ...base, mode: 'search' });
    expect(second.instance).not.toBe(first.instance);
    expect(first.instance?.iframe).toBeNull();
    expect(second.box.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('destroys the widget on unmount', async () => {
    const { box, instance } = await show(base);
    const removed = vi.spyOn(window, 'removeEventListener');
    await act(() => {
      render(null, root);
    });
    expect(instance?.iframe).toBeNull();
    expect(box.querySelector('iframe')).toBeNull();
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
  });
});
