import { mount } from '/sdk/index.js';

const log = document.getElementById('log');

mount({
  portalOrigin: '%PORTAL_ORIGIN%',
  el: '#broker',
  registrarId: '%REGISTRAR_ID%',
  domainName: 'dreamhome.com',
  variant: 2,
  onEvent(event) {
    const item = document.createElement('li');
    item.textContent = JSON.stringify(event);
    log.appendChild(item);
  },
});
