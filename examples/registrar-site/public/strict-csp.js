// Glue for strict-csp.html, in a file because the page's CSP forbids inline scripts.
// Lists every CSP violation the page reports, so a test (or a person) can see there are none.
(() => {
  const status = document.getElementById('csp-status');
  const list = document.getElementById('violations');
  document.addEventListener('securitypolicyviolation', (event) => {
    status.textContent = 'Violations found:';
    const item = document.createElement('li');
    item.textContent = `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`;
    list.appendChild(item);
  });
})();
