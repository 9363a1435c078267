// biome-ignore-all lint/complexity/noArguments: the published stub queues the raw arguments object
// biome-ignore-all lint/suspicious/noAssignInExpressions: the published stub is written this way
// The queue stub exactly as registrars paste it (inline or, under a strict CSP, in a file like this one).
// biome-ignore format: keep the snippet byte for byte
window.DomainBroker=window.DomainBroker||function(){(DomainBroker.q=DomainBroker.q||[]).push(arguments)};

// The second widget, through the queue stub pasted in the page: queued until widget.js has loaded.
(() => {
  const log = document.getElementById('log');
  window.DomainBroker('mount', {
    el: '#second',
    registrarId: '%REGISTRAR_ID%',
    mode: 'search',
    onEvent(event) {
      const item = document.createElement('li');
      item.textContent = JSON.stringify(event);
      log.appendChild(item);
    },
  });
})();
