/**
 * The embed code in the four forms of docs/registrar-integration.md (script tag, queue snippet, npm,
 * React), filled in with the portal's origin and the registrar's id. Kept as plain text builders so the
 * page and its tests show exactly what a registrar copies.
 */
export type SnippetKind = 'script' | 'queue' | 'npm' | 'react';
export const SNIPPET_KINDS: readonly SnippetKind[] = ['script', 'queue', 'npm', 'react'];

/** The example domain the snippets and the preview use (any taken name the customer searched for). */
export const EXAMPLE_DOMAIN = 'wanted-domain.com';

export function snippet(kind: SnippetKind, portal: string, registrarId: string): string {
  switch (kind) {
    case 'script':
      return `<script async src="${portal}/widget.js"
        data-registrar-id="${registrarId}"
        data-domain="${EXAMPLE_DOMAIN}"></script>`;
    case 'queue':
      return `<script>
  window.DomainBroker=window.DomainBroker||function(){(DomainBroker.q=DomainBroker.q||[]).push(arguments)};
</script>
<script async src="${portal}/widget.js"></script>

<div id="broker-offer"></div>
<script>
  DomainBroker('mount', {
    el: '#broker-offer',
    registrarId: '${registrarId}',
    mode: 'message', // or 'search'
    domainName: '${EXAMPLE_DOMAIN}',
  });
</script>`;
    case 'npm':
      return `npm install @domain-broker/widget-sdk

import { mount } from '@domain-broker/widget-sdk';

const widget = mount({
  portalOrigin: '${portal}',
  el: document.getElementById('broker-offer'),
  registrarId: '${registrarId}',
  domainName: '${EXAMPLE_DOMAIN}',
});`;
    case 'react':
      return `import { DomainBrokerWidget } from '@domain-broker/widget-sdk/react';

<DomainBrokerWidget
  portalOrigin="${portal}"
  registrarId="${registrarId}"
  domainName={searchedDomain}
/>;`;
  }
}
