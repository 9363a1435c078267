/**
 * Optional React wrapper: `import { DomainBrokerWidget } from '@domain-broker/widget-sdk/react'`.
 * Mounts in an effect (so nothing runs during server rendering), remounts only when the portal,
 * registrar or mode change, and forwards the other props through `update`.
 */
import { createElement, type ReactElement, useEffect, useRef } from 'react';
import { type EsmMountOptions, mount, type WidgetInstance } from './index.ts';

export type DomainBrokerWidgetProps = Omit<EsmMountOptions, 'el'> & { className?: string };

export function DomainBrokerWidget(props: DomainBrokerWidgetProps): ReactElement {
  const { portalOrigin, registrarId, mode, domainName, variant, locale, theme, className } = props;
  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<WidgetInstance | null>(null);
  // Read the latest callback at call time so a new inline function does not remount the iframe.
  const onEvent = useRef(props.onEvent);
  onEvent.current = props.onEvent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the other props are applied by the update effect below
  useEffect(() => {
    if (!box.current) return;
    const created = mount({
      ...props,
      el: box.current,
      onEvent: (event) => onEvent.current?.(event),
    });
    instance.current = created;
    return () => {
      created.destroy();
      instance.current = null;
    };
  }, [portalOrigin, registrarId, mode, props.title, props.minHeight, props.maxHeight]);

  useEffect(() => {
    instance.current?.update({ domainName, variant, locale, theme });
  }, [domainName, variant, locale, theme]);

  return createElement('div', { ref: box, className });
}
