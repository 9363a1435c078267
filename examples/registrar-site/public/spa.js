// biome-ignore-all lint/complexity/noArguments: the published stub queues the raw arguments object
// biome-ignore-all lint/suspicious/noAssignInExpressions: the published stub is written this way
// The queue stub exactly as registrars paste it (inline or, under a strict CSP, in a file like this one).
// biome-ignore format: keep the snippet byte for byte
window.DomainBroker=window.DomainBroker||function(){(DomainBroker.q=DomainBroker.q||[]).push(arguments)};

// A stand-in for a single-page app's router: mounts, updates and destroys the widget on demand.
(() => {
  const domains = ['dreamhome.com', 'bestcoffee.com', 'northwind.io'];
  let domainIndex = 0;
  let variant = 2;
  let instance = null;
  const status = document.getElementById('status');
  const log = document.getElementById('log');

  const onEvent = (event) => {
    const item = document.createElement('li');
    item.textContent = JSON.stringify(event);
    log.appendChild(item);
  };

  const show = () => {
    const frames = document.querySelectorAll('#broker iframe').length;
    status.textContent = instance
      ? `Mounted: ${domains[domainIndex]}, variant ${variant} (${frames} iframe${frames === 1 ? '' : 's'} in the slot).`
      : `Not mounted (${frames} iframes in the slot).`;
  };

  // Before widget.js has loaded, DomainBroker is the queue stub and returns nothing; after, it returns
  // the instance. The page always works with whatever the slot holds.
  const mount = () => {
    const result = window.DomainBroker('mount', {
      el: '#broker',
      registrarId: '%REGISTRAR_ID%',
      domainName: domains[domainIndex],
      variant,
      onEvent,
    });
    instance = result || instance || { pending: true };
    show();
  };

  const destroy = () => {
    window.DomainBroker('destroy', '#broker');
    instance = null;
    show();
  };

  document.getElementById('mount').addEventListener('click', mount);
  document.getElementById('destroy').addEventListener('click', destroy);
  document.getElementById('remount').addEventListener('click', () => {
    destroy();
    mount();
  });
  document.getElementById('domain').addEventListener('click', () => {
    domainIndex = (domainIndex + 1) % domains.length;
    if (instance?.update) instance.update({ domainName: domains[domainIndex] });
    show();
  });
  document.getElementById('variant').addEventListener('click', () => {
    variant = variant === 2 ? 1 : 2;
    if (instance?.update) instance.update({ variant });
    show();
  });

  mount();
})();
