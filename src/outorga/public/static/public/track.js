/* The confirmation page's tracking link carries the protocol and the code in the fragment
   (#protocolo=…&codigo=…), which the browser never sends to the server nor writes in a log: fill
   the form from it, forget it from the address bar, and post it. */
(function () {
  var form = document.getElementById("acompanhar");
  if (!form || !window.location.hash) return;
  var params = new URLSearchParams(window.location.hash.slice(1));
  var protocol = params.get("protocolo"), code = params.get("codigo");
  if (!protocol || !code) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  form.elements.protocolo.value = protocol;
  form.elements.codigo.value = code;
  form.submit();
})();
